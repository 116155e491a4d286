import { describeResource } from '../../../shared/operations';
import { create } from './create';
import { deleteBot } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';

export const botDescription = describeResource('bot', [create, deleteBot, get, getAll, update], 'getAll');
