import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { keywordListIdField } from './fields';

// GET /moderation/keywords/{keywordId}  →  {data: <keyword list>}
export const get = defineOperation(
	'moderationKeywordList',
	{
		name: 'Get',
		value: 'get',
		action: 'Get a moderation keyword list',
		description: 'Get a keyword list with its entries',
		routing: {
			request: { method: 'GET', url: `=/moderation/keywords/${pathId('keywordListId')}` },
			output: { postReceive: [unwrapData] },
		},
	},
	[keywordListIdField('ID of the list')],
);
