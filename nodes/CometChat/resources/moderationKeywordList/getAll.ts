import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';

// GET /moderation/keywords  →  {data: [<keyword list>...], meta: {current: {limit, count}}}
// No query parameters in the spec: one request returns what CometChat sends, Limit only trims it.
export const getAll = defineOperation(
	'moderationKeywordList',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many moderation keyword lists',
		description: 'List the keyword lists of the app, the built-in ones included',
		routing: {
			request: { method: 'GET', url: '/moderation/keywords' },
			output: { postReceive: [unwrapData] },
		},
	},
	[...returnAllOrLimitUnpaged],
);
