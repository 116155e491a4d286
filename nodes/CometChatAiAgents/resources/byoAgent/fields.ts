import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, IN8nHttpFullResponse, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { registerSecretParameter } from '../../../shared/errors/conversion';
import { REDACTED } from '../../../shared/errors/redaction';
import { preSendFactory } from '../../../shared/fold';
import { inputError, isObject, readChoice, readList, readText } from '../../../shared/validate';
import { recordsOf } from '../shared';

// The nine integrations of CreateAgentDTO's oneOf (discriminator integrateWith) and the integrationMeta keys
// each takes beside baseUrl: agentId, defaultUserId, and headers as an object or as text.
const INTEGRATIONS = [
	{ name: 'AG-UI', value: 'ag-ui' },
	{ name: 'AG2', value: 'ag2' },
	{ name: 'Agno', value: 'agno' },
	{ name: 'CrewAI', value: 'crewai' },
	{ name: 'LangGraph', value: 'langgraph' },
	{ name: 'Mastra', value: 'mastra' },
	{ name: 'Mastra (Legacy)', value: 'mastra-legacy' },
	{ name: 'Rasa', value: 'rasa' },
	{ name: 'Vercel AI V5', value: 'vercelV5' },
];
const WITH_AGENT_ID = ['mastra', 'mastra-legacy', 'agno'];
const HEADERS_OBJECT = ['langgraph', 'crewai', 'vercelV5', 'ag-ui'];
const HEADERS_TEXT = ['ag2', 'rasa', 'agno'];

// The headers usually hold the agent's authorization: hidden in CometChat's errors (and in outputs, below).
registerSecretParameter('headers');

/** Integrate With and the integrationMeta fields it shows; Update adds "Unchanged" (no integrateWith sent). */
export function integrationFields(update: boolean): INodeProperties[] {
	return [
		{
			displayName: 'Integrate With',
			name: 'integrateWith',
			type: 'options',
			required: !update,
			options: update ? [{ name: 'Unchanged', value: 'unchanged' }, ...INTEGRATIONS] : INTEGRATIONS,
			default: update ? 'unchanged' : 'langgraph',
			description: 'The framework the agent runs on, which CometChat calls',
		},
		...(update ? [] : [baseUrlField(true)]),
		{
			displayName: 'Agent ID',
			name: 'agentId',
			type: 'string',
			default: '',
			placeholder: 'e.g. weatherAgent',
			description: 'ID of the agent on that server',
			displayOptions: { show: { integrateWith: WITH_AGENT_ID } },
		},
		{
			displayName: 'Default User ID',
			name: 'defaultUserId',
			type: 'string',
			default: '',
			description: 'User ID AG2 runs the agent for',
			displayOptions: { show: { integrateWith: ['ag2'] } },
		},
		{
			displayName: 'Headers',
			name: 'headers',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			placeholder: 'e.g. {"authorization": "Bearer ..."}',
			description: 'HTTP headers CometChat sends to the agent, such as its authorization: a JSON object (AG2 too), or "name: value" lines for Rasa and Agno',
			displayOptions: { show: { integrateWith: [...HEADERS_OBJECT, 'ag2', 'rasa', 'agno'] } },
		},
	];
}

export const baseUrlField = (required: boolean): INodeProperties => ({
	displayName: 'Base URL',
	name: 'baseUrl',
	type: 'string',
	required,
	default: '',
	placeholder: 'e.g. https://agents.example.com',
	description: 'Address of the server that runs the agent',
});

/** The other fields of CreateAgentDTO / UpdateAgentDTO: Options on Create, Update Fields on Update. */
export const BYO_FIELDS: INodeProperties[] = [
	{ displayName: 'Actions', name: 'actions', type: 'string', default: '', placeholder: 'e.g. openCart', description: 'Names of BYO tools of type action the agent may call (comma-separated)' },
	{ displayName: 'Greeting Message', name: 'greetingMessage', type: 'string', default: '', description: 'What the agent says first' },
	{ displayName: 'Introductory Message', name: 'introductoryMessage', type: 'string', default: '', description: 'Text that introduces the agent to users' },
	{ displayName: 'Is Active', name: 'isActive', type: 'boolean', default: true, description: 'Whether the agent answers users' },
	{ displayName: 'Suggested Messages', name: 'suggestedMessages', type: 'string', default: '', placeholder: 'e.g. Track my order, Talk to a human', description: 'Messages offered to users to start with (comma-separated)' },
	{ displayName: 'Tools', name: 'tools', type: 'string', default: '', placeholder: 'e.g. searchDocs', description: 'Names of BYO tools of type tool the agent may call (comma-separated)' },
];

const LABELS: Record<string, string> = Object.fromEntries(
	[...BYO_FIELDS, baseUrlField(false), { displayName: 'Name', name: 'name' }, { displayName: 'Icon', name: 'icon' }].map((f) => [f.name, f.displayName]),
);

/** preSend: CreateAgentDTO (`create`) or UpdateAgentDTO, only the keys the chosen integration's variant takes. */
export const sendByoAgent = preSendFactory(function sendByoAgent(create: boolean) {
	return async function buildByoAgent(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const body: IDataObject = {};
		const meta: IDataObject = {};
		const metaData: IDataObject = {};
		const collection = create ? 'options' : 'updateFields';
		const given = this.getNodeParameter(collection, {}) as IDataObject;
		if (!isObject(given)) throw inputError(this, create ? 'Options' : 'Update Fields', 'must be a collection of fields');
		const text = (path: string, key: string) => readText(this, path, LABELS[key], { required: true });
		if (create) {
			body.name = text('name', 'name');
			body.icon = text('icon', 'icon');
			meta.baseUrl = text('baseUrl', 'baseUrl');
		}
		for (const key of Object.keys(given)) {
			const path = `${collection}.${key}`;
			if (['name', 'icon'].includes(key)) body[key] = text(path, key);
			else if (key === 'baseUrl') meta.baseUrl = text(path, key);
			else if (key === 'tools' || key === 'actions') body[key] = readList(this, path, LABELS[key]);
			else if (key === 'suggestedMessages') metaData[key] = readList(this, path, LABELS[key]);
			else if (key === 'greetingMessage' || key === 'introductoryMessage') metaData[key] = text(path, key);
			else if (key === 'isActive') {
				if (typeof given.isActive !== 'boolean') throw inputError(this, 'Is Active', 'must be true or false');
				body.isActive = given.isActive;
			}
		}
		const integration = readChoice(this, 'integrateWith', 'Integrate With', [...(create ? [] : ['unchanged']), ...INTEGRATIONS.map((i) => i.value)]);
		if (integration !== 'unchanged') {
			body.integrateWith = integration;
			body.integrationType = 'agent'; // the only type the spec has
			if (WITH_AGENT_ID.includes(integration)) {
				const agentId = readText(this, 'agentId', 'Agent ID');
				if (agentId) meta.agentId = agentId;
			}
			if (integration === 'ag2') {
				const user = readText(this, 'defaultUserId', 'Default User ID');
				if (user) meta.defaultUserId = user;
			}
			if (HEADERS_OBJECT.includes(integration) || HEADERS_TEXT.includes(integration)) {
				const raw = readText(this, 'headers', 'Headers');
				// Objects for most; AG2 takes the JSON as text, Rasa and Agno "name: value" lines.
				if (raw && HEADERS_TEXT.includes(integration) && integration !== 'ag2') meta.headers = raw;
				else if (raw) meta.headers = integration === 'ag2' ? JSON.stringify(headersObject(this, raw)) : headersObject(this, raw);
			}
		}
		if (Object.keys(meta).length > 0) body.integrationMeta = meta;
		if (Object.keys(metaData).length > 0) body.metaData = metaData;
		if (!create && Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty', 'Add a field to change, or choose an integration.');
		requestOptions.body = { ...(requestOptions.body as object), ...body };
		return requestOptions;
	};
});

/** The headers as a JSON object; an error never repeats them (JSON.parse's message quotes the text). */
function headersObject(context: IExecuteSingleFunctions, raw: string): IDataObject {
	let value: unknown;
	try {
		value = JSON.parse(raw);
	} catch {
		value = undefined;
	}
	if (!isObject(value)) throw inputError(context, 'Headers', 'is not a JSON object', 'Write them as {"authorization": "Bearer ..."}.');
	return value;
}

/** postReceive: the BYO agents answered, one item each, with their integration's headers hidden (they hold its authorization). */
export function byoAgentsOf(key?: string) {
	const records = recordsOf(key);
	return async function byoAgents(this: IExecuteSingleFunctions, items: INodeExecutionData[], response: IN8nHttpFullResponse) {
		return (await records.call(this, items, response)).map((item) => {
			const meta = item.json.integrationMeta;
			if (!isObject(meta) || meta.headers === undefined || meta.headers === '') return item;
			return { json: { ...item.json, integrationMeta: { ...meta, headers: REDACTED } } };
		});
	};
}
