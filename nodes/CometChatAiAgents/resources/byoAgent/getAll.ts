import { defineOperation } from '../../../shared/operations';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';
import { byoAgentsOf } from './fields';

// GET /ai-agents/agents  →  [<BYO agent>...] (bare, not paged)
export const getAll = defineOperation(
	'byoAgent',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many BYO agents',
		description: 'List the bring-your-own agents connected to CometChat',
		routing: {
			request: { method: 'GET', url: '/ai-agents/agents' },
			output: { postReceive: [byoAgentsOf()] },
		},
	},
	returnAllOrLimitUnpaged,
);
