import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { checkConversationId, conversationIdField, onBehalfOfField, sendOnBehalfOf } from './fields';

// GET /conversations/{conversationId}  header onBehalfOf (required)  →  {data: <conversation>}.
// CometChat's spec marks this endpoint deprecated in favour of GET /users|groups/{id}/conversation (Get); it is
// offered for workflows that hold a conversationId (from a message or a webhook) rather than the other party.
export const getById = defineOperation(
	'conversation',
	{
		name: 'Get By ID',
		value: 'getById',
		action: 'Get a conversation by ID',
		description: 'Get a conversation by its conversation ID, as one of its users sees it (an endpoint CometChat marks deprecated)',
		routing: {
			request: { method: 'GET', url: '=/conversations/{{ encodeURIComponent(String($parameter["conversationId"]).trim()) }}' },
			send: { preSend: [checkConversationId, sendOnBehalfOf] },
			output: { postReceive: [unwrapData] },
		},
	},
	[conversationIdField, onBehalfOfField()],
);
