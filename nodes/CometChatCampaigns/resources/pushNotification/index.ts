import { describeResource } from '../../../shared/operations';
import { get } from './get';
import { getAll } from './getAll';
import { markClicked } from './markClicked';
import { markDelivered } from './markDelivered';
import { reportEngagement } from './reportEngagement';

export const pushNotificationDescription = describeResource('pushNotification', [get, getAll, markClicked, markDelivered, reportEngagement], 'getAll');
