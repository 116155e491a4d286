import { describeResource } from '../../shared/operations';
import { block } from './block';

export const blockedUserDescription = describeResource('blockedUser', [block], 'block');
