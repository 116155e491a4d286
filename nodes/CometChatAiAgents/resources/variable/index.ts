import { describeResource } from '../../../shared/operations';
import { create } from './create';
import { deleteVariable } from './delete';
import { getAll, getAllCustom } from './getAll';
import { update } from './update';

export const variableDescription = describeResource('variable', [create, deleteVariable, getAll, getAllCustom, update], 'create');
