import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { checkConversation, conversationTargetFields, conversationUrl, conversationWithField, onBehalfOfField } from './fields';

// DELETE /users/{uid}/conversation/pin | DELETE /groups/{guid}/conversation/pin  header onBehalfOf (required)
//   →  {data: <conversation without pinnedAt>} (shape INFERRED; docs pages rest-api/conversations/unpin-user-conversation,
//   unpin-group-conversation: a user removes only their own pin, not an app-wide one)
export const unpin = defineOperation(
	'conversation',
	{
		name: 'Unpin',
		value: 'unpin',
		action: 'Unpin a conversation',
		description: 'Remove a user\'s pin from a conversation',
		routing: {
			request: { method: 'DELETE', url: conversationUrl('/pin') },
			send: { preSend: [checkConversation()] },
			output: { postReceive: [unwrapData] },
		},
	},
	[conversationWithField, ...conversationTargetFields(), onBehalfOfField()],
);
