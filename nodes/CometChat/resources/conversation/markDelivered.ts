import { defineOperation } from '../../../shared/operations';
import { conversationTargetFields, conversationUrl, conversationWithField, checkConversation, markResult, onBehalfOfField, messageIdOption, sendMessageId } from './fields';

// POST /users/{uid}/conversation/delivered | POST /groups/{guid}/conversation/delivered  header onBehalfOf (required)
//   body {messageId?}  →  {data: {success: true, Message|message: "All the messages ... are marked as delivered for the
//   requesting user."}} (the spec shows a capital `Message` for users)  →  output {success, message}.
export const markDelivered = defineOperation(
	'conversation',
	{
		name: 'Mark as Delivered',
		value: 'markDelivered',
		action: 'Mark a conversation as delivered',
		description: 'Mark a conversation\'s messages as delivered to a user, all of them or up to one message',
		routing: {
			request: { method: 'POST', url: conversationUrl('/delivered') },
			send: { preSend: [checkConversation(), sendMessageId('options.messageId')] },
			output: { postReceive: [markResult] },
		},
	},
	[
		conversationWithField,
		...conversationTargetFields(),
		onBehalfOfField(),
		messageIdOption('The last message to mark as delivered, with every earlier one. Without it, all messages are marked.'),
	],
);
