import { describeResource } from '../../shared/operations';
import { create } from './create';

export const authTokenDescription = describeResource('authToken', [create], 'create');
