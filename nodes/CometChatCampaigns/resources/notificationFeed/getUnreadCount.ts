import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { categoryNameField, categoryQuery } from '../../fields';
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
		{ ...categoryNameField('templateCategory', 'Template Category', 'The template category to count in (a built-in one or one of the app\'s own)', true), routing: { send: { preSend: [categoryQuery('templateCategory', 'Template Category', true)] } } },
		optionsCollection([actAs]),
	],
);
