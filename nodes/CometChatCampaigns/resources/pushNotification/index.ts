import type { INodeProperties } from 'n8n-workflow';
import { onBehalfOfOption, optionsCollection, pathId } from '../../../shared/fields';
import { describeResource } from '../../../shared/operations';
import { limitQuery, plainOperation, recordId, topicOption } from '../../fields';

const actAs = onBehalfOfOption('UID of the user whose push notifications these are');
const ID = `=/push-notifications/${pathId('pushNotificationId')}`;
const onItem = (value: string, name: string, action: string, description: string, method: 'GET' | 'PUT' | 'POST', tail: string, options: INodeProperties[] = []) =>
	plainOperation('pushNotification', [value, name, action, description], method, `${ID}${tail}`, [recordId('pushNotificationId', 'Push Notification ID', 'The ID of the push notification, as Push Notification → Get Many lists it'), optionsCollection([actAs, ...options])]);

// GET /push-notifications?limit (required; the list has no paging parameters [SPEC], so Limit alone)
const getAll = plainOperation('pushNotification', ['getAll', 'Get Many', 'Get many push notifications', 'List the push notifications sent to a user, newest first'], 'GET', '/push-notifications', [
	limitQuery('limit'),
	optionsCollection([actAs]),
]);

// GET /push-notifications/{id} · PUT …/delivered · PUT …/clicked · POST …/engagement {topic?}
const get = onItem('get', 'Get', 'Get a push notification', 'Get one push notification sent to a user, by its ID', 'GET', '');
const markDelivered = onItem('markDelivered', 'Mark as Delivered', 'Mark a push notification as delivered', 'Record that a push notification reached the device', 'PUT', '/delivered');
const markClicked = onItem('markClicked', 'Mark as Clicked', 'Mark a push notification as clicked', 'Record that the user opened a push notification', 'PUT', '/clicked');
const reportEngagement = onItem('reportEngagement', 'Report Engagement', 'Report engagement with a push notification', 'Record that the user interacted with a push notification, with a topic such as dismissed', 'POST', '/engagement', [topicOption]);

export const pushNotificationDescription = describeResource('pushNotification', [get, getAll, markClicked, markDelivered, reportEngagement], 'getAll');
