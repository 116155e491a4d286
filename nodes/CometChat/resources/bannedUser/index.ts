import { describeResource } from '../../shared/operations';
import { unban } from './unban';

export const bannedUserDescription = describeResource('bannedUser', [unban], 'unban');
