import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { userQueryField } from '../../../shared/fields';

// DELETE /notifications/v1/preferences?uid  →  {data: {groupPreferences, oneOnOnePreferences, mutePreferences,
//   usePrivacyTemplate}}: the app's defaults, in the shape Update takes (not the shape Get returns) [SPEC].
export const reset = defineOperation(
	'notificationPreference',
	{
		name: 'Reset',
		value: 'reset',
		action: 'Reset a user\'s notification preferences',
		description: 'Set a user\'s notification preferences back to the app\'s defaults',
		routing: {
			request: { method: 'DELETE', url: '/notifications/v1/preferences' },
			output: { postReceive: [unwrapData] },
		},
	},
	[userQueryField('The user whose notification preferences these are')],
);
