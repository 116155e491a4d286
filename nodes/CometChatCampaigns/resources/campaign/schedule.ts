import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { readDateMillis } from '../../../shared/dates';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { campaignField, campaignUrl } from './fields';

// POST /campaigns/{id}/schedule  body {scheduledAt: Unix seconds}
export const schedule = defineOperation(
	'campaign',
	{ name: 'Schedule', value: 'schedule', action: 'Schedule a campaign', description: 'Schedule a draft campaign to be sent at a given time', routing: { request: { method: 'POST', url: campaignUrl('/schedule') }, output: { postReceive: [unwrapData] } } },
	[
		campaignField,
		{ displayName: 'Send At', name: 'scheduledAt', type: 'dateTime', required: true, default: '', description: 'When to send the campaign', routing: { send: { preSend: [sendScheduledAt] } } },
	],
);

async function sendScheduledAt(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const millis = readDateMillis(this, 'scheduledAt', 'Send At', { required: true }) as number;
	requestOptions.body = { scheduledAt: Math.floor(millis / 1000) };
	return requestOptions;
}
