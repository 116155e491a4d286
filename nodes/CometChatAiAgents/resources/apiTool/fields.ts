import type { INodeProperties } from 'n8n-workflow';
import { registerSecretParameter } from '../../../shared/errors/conversion';
import { type BodyField, choice, flag, jsonText, parametersProperty, slug, text, toolParameters, webUrl } from '../shared';

// CreateApiToolDto / UpdateApiToolDto (ai-agent-service.json): every field written once.
const string = (name: string, displayName: string, description: string, placeholder = ''): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	placeholder,
	description,
});

export const SLUG: BodyField = {
	property: string('slug', 'Slug', 'Unique ID of the API tool in the app: letters, digits, "-" and "_"', 'e.g. create_lead'),
	read: slug,
};
export const NAME: BodyField = { property: string('name', 'Name', 'Name of the API tool', 'e.g. Create Lead'), read: text() };
const DESCRIPTION: BodyField = {
	property: string('description', 'Description', 'What the tool does, when an agent should use it and what it returns', 'e.g. Creates a sales lead; use when a visitor leaves an e-mail'),
	read: text(),
};
const ENDPOINT: BodyField = {
	property: string('endpoint', 'Endpoint', 'URL of the API the tool calls', 'e.g. https://api.example.com/leads'),
	read: webUrl,
};
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const METHOD: BodyField = {
	property: {
		displayName: 'Method',
		name: 'method',
		type: 'options',
		options: METHODS.map((method) => ({ name: method, value: method })),
		default: 'POST',
		description: 'HTTP method of the call',
	},
	read: choice(METHODS),
};
const BASIC_AUTH: BodyField = {
	property: { displayName: 'Enable Basic Auth', name: 'enableBasicAuth', type: 'boolean', default: false, description: 'Whether the call sends a username and password (HTTP Basic Auth)' },
	read: flag,
};
export const USERNAME: BodyField = { property: string('basicAuthUsername', 'Basic Auth Username', 'Username the call sends'), read: text() };
export const PASSWORD: BodyField = {
	property: { ...string('basicAuthPassword', 'Basic Auth Password', 'Password the call sends'), typeOptions: { password: true } },
	read: text(),
};
const OPTIONAL: BodyField[] = [
	{
		property: {
			displayName: 'Allow Additional Properties',
			name: 'allowAdditionalProperties',
			type: 'boolean',
			default: false,
			description: 'Whether the agent may pass parameters beyond those listed',
		},
		read: flag,
	},
	{
		property: string('bodyTemplate', 'Body Template', 'Body of the call, with {{parameter}} placeholders', 'e.g. {"email": "{{email}}"}'),
		read: text(),
	},
	{
		property: { displayName: 'Headers (JSON)', name: 'headers', type: 'json', default: '{}', description: 'HTTP headers of the call as a JSON object, e.g. {"Authorization": "Bearer …"}. Outputs show their names only.' },
		read: jsonText,
	},
	{ property: string('icon', 'Icon', 'URL of the tool\'s icon', 'e.g. https://example.com/icon.png'), read: webUrl },
	{ property: parametersProperty('API'), read: toolParameters },
];

/** Create: required at the top, Basic Auth's pair when it is on, the rest under Options. */
export const CREATE_REQUIRED = [SLUG, NAME, DESCRIPTION, ENDPOINT, METHOD, BASIC_AUTH];
export const CREATE_OPTIONAL = OPTIONAL;
/** Update: every field of the DTO but the name (not changeable), under Update Fields. */
export const UPDATE_FIELDS = [BASIC_AUTH, PASSWORD, USERNAME, DESCRIPTION, ENDPOINT, METHOD, SLUG, ...OPTIONAL];

// Cut out of errors like the credential's key (the headers' longer values too: errors/conversion.ts).
registerSecretParameter('basicAuthPassword', 'updateFields.basicAuthPassword', 'options.headers', 'updateFields.headers');
