import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { actAs, pushNotificationField, pushNotificationUrl } from './fields';

// GET /push-notifications/{id}
export const get = defineOperation(
	'pushNotification',
	{ name: 'Get', value: 'get', action: 'Get a push notification', description: 'Get one push notification sent to a user, by its ID', routing: { request: { method: 'GET', url: pushNotificationUrl() }, output: { postReceive: [unwrapData] } } },
	[pushNotificationField, optionsCollection([actAs])],
);
