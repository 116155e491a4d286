import { groupLocator, pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimit } from '../../../shared/pagination';

// GET /groups/{guid}/bannedusers?page&perPage  →  {data: [user...], meta: {pagination}}
export const getAll = defineOperation(
	'bannedUser',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many banned users',
		description: 'List the users banned from a group',
		routing: {
			request: { method: 'GET', url: `=/groups/${pathId('guid')}/bannedusers` },
			output: { postReceive: [unwrapData] },
		},
	},
	[groupLocator('guid', 'Group', 'The group'), ...returnAllOrLimit],
);
