import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { checkSegment, deleted } from '../shared';
import { toolLocator } from './fields';

// DELETE /ai-agents/tools/{name}  →  {deleted: true}
export const deleteByoTool = defineOperation(
	'byoTool',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a BYO tool',
		description: 'Delete a BYO tool by name',
		routing: {
			request: { method: 'DELETE', url: `=/ai-agents/tools/${pathId('name')}` },
			send: { preSend: [checkSegment('name', 'Tool')] },
			output: { postReceive: [deleted] },
		},
	},
	[toolLocator],
);
