import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';

// GET /moderation/reviewed-messages  →  {data: [<reviewed entry>...], meta: {current: {limit, count}}}
// No query parameters in the spec: one request returns what CometChat sends, Limit only trims it.
export const getReviewed = defineOperation(
	'moderatedMessage',
	{
		name: 'Get Many Reviewed',
		value: 'getReviewed',
		action: 'Get many reviewed messages',
		description: 'List the flagged and blocked messages a moderator has reviewed',
		routing: {
			request: { method: 'GET', url: '/moderation/reviewed-messages' },
			output: { postReceive: [unwrapData] },
		},
	},
	[...returnAllOrLimitUnpaged],
);
