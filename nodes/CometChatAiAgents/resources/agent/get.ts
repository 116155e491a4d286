import { agentLocator, pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { AGENTS, recordsOf } from '../shared';

// GET /ai-agents/agent-builder/agents/{uid}  →  <agent> (bare, not wrapped)
export const get = defineOperation(
	'agent',
	{
		name: 'Get',
		value: 'get',
		action: 'Get an agent',
		description: 'Get an Agent Builder agent by UID: its instruction, model, tools and knowledge base',
		routing: {
			request: { method: 'GET', url: `=${AGENTS}/${pathId('uid')}` },
			output: { postReceive: [recordsOf()] },
		},
	},
	[agentLocator('uid', 'Agent', 'The agent')],
);
