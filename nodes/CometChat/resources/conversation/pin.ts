import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { checkConversation, conversationTargetFields, conversationUrl, conversationWithField, onBehalfOfField } from './fields';

// POST /users/{uid}/conversation/pin | POST /groups/{guid}/conversation/pin  header onBehalfOf (required)
//   →  {data: <conversation with pinnedAt, pinnedBy>} (shape INFERRED from the SDKs, which return the updated
//   conversation; docs pages rest-api/conversations/pin-user-conversation, pin-group-conversation). At most 5 pins
//   per user: ERR_PINNED_CONVERSATIONS_LIMIT_EXCEEDED.
export const pin = defineOperation(
	'conversation',
	{
		name: 'Pin',
		value: 'pin',
		action: 'Pin a conversation',
		description: 'Pin a conversation to the top of a user\'s conversation list (only that user sees the pin)',
		routing: {
			request: { method: 'POST', url: conversationUrl('/pin') },
			send: { preSend: [checkConversation()] },
			output: { postReceive: [unwrapData] },
		},
	},
	[conversationWithField, ...conversationTargetFields(), onBehalfOfField()],
);
