import { optionsCollection, pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';

// POST /users/{uid}/auth_tokens  body {force?}  →  {data: {uid, authToken, createdAt}}
export const create = defineOperation(
	'authToken',
	{
		name: 'Create',
		value: 'create',
		action: 'Create an auth token',
		description: 'Create an auth token a client app can log the user in with',
		routing: {
			request: { method: 'POST', url: `=/users/${pathId('uid')}/auth_tokens` },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		userLocator('uid', 'User', 'The user'),
		optionsCollection([
			{
				displayName: 'Force',
				name: 'force',
				type: 'boolean',
				default: false,
				description: 'Whether to always generate a new token instead of returning an existing one',
				routing: { send: { type: 'body', property: 'force' } },
			},
		]),
	],
);
