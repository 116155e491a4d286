import { groupLocator, pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { permissionIdField, scopeField } from './fields';

// DELETE /groups/{guid}/scopes/{scope}/permissions/{permission}  →  {data: {permissions: {…still set…}}}
export const resetScopePermission = defineOperation(
	'role',
	{
		name: 'Reset Scope Permission',
		value: 'resetScopePermission',
		action: 'Reset a permission of a group scope',
		description: 'Set one permission of a group scope back to its default value',
		routing: {
			request: {
				method: 'DELETE',
				url: `=/groups/${pathId('guid')}/scopes/${pathId('scope')}/permissions/${pathId('permission')}`,
			},
			output: { postReceive: [unwrapData] },
		},
	},
	[groupLocator('guid', 'Group', 'The group'), scopeField, permissionIdField],
);
