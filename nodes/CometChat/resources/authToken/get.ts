import { authTokenField, pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';

// GET /users/{uid}/auth_tokens/{authToken}  →  {data: {uid, authToken, createdAt, platform?, userAgent?, appInfo?}}
export const get = defineOperation(
	'authToken',
	{
		name: 'Get',
		value: 'get',
		action: 'Get an auth token',
		description: 'Get an auth token of a user, with the device details stored for it',
		routing: {
			request: { method: 'GET', url: `=/users/${pathId('uid')}/auth_tokens/${pathId('authToken')}` },
			output: { postReceive: [unwrapData] },
		},
	},
	[userLocator('uid', 'User', 'The user'), authTokenField],
);
