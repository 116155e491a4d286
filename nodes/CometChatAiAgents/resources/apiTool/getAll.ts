import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { AGENT_BUILDER, aiReturnAllOrLimit, withoutToolSecrets } from '../shared';

// GET /ai-agents/agent-builder/api-tools?limit&affix&createdAt  →  {data: [<API tool>...], meta: {previous, current, next}}
export const getAll = defineOperation(
	'apiTool',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many API tools',
		description: 'List the app\'s API tools',
		routing: {
			request: { method: 'GET', url: `${AGENT_BUILDER}/api-tools` },
			output: { postReceive: [unwrapData, withoutToolSecrets] },
		},
	},
	aiReturnAllOrLimit,
);
