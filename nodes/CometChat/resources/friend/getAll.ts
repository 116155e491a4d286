import { filtersCollection, pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimit } from '../../../shared/pagination';

// GET /users/{uid}/friends?page&perPage&searchKey  →  {data: [user + conversationId], meta: {pagination, cursor}}
export const getAll = defineOperation(
	'friend',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many friends',
		description: 'List the friends of a user, with search',
		routing: {
			request: { method: 'GET', url: `=/users/${pathId('uid')}/friends` },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		userLocator('uid', 'User', 'The user'),
		...returnAllOrLimit,
		filtersCollection([
			{
				displayName: 'Search Key',
				name: 'searchKey',
				type: 'string',
				default: '',
				placeholder: 'e.g. john',
				description: 'Only friends whose UID or name matches this text',
				routing: { send: { type: 'query', property: 'searchKey' } },
			},
		],),
	],
);
