import { describeResource } from '../../shared/operations';
import { getAll } from './getAll';

export const userDescription = describeResource('user', [getAll], 'getAll');
