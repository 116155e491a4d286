import { describeResource } from '../../../shared/operations';
import { create } from './create';
import { deleteAgent } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';

export const agentDescription = describeResource('agent', [create, deleteAgent, get, getAll, update], 'create');
