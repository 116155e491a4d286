import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, IN8nHttpFullResponse, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { registerSecretParameter } from '../../../shared/errors/conversion';
import { REDACTED } from '../../../shared/errors/redaction';
import { preSendFactory } from '../../../shared/fold';
import { inputError, isObject, readChoice, readList, readText } from '../../../shared/validate';
import { cometChatApiRequest } from '../../../shared/chat/transport';
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

/**
 * Integrate With and the integrationMeta fields it shows. Update adds "Unchanged" (its default, so saved
 * workflows keep working): UpdateAgentDTO is a oneOf picked by `integrateWith` (its discriminator), so an
 * update always names it; with Unchanged the node reads the agent's current integration first (GET
 * /ai-agents/agents: the spec has no GET of one BYO agent) and sends that. Chosen over making Integrate
 * With required on Update: a user changing only the headers or the name need not know or re-enter the
 * integration, and Agent ID, Default User ID and Headers are shown with Unchanged too (each checked
 * against the integration read).
 */
export function integrationFields(update: boolean): INodeProperties[] {
	const shownFor = (integrations: string[]) => ({ show: { integrateWith: update ? ['unchanged', ...integrations] : integrations } });
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
			displayOptions: shownFor(WITH_AGENT_ID),
		},
		{
			displayName: 'Default User ID',
			name: 'defaultUserId',
			type: 'string',
			default: '',
			description: 'User ID AG2 runs the agent for',
			displayOptions: shownFor(['ag2']),
		},
		{
			displayName: 'Headers',
			name: 'headers',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			placeholder: 'e.g. {"authorization": "Bearer ..."}',
			description: 'HTTP headers CometChat sends to the agent, such as its authorization: a JSON object (AG2 too), or "name: value" lines for Rasa and Agno',
			displayOptions: shownFor([...HEADERS_OBJECT, 'ag2', 'rasa', 'agno']),
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
		const chosen = readChoice(this, 'integrateWith', 'Integrate With', [...(create ? [] : ['unchanged']), ...INTEGRATIONS.map((i) => i.value)]);
		// With Unchanged, the integration's fields given (checked against the integration once it is read).
		const typed = (parameter: string, field: string) => (chosen === 'unchanged' ? readText(this, parameter, field) : '');
		const changes = [typed('agentId', 'Agent ID'), typed('defaultUserId', 'Default User ID'), typed('headers', 'Headers')];
		if (!create && chosen === 'unchanged' && Object.keys(body).length + Object.keys(meta).length + Object.keys(metaData).length === 0 && changes.every((c) => c === '')) {
			throw inputError(this, 'Update Fields', 'is empty', 'Add a field to change, or choose an integration.');
		}
		const integration = chosen === 'unchanged' ? await currentIntegration(this) : chosen;
		body.integrateWith = integration;
		body.integrationType = 'agent'; // the only type the spec has
		if (WITH_AGENT_ID.includes(integration)) {
			const agentId = readText(this, 'agentId', 'Agent ID');
			if (agentId) meta.agentId = agentId;
		} else if (changes[0]) throw notTaken(this, 'Agent ID', integration);
		if (integration === 'ag2') {
			const user = readText(this, 'defaultUserId', 'Default User ID');
			if (user) meta.defaultUserId = user;
		} else if (changes[1]) throw notTaken(this, 'Default User ID', integration);
		if (HEADERS_OBJECT.includes(integration) || HEADERS_TEXT.includes(integration)) {
			const raw = readText(this, 'headers', 'Headers');
			// Objects for most; AG2 takes the JSON as text, Rasa and Agno "name: value" lines.
			if (raw && HEADERS_TEXT.includes(integration) && integration !== 'ag2') meta.headers = raw;
			else if (raw) meta.headers = integration === 'ag2' ? JSON.stringify(headersObject(this, raw)) : headersObject(this, raw);
		} else if (changes[2]) throw notTaken(this, 'Headers', integration);
		if (Object.keys(meta).length > 0) body.integrationMeta = meta;
		if (Object.keys(metaData).length > 0) body.metaData = metaData;
		requestOptions.body = { ...(requestOptions.body as object), ...body };
		return requestOptions;
	};
});

/** The integration (`integrateWith`) the BYO agent being updated has now, read from the list of BYO agents. */
async function currentIntegration(context: IExecuteSingleFunctions): Promise<string> {
	const uid = String(context.getNodeParameter('uid', '', { extractValue: true }) ?? '').trim();
	const list = (await cometChatApiRequest.call(context, 'GET', '/ai-agents/agents', {}, { itemIndex: context.getItemIndex() })) as unknown;
	const agent = (Array.isArray(list) ? list : []).find((record) => isObject(record) && record.uid === uid) as IDataObject | undefined;
	if (!agent) throw inputError(context, 'Agent', `no BYO agent has the UID "${uid.slice(0, 60)}"`, 'Pick the agent from the list.');
	const integration = String(agent.integrateWith ?? '');
	if (!INTEGRATIONS.some((i) => i.value === integration)) {
		throw inputError(context, 'Integrate With', `the agent's current integration "${integration.slice(0, 40)}" is not one this node knows`, 'Choose the integration to send.');
	}
	return integration;
}

const notTaken = (context: IExecuteSingleFunctions, field: string, integration: string) =>
	inputError(context, field, `is not taken by the agent's integration (${INTEGRATIONS.find((i) => i.value === integration)?.name ?? integration})`, 'Leave it empty, or choose the integration that takes it.');

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
