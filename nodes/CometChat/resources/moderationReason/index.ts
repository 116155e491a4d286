import { describeResource } from '../../../shared/operations';
import { create } from './create';
import { deleteReason } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';

export const moderationReasonDescription = describeResource('moderationReason', [create, deleteReason, get, getAll, update], 'getAll');
