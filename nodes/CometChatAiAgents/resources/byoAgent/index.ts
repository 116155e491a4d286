import { describeResource } from '../../../shared/operations';
import { create } from './create';
import { deleteByoAgent } from './delete';
import { getAll } from './getAll';
import { update } from './update';

export const byoAgentDescription = describeResource('byoAgent', [create, deleteByoAgent, getAll, update], 'create');
