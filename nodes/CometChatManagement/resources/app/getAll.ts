import { filtersCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimit } from '../../../shared/pagination';

// GET /apps?searchKey&page&perPage  →  {data: [<app>...], meta: {pagination}}
// perPage: default 25, at most 1000 (spec), so the shared page walker fits as it is.
export const getAll = defineOperation(
	'app',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many apps',
		description: 'List the apps of the account these management keys belong to',
		routing: {
			request: { method: 'GET', url: '/apps' },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		...returnAllOrLimit,
		filtersCollection([
			{
				displayName: 'Search Key',
				name: 'searchKey',
				type: 'string',
				default: '',
				placeholder: 'e.g. acme',
				description: 'Only apps whose App ID or name contains this text',
				routing: { send: { type: 'query', property: 'searchKey' } },
			},
		]),
	],
);
