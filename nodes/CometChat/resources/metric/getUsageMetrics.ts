import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError } from '../../../shared/validate';
import { readDateMillis } from '../../../shared/dates';

// GET /stats?fromDate&toDate  →  {data: {metrics: {audio_minutes, video_minutes, recorded_minutes, active_users,
//   concurrent_users}, time_range: {fromDate, toDate}}}  →  that object as one item
// The dates go as Unix **milliseconds**: the spec only says "Unix timestamp", but its example answer echoes
// time_range in milliseconds (1630164253000) and reference §1 says /stats uses milliseconds. Followed those.

async function sendRange(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const fromDate = readDateMillis(this, 'fromDate', 'From Date', { required: true }) as number;
	const toDate = readDateMillis(this, 'toDate', 'To Date', { required: true }) as number;
	if (toDate < fromDate) {
		throw inputError(this, 'To Date', `is before From Date (${new Date(toDate).toISOString()} < ${new Date(fromDate).toISOString()})`, 'Swap the two dates.');
	}
	requestOptions.qs = { ...requestOptions.qs, fromDate, toDate };
	return requestOptions;
}

const dateField = (name: string, displayName: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'dateTime',
	required: true,
	default: '',
	description,
});

export const getUsageMetrics = defineOperation(
	'metric',
	{
		name: 'Get Usage Metrics',
		value: 'getUsageMetrics',
		action: 'Get usage metrics',
		description: 'Get the app\'s usage in a time range: audio, video and recorded minutes, active and concurrent users',
		routing: {
			request: { method: 'GET', url: '/stats' },
			send: { preSend: [sendRange] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		dateField('fromDate', 'From Date', 'Start of the time range (sent to CometChat in Unix milliseconds)'),
		dateField('toDate', 'To Date', 'End of the time range (sent to CometChat in Unix milliseconds)'),
	],
);
