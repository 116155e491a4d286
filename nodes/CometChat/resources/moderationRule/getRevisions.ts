import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';
import { ruleIdField } from './fields';

// GET /moderation/rules/{ruleId}/revisions  →  {data: [<rule as it was, with revisionId and active>], meta: {current: {limit, count}}}
// No query parameters in the spec: one request, Limit only trims the output.
export const getRevisions = defineOperation(
	'moderationRule',
	{
		name: 'Get Revisions',
		value: 'getRevisions',
		action: 'Get the revisions of a moderation rule',
		description: 'List the earlier versions of a moderation rule, newest first; the one in use has active: true',
		routing: {
			request: { method: 'GET', url: `=/moderation/rules/${pathId('ruleId')}/revisions` },
			output: { postReceive: [unwrapData] },
		},
	},
	[ruleIdField('ID of the rule'), ...returnAllOrLimitUnpaged],
);
