import { describeResource } from '../../../shared/operations';
import { add } from './add';
import { changeScope } from './changeScope';
import { getAll } from './getAll';
import { kick } from './kick';

export const groupMemberDescription = describeResource('groupMember', [add, getAll, changeScope, kick], 'add');
