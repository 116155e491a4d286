import { describeResource } from '../../../shared/operations';
import { block } from './block';
import { getAll } from './getAll';
import { unblock } from './unblock';

export const blockedUserDescription = describeResource('blockedUser', [block, getAll, unblock], 'block');
