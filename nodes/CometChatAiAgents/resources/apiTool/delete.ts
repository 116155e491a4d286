import { aiRecordLocator, pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { deletedAnswer } from '../../../shared/output';
import { AGENT_BUILDER } from '../shared';

// DELETE /ai-agents/agent-builder/api-tools/{slug}  →  {success, message}  →  {deleted: true, message}
export const deleteApiTool = defineOperation(
	'apiTool',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete an API tool',
		description: 'Delete an API tool; agents can no longer call it',
		routing: {
			request: { method: 'DELETE', url: `=${AGENT_BUILDER}/api-tools/${pathId('apiTool')}` },
			output: { postReceive: [deletedAnswer] },
		},
	},
	[aiRecordLocator('apiTool', 'API Tool', 'The API tool to delete')],
);
