import { describeResource } from '../../../shared/operations';
import { create } from './create';
import { remove } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';

export const groupDescription = describeResource('group', [create, get, getAll, update, remove], 'getAll');
