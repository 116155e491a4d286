import { idListField, pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';

// DELETE /users/{uid}/friends  body {friends: [...]}  →  {data: {success, message}}
export const remove = defineOperation(
	'friend',
	{
		name: 'Remove',
		value: 'remove',
		action: 'Remove friends',
		description: 'End the friendship between a user and one or more of their friends',
		routing: {
			request: { method: 'DELETE', url: `=/users/${pathId('uid')}/friends` },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		userLocator('uid', 'User', 'The user'),
		idListField(
			'friendUids',
			'Friend UIDs',
			'UIDs of the friends to remove: a comma-separated list, or an array from an expression',
			'friends',
		),
	],
);
