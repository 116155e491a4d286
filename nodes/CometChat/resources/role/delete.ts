import { pathId, roleLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';

// DELETE /roles/{role}  →  {data: {success: true, message}}  →  {deleted: true, message}
// CometChat refuses to delete the role `default` (ERR_ROLE_DELETE_DENIED).
export const deleteRole = defineOperation(
	'role',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a role',
		description: 'Delete a role (the role "default" cannot be deleted)',
		routing: {
			request: { method: 'DELETE', url: `=/roles/${pathId('role')}` },
			output: { postReceive: [deletedResult] },
		},
	},
	[roleLocator('role', 'Role', 'The role')],
);
