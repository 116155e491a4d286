import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { checkSegment, recordsOf } from '../shared';
import { sendTool, TOOL_FIELDS, toolLocator } from './fields';

// PUT /ai-agents/tools/{name}  body ToolDto (the whole tool; the name stays)  →  <tool>
export const update = defineOperation(
	'byoTool',
	{
		name: 'Update',
		value: 'update',
		action: 'Update a BYO tool',
		description: 'Replace a BYO tool\'s display name, texts, description and parameters',
		routing: {
			request: { method: 'PUT', url: `=/ai-agents/tools/${pathId('name')}` },
			send: { preSend: [checkSegment('name', 'Tool'), sendTool('Tool')] },
			output: { postReceive: [recordsOf()] },
		},
	},
	[toolLocator, ...TOOL_FIELDS],
);
