import { describeResource } from '../../../shared/operations';
import { ban } from './ban';
import { getAll } from './getAll';
import { unban } from './unban';

export const bannedUserDescription = describeResource('bannedUser', [ban, getAll, unban], 'unban');
