import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';

// GET /moderation/flagged-messages  →  {data: [<message> + flaggedBy: [{uid, name, reasonId, reasonName, remark, flaggedAt...}], flaggedCount],
//   meta: {current: {limit, count}}}
// No query parameters in the spec: one request returns what CometChat sends, Limit only trims it.
export const getFlagged = defineOperation(
	'moderatedMessage',
	{
		name: 'Get Many Flagged',
		value: 'getFlagged',
		action: 'Get many flagged messages',
		description: 'List the messages users have flagged (reported) and that wait for a review',
		routing: {
			request: { method: 'GET', url: '/moderation/flagged-messages' },
			output: { postReceive: [unwrapData] },
		},
	},
	[...returnAllOrLimitUnpaged],
);
