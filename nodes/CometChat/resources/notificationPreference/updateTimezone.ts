import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { readTimezone } from '../../../shared/validate';
import { userQueryField } from '../../../shared/fields';

// PATCH /notifications/v1/preferences/timezone?uid  body {timezone}  →  {data: {timezone}}
export const updateTimezone = defineOperation(
	'notificationPreference',
	{
		name: 'Update Timezone',
		value: 'updateTimezone',
		action: 'Update a user\'s notification time zone',
		description: 'Set the time zone a user\'s do-not-disturb schedule is read in',
		routing: {
			request: { method: 'PATCH', url: '/notifications/v1/preferences/timezone' },
			send: { preSend: [sendTimezone] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		userQueryField('The user whose notification preferences these are'),
		{
			displayName: 'Timezone',
			name: 'timezone',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Asia/Tokyo',
			description: 'An IANA time zone name, such as Asia/Tokyo or America/New_York',
		},
	],
);

async function sendTimezone(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.body = { timezone: readTimezone(this, 'timezone', 'Timezone') };
	return requestOptions;
}
