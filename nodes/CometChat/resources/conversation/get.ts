import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { checkConversation, conversationTargetFields, conversationUrl, conversationWithField, onBehalfOfField } from './fields';

// GET /users/{uid}/conversation | GET /groups/{guid}/conversation  header onBehalfOf (required)
//   →  {data: {conversationId, conversationType, unreadMessageCount ("0": a string [REC]), createdAt, updatedAt,
//   lastMessage, conversationWith, tags?}}. ERR_CONVERSATION_NOT_ACCESSIBLE until the first message.
export const get = defineOperation(
	'conversation',
	{
		name: 'Get',
		value: 'get',
		action: 'Get a conversation',
		description: 'Get a user\'s conversation with another user or in a group, with its unread count and last message',
		routing: {
			request: { method: 'GET', url: conversationUrl() },
			send: { preSend: [checkConversation()] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		conversationWithField,
		...conversationTargetFields(),
		onBehalfOfField(),
	],
);
