import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { readJsonObject } from '../../../shared/validate';
import { CHANNEL_TYPES } from '../../fields';
import { templateField, templateUrl } from './fields';

// PUT /templates/{id}/channels/{channelType}  body {content}
export const updateChannelContent = defineOperation(
	'template',
	{
		name: 'Update Channel Content',
		value: 'updateChannelContent',
		action: 'Update the content of a template for a channel',
		description: 'Replace what a template shows on one channel, such as the push title and body',
		routing: { request: { method: 'PUT', url: templateUrl('/channels/{{ $parameter["channelType"] }}') }, output: { postReceive: [unwrapData] } },
	},
	[
		templateField,
		{ displayName: 'Channel Type', name: 'channelType', type: 'options', options: CHANNEL_TYPES, default: 'in_app', description: 'The channel whose content to replace' },
		{ displayName: 'Content (JSON)', name: 'content', type: 'json', required: true, default: '{}', description: 'The channel\'s content, a JSON object such as {"title": "Hi {{user_name}}", "body": "Your order shipped"}', routing: { send: { preSend: [sendContent] } } },
	],
);

async function sendContent(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.body = { content: readJsonObject(this, 'content', 'Content (JSON)') };
	return requestOptions;
}
