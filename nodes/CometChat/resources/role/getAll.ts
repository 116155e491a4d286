import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimit } from '../../../shared/pagination';

// GET /roles?page&perPage  →  {data: [role...], meta: {pagination}}  (the spec has no other filters)
export const getAll = defineOperation(
	'role',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many roles',
		description: 'List the roles of the app, newest first',
		routing: {
			request: { method: 'GET', url: '/roles' },
			output: { postReceive: [unwrapData] },
		},
	},
	[...returnAllOrLimit],
);
