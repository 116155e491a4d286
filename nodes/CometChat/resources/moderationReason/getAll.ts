import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';

// GET /moderation/reasons  →  {data: [{id, name, description, createdAt, updatedAt, default?}], meta: {current: {limit, count}}}
// The spec gives this list no query parameters (no limit, no cursor): one request returns what
// CometChat sends, and Limit only trims the output.
export const getAll = defineOperation(
	'moderationReason',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many moderation reasons',
		description: 'List the reasons users can choose when they flag a message, the built-in ones included',
		routing: {
			request: { method: 'GET', url: '/moderation/reasons' },
			output: { postReceive: [unwrapData] },
		},
	},
	[...returnAllOrLimitUnpaged],
);
