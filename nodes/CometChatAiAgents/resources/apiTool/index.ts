import { describeResource } from '../../../shared/operations';
import { create } from './create';
import { deleteApiTool } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';

export const apiToolDescription = describeResource('apiTool', [create, deleteApiTool, get, getAll, update], 'getAll');
