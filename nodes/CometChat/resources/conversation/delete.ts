import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';
import { checkConversationId, conversationIdField, onBehalfOfField, sendOnBehalfOf } from './fields';

// DELETE /conversations/{conversationId}  header onBehalfOf (required), no body
//   →  {data: {success: true, message: "The conversation <id> has been deleted successfully for all the users."}}
//   →  output {deleted: true, message}.
// CometChat's spec marks this endpoint deprecated in favour of Reset; unlike Reset it deletes the conversation for
// every user of it, which is why it is offered.
export const deleteConversation = defineOperation(
	'conversation',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a conversation',
		description: 'Delete a conversation for all its users, by conversation ID (an endpoint CometChat marks deprecated)',
		routing: {
			request: { method: 'DELETE', url: '=/conversations/{{ encodeURIComponent(String($parameter["conversationId"]).trim()) }}' },
			send: { preSend: [checkConversationId, sendOnBehalfOf] },
			output: { postReceive: [deletedResult] },
		},
	},
	[conversationIdField, onBehalfOfField()],
);
