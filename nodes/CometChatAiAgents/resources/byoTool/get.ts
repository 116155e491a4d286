import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { checkSegment, recordsOf } from '../shared';
import { toolLocator } from './fields';

// GET /ai-agents/tools/{name}  →  <tool>
export const get = defineOperation(
	'byoTool',
	{
		name: 'Get',
		value: 'get',
		action: 'Get a BYO tool',
		description: 'Get a BYO tool by name, with its description and parameters',
		routing: {
			request: { method: 'GET', url: `=/ai-agents/tools/${pathId('name')}` },
			send: { preSend: [checkSegment('name', 'Tool')] },
			output: { postReceive: [recordsOf()] },
		},
	},
	[toolLocator],
);
