import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { userQueryField } from '../../../shared/fields';

// GET /notifications/v1/preferences/timezone?uid  →  {data: {timezone: "Asia/Kolkata"}}
export const getTimezone = defineOperation(
	'notificationPreference',
	{
		name: 'Get Timezone',
		value: 'getTimezone',
		action: 'Get a user\'s notification time zone',
		description: 'Get the time zone a user\'s do-not-disturb schedule is read in',
		routing: {
			request: { method: 'GET', url: '/notifications/v1/preferences/timezone' },
			output: { postReceive: [unwrapData] },
		},
	},
	[userQueryField('The user whose notification preferences these are')],
);
