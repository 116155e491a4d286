import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { actAs, feedItemField, feedItemUrl } from './fields';

// POST /notification-feed/{id}/delivered
export const markAsDelivered = defineOperation(
	'notificationFeed',
	{ name: 'Mark as Delivered', value: 'markAsDelivered', action: 'Mark a feed item as delivered', description: 'Mark a feed item as delivered to its user', routing: { request: { method: 'POST', url: feedItemUrl('/delivered') }, output: { postReceive: [unwrapData] } } },
	[feedItemField, optionsCollection([actAs])],
);
