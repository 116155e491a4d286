import { describeResource } from '../../../shared/operations';
import { create } from './create';
import { deleteRule } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { getRevisions } from './getRevisions';
import { update } from './update';

export const moderationRuleDescription = describeResource('moderationRule', [create, deleteRule, get, getAll, getRevisions, update], 'getAll');
