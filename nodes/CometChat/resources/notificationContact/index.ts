import { describeResource } from '../../../shared/operations';
import { deleteContact } from './delete';
import { get } from './get';
import { update } from './update';

export const notificationContactDescription = describeResource('notificationContact', [deleteContact, get, update], 'get');
