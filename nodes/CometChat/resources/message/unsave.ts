import { messageIdField } from '../../../shared/messageId';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { actingUser, messageUrl } from './fields';

// DELETE /messages/{id}/save  header onBehalfOf (required)  →  {data: <message without savedAt>} (shape INFERRED from
//   the SDKs; docs page rest-api/messages/unsave-message)
export const unsave = defineOperation(
	'message',
	{
		name: 'Unsave',
		value: 'unsave',
		action: 'Unsave a message for a user',
		description: 'Remove a message from a user\'s saved messages',
		routing: {
			request: { method: 'DELETE', url: messageUrl('/save') },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		messageIdField('ID of the message'),
		actingUser('user', 'User', 'The user acting (sent as the onBehalfOf header, which CometChat requires here)'),
	],
);
