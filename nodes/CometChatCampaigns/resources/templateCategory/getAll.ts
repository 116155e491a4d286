import { filtersCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { cursorList, sortFields } from '../../fields';

// GET /templates/categories?limit&cursor&sort&order
export const getAll = defineOperation(
	'templateCategory',
	{ name: 'Get Many', value: 'getAll', action: 'Get many template categories', description: 'List the template categories of the app', routing: { request: { method: 'GET', url: '/templates/categories' }, output: { postReceive: [unwrapData] } } },
	[...cursorList(), filtersCollection(sortFields([['Updated At', 'updatedAt'], ['Created At', 'createdAt'], ['Name', 'name']]))],
);
