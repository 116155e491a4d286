import { aiRecordLocator, pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { AGENT_BUILDER, theRecord, withoutToolSecrets } from '../shared';

// GET /ai-agents/agent-builder/api-tools/{slug}  →  <API tool>
export const get = defineOperation(
	'apiTool',
	{
		name: 'Get',
		value: 'get',
		action: 'Get an API tool',
		description: 'Get an API tool by its slug: its call, parameters and the function definition agents see',
		routing: {
			request: { method: 'GET', url: `=${AGENT_BUILDER}/api-tools/${pathId('apiTool')}` },
			output: { postReceive: [theRecord, withoutToolSecrets] },
		},
	},
	[aiRecordLocator('apiTool', 'API Tool', 'The API tool')],
);
