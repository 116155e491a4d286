import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { readDateMillis } from '../../../shared/dates';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { campaignField, campaignUrl } from './crud';

const action = (value: string, name: string, actionText: string, description: string, method: 'GET' | 'POST', tail: string) =>
	defineOperation('campaign', { name, value, action: actionText, description, routing: { request: { method, url: campaignUrl(tail) }, output: { postReceive: [unwrapData] } } }, [campaignField]);

// POST /campaigns/{id}/send · POST /campaigns/{id}/cancel · GET /campaigns/{id}/sequence-metrics
export const send = action('send', 'Send', 'Send a campaign', 'Start sending a campaign to its recipients now', 'POST', '/send');
export const cancel = action('cancel', 'Cancel', 'Cancel a campaign', 'Cancel a scheduled or running campaign', 'POST', '/cancel');
export const getSequenceMetrics = action('getSequenceMetrics', 'Get Sequence Metrics', 'Get the sequence metrics of a campaign', 'Get delivery metrics per step of a campaign\'s channel sequence', 'GET', '/sequence-metrics');

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
