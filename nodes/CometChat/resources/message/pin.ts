import { onBehalfOfOption, optionsCollection } from '../../../shared/fields';
import { messageIdField } from '../../../shared/messageId';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { messageUrl } from './fields';

// POST /messages/{id}/pin  header onBehalfOf? (without it the app pins)  →  {data: <message with pinnedAt, pinnedBy>}
//   (the answer's shape is INFERRED from the SDKs, which return the updated message; docs page
//   rest-api/messages/pin-message gives the path and the limit). At most 100 pins per conversation, app and user pins
//   together: ERR_PINNED_MESSAGES_LIMIT_EXCEEDED.
export const pin = defineOperation(
	'message',
	{
		name: 'Pin',
		value: 'pin',
		action: 'Pin a message',
		description: 'Pin a message to its conversation for everyone in it, as the app or on behalf of a user',
		routing: {
			request: { method: 'POST', url: messageUrl('/pin') },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		messageIdField('ID of the message'),
		optionsCollection([onBehalfOfOption('UID of the user who pins. Without it the app pins the message (pinnedBy "app_system").')]),
	],
);
