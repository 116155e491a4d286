import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { readBoolean, readId } from '../../../shared/validate';
import {
	actionsField,
	conditionsField,
	enabledField,
	readActions,
	readConditions,
	readRuleFields,
	readRuleName,
	ruleFields,
	ruleIdField,
} from './fields';

// POST /moderation/rules  body {id, name, description?, enabled, action: [...], filters?: [...], conditions: [...]}
//   →  {data: {id, name, description, enabled, conditions, action, active, createdAt, updatedAt, revisionId}}
// The chat spec's body schema (ModerationRequestBody) is a dangling reference; its fields come from
// the same schema in management-apis.json, where the legacy /apps/{appId}/moderation/rules uses it.
export const create = defineOperation(
	'moderationRule',
	{
		name: 'Create',
		value: 'create',
		action: 'Create a moderation rule',
		description: 'Create a rule that checks messages and blocks or drops those that meet its conditions',
		routing: {
			request: { method: 'POST', url: '/moderation/rules' },
			send: { preSend: [buildRule] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		ruleIdField('Unique ID of the rule: letters, digits, "-" and "_", at most 100'),
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Contact details filter',
			description: 'Display name of the rule, at most 100 characters',
		},
		conditionsField(true),
		actionsField(true),
		enabledField,
		optionsCollection(ruleFields('create')),
	],
);

async function buildRule(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.body = {
		id: readId(this, 'ruleId', 'Rule ID'),
		name: readRuleName(this, 'name'),
		...readRuleFields(this, 'options'),
		enabled: readBoolean(this, 'enabled', 'Enabled'),
		action: readActions(this, 'actions'),
		conditions: readConditions(this, 'conditions'),
	};
	return requestOptions;
}
