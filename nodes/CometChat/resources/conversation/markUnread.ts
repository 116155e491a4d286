import { defineOperation } from '../../../shared/operations';
import { conversationTargetFields, conversationUrl, conversationWithField, checkConversation, markResult, onBehalfOfField, sendMessageId } from './fields';

// DELETE /users/{uid}/conversation/read  header onBehalfOf (required)  body {messageId}
// DELETE /groups/{guid}/conversation/read  no onBehalfOf (the spec lists none for groups)  body {messageId}
//   →  {data: {success: true, message: "The messages after the message id <id> from the user <uid> are marked as
//   unread for the user <uid>."}}  →  output {success, message}.
// Message ID is required here (INFERRED: the spec lists no required field, but "after which message" has no default).
export const markUnread = defineOperation(
	'conversation',
	{
		name: 'Mark as Unread',
		value: 'markUnread',
		action: 'Mark a conversation as unread',
		description: 'Mark a conversation\'s messages after a given message as unread again',
		routing: {
			request: { method: 'DELETE', url: conversationUrl('/read') },
			send: { preSend: [checkConversation({ onBehalfOfForGroups: false }), sendMessageId('messageId')] },
			output: { postReceive: [markResult] },
		},
	},
	[
		conversationWithField,
		...conversationTargetFields(),
		{
			...onBehalfOfField(),
			displayOptions: { show: { conversationWith: ['user'] } },
		},
		{
			displayName: 'Message ID',
			name: 'messageId',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			required: true,
			default: 0,
			placeholder: 'e.g. 1059',
			description: 'ID of a message of the conversation: the messages after it become unread',
		},
	],
);
