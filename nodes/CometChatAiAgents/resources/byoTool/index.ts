import { describeResource } from '../../../shared/operations';
import { create } from './create';
import { deleteByoTool } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';

export const byoToolDescription = describeResource('byoTool', [create, deleteByoTool, get, getAll, update], 'create');
