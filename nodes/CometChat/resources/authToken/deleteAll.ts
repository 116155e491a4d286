import { pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';

// DELETE /users/{uid}/auth_tokens (the spec's "Flush")  →  {data: {success, message}}  →  {deleted: true, message}
export const deleteAll = defineOperation(
	'authToken',
	{
		name: 'Delete All',
		value: 'deleteAll',
		action: 'Delete all auth tokens of a user',
		description: 'Delete every auth token of a user (CometChat calls this flush)',
		routing: {
			request: { method: 'DELETE', url: `=/users/${pathId('uid')}/auth_tokens` },
			output: { postReceive: [deletedResult] },
		},
	},
	[userLocator('uid', 'User', 'The user')],
);
