import { updateFieldsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { buildSettings, settingFields } from './fields';

// PATCH /notifications/v1/settings  body {preferences?, sound?, templates?}  →  {data: {success: true}}
// INFERRED (PATCH): settings left out keep their values.
export const update = defineOperation(
	'notificationSetting',
	{
		name: 'Update',
		value: 'update',
		action: 'Update the notification settings',
		description: 'Change the app\'s default notification preferences, sounds or templates',
		routing: {
			request: { method: 'PATCH', url: '/notifications/v1/settings' },
			send: { preSend: [buildSettings] },
			output: { postReceive: [unwrapData] },
		},
	},
	[updateFieldsCollection(settingFields)],
);
