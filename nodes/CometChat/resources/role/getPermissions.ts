import { pathId, roleLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';

// GET /roles/{role}/permissions
//   →  {data: [{id, type: 'role', title, description, dataType, availableValues, defaultValue, createdAt, updatedAt}], meta: {pagination}}
//   →  one item per permission (the spec gives this list no page parameters)
export const getPermissions = defineOperation(
	'role',
	{
		name: 'Get Permissions',
		value: 'getPermissions',
		action: 'Get the permissions of a role',
		description: 'List the permissions (RBAC) of a role, with the values each takes and its default',
		routing: {
			request: { method: 'GET', url: `=/roles/${pathId('role')}/permissions` },
			output: { postReceive: [unwrapData] },
		},
	},
	[roleLocator('role', 'Role', 'The role')],
);
