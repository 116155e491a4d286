import { filtersCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { AGENTS, aiReturnAllOrLimit, recordsOf } from '../shared';

// GET /ai-agents/agent-builder/agents?limit&affix&createdAt&search  →  {data: [agent...], meta: {previous, current, next}}
export const getAll = defineOperation(
	'agent',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many agents',
		description: 'List the Agent Builder agents, newest first, optionally those matching a search text',
		routing: {
			request: { method: 'GET', url: AGENTS },
			output: { postReceive: [recordsOf('data')] },
		},
	},
	[
		...aiReturnAllOrLimit,
		filtersCollection([
			{
				displayName: 'Search',
				name: 'search',
				type: 'string',
				default: '',
				placeholder: 'e.g. support',
				description: 'Only agents whose name, description or UID contains this text',
				routing: { send: { type: 'query', property: 'search' } },
			},
		]),
	],
);
