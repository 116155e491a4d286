import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';
import { keywordListIdField } from './fields';

// DELETE /moderation/keywords/{keywordId}  →  {data: {success: true, message}}  →  {deleted: true, message}
export const deleteKeywordList = defineOperation(
	'moderationKeywordList',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a moderation keyword list',
		description: 'Delete a keyword list',
		routing: {
			request: { method: 'DELETE', url: `=/moderation/keywords/${pathId('keywordListId')}` },
			output: { postReceive: [deletedResult] },
		},
	},
	[keywordListIdField('ID of the list')],
);
