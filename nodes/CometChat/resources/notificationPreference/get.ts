import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { userQueryField } from '../../../shared/fields';

// GET /notifications/v1/preferences?uid  →  {data: {preferences{group, oneOnOne, mute}, sound, templates}}
export const get = defineOperation(
	'notificationPreference',
	{
		name: 'Get',
		value: 'get',
		action: 'Get a user\'s notification preferences',
		description: 'Get which notifications a user receives, their do-not-disturb schedule and templates',
		routing: {
			request: { method: 'GET', url: '/notifications/v1/preferences' },
			output: { postReceive: [unwrapData] },
		},
	},
	[userQueryField('The user whose notification preferences these are')],
);
