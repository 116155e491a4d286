import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError, readJsonList, readText } from '../../../shared/validate';
import { readTemplate, templateFields } from './fields';

// POST /templates  body {name, channels[], templateId?, templateCategory?, label?, alternativeText?, tags?, status?, variableSchema?, config?}
export const create = defineOperation(
	'template',
	{ name: 'Create', value: 'create', action: 'Create a template', description: 'Create a notification template with its content per channel', routing: { request: { method: 'POST', url: '/templates' }, send: { preSend: [buildCreate] }, output: { postReceive: [unwrapData] } } },
	[
		{ displayName: 'Name', name: 'name', type: 'string', required: true, default: '', placeholder: 'e.g. Order update', description: 'Name of the template' },
		{
			displayName: 'Channels (JSON)',
			name: 'channels',
			type: 'json',
			required: true,
			default: '[{"channelType": "in_app", "content": {}}]',
			description: 'The template\'s content per channel: a JSON array of objects, each with channelType (in_app, push, sms, email, whatsapp or custom) and optionally channelId, content, dataType, sequenceOrder, stopCondition, waitMinutes',
		},
		optionsCollection([
			...templateFields(true),
			{ displayName: 'Template ID', name: 'slug', type: 'string', default: '', placeholder: 'e.g. order_update', description: 'A readable ID for the template; CometChat makes one from the name when none is given' },
		]),
	],
);

async function buildCreate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const channels = readJsonList(this, 'channels', 'Channels (JSON)', { max: 100, required: true, example: '[{"channelType": "in_app", "content": {}}]' });
	channels.forEach((channel, index) => {
		if (typeof channel.channelType !== 'string' || channel.channelType === '') throw inputError(this, 'Channels (JSON)', `entry ${index + 1} has no channelType`);
	});
	const body: IDataObject = { name: readText(this, 'name', 'Name', { required: true }), channels, ...readTemplate(this, 'options', true) };
	if ((this.getNodeParameter('options', {}) as IDataObject).slug !== undefined) body.templateId = readText(this, 'options.slug', 'Template ID', { required: true });
	requestOptions.body = body;
	return requestOptions;
}
