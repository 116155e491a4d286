import { describeResource } from '../../../shared/operations';
import { attachOperations } from './attach';
import { create } from './create';
import { deleteAgent } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { getEnabledItems, getModels, getToolActions, searchTools } from './read';
import { update } from './update';

export const agentDescription = describeResource(
	'agent',
	[create, deleteAgent, get, getAll, update, getModels, getEnabledItems, searchTools, getToolActions, ...attachOperations],
	'create',
);
