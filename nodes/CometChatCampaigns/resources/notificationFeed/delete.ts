import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';
import { actAs, feedItemField, feedItemUrl } from './fields';

// DELETE /notification-feed/{id} (a soft delete, by the app)
export const deleteItem = defineOperation(
	'notificationFeed',
	{ name: 'Delete', value: 'delete', action: 'Delete a feed item', description: 'Delete an item from a notification feed', routing: { request: { method: 'DELETE', url: feedItemUrl() }, output: { postReceive: [deletedResult] } } },
	[feedItemField, optionsCollection([actAs])],
);
