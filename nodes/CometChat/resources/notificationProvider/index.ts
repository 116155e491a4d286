import { describeResource } from '../../../shared/operations';
import { create } from './create';
import { deleteProvider } from './delete';
import { get } from './get';
import { setDefault } from './setDefault';
import { update } from './update';

export const notificationProviderDescription = describeResource('notificationProvider', [create, deleteProvider, get, setDefault, update], 'get');
