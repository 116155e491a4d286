import { describeResource } from '../../../shared/operations';
import { create } from './create';
import { deleteApiKey } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';

export const apiKeyDescription = describeResource('apiKey', [create, deleteApiKey, get, getAll, update], 'create');
