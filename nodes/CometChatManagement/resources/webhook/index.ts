import { describeResource } from '../../../shared/operations';
import { create } from './create';
import { deleteWebhook } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';

export const webhookDescription = describeResource('webhook', [create, deleteWebhook, get, getAll, update], 'create');
