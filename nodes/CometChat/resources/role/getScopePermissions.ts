import { groupLocator, pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { scopeField } from './fields';

// GET /groups/{guid}/scopes/{scope}/permissions
//   →  {data: [{id, type: 'scope', title, description, dataType, availableValues, defaultValue, createdAt, updatedAt}], meta: {pagination}}
//   →  one item per permission
export const getScopePermissions = defineOperation(
	'role',
	{
		name: 'Get Scope Permissions',
		value: 'getScopePermissions',
		action: 'Get the permissions of a group scope',
		description: 'List the permissions (SBAC) of the admins, moderators or participants of a group, with the values each takes and its default',
		routing: {
			request: { method: 'GET', url: `=/groups/${pathId('guid')}/scopes/${pathId('scope')}/permissions` },
			output: { postReceive: [unwrapData] },
		},
	},
	[groupLocator('guid', 'Group', 'The group'), scopeField],
);
