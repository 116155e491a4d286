import { messageIdField } from '../../../shared/messageId';
import { defineOperation } from '../../../shared/operations';
import { actingUser, messageUrl, userActionResult } from './fields';

// POST /messages/{id}/thread/subscription  header onBehalfOf (required)  →  {data: {success, message}} (INFERRED;
//   docs page rest-api/messages/subscribe-thread gives method, path and header only)  →  {messageId, uid, success, message}
export const subscribeThread = defineOperation(
	'message',
	{
		name: 'Subscribe to Thread',
		value: 'subscribeThread',
		action: 'Subscribe a user to a thread',
		description: 'Have a user follow the thread of a message, to be notified of its replies',
		routing: {
			request: { method: 'POST', url: messageUrl('/thread/subscription') },
			output: { postReceive: [userActionResult('user', 'User')] },
		},
	},
	[
		messageIdField('ID of the message that starts the thread'),
		actingUser('user', 'User', 'The user acting (sent as the onBehalfOf header, which CometChat requires here)'),
	],
);
