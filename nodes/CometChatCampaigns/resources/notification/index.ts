import { describeResource } from '../../../shared/operations';
import { send } from './send';

export const notificationDescription = describeResource('notification', [send], 'send');
