import { messageIdField } from '../../../shared/messageId';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { actingUser, messageUrl } from './fields';

// POST /messages/{id}/save  header onBehalfOf (required)  →  {data: <message with savedAt>} (shape INFERRED from the
//   SDKs; docs page rest-api/messages/save-message). At most 100 saved messages per user:
//   ERR_SAVED_MESSAGES_LIMIT_EXCEEDED.
export const save = defineOperation(
	'message',
	{
		name: 'Save',
		value: 'save',
		action: 'Save a message for a user',
		description: 'Add a message to a user\'s private list of saved messages',
		routing: {
			request: { method: 'POST', url: messageUrl('/save') },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		messageIdField('ID of the message'),
		actingUser('user', 'User', 'The user acting (sent as the onBehalfOf header, which CometChat requires here)'),
	],
);
