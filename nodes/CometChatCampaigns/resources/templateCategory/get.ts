import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { categoryField, categoryUrl } from './fields';

// GET /templates/categories/{id}
export const get = defineOperation(
	'templateCategory',
	{ name: 'Get', value: 'get', action: 'Get a template category', description: 'Get a template category by ID: its name and description', routing: { request: { method: 'GET', url: categoryUrl }, output: { postReceive: [unwrapData] } } },
	[categoryField],
);
