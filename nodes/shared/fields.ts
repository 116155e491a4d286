import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties, INodePropertyOptions, PreSendAction } from 'n8n-workflow';
import { describeValue, idProblem, inputError, readId, readIdList } from './validate';
import { preSendFactory } from './fold';

/**
 * `routing.send` of a list sent as one comma-separated query value (spec: style form, explode false),
 * from a comma-separated string or a list (multi-options, an expression); an empty list sends nothing
 * rather than an empty parameter.
 */
export const csvQuery = (property: string) => ({ type: 'query' as const, property, preSend: [listAsCsv(property)] });

const listAsCsv = preSendFactory(function listAsCsv(property: string) {
	return async function sendListAsCsv(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const qs = (requestOptions.qs ?? {}) as IDataObject;
		const value = qs[property];
		const csv = (Array.isArray(value) ? value : String(value ?? '').split(','))
			.map((entry) => String(entry).trim())
			.filter(Boolean)
			.join(',');
		if (csv) qs[property] = csv;
		else delete qs[property];
		requestOptions.qs = qs;
		return requestOptions;
	};
});

/** A URL path segment from a UID/GUID parameter, trimmed and encoded the way readId checks it. */
export const pathId = (parameter: string) => `{{ encodeURIComponent(String($parameter["${parameter}"]).trim()) }}`;

/** Sets the `onBehalfOf` header, with which CometChat acts as that user: the one place it is written. */
export function actAs(requestOptions: IHttpRequestOptions, uid: string): void {
	requestOptions.headers = { ...requestOptions.headers, onBehalfOf: uid };
}

/** preSend: the ID parameter must be a valid UID/GUID before anything is sent; sent as `bodyProperty` when given. */
const checkId = preSendFactory(function checkId(parameter: string, field: string, bodyProperty?: string) {
	return async function checkIdBeforeSending(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const id = readId(this, parameter, field);
		if (bodyProperty) requestOptions.body = { ...(requestOptions.body as IDataObject), [bodyProperty]: id };
		return requestOptions;
	};
});

// What the pickers differ in: where "From List" searches, and how "By ID" is labelled.
const LOCATORS = {
	user: { search: 'searchUsers', label: 'UID', list: 'Select a user...', example: 'e.g. cometchat-uid-1' },
	group: { search: 'searchGroups', label: 'GUID', list: 'Select a group...', example: 'e.g. cometchat-guid-1' },
	receiver: { search: 'searchReceivers', label: 'UID or GUID', list: 'Select a receiver...', example: 'e.g. cometchat-uid-1' },
	role: { search: 'searchRoles', label: 'Role ID', list: 'Select a role...', example: 'e.g. moderator' },
	bot: { search: 'searchBots', label: 'Bot UID', list: 'Select a bot...', example: 'e.g. support-bot' },
	// The CometChat Management node's pickers (App IDs and webhook IDs follow the same alpha-dash rule).
	app: { search: 'searchApps', label: 'App ID', list: 'Select an app...', example: 'e.g. 2531446b588709f6' },
	webhook: { search: 'searchWebhooks', label: 'Webhook ID', list: 'Select a webhook...', example: 'e.g. n8n-orders' },
	// The CometChat Campaigns node's pickers: CUIDs or slugs (the spec's examples follow the same rule).
	campaign: { search: 'searchCampaigns', label: 'Campaign ID', list: 'Select a campaign...', example: 'e.g. cm9x2k1v80001qz8h3f4d2a7b' },
	template: { search: 'searchTemplates', label: 'Template ID', list: 'Select a template...', example: 'e.g. order_update' },
	templateCategory: { search: 'searchTemplateCategories', label: 'Category ID', list: 'Select a category...', example: 'e.g. cm9x2k1v80001qz8h3f4d2a7b' },
	channel: { search: 'searchChannels', label: 'Channel ID', list: 'Select a channel...', example: 'e.g. cc-notification-channel-my-push' },
	// The CometChat AI Agents node's pickers. Slugs and action IDs: the spec gives no format; its examples
	// (create_lead, my-mcp-server, myapp_onUserClick) follow the same alpha-dash rule (INFERRED).
	apiTool: { search: 'searchApiTools', label: 'Slug', list: 'Select an API tool...', example: 'e.g. create_lead' },
	mcpServer: { search: 'searchMcpServers', label: 'Slug', list: 'Select an MCP server...', example: 'e.g. docs-search' },
	frontendAction: { search: 'searchFrontendActions', label: 'ID', list: 'Select a frontend action...', example: 'e.g. myapp_onUserClick' },
	// The CometChat AI Agents node's Agent Builder agents (UIDs like agent-uuid-1234 [SPEC example]).
	agent: { search: 'searchAgents', label: 'UID', list: 'Select an agent...', example: 'e.g. support-agent' },
	byoAgent: { search: 'searchByoAgents', label: 'UID', list: 'Select an agent...', example: 'e.g. my-langgraph-agent' },
};

function idLocator(
	kind: keyof typeof LOCATORS,
	name: string,
	displayName: string,
	description: string,
	bodyProperty?: string,
): INodeProperties {
	const { search, label, list, example } = LOCATORS[kind];
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: list,
				typeOptions: { searchListMethod: search, searchable: true },
			},
			{
				displayName: `By ${label}`,
				name: 'id',
				type: 'string',
				placeholder: example,
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^\\s*[A-Za-z0-9_-]{1,100}\\s*$',
							errorMessage: `A ${label} has 1 to 100 letters, digits, "-" and "_"`,
						},
					},
				],
			},
		],
		routing: { send: { preSend: [checkId(name, displayName, bodyProperty)] } },
	};
}

/** A picker of the CometChat Campaigns node (campaign, template, template category, channel), checked before any request. */
export const campaignsLocator = (kind: 'campaign' | 'template' | 'templateCategory' | 'channel', name: string, displayName: string, description: string) =>
	idLocator(kind, name, displayName, description);

/** A user picker (searchable list or UID), checked before any request. */
export const userLocator = (name: string, displayName: string, description: string) =>
	idLocator('user', name, displayName, description);

/** A group picker (searchable list or GUID), checked before any request. */
export const groupLocator = (name: string, displayName: string, description: string) =>
	idLocator('group', name, displayName, description);

/**
 * The `onBehalfOf` header, as an entry of an operation's `options` collection: sent only when set,
 * and only as a valid UID.
 */
export function onBehalfOfOption(description: string): INodeProperties {
	return {
		displayName: 'On Behalf Of',
		name: 'onBehalfOf',
		type: 'string',
		default: '',
		placeholder: 'e.g. cometchat-uid-1',
		description,
		routing: { send: { preSend: [setOnBehalfOf] } },
	};
}

async function setOnBehalfOf(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const raw = this.getNodeParameter('options.onBehalfOf', '') as unknown;
	const uid = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : undefined;
	if (uid === undefined) throw inputError(this, 'On Behalf Of', 'must be a single UID');
	if (uid === '') return requestOptions;
	const problem = idProblem(uid);
	if (problem) throw inputError(this, 'On Behalf Of', problem);
	actAs(requestOptions, uid);
	return requestOptions;
}

/** A role picker (searchable list or role ID; role IDs follow the UID rule), checked before any request. */
export const roleLocator = (name: string, displayName: string, description: string) =>
	idLocator('role', name, displayName, description);

/** A bot picker (searchable list of GET /bots, or the bot's UID), checked before any request. */
export const botLocator = (name: string, displayName: string, description: string) =>
	idLocator('bot', name, displayName, description);

/** An app picker of the CometChat Management node (searchable list of GET /apps, or App ID). */
export const appLocator = (name: string, displayName: string, description: string) =>
	idLocator('app', name, displayName, description);

/** A webhook picker of the CometChat Management node (the chosen app's webhooks, or Webhook ID). */
export const webhookLocator = (name: string, displayName: string, description: string) =>
	idLocator('webhook', name, displayName, description);

/** A picker of the CometChat AI Agents node (searchable list, or the slug or ID), checked before any request. */
export const aiRecordLocator = (kind: 'apiTool' | 'mcpServer' | 'frontendAction', displayName: string, description: string) =>
	idLocator(kind, kind, displayName, description);
/** An Agent Builder agent picker of the CometChat AI Agents node (searchable list or UID). */
export const agentLocator = (name: string, displayName: string, description: string) =>
	idLocator('agent', name, displayName, description);

/** A BYO (bring-your-own) agent picker of the CometChat AI Agents node (searchable list or UID). */
export const byoAgentLocator = (name: string, displayName: string, description: string) =>
	idLocator('byoAgent', name, displayName, description);

/** The receiver of a message, sent as body `receiver`: a user or a group, as Receiver Type says. */
export const receiverLocator = (name: string, displayName: string, description: string): INodeProperties => ({
	...idLocator('receiver', name, displayName, description, 'receiver'),
	// Its list follows Receiver Type (searchReceivers); n8n's editor clears a chosen receiver when the type changes.
	typeOptions: { loadOptionsDependsOn: ['receiverType'] },
});

/**
 * A list of UIDs/GUIDs (comma-separated text, or an array from an expression), checked and sent
 * as the body array `bodyKey`.
 */
export function idListField(
	name: string,
	displayName: string,
	description: string,
	bodyKey: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. cometchat-uid-4, cometchat-uid-5',
		description,
		routing: {
			send: {
				preSend: [sendIdList(name, displayName, bodyKey)],
			},
		},
	};
}

/** preSend of idListField: the checked list as the body array `bodyKey`. */
const sendIdList = preSendFactory(function sendIdList(parameter: string, field: string, bodyKey: string) {
	return async function setIdList(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const ids = readIdList(this, parameter, field);
		requestOptions.body = { ...(requestOptions.body as object), [bodyKey]: ids };
		return requestOptions;
	};
});

/** The "Options" collection of an operation: optional fields, each sent only when added. */
export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options,
	};
}

/** The "Update Fields" collection of an Update operation: the fields to change, each sent only when added. */
export function updateFieldsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options,
	};
}

/** "Fields to Unset" of an Update operation: the spec's `unset` array, removing fields from the record. */
export function unsetField(options: INodePropertyOptions[], record: string): INodeProperties {
	return {
		displayName: 'Fields to Unset',
		name: 'unset',
		type: 'multiOptions',
		options,
		default: [],
		description: `Fields to remove from the ${record}`,
	};
}

/** The "Filters" collection of a Get Many operation: query filters, each sent only when added. */
export function filtersCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options,
	};
}

/** A filter that picks one of `options` (name, value), sent as the query parameter `name`; the first by default. */
export function choiceFilter(name: string, displayName: string, options: Array<[string, string]>, description: string): INodeProperties {
	const first = options[0][1]; // a name, not an expression: n8n's linter reads `default` only as a literal or a name
	return {
		displayName,
		name,
		type: 'options',
		options: options.map(([optionName, value]) => ({ name: optionName, value })),
		default: first,
		description,
		routing: { send: { type: 'query', property: name } },
	};
}

/** The presence filter of user and member lists (`status` query parameter). */
export const statusFilter = choiceFilter(
	'status',
	'Status',
	[
		['Available', 'available'],
		['Offline', 'offline'],
	],
	'Only users with this presence status',
);

/**
 * A plain ID field (reason, rule, keyword list), checked before any request. CometChat documents no
 * format for these IDs; its examples (spam, contact_details_filter, profanity-list) follow the UID
 * rule, so the same rule applies: letters, digits, "-" and "_", at most 100 (INFERRED).
 */
export function idField(
	name: string,
	displayName: string,
	placeholder: string,
	description: string,
	// Another reading of the same text field (the AI Agents node's lists of names); by default the ID check.
	preSend: PreSendAction = checkId(name, displayName),
): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		required: true,
		default: '',
		placeholder,
		description,
		routing: { send: { preSend: [preSend] } },
	};
}

/** The User picker of the per-user operations; `place` puts the checked UID into the request. */
function userField(description: string, sendUser: PreSendAction): INodeProperties {
	return { ...userLocator('uid', 'User', description), routing: { send: { preSend: [sendUser] } } };
}

/** The user an operation is about, sent as the query parameter `uid` (preferences, mute, time zone). */
export const userQueryField = (description: string) => userField(description, sendUserInQuery);
async function sendUserInQuery(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	requestOptions.qs = { ...requestOptions.qs, uid: readId(this, 'uid', 'User') };
	return requestOptions;
}

/** The user an operation is about, sent as the `onBehalfOf` header, which the spec requires there (contact details). */
export const userHeaderField = (description: string) => userField(description, sendUserInHeader);
async function sendUserInHeader(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	actAs(requestOptions, readId(this, 'uid', 'User'));
	return requestOptions;
}

/**
 * The auth token, as a path segment (`/users/{uid}/auth_tokens/{authToken}`): checked before any
 * request. pathId encodes it, but "." and ".." survive encoding and an HTTP client would resolve
 * them (`…/auth_tokens/..` is `DELETE /users/{uid}`), so those are refused along with "/".
 */
async function checkAuthToken(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const raw = this.getNodeParameter('authToken', '') as unknown;
	if (typeof raw !== 'string' && typeof raw !== 'number') {
		throw inputError(this, 'Auth Token', `must be text, not ${describeValue(raw)}`);
	}
	const token = String(raw).trim();
	const fix = 'Give the token as Create or Get Many returned it, such as cometchat-uid-1_1630306819c3027ce530b2367f3c97b4106f0cb8.';
	if (token === '') throw inputError(this, 'Auth Token', 'is empty', fix);
	if (token.includes('/')) throw inputError(this, 'Auth Token', 'contains "/", which an auth token never has', fix);
	if (token === '.' || token === '..') throw inputError(this, 'Auth Token', `"${token}" is not an auth token`, fix);
	return requestOptions;
}

export const authTokenField: INodeProperties = {
	displayName: 'Auth Token',
	name: 'authToken',
	type: 'string',
	typeOptions: { password: true },
	required: true,
	default: '',
	placeholder: 'e.g. cometchat-uid-1_1630306819c3027ce530b2367f3c97b4106f0cb8',
	description: 'The auth token, as Create or Get Many returned it',
	routing: { send: { preSend: [checkAuthToken] } },
};
