import { optionsCollection } from '../../../shared/fields';
import { messageIdField } from '../../../shared/messageId';
import { defineOperation } from '../../../shared/operations';
import { sendOnce } from '../../../shared/exactlyOnce';
import { unwrapData } from '../../../shared/output';
import { actingUser, buildMessage, contentFields, type MessageKind, messageOptions, messageUrl, receiverFields } from './fields';

// POST /messages/{id}/thread  header onBehalfOf (required)  body {receiver, receiverType, category (message |
//   custom), type, data, tags?}  →  {data: <message with parentId>}. The spec's thread body has no muid and
//   no interactive category, so neither is offered. Errors: ERR_WRONG_MESSAGE_THREAD, ERR_MESSAGE_THREAD_NESTING.
const KINDS: MessageKind[] = ['text', 'media', 'custom'];

export const replyInThread = defineOperation(
	'message',
	{
		name: 'Reply in Thread',
		value: 'replyInThread',
		action: 'Reply to a message in its thread',
		description: 'Send a message in the thread of another message, on behalf of a user',
		routing: {
			request: { method: 'POST', url: messageUrl('/thread') },
			send: { preSend: [buildMessage({ kinds: KINDS, several: false, muidIn: 'metadata' })] },
			// Sent once, looked up by MUID after a lost answer or before a Retry On Fail re-run sends it again.
			operations: { pagination: sendOnce },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		messageIdField('ID of the message that starts the thread'),
		actingUser('sender', 'Sender', 'The user who replies (sent as the onBehalfOf header, which CometChat requires here)'),
		...receiverFields({ several: false }),
		...contentFields(KINDS),
		optionsCollection(messageOptions({ muid: false })),
	],
);
