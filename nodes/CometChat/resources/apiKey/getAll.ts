import { filtersCollection } from '../../../shared/fields';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { scopeOptions } from './fields';

// GET /apikeys?scope&searchKey  →  {data: [key...], meta: {pagination}}
// The spec gives this list no page/perPage (an app has at most 25 keys, a page holds 100), so one
// request returns every key and Limit only trims the output.
export const getAll = defineOperation(
	'apiKey',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many API keys',
		description: 'List the API keys of the app, newest first. The output holds the keys: keep it secret.',
		routing: {
			request: { method: 'GET', url: '/apikeys' },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		...returnAllOrLimitUnpaged,
		filtersCollection([
			{
				displayName: 'Scope',
				name: 'scope',
				type: 'options',
				options: scopeOptions,
				default: 'fullAccess',
				description: 'Only keys with this scope',
				routing: { send: { type: 'query', property: 'scope' } },
			},
			{
				displayName: 'Search Key',
				name: 'searchKey',
				type: 'string',
				default: '',
				placeholder: 'e.g. signup',
				description: 'Only keys whose name contains this text',
				routing: { send: { type: 'query', property: 'searchKey' } },
			},
		],),
	],
);
