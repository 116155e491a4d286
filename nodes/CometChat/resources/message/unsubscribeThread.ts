import { messageIdField } from '../../../shared/messageId';
import { defineOperation } from '../../../shared/operations';
import { actingUser, messageUrl, userActionResult } from './fields';

// DELETE /messages/{id}/thread/subscription  header onBehalfOf (required)  →  {data: {success, message}} (INFERRED;
//   docs page rest-api/messages/unsubscribe-thread)  →  {messageId, uid, success, message}
export const unsubscribeThread = defineOperation(
	'message',
	{
		name: 'Unsubscribe From Thread',
		value: 'unsubscribeThread',
		action: 'Unsubscribe a user from a thread',
		description: 'Stop a user following the thread of a message',
		routing: {
			request: { method: 'DELETE', url: messageUrl('/thread/subscription') },
			output: { postReceive: [userActionResult('user', 'User')] },
		},
	},
	[
		messageIdField('ID of the message that starts the thread'),
		actingUser('user', 'User', 'The user acting (sent as the onBehalfOf header, which CometChat requires here)'),
	],
);
