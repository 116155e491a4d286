import { csvQuery, filtersCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { categoryNameField, categoryQuery, cursorList, queryText, sortFields } from '../../fields';

// GET /templates?limit&cursor&sort&order&status&search&tags&tagMatch&templateCategory
export const getAll = defineOperation(
	'template',
	{ name: 'Get Many', value: 'getAll', action: 'Get many templates', description: 'List templates, with search and filters', routing: { request: { method: 'GET', url: '/templates' }, output: { postReceive: [unwrapData] } } },
	[
		...cursorList(),
		filtersCollection([
			{ ...categoryNameField('templateCategory', 'Category', 'Only templates of this category (a built-in one or one of the app\'s own)'), routing: { send: { preSend: [categoryQuery('filters.templateCategory', 'Category', false)] } } },
			...sortFields([['Updated At', 'updatedAt'], ['Created At', 'createdAt'], ['Name', 'name']]),
			queryText('Search', 'search', 'Only templates whose name or template ID contains this text', 'e.g. order'),
			queryText('Status', 'status', 'Only templates in this status', 'e.g. approved'),
			{ displayName: 'Tag Match', name: 'tagMatch', type: 'options', options: [{ name: 'All Tags', value: 'all' }, { name: 'Any Tag', value: 'any' }], default: 'any', description: 'Whether a template needs all of the tags or any of them', routing: { send: { type: 'query', property: 'tagMatch' } } },
			{ displayName: 'Tags', name: 'tags', type: 'string', default: '', placeholder: 'e.g. promo, summer', description: 'Only templates with these tags (comma-separated)', routing: { send: csvQuery('tags') } },
		]),
	],
);
