import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';

// DELETE /notifications/v1/settings  →  {data: {success: true}}: back to CometChat's defaults.
export const reset = defineOperation('notificationSetting', {
	name: 'Reset',
	value: 'reset',
	action: 'Reset the notification settings',
	description: 'Set the app\'s notification preferences, sounds and templates back to CometChat\'s defaults',
	routing: {
		request: { method: 'DELETE', url: '/notifications/v1/settings' },
		output: { postReceive: [unwrapData] },
	},
});
