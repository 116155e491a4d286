import { defineOperation } from '../../../shared/operations';
import { conversationTargetFields, conversationUrl, conversationWithField, checkConversation, markResult, onBehalfOfField, messageIdOption, sendMessageId } from './fields';

// POST /users/{uid}/conversation/read | POST /groups/{guid}/conversation/read  header onBehalfOf (required)
//   body {messageId?}  →  {data: {success: true, Message|message: "All the messages ... are marked as read for the
//   requesting user."}} (the spec shows a capital `Message` for users)  →  output {success, message}.
export const markRead = defineOperation(
	'conversation',
	{
		name: 'Mark as Read',
		value: 'markRead',
		action: 'Mark a conversation as read',
		description: 'Mark a conversation\'s messages as read by a user, all of them or up to one message',
		routing: {
			request: { method: 'POST', url: conversationUrl('/read') },
			send: { preSend: [checkConversation(), sendMessageId('options.messageId')] },
			output: { postReceive: [markResult] },
		},
	},
	[
		conversationWithField,
		...conversationTargetFields(),
		onBehalfOfField(),
		messageIdOption('The last message to mark as read, with every earlier one. Without it, all messages are marked.'),
	],
);
