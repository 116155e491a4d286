import { describeResource } from '../../../shared/operations';
import { add } from './add';
import { getAll } from './getAll';
import { remove } from './remove';

export const webhookTriggerDescription = describeResource('webhookTrigger', [add, getAll, remove], 'add');
