import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { groupLocator, pathId } from '../../../shared/fields';
import { perKeyResults } from '../../../shared/batch';
import { defineOperation } from '../../../shared/operations';
import { permissionsField, readPermissions, scopeField } from './fields';

const askedPermissions = (context: IExecuteSingleFunctions) =>
	Object.keys(readPermissions(context, 'permissions', 'Permissions (JSON)'));

// PUT /groups/{guid}/scopes/{scope}/permissions  body {permissions: {<id>: value}}
//   →  {data: {<id>: {success, message}, permissions: {…all set…}}}
//   →  one item per permission given: {permission, success, message}
export const setScopePermissions = defineOperation(
	'role',
	{
		name: 'Set Scope Permissions',
		value: 'setScopePermissions',
		action: 'Set permissions of a group scope',
		description: 'Allow or deny actions for the admins, moderators or participants of a group (SBAC)',
		routing: {
			request: { method: 'PUT', url: `=/groups/${pathId('guid')}/scopes/${pathId('scope')}/permissions` },
			output: { postReceive: [perKeyResults('permission', askedPermissions)] },
		},
	},
	[
		groupLocator('guid', 'Group', 'The group'),
		scopeField,
		permissionsField(
			'Permission IDs and their values, e.g. {"sendMessage": "deny", "kickMembers.allowedScopes": ["participant"]}. Get Scope Permissions lists the IDs and the values each takes. Each permission gets its own output item with its result.',
		),
	],
);
