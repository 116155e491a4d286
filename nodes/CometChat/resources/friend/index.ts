import { describeResource } from '../../../shared/operations';
import { add } from './add';
import { getAll } from './getAll';
import { remove } from './remove';

export const friendDescription = describeResource('friend', [add, getAll, remove], 'add');
