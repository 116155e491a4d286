import { optionsCollection, userQueryField } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { buildConversations, conversationFields } from './fields';

// PUT /notifications/v1/preferences/mute?uid  body {conversations: [{id, type: oneOnOne|group, until? (Unix ms)}]}
//   →  {data: {success: true}}
export const mute = defineOperation(
	'notificationPreference',
	{
		name: 'Mute Conversations',
		value: 'mute',
		action: 'Mute conversations for a user',
		description: 'Stop a user\'s notifications from some one-on-one or group conversations, for a time or until unmuted',
		routing: {
			request: { method: 'PUT', url: '/notifications/v1/preferences/mute' },
			send: { preSend: [buildConversations({ withUntil: true })] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		userQueryField('The user whose notification preferences these are'),
		...conversationFields,
		optionsCollection([
			{
				displayName: 'Until',
				name: 'until',
				type: 'dateTime',
				default: '',
				description: 'When the mute ends (sent as a Unix timestamp in milliseconds); without it the conversations stay muted until Unmute',
			},
		]),
	],
);
