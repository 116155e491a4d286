import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { actAs, feedItemField, feedItemUrl } from './fields';

// POST /notification-feed/{id}/read
export const markAsRead = defineOperation(
	'notificationFeed',
	{ name: 'Mark as Read', value: 'markAsRead', action: 'Mark a feed item as read', description: 'Mark a feed item as read by its user', routing: { request: { method: 'POST', url: feedItemUrl('/read') }, output: { postReceive: [unwrapData] } } },
	[feedItemField, optionsCollection([actAs])],
);
