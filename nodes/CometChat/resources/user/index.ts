import { describeResource } from '../../../shared/operations';
import { create } from './create';
import { deactivate } from './deactivate';
import { deleteUser } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { reactivate } from './reactivate';
import { update } from './update';

export const userDescription = describeResource('user', [create, deactivate, deleteUser, get, getAll, reactivate, update], 'getAll');
