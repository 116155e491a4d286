import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { inputError, readBoolean, readJsonList, readList, readText } from '../../../shared/validate';
import { idField } from '../../../shared/fields';
import { compareNames } from '../../../shared/sort';

/** The rule a Get, Update, Delete or Get Revisions acts on: path parameter `ruleId`. */
export const ruleIdField = (description: string) => idField('ruleId', 'Rule ID', 'e.g. contact-details-filter', description);

// CometChat's moderation limits: rule names 100 characters (properties and constraints page); 10
// conditions and 10 filters per rule (moderation constraints page).
const NAME_MAX = 100;
const CONDITIONS_MAX = 10;
const FILTERS_MAX = 10;

const CONDITION_EXAMPLE =
	'[{"entity": "message", "operand": "text", "operator": "contains", "category": "word", "isKeywordReferencePresent": true, "isMediaPresent": false, "value": "profanity-list"}]';
const FILTER_EXAMPLE = '[{"type": "sender", "entity": "user", "operand": "role", "operator": "equals", "value": "default"}]';

/** The rule's fields, as entries of Create's Options or Update's Update Fields (sorted by name). */
export function ruleFields(mode: 'create' | 'update'): INodeProperties[] {
	const fields: INodeProperties[] = [
		{
			displayName: 'Description',
			name: 'description',
			type: 'string',
			default: '',
			placeholder: 'e.g. Blocks phone numbers in text messages',
			description: 'What the rule is for',
		},
		{
			displayName: 'Filters (JSON)',
			name: 'filters',
			type: 'json',
			default: '[]',
			description:
				mode === 'update'
					? `Whose messages the rule applies to: a JSON array of user or group filters (at most 10) that replaces the rule's filters, e.g. ${FILTER_EXAMPLE}`
					: `Whose messages the rule applies to: a JSON array of user or group filters (at most 10), e.g. ${FILTER_EXAMPLE}. Without filters the rule applies to every message.`,
		},
	];
	if (mode === 'update') {
		fields.push(actionsField(false), conditionsField(false), enabledField, {
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			placeholder: 'e.g. Contact details filter',
			description: 'Display name of the rule, at most 100 characters',
		});
	}
	return fields.sort((a, b) => compareNames(a.displayName, b.displayName));
}

/** Actions: required with a default on Create, an empty entry of Update Fields. */
export function actionsField(required: boolean): INodeProperties {
	const field: INodeProperties = {
		displayName: 'Actions',
		name: 'actions',
		type: 'string',
		default: '',
		placeholder: 'e.g. blockMessage',
		description:
			'What CometChat does with a message that meets the conditions, e.g. blockMessage or dropMessage: a comma-separated list, or an array from an expression',
	};
	return required ? { ...field, required, default: 'blockMessage' } : field;
}

/** Conditions (JSON): required with an example on Create, an empty entry of Update Fields. */
export function conditionsField(required: boolean): INodeProperties {
	const field: INodeProperties = {
		displayName: 'Conditions (JSON)',
		name: 'conditions',
		type: 'json',
		default: '[]',
		description:
			'What the rule looks for: a JSON array of conditions (at most 10), each with entity, operand (text, image, video, custom), operator (contains, equals), category (word, pattern), isKeywordReferencePresent, isMediaPresent and value (a keyword list ID, a word or a formula such as violence_greaterThan_30)',
	};
	return required ? { ...field, required, default: CONDITION_EXAMPLE } : field;
}

export const enabledField: INodeProperties = {
	displayName: 'Enabled',
	name: 'enabled',
	type: 'boolean',
	default: true,
	description: 'Whether the rule checks messages',
};

/** Rule name: required on Create; text of at most 100 characters. */
export function readRuleName(context: IExecuteSingleFunctions, parameter: string): string {
	return readText(context, parameter, 'Name', { max: NAME_MAX, required: true });
}

/** The actions: at least one, each a word of text (CometChat documents blockMessage and dropMessage). */
export function readActions(context: IExecuteSingleFunctions, parameter: string): string[] {
	const actions = readList(context, parameter, 'Actions');
	if (actions.length === 0) throw inputError(context, 'Actions', 'is empty; give at least one, such as blockMessage');
	for (const action of actions) {
		if (!/^[A-Za-z][A-Za-z0-9_-]{0,99}$/.test(action)) {
			throw inputError(context, 'Actions', `"${action.slice(0, 40)}" is not an action name, such as blockMessage or dropMessage`);
		}
	}
	return actions;
}

/**
 * The rule fields added to `collection` (Create's `options`, Update's `updateFields`), checked and
 * ready for the body.
 */
export function readRuleFields(context: IExecuteSingleFunctions, collection: 'options' | 'updateFields'): IDataObject {
	const added = context.getNodeParameter(collection, {}) as IDataObject;
	const path = (name: string) => `${collection}.${name}`;
	const body: IDataObject = {};
	if (added.name !== undefined) body.name = readRuleName(context, path('name'));
	if (added.description !== undefined) {
		// On Update an empty description clears it (INFERRED); on Create it is left out.
		const description = readText(context, path('description'), 'Description');
		if (description !== '' || collection === 'updateFields') body.description = description;
	}
	if (added.enabled !== undefined) body.enabled = readBoolean(context, path('enabled'), 'Enabled');
	if (added.actions !== undefined) body.action = readActions(context, path('actions'));
	if (added.conditions !== undefined) body.conditions = readConditions(context, path('conditions'));
	if (added.filters !== undefined) {
		body.filters = readJsonList(context, path('filters'), 'Filters (JSON)', { max: FILTERS_MAX, required: false, example: FILTER_EXAMPLE });
	}
	return body;
}

export function readConditions(context: IExecuteSingleFunctions, parameter: string): IDataObject[] {
	return readJsonList(context, parameter, 'Conditions (JSON)', { max: CONDITIONS_MAX, required: true, example: CONDITION_EXAMPLE });
}
