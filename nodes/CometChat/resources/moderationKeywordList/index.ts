import { describeResource } from '../../../shared/operations';
import { create } from './create';
import { deleteKeywordList } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { update } from './update';

export const moderationKeywordListDescription = describeResource(
	'moderationKeywordList',
	[create, deleteKeywordList, get, getAll, update],
	'getAll',
);
