import { onBehalfOfOption, pathId } from '../../../shared/fields';
import { recordId } from '../../fields';

export const actAs = onBehalfOfOption('UID of the user whose push notifications these are');
export const pushNotificationField = recordId('pushNotificationId', 'Push Notification ID', 'The ID of the push notification, as Push Notification → Get Many lists it');

/** The URL of the push notification, with `tail` after it (e.g. `/clicked`). */
export const pushNotificationUrl = (tail = '') => `=/push-notifications/${pathId('pushNotificationId')}${tail}`;
