import { describeResource } from '../../../shared/operations';
import { add } from './add';
import { getAll } from './getAll';
import { remove } from './remove';

export const collaboratorDescription = describeResource('collaborator', [add, getAll, remove], 'add');
