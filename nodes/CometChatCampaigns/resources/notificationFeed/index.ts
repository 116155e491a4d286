import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { preSendFactory } from '../../../shared/fold';
import { readBoolean } from '../../../shared/validate';
import { csvQuery, filtersCollection, onBehalfOfOption, optionsCollection, pathId } from '../../../shared/fields';
import { describeResource } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';
import { cursorList, dateFilter, plainOperation, queryText, recordId, topicOption } from '../../fields';

// Every feed operation takes onBehalfOf [SPEC]: the feed of that user; without it, the app's (admin) view.
const actAs = onBehalfOfOption('UID of the user whose feed this is; without it the request is made as the app');
const itemField = recordId('feedItemId', 'Feed Item ID', 'The ID of the feed item, as Notification Feed → Get Many lists it');
const ID = `=/notification-feed/${pathId('feedItemId')}`;
// Sent only when on, as the text "true" (the spec's type for it is a string).
const sendTemplateOnly = preSendFactory(function sendTemplateOnly(path: string) {
	return async function sendWhenOn(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		if (readBoolean(this, path, 'Template Only')) requestOptions.qs = { ...requestOptions.qs, templateOnly: 'true' };
		return requestOptions;
	};
});
const templateOnly = (collection: string): INodeProperties => ({
	displayName: 'Template Only',
	name: 'templateOnly',
	type: 'boolean',
	default: false,
	description: 'Whether to return the template and its variables instead of the content CometChat renders',
	routing: { send: { preSend: [sendTemplateOnly(`${collection}.templateOnly`)] } },
});
const op = (value: string, name: string, action: string, description: string, method: 'GET' | 'POST' | 'DELETE', url: string, fields: INodeProperties[]) =>
	plainOperation('notificationFeed', [value, name, action, description], method, url, fields);

// GET /notification-feed/unread-count?templateCategory (required)
const getUnreadCount = op('getUnreadCount', 'Get Unread Count', 'Count unread feed items', 'Count the unread items of a template category in a user\'s feed', 'GET', '/notification-feed/unread-count', [
	{ displayName: 'Template Category', name: 'templateCategory', type: 'string', required: true, default: '', placeholder: 'e.g. Marketing', description: 'Name of the template category to count in', routing: { send: { type: 'query', property: 'templateCategory' } } },
	optionsCollection([actAs]),
]);

// GET /notification-feed?cursor (sentAt, id, affix)&limit&sort&order&filters
const getAll = op('getAll', 'Get Many', 'Get many feed items', 'List the items of a user\'s notification feed, with filters', 'GET', '/notification-feed', [
	...cursorList('sentAt'),
	filtersCollection([
		queryText('Channel ID', 'channelId', 'Only items of this in-app channel'),
		dateFilter('From', 'dateFrom', 'Only items sent at or after this time', 'seconds'),
		{ displayName: 'Include Deleted', name: 'includeDeleted', type: 'boolean', default: false, description: 'Whether to include deleted items', routing: { send: { type: 'query', property: 'includeDeleted' } } },
		{ displayName: 'Include Expired', name: 'includeExpired', type: 'boolean', default: false, description: 'Whether to include expired items', routing: { send: { type: 'query', property: 'includeExpired' } } },
		{ displayName: 'Order', name: 'order', type: 'options', options: [{ name: 'Ascending', value: 'asc' }, { name: 'Descending', value: 'desc' }], default: 'desc', description: 'Sort direction', routing: { send: { type: 'query', property: 'order' } } },
		{ displayName: 'Read State', name: 'readState', type: 'options', options: [{ name: 'All', value: 'all' }, { name: 'Read', value: 'read' }, { name: 'Unread', value: 'unread' }], default: 'all', description: 'Only read or unread items', routing: { send: { type: 'query', property: 'readState' } } },
		queryText('Receiver', 'receiver', 'UID of the user whose feed to list, when the request is made as the app (ignored with On Behalf Of)', 'e.g. cometchat-uid-1'),
		{ displayName: 'Sort By', name: 'sort', type: 'options', options: [{ name: 'Sent At', value: 'sentAt' }, { name: 'Created At', value: 'createdAt' }], default: 'sentAt', description: 'Which field the list is sorted by', routing: { send: { type: 'query', property: 'sort' } } },
		{ displayName: 'Tag Match', name: 'tagMatch', type: 'options', options: [{ name: 'All Tags', value: 'all' }, { name: 'Any Tag', value: 'any' }], default: 'any', description: 'Whether an item needs all of the tags or any of them', routing: { send: { type: 'query', property: 'tagMatch' } } },
		{ displayName: 'Tags', name: 'tags', type: 'string', default: '', placeholder: 'e.g. promo, orders', description: 'Only items with these tags (comma-separated)', routing: { send: csvQuery('tags') } },
		queryText('Template Category', 'templateCategory', 'Only items of this template category', 'e.g. Marketing'),
		templateOnly('filters'),
		dateFilter('To', 'dateTo', 'Only items sent at or before this time', 'seconds'),
	]),
	optionsCollection([actAs]),
]);

const onItem = (value: string, name: string, action: string, description: string, method: 'GET' | 'POST' | 'DELETE', tail: string, options: INodeProperties[] = []) =>
	op(value, name, action, description, method, `${ID}${tail}`, [itemField, optionsCollection([actAs, ...options])]);

// GET /notification-feed/{id}?templateOnly · POST …/read · POST …/delivered · POST …/engagement {topic?}
const get = onItem('get', 'Get', 'Get a feed item', 'Get one item of a notification feed', 'GET', '', [templateOnly('options')]);
const markAsRead = onItem('markAsRead', 'Mark as Read', 'Mark a feed item as read', 'Mark a feed item as read by its user', 'POST', '/read');
const markAsDelivered = onItem('markAsDelivered', 'Mark as Delivered', 'Mark a feed item as delivered', 'Mark a feed item as delivered to its user', 'POST', '/delivered');
const reportEngagement = onItem('reportEngagement', 'Report Engagement', 'Report engagement with a feed item', 'Record that the user interacted with a feed item, with a topic such as clicked', 'POST', '/engagement', [topicOption]);

// DELETE /notification-feed/{id} (a soft delete, by the app)
const deleteItem = plainOperation('notificationFeed', ['delete', 'Delete', 'Delete a feed item', 'Delete an item from a notification feed'], 'DELETE', ID, [itemField, optionsCollection([actAs])]);
deleteItem.option.routing!.output = { postReceive: [deletedResult] };

export const notificationFeedDescription = describeResource('notificationFeed', [deleteItem, get, getAll, getUnreadCount, markAsDelivered, markAsRead, reportEngagement], 'getAll');
