import { updateFieldsCollection, userQueryField } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { buildPreferences, preferenceFields } from './fields';

// PATCH /notifications/v1/preferences?uid  body {groupPreferences?{...}, oneOnOnePreferences?{...},
//   mutePreferences?{dnd (1 off, 2 on), schedule{<day>{from, to, dnd}}}, usePrivacyTemplate?}
//   →  {data: {preferences, sound, templates}} (the user's preferences after the change, as Get)
export const update = defineOperation(
	'notificationPreference',
	{
		name: 'Update',
		value: 'update',
		action: 'Update a user\'s notification preferences',
		description: 'Change which notifications a user receives, their do-not-disturb and their schedule',
		routing: {
			request: { method: 'PATCH', url: '/notifications/v1/preferences' },
			send: { preSend: [buildPreferences] },
			output: { postReceive: [unwrapData] },
		},
	},
	[userQueryField('The user whose notification preferences these are'), updateFieldsCollection(preferenceFields)],
);
