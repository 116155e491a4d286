import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';

// GET /notifications/v1/settings  →  {data: {preferences{group, oneOnOne, call, mute, email, sms, push,
//   bypassPreferencesForMentions}, sound{chat, call}, templates{usePrivacyTemplate, ...Template{Default, Privacy}}}}
export const get = defineOperation('notificationSetting', {
	name: 'Get',
	value: 'get',
	action: 'Get the notification settings',
	description: 'Get the app\'s push, email and SMS notification settings: default preferences, sounds and templates',
	routing: {
		request: { method: 'GET', url: '/notifications/v1/settings' },
		output: { postReceive: [unwrapData] },
	},
});
