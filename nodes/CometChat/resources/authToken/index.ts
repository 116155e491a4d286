import { describeResource } from '../../../shared/operations';
import { create } from './create';
import { deleteToken } from './delete';
import { deleteAll } from './deleteAll';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';

export const authTokenDescription = describeResource('authToken', [create, deleteToken, deleteAll, get, getAll, update], 'create');
