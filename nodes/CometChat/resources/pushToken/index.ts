import { describeResource } from '../../../shared/operations';
import { deletePushToken } from './delete';
import { getAll } from './getAll';
import { register } from './register';
import { unregister } from './unregister';

export const pushTokenDescription = describeResource('pushToken', [deletePushToken, getAll, register, unregister], 'register');
