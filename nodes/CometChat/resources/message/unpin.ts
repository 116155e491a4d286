import { onBehalfOfOption, optionsCollection } from '../../../shared/fields';
import { messageIdField } from '../../../shared/messageId';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { messageUrl } from './fields';

// DELETE /messages/{id}/pin  header onBehalfOf?  →  {data: <message without pinnedAt>} (shape INFERRED from the SDKs;
//   docs page rest-api/messages/unpin-message: anyone allowed to unpin may unpin, not only who pinned)
export const unpin = defineOperation(
	'message',
	{
		name: 'Unpin',
		value: 'unpin',
		action: 'Unpin a message',
		description: 'Unpin a pinned message, as the app or on behalf of a user',
		routing: {
			request: { method: 'DELETE', url: messageUrl('/pin') },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		messageIdField('ID of the message'),
		optionsCollection([onBehalfOfOption('UID of the user who unpins. Without it the app unpins the message.')]),
	],
);
