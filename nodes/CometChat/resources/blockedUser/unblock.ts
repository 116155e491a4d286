import { idListField, pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { inBatches } from '../../../shared/batch';

// DELETE /users/{uid}/blockedusers  body {blockedUids: [...]}  →  {data: {<uid>: {success, message}}}
export const unblock = defineOperation(
	'blockedUser',
	{
		name: 'Unblock',
		value: 'unblock',
		action: 'Unblock users',
		description: 'Unblock one or more users for a user, so they can message each other again',
		routing: {
			request: { method: 'DELETE', url: `=/users/${pathId('uid')}/blockedusers` },
			send: { paginate: true },
			operations: { pagination: inBatches({ lists: ['blockedUids'] }) },
		},
	},
	[
		userLocator('uid', 'User', 'The user'),
		idListField(
			'blockedUids',
			'Blocked UIDs',
			'UIDs of the users: a comma-separated list, or an array from an expression. Each gets its own output item with its result.',
			'blockedUids',
		),
	],
);
