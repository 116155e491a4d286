import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { campaignsLocator, optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError, readId, readIdList, readText } from '../../../shared/validate';
import { jsonEntry } from '../../fields';

// POST /notifications/messages  body {templateId, receivers[1..10000], variables?, tag?}
// 1–10 receivers answer at once with a notificationId; 11–10,000 are queued and answer a batchId [SPEC].
export const send = defineOperation(
	'notification',
	{
		name: 'Send',
		value: 'send',
		action: 'Send a template notification',
		description: 'Send an approved template as a notification to up to 10,000 users at once',
		routing: { request: { method: 'POST', url: '/notifications/messages' }, send: { preSend: [buildSend] }, output: { postReceive: [unwrapData] } },
	},
	[
		campaignsLocator('template', 'templateId', 'Template', 'The approved template to send'),
		{ displayName: 'Receivers', name: 'receivers', type: 'string', required: true, default: '', placeholder: 'e.g. cometchat-uid-1, cometchat-uid-2', description: 'UIDs of the users to notify: a comma-separated list, or an array from an expression (at most 10,000)' },
		optionsCollection([
			{ displayName: 'Tag', name: 'tag', type: 'string', default: '', placeholder: 'e.g. order-123', description: 'A tag for analytics, passed on to the delivery records' },
			jsonEntry('options', 'Variables (JSON)', 'variables', 'Template variables per user, keyed by UID, e.g. {"cometchat-uid-1": {"order_id": "12345"}}'),
		]),
	],
);

async function buildSend(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const receivers = readIdList(this, 'receivers', 'Receivers');
	if (receivers.length > 10000) throw inputError(this, 'Receivers', `has ${receivers.length} UIDs; CometChat takes at most 10,000 at a time`);
	const tag = readText(this, 'options.tag', 'Tag');
	requestOptions.body = { templateId: readId(this, 'templateId', 'Template'), receivers, ...(tag ? { tag } : {}), ...(requestOptions.body as object) };
	return requestOptions;
}
