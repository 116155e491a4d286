import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { preSendFactory } from '../../../shared/fold';
import { describeValue, inputError, isObject, readJsonObject, readText } from '../../../shared/validate';

// A tool's name [SPEC ToolDto pattern]: it is also the path segment of Get, Update and Delete.
const NAME = '^[a-zA-Z_$][a-zA-Z0-9_$-]*$';
const NAME_RULE = 'starts with a letter, "_" or "$", then letters, digits, "_", "$" and "-"';

/** The BYO tool picker (searchable list or name), checked before any request. */
export const toolLocator: INodeProperties = {
	displayName: 'Tool',
	name: 'name',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The BYO tool',
	modes: [
		{ displayName: 'From List', name: 'list', type: 'list', placeholder: 'Select a tool...', typeOptions: { searchListMethod: 'searchByoTools', searchable: true } },
		{
			displayName: 'By Name',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. searchDocs',
			validation: [{ type: 'regex', properties: { regex: `^\\s*${NAME.slice(1, -1)}\\s*$`, errorMessage: `A tool name ${NAME_RULE}` } }],
		},
	],
};

/** Create's Name; Update takes the name from the picker (ToolDto requires it, and it cannot change). */
export const nameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. searchDocs',
	description: `Unique name the agent calls the tool by: it ${NAME_RULE}`,
};

/** ToolDto's fields beside the name, the same for Create and Update (PUT takes the whole tool). */
export const TOOL_FIELDS: INodeProperties[] = [
	{ displayName: 'Display Name', name: 'displayName', type: 'string', required: true, default: '', placeholder: 'e.g. Search Docs', description: 'Name shown to users' },
	{ displayName: 'Execution Text', name: 'executionText', type: 'string', required: true, default: '', placeholder: 'e.g. Searching the docs...', description: 'Text shown to users while the tool runs' },
	{
		displayName: 'Do Not Execute',
		name: 'doNotExecute',
		type: 'boolean',
		default: false,
		description: 'Whether the agent only names the tool for your app to handle (type tool) instead of calling it as an action',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Searches the help center',
		description: 'What the tool does: the agent reads it to decide when to call the tool',
		displayOptions: { show: { doNotExecute: [false] } },
	},
	{
		displayName: 'Parameters (JSON)',
		name: 'parameters',
		type: 'json',
		default: '{\n  "type": "object",\n  "properties": {\n    "query": { "type": "string", "description": "What to search for" }\n  },\n  "required": ["query"]\n}',
		description: 'The arguments the agent passes, as a JSON schema: type "object", properties (each with type and description) and required; {} for none',
		displayOptions: { show: { doNotExecute: [false] } },
	},
];

/** preSend: ToolDto, checked: the name's pattern, description and parameters only for actions (doNotExecute off). */
export const sendTool = preSendFactory(function sendTool(nameField: string) {
	return async function buildTool(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const name = String(this.getNodeParameter('name', '', { extractValue: true }) ?? '').trim();
		if (!new RegExp(NAME).test(name)) throw inputError(this, nameField, `"${name}" is not a tool name: a name ${NAME_RULE}`);
		const doNotExecute = this.getNodeParameter('doNotExecute', false) as unknown;
		if (typeof doNotExecute !== 'boolean') throw inputError(this, 'Do Not Execute', `must be true or false, not ${describeValue(doNotExecute)}`);
		const body: IDataObject = {
			name,
			displayName: readText(this, 'displayName', 'Display Name', { required: true }),
			executionText: readText(this, 'executionText', 'Execution Text', { required: true }),
			doNotExecute,
		};
		if (!doNotExecute) {
			body.description = readText(this, 'description', 'Description', { required: true });
			const parameters = readJsonObject(this, 'parameters', 'Parameters (JSON)');
			// ToolDto: "Required when doNotExecute is false, but can be an empty object" (a tool without arguments).
			if (Object.keys(parameters).length > 0 && (parameters.type !== 'object' || !isObject(parameters.properties))) {
				throw inputError(this, 'Parameters (JSON)', 'must have "type": "object" and an object of "properties"', 'Write a JSON schema such as {"type": "object", "properties": {"query": {"type": "string", "description": "What to search for"}}}.');
			}
			body.parameters = parameters;
		}
		requestOptions.body = { ...(requestOptions.body as object), ...body };
		return requestOptions;
	};
});
