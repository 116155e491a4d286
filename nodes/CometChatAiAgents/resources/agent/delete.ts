import { agentLocator, pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { AGENTS, deleted } from '../shared';

// DELETE /ai-agents/agent-builder/agents/{uid}  →  {success: true, message}
export const deleteAgent = defineOperation(
	'agent',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete an agent',
		description: 'Delete an Agent Builder agent for good',
		routing: {
			request: { method: 'DELETE', url: `=${AGENTS}/${pathId('uid')}` },
			output: { postReceive: [deleted] },
		},
	},
	[agentLocator('uid', 'Agent', 'The agent')],
);
