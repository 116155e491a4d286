import { pathId, roleLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { permissionIdField } from './fields';

// DELETE /roles/{role}/permissions/{permission}  →  {data: {permissions: {…still set…}}}
export const resetPermission = defineOperation(
	'role',
	{
		name: 'Reset Permission',
		value: 'resetPermission',
		action: 'Reset a permission of a role',
		description: 'Set one permission of a role back to its default value',
		routing: {
			request: { method: 'DELETE', url: `=/roles/${pathId('role')}/permissions/${pathId('permission')}` },
			output: { postReceive: [unwrapData] },
		},
	},
	[roleLocator('role', 'Role', 'The role'), permissionIdField],
);
