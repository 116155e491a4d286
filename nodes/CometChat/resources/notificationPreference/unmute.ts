import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { userQueryField } from '../../../shared/fields';
import { buildConversations, conversationFields } from './fields';

// DELETE /notifications/v1/preferences/mute?uid  body {conversations: [{id, type: oneOnOne|group}]}  →  {data: {success: true}}
export const unmute = defineOperation(
	'notificationPreference',
	{
		name: 'Unmute Conversations',
		value: 'unmute',
		action: 'Unmute conversations for a user',
		description: 'Let a user\'s notifications from muted conversations through again',
		routing: {
			request: { method: 'DELETE', url: '/notifications/v1/preferences/mute' },
			send: { preSend: [buildConversations({ withUntil: false })] },
			output: { postReceive: [unwrapData] },
		},
	},
	[userQueryField('The user whose notification preferences these are'), ...conversationFields],
);
