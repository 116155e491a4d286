import { describeResource } from '../../../shared/operations';
import { deleteItem } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { getUnreadCount } from './getUnreadCount';
import { markAsDelivered } from './markAsDelivered';
import { markAsRead } from './markAsRead';
import { reportEngagement } from './reportEngagement';

export const notificationFeedDescription = describeResource('notificationFeed', [deleteItem, get, getAll, getUnreadCount, markAsDelivered, markAsRead, reportEngagement], 'getAll');
