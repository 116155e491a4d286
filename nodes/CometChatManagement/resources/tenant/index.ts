import { describeResource } from '../../../shared/operations';
import { create } from './create';

export const tenantDescription = describeResource('tenant', [create], 'create');
