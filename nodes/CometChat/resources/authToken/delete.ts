import { authTokenField, pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';

// DELETE /users/{uid}/auth_tokens/{authToken}  →  {data: {success, message}}  →  {deleted: true, message}
export const deleteToken = defineOperation(
	'authToken',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete an auth token',
		description: 'Delete one auth token of a user',
		routing: {
			request: { method: 'DELETE', url: `=/users/${pathId('uid')}/auth_tokens/${pathId('authToken')}` },
			output: { postReceive: [deletedResult] },
		},
	},
	[userLocator('uid', 'User', 'The user'), authTokenField],
);
