import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { pathId, roleLocator } from '../../../shared/fields';
import { perKeyResults } from '../../../shared/batch';
import { defineOperation } from '../../../shared/operations';
import { permissionsField, readPermissions } from './fields';

const askedPermissions = (context: IExecuteSingleFunctions) =>
	Object.keys(readPermissions(context, 'permissions', 'Permissions (JSON)'));

// PUT /roles/{role}/permissions  body {permissions: {<id>: value}}
//   →  {data: {<id>: {success, message}, permissions: {…all set…}}}
//   →  one item per permission given: {permission, success, message}
export const setPermissions = defineOperation(
	'role',
	{
		name: 'Set Permissions',
		value: 'setPermissions',
		action: 'Set permissions of a role',
		description: 'Allow or deny actions for every user with a role (RBAC)',
		routing: {
			request: { method: 'PUT', url: `=/roles/${pathId('role')}/permissions` },
			output: { postReceive: [perKeyResults('permission', askedPermissions)] },
		},
	},
	[
		roleLocator('role', 'Role', 'The role'),
		permissionsField(
			'Permission IDs and their values, e.g. {"sendMessage": "deny", "listUsers.mode": "friends", "createGroup.allowedGroupTypes": ["public"]}. Get Permissions lists the IDs and the values each takes. Each permission gets its own output item with its result.',
		),
	],
);
