import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { pathId } from '../../../shared/fields';
import { preSendFactory } from '../../../shared/fold';
import { inputError, isObject, readChoice, readText } from '../../../shared/validate';
import { AGENTS, checkSegment } from '../shared';

export const VARIABLES = `${AGENTS}/variables`;
export const variableUrl = `=${VARIABLES}/custom/${pathId('variableId')}`;

/** The custom variable picker (searchable list of GET variables/custom, or its ID). */
export const variableLocator: INodeProperties = {
	displayName: 'Variable',
	name: 'variableId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The custom variable',
	modes: [
		{ displayName: 'From List', name: 'list', type: 'list', placeholder: 'Select a variable...', typeOptions: { searchListMethod: 'searchVariables', searchable: true } },
		{ displayName: 'By ID', name: 'id', type: 'string', placeholder: 'e.g. 65f1c2a9e4b0a1b2c3d4e5f6' },
	],
	routing: { send: { preSend: [checkSegment('variableId', 'Variable')] } },
};

const SOURCES = [
	{ name: 'Constant', value: 'constant', description: 'The Constant Value' },
	{ name: 'Message Metadata', value: 'message_metadata', description: 'A value of the message\'s metadata, at Source Path' },
	{ name: 'User Metadata', value: 'user_metadata', description: 'A value of the sender\'s metadata, at Source Path' },
];

export const sourceTypeField = (required: boolean): INodeProperties => ({
	displayName: 'Source Type',
	name: 'sourceType',
	type: 'options',
	required,
	options: SOURCES,
	default: 'message_metadata',
	description: 'Where the variable\'s value comes from',
});

// CreateCustomVariableDto's limits [SPEC].
const LIMITS: Record<string, number> = { description: 200, sourcePath: 100, constantValue: 500, defaultValue: 200 };

/** Create's Options and Update's Update Fields (UpdateCustomVariableDto: all but the name). */
export const VARIABLE_FIELDS: INodeProperties[] = [
	{ displayName: 'Constant Value', name: 'constantValue', type: 'string', default: '', description: 'The value, when Source Type is Constant (at most 500 characters)' },
	{ displayName: 'Default Value', name: 'defaultValue', type: 'string', default: '', description: 'The value when Source Path finds nothing (at most 200 characters)' },
	{ displayName: 'Description', name: 'description', type: 'string', default: '', description: 'What the variable holds (at most 200 characters)' },
	{ displayName: 'Source Path', name: 'sourcePath', type: 'string', default: '', placeholder: 'e.g. order.number', description: 'Dot path to the value in the metadata (at most 100 characters)' },
];

const LABELS: Record<string, string> = { ...Object.fromEntries(VARIABLE_FIELDS.map((f) => [f.name, f.displayName])), sourceType: 'Source Type' };
const NAME = /^[a-zA-Z][a-zA-Z0-9_.]*$/;

/** preSend: CreateCustomVariableDto (`create`: name and sourceType too) or UpdateCustomVariableDto, within the spec's limits. */
export const sendVariable = preSendFactory(function sendVariable(create: boolean) {
	return async function buildVariable(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const body: IDataObject = {};
		const collection = create ? 'options' : 'updateFields';
		if (create) {
			const name = readText(this, 'name', 'Name', { required: true, max: 50 });
			if (!NAME.test(name)) throw inputError(this, 'Name', `"${name}" is not a variable name: it starts with a letter, then letters, digits, "_" and "."`);
			body.name = name;
			body.sourceType = readChoice(this, 'sourceType', 'Source Type', SOURCES.map((s) => s.value));
		}
		const given = this.getNodeParameter(collection, {}) as IDataObject;
		if (!isObject(given)) throw inputError(this, create ? 'Options' : 'Update Fields', 'must be a collection of fields');
		for (const key of Object.keys(given)) {
			if (key === 'sourceType') body.sourceType = readChoice(this, `${collection}.sourceType`, 'Source Type', SOURCES.map((s) => s.value));
			else if (key in LIMITS) body[key] = readText(this, `${collection}.${key}`, LABELS[key], { required: true, max: LIMITS[key] });
		}
		if (!create && Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty', 'Add a field to change.');
		requestOptions.body = { ...(requestOptions.body as object), ...body };
		return requestOptions;
	};
});
