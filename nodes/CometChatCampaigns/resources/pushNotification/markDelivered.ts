import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { actAs, pushNotificationField, pushNotificationUrl } from './fields';

// PUT /push-notifications/{id}/delivered
export const markDelivered = defineOperation(
	'pushNotification',
	{ name: 'Mark as Delivered', value: 'markDelivered', action: 'Mark a push notification as delivered', description: 'Record that a push notification reached the device', routing: { request: { method: 'PUT', url: pushNotificationUrl('/delivered') }, output: { postReceive: [unwrapData] } } },
	[pushNotificationField, optionsCollection([actAs])],
);
