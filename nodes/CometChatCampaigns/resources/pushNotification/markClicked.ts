import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { actAs, pushNotificationField, pushNotificationUrl } from './fields';

// PUT /push-notifications/{id}/clicked
export const markClicked = defineOperation(
	'pushNotification',
	{ name: 'Mark as Clicked', value: 'markClicked', action: 'Mark a push notification as clicked', description: 'Record that the user opened a push notification', routing: { request: { method: 'PUT', url: pushNotificationUrl('/clicked') }, output: { postReceive: [unwrapData] } } },
	[pushNotificationField, optionsCollection([actAs])],
);
