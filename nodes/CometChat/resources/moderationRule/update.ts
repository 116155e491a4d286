import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { pathId, updateFieldsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError } from '../../../shared/validate';
import { readRuleFields, ruleFields, ruleIdField } from './fields';

// PUT /moderation/rules/{ruleId}  body {name?, description?, enabled?, action?, filters?, conditions?}
//   →  {data: <rule with a new revisionId>}
// INFERRED: fields left out keep their values (the spec's body has no required field).
export const update = defineOperation(
	'moderationRule',
	{
		name: 'Update',
		value: 'update',
		action: 'Update a moderation rule',
		description: 'Change a moderation rule: its name, conditions, actions or filters, or turn it on or off',
		routing: {
			request: { method: 'PUT', url: `=/moderation/rules/${pathId('ruleId')}` },
			send: { preSend: [buildUpdate] },
			output: { postReceive: [unwrapData] },
		},
	},
	[ruleIdField('ID of the rule'), updateFieldsCollection(ruleFields('update'))],
);

async function buildUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body = readRuleFields(this, 'updateFields');
	if (Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty', 'Add a field to change.');
	requestOptions.body = body;
	return requestOptions;
}
