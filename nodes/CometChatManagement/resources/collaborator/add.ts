import { inBatches } from '../../../shared/batch';
import { defineOperation } from '../../../shared/operations';
import { appField, appPath } from '../../../shared/management/fields';
import { emailsField } from './fields';

const ROLES = { admin: 'admins', moderator: 'moderators' } as const;

// POST /apps/{appId}/collaborators  body {admins: [...]} or {moderators: [...]}
//   →  {data: {admins: {<email>: {success}}, moderators: {...}, developers: {...}, collaboratorsToRemove: [...]}}
//   →  one item per e-mail {email, role, success, message?}
export const add = defineOperation(
	'collaborator',
	{
		name: 'Add',
		value: 'add',
		action: 'Add collaborators to an app',
		description: 'Invite people to the app\'s team as admins or moderators; one output item per e-mail',
		routing: {
			request: { method: 'POST', url: `=${appPath}/collaborators` },
			send: { paginate: true },
			operations: {
				pagination: inBatches({
					lists: Object.values(ROLES),
					nested: true,
					field: 'email',
					tag: (list) => ({ role: list === 'admins' ? 'admin' : 'moderator' }),
				}),
			},
		},
	},
	[
		appField('The app whose team to add to'),
		{
			displayName: 'Role',
			name: 'role',
			type: 'options',
			options: [
				{ name: 'Admin', value: 'admin' },
				{ name: 'Moderator', value: 'moderator' },
			],
			default: 'moderator',
			description: 'What the new collaborators may do in the app',
		},
		emailsField('E-mail addresses of the people to add: a comma-separated list, or an array from an expression', (context) =>
			context.getNodeParameter('role', 'moderator') === 'admin' ? ROLES.admin : ROLES.moderator,
		),
	],
);
