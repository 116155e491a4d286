import { byoAgentLocator, pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { deleted } from '../shared';

// DELETE /ai-agents/agents/{uid}  →  {success: true, message}
export const deleteByoAgent = defineOperation(
	'byoAgent',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a BYO agent',
		description: 'Disconnect a bring-your-own agent from CometChat',
		routing: {
			request: { method: 'DELETE', url: `=/ai-agents/agents/${pathId('uid')}` },
			output: { postReceive: [deleted] },
		},
	},
	[byoAgentLocator('uid', 'Agent', 'The BYO agent')],
);
