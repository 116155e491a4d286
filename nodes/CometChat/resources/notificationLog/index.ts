import { describeResource } from '../../../shared/operations';
import { getAll } from './getAll';

export const notificationLogDescription = describeResource('notificationLog', [getAll], 'getAll');
