import { csvQuery, filtersCollection, optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { categoryNameField, categoryQuery, channelFilter, cursorList, dateFilter, queryText, SORT_NOTE } from '../../fields';
import { actAs, templateOnly } from './fields';

// GET /notification-feed?cursor (sentAt, id, affix)&limit&sort&order&filters
export const getAll = defineOperation(
	'notificationFeed',
	{ name: 'Get Many', value: 'getAll', action: 'Get many feed items', description: 'List the items of a user\'s notification feed, with filters', routing: { request: { method: 'GET', url: '/notification-feed' }, output: { postReceive: [unwrapData] } } },
	[
		...cursorList('sentAt'),
		filtersCollection([
			channelFilter,
			dateFilter('From', 'dateFrom', 'Only items sent at or after this time', 'seconds'),
			{ displayName: 'Include Deleted', name: 'includeDeleted', type: 'boolean', default: false, description: 'Whether to include deleted items', routing: { send: { type: 'query', property: 'includeDeleted' } } },
			{ displayName: 'Include Expired', name: 'includeExpired', type: 'boolean', default: false, description: 'Whether to include expired items', routing: { send: { type: 'query', property: 'includeExpired' } } },
			{ displayName: 'Order', name: 'order', type: 'options', options: [{ name: 'Ascending', value: 'asc' }, { name: 'Descending', value: 'desc' }], default: 'desc', description: 'Sort direction', routing: { send: { type: 'query', property: 'order' } } },
			{ displayName: 'Read State', name: 'readState', type: 'options', options: [{ name: 'All', value: 'all' }, { name: 'Read', value: 'read' }, { name: 'Unread', value: 'unread' }], default: 'all', description: 'Only read or unread items', routing: { send: { type: 'query', property: 'readState' } } },
			queryText('Receiver', 'receiver', 'UID of the user whose feed to list, when the request is made as the app (ignored with On Behalf Of)', 'e.g. cometchat-uid-1'),
			{ displayName: 'Sort By', name: 'sort', type: 'options', options: [{ name: 'Sent At', value: 'sentAt' }, { name: 'Created At', value: 'createdAt' }], default: 'sentAt', description: SORT_NOTE('Sent At'), routing: { send: { type: 'query', property: 'sort' } } },
			{ displayName: 'Tag Match', name: 'tagMatch', type: 'options', options: [{ name: 'All Tags', value: 'all' }, { name: 'Any Tag', value: 'any' }], default: 'any', description: 'Whether an item needs all of the tags or any of them', routing: { send: { type: 'query', property: 'tagMatch' } } },
			{ displayName: 'Tags', name: 'tags', type: 'string', default: '', placeholder: 'e.g. promo, orders', description: 'Only items with these tags (comma-separated)', routing: { send: csvQuery('tags') } },
			{ ...categoryNameField('templateCategory', 'Template Category', 'Only items of this template category (a built-in one or one of the app\'s own)'), routing: { send: { preSend: [categoryQuery('filters.templateCategory', 'Template Category', false)] } } },
			templateOnly('filters'),
			dateFilter('To', 'dateTo', 'Only items sent at or before this time', 'seconds'),
		]),
		optionsCollection([actAs]),
	],
);
