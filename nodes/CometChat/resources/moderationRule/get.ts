import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { ruleIdField } from './fields';

// GET /moderation/rules/{ruleId}  →  {data: <rule>}
export const get = defineOperation(
	'moderationRule',
	{
		name: 'Get',
		value: 'get',
		action: 'Get a moderation rule',
		description: 'Get a moderation rule by its ID',
		routing: {
			request: { method: 'GET', url: `=/moderation/rules/${pathId('ruleId')}` },
			output: { postReceive: [unwrapData] },
		},
	},
	[ruleIdField('ID of the rule')],
);
