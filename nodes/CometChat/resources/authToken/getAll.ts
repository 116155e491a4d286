import { pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimit } from '../../../shared/pagination';

// GET /users/{uid}/auth_tokens?page&perPage  →  {data: [token...], meta: {pagination}}, newest first [REC].
// The spec gives perPage a default of 100 and no maximum; the shared paginator asks for up to 1000
// (INFERRED to hold here as for the other page lists).
export const getAll = defineOperation(
	'authToken',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many auth tokens',
		description: 'List the auth tokens of a user',
		routing: {
			request: { method: 'GET', url: `=/users/${pathId('uid')}/auth_tokens` },
			output: { postReceive: [unwrapData] },
		},
	},
	[userLocator('uid', 'User', 'The user'), ...returnAllOrLimit],
);
