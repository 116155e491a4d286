import { idListField, pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { inBatches } from '../../../shared/batch';

// POST /users/{uid}/friends  body {accepted: [...]}  →  {data: {accepted: {<uid>: {success, message}}}}
// At most 25 UIDs per call (friends overview), so longer lists go out as several calls, merged in order.
export const add = defineOperation(
	'friend',
	{
		name: 'Add',
		value: 'add',
		action: 'Add friends',
		description: 'Make users friends of a user (friendship goes both ways)',
		routing: {
			request: { method: 'POST', url: `=/users/${pathId('uid')}/friends` },
			send: { paginate: true },
			operations: { pagination: inBatches({ lists: ['accepted'], size: 25, nested: true }) },
		},
	},
	[
		userLocator('uid', 'User', 'The user'),
		idListField(
			'friendUids',
			'Friend UIDs',
			'UIDs of the new friends: a comma-separated list, or an array from an expression. Each gets its own output item with its result.',
			'accepted',
		),
	],
);
