import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';

// GET /moderation/blocked-messages  →  {data: [{ruleId, ruleName, revisionId, condition, message, action, createdAt, updatedAt}],
//   meta: {current: {limit, count}}}
// No query parameters in the spec: one request returns what CometChat sends, Limit only trims it.
export const getBlocked = defineOperation(
	'moderatedMessage',
	{
		name: 'Get Many Blocked',
		value: 'getBlocked',
		action: 'Get many blocked messages',
		description: 'List the messages moderation rules blocked, each with the rule and condition it broke',
		routing: {
			request: { method: 'GET', url: '/moderation/blocked-messages' },
			output: { postReceive: [unwrapData] },
		},
	},
	[...returnAllOrLimitUnpaged],
);
