import { idListField, pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { inBatches } from '../../../shared/batch';

// POST /users/{uid}/blockedusers  body {blockedUids: [...]}  →  {data: {<uid>: {success, message}}}
export const block = defineOperation(
	'blockedUser',
	{
		name: 'Block',
		value: 'block',
		action: 'Block users',
		description: 'Block one or more users for a user, so they can no longer message each other',
		routing: {
			request: { method: 'POST', url: `=/users/${pathId('uid')}/blockedusers` },
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
