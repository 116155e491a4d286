import { pathId, roleLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';

// GET /roles/{role}  →  {data: {role, name, description?, metadata?, settings?, createdAt, updatedAt?}}
export const get = defineOperation(
	'role',
	{
		name: 'Get',
		value: 'get',
		action: 'Get a role',
		description: 'Get a role by its ID',
		routing: {
			request: { method: 'GET', url: `=/roles/${pathId('role')}` },
			output: { postReceive: [unwrapData] },
		},
	},
	[roleLocator('role', 'Role', 'The role')],
);
