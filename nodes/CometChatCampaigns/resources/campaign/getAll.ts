import { filtersCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { cursorList, queryText, sortFields } from '../../fields';

// GET /campaigns?limit&updatedAt&id&affix&sort&order&status&search
export const getAll = defineOperation(
	'campaign',
	{ name: 'Get Many', value: 'getAll', action: 'Get many campaigns', description: 'List campaigns, with search and a status filter', routing: { request: { method: 'GET', url: '/campaigns' }, output: { postReceive: [unwrapData] } } },
	[
		...cursorList(),
		filtersCollection([
			...sortFields([['Updated At', 'updatedAt'], ['Created At', 'createdAt'], ['Name', 'name']]),
			queryText('Search', 'search', 'Only campaigns whose name contains this text', 'e.g. summer'),
			queryText('Status', 'status', 'Only campaigns in this status', 'e.g. draft'),
		]),
	],
);
