import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';
import { ruleIdField } from './fields';

// DELETE /moderation/rules/{ruleId}  →  {data: {success: true, message}}  →  {deleted: true, message}
export const deleteRule = defineOperation(
	'moderationRule',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a moderation rule',
		description: 'Delete a moderation rule, so it no longer checks messages',
		routing: {
			request: { method: 'DELETE', url: `=/moderation/rules/${pathId('ruleId')}` },
			output: { postReceive: [deletedResult] },
		},
	},
	[ruleIdField('ID of the rule')],
);
