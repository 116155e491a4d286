import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { actAs } from './fields';

// GET /notification-feed/unread-count?templateCategory (required)
export const getUnreadCount = defineOperation(
	'notificationFeed',
	{
		name: 'Get Unread Count',
		value: 'getUnreadCount',
		action: 'Count unread feed items',
		description: 'Count the unread items of a template category in a user\'s feed',
		routing: { request: { method: 'GET', url: '/notification-feed/unread-count' }, output: { postReceive: [unwrapData] } },
	},
	[
		{ displayName: 'Template Category', name: 'templateCategory', type: 'string', required: true, default: '', placeholder: 'e.g. Marketing', description: 'Name of the template category to count in', routing: { send: { type: 'query', property: 'templateCategory' } } },
		optionsCollection([actAs]),
	],
);
