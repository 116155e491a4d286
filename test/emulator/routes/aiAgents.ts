/**
 * AI Agents (ai-agent-service.json; cometchat-ai-agents-and-bots.md A1, A2): Agent Builder agents with their
 * tools, tool actions and knowledge base, custom variables, BYO agents and BYO tools.
 *
 * Errors: the spec declares none; its `ErrorResponse` schema `{statusCode, message, error}` (NestJS's) is
 * what these answer (A.0.4; statuses INFERRED: 400 for bad bodies, 404 for unknown records, 409 for taken names).
 * Agent Builder timestamps are epoch milliseconds; BYO ones ISO strings (as the spec's examples).
 */
import { type RouteContext, type RouteResult, type Route, type EmulatorState, isPlainObject } from './prelude';

const APP_ID = 'demo-app';
const AB = '/ai-agents/agent-builder/agents';

/** An AI Agents error: NestJS's body, thrown like CometChat's (CometError carries any body). */
export class AiAgentsError extends Error {
	constructor(readonly result: RouteResult) {
		super('ai-agents error');
	}
}
const REASONS: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found', 409: 'Conflict' };
const fail = (status: number, message: string) => new AiAgentsError({ status, body: { statusCode: status, message, error: REASONS[status] } });

/** The route's handler, with AiAgentsError turned into its answer. */
const handled = (handler: (ctx: RouteContext) => RouteResult) => (ctx: RouteContext): RouteResult => {
	try {
		return handler(ctx);
	} catch (error) {
		if (error instanceof AiAgentsError) return error.result;
		throw error;
	}
};

type Rec = Record<string, unknown>;

/** Tools CometChat offers ready to use, with their actions (a sample of the spec's examples). */
export const READY_TOOLS: Record<string, { name: string; actions: Array<{ name: string; displayName: string; description: string }> }> = {
	gmail: {
		name: 'Gmail',
		actions: [
			{ name: 'GMAIL_SEND_EMAIL', displayName: 'Send Email', description: 'Send an email' },
			{ name: 'GMAIL_READ_EMAILS', displayName: 'Read Emails', description: 'Read emails' },
		],
	},
	slack: { name: 'Slack', actions: [{ name: 'SLACK_SEND_MESSAGE', displayName: 'Send Message', description: 'Post a message' }] },
};

export const AVAILABLE_MODELS = [
	{ model: 'gpt-4o-mini', provider: 'openai', settings: {}, default: false },
	{ model: 'gpt-4o', provider: 'openai', settings: {}, default: true },
	{ model: 'claude-sonnet-4-20250514', provider: 'anthropic', settings: {}, default: false },
];

/** Predefined variables (category auth), beside the app's custom ones. */
const PREDEFINED = [
	{ name: 'auth.uid', description: 'UID of the user talking to the agent', sourceType: 'auth', category: 'auth' },
	{ name: 'auth.name', description: 'Name of the user talking to the agent', sourceType: 'auth', category: 'auth' },
];

class AiAgentsStore {
	readonly agents = new Map<string, Rec>();
	/** agent uid → tool slug → enabled actions. */
	readonly toolActions = new Map<string, Map<string, string[]>>();
	readonly variables = new Map<string, Rec>();
	readonly byoAgents = new Map<string, Rec>();
	readonly byoTools = new Map<string, Rec>();
	seq = 0;
	/**
	 * The largest page the agents list answers whatever `limit` asks (INFERRED, as the tools' lists: no
	 * largest limit is documented); `meta.current.limit` says the size used. Tests lower it to CometChat's
	 * docs example (10) to check the node follows `meta.next` past a page smaller than asked.
	 */
	agentPageCap = 100;

	clear(): void {
		this.agents.clear();
		this.toolActions.clear();
		this.variables.clear();
		this.byoAgents.clear();
		this.byoTools.clear();
		this.seq = 0;
		this.agentPageCap = 100;
	}
}

export const aiAgents = (state: EmulatorState) => state.store('aiAgents', () => new AiAgentsStore());

/** Milliseconds, unique and rising within a second (list cursors need distinct createdAt). */
const millis = (state: EmulatorState) => state.now() * 1000 + ++aiAgents(state).seq;

function body(ctx: RouteContext): Rec {
	if (!isPlainObject(ctx.body)) throw fail(400, 'Request body must be a JSON object');
	return ctx.body;
}

const isText = (value: unknown) => typeof value === 'string';
const isTexts = (value: unknown) => Array.isArray(value) && value.every(isText);

/** Checks the fields present against their kinds (class-validator's messages, INFERRED). */
function checkKinds(input: Rec, kinds: Record<string, 'string' | 'strings' | 'boolean' | 'object'>): void {
	for (const [field, kind] of Object.entries(kinds)) {
		const value = input[field];
		if (value === undefined) continue;
		const ok =
			kind === 'string' ? isText(value) : kind === 'strings' ? isTexts(value) : kind === 'boolean' ? typeof value === 'boolean' : isPlainObject(value);
		if (!ok) throw fail(400, `${field} must be ${kind === 'strings' ? 'an array of strings' : `a ${kind}`}`);
	}
}

function required(input: Rec, fields: string[]): void {
	for (const field of fields) if (input[field] === undefined || input[field] === '') throw fail(400, `${field} should not be empty`);
}

// ---- Agent Builder agents ----

const AGENT_KINDS = {
	name: 'string', icon: 'string', description: 'string', tools: 'strings', apiTools: 'strings', mcpServers: 'strings',
	instruction: 'string', metaData: 'object', model: 'string', modelMetaData: 'object', isActive: 'boolean',
} as const;
const AGENT_KEYS = Object.keys(AGENT_KINDS);

function agentOf(ctx: RouteContext): Rec {
	const agent = aiAgents(ctx.state).agents.get(ctx.params.uid);
	if (!agent) throw fail(404, `Agent with UID '${ctx.params.uid}' not found`);
	return agent;
}

function onlyKnown(input: Rec, known: string[]): void {
	for (const key of Object.keys(input)) if (!known.includes(key)) throw fail(400, `property ${key} should not exist`);
}

function createAgent(ctx: RouteContext): RouteResult {
	const input = body(ctx);
	onlyKnown(input, AGENT_KEYS);
	required(input, ['name']);
	checkKinds(input, AGENT_KINDS);
	const now = millis(ctx.state);
	const store = aiAgents(ctx.state);
	const uid = `agent-${String(store.agents.size + 1).padStart(4, '0')}-${now}`;
	const agent: Rec = {
		uid, appId: APP_ID, name: input.name, icon: input.icon ?? '', isActive: input.isActive ?? true, description: input.description ?? '',
		tools: input.tools ?? [], files: [], websites: [], otherKbIntegrations: [], apiTools: input.apiTools ?? [], mcpServers: input.mcpServers ?? [],
		frontendActions: [], ragVersion: 'v2', lastMessageAt: null, instruction: input.instruction ?? '', formattedInstruction: input.instruction ?? '',
		metaData: input.metaData ?? {}, model: input.model ?? 'gpt-4o-mini', modelMetaData: input.modelMetaData ?? {}, createdAt: now, updatedAt: now,
	};
	store.agents.set(uid, agent);
	return { status: 201, body: { agent } };
}

/** Newest first; `affix=append` with `createdAt` goes on after that record, `prepend` before it. */
function listAgents(ctx: RouteContext): RouteResult {
	const asked = ctx.query.limit === undefined ? 10 : Number(ctx.query.limit);
	if (!Number.isInteger(asked) || asked < 1) throw fail(400, 'limit must be a positive number');
	const limit = Math.min(asked, aiAgents(ctx.state).agentPageCap);
	const cursor = ctx.query.createdAt === undefined ? undefined : Number(ctx.query.createdAt);
	const search = (ctx.query.search ?? '').toLowerCase();
	let list = [...aiAgents(ctx.state).agents.values()].sort((a, b) => Number(b.createdAt) - Number(a.createdAt));
	if (search) list = list.filter((a) => [a.name, a.description, a.uid].some((f) => String(f).toLowerCase().includes(search)));
	if (cursor !== undefined) list = list.filter((a) => (ctx.query.affix === 'prepend' ? Number(a.createdAt) > cursor : Number(a.createdAt) < cursor));
	const page = list.slice(0, limit);
	const meta = {
		previous: page.length ? { affix: 'prepend', createdAt: page[0].createdAt } : {},
		current: { limit, count: page.length },
		next: page.length ? { affix: 'append', createdAt: page[page.length - 1].createdAt } : {},
	};
	return { status: 200, body: { data: page, meta } };
}

function updateAgent(ctx: RouteContext): RouteResult {
	const agent = agentOf(ctx);
	const input = body(ctx);
	onlyKnown(input, AGENT_KEYS);
	checkKinds(input, AGENT_KINDS);
	Object.assign(agent, input, { updatedAt: millis(ctx.state) });
	if (input.instruction !== undefined) agent.formattedInstruction = input.instruction;
	return { status: 200, body: { success: true } };
}

/** PATCH .../{uid}/<what>/add|remove with body {<key>: [...]}: the agent's list `field` changed; answers the agent. */
function attach(what: string, key: string, field: string): Route[] {
	return (['add', 'remove'] as const).map((verb) => ({
		method: 'PATCH' as const,
		path: `${AB}/:uid/${what}/${verb}`,
		handler: handled((ctx) => {
			const agent = agentOf(ctx);
			const input = body(ctx);
			required(input, [key]);
			checkKinds(input, { [key]: 'strings' });
			const names = input[key] as string[];
			const now = (agent[field] as string[]).filter((name) => verb === 'add' || !names.includes(name));
			if (verb === 'add') for (const name of names) if (!now.includes(name)) now.push(name);
			Object.assign(agent, { [field]: now, updatedAt: millis(ctx.state) });
			return { status: 200, body: { success: true, data: agent } };
		}),
	}));
}

function toolActions(ctx: RouteContext, verb: 'add' | 'remove'): RouteResult {
	const agent = agentOf(ctx);
	const input = body(ctx);
	required(input, ['actions']);
	checkKinds(input, { actions: 'strings' });
	const store = aiAgents(ctx.state);
	const byTool = store.toolActions.get(String(agent.uid)) ?? store.toolActions.set(String(agent.uid), new Map()).get(String(agent.uid))!;
	const actions = (byTool.get(ctx.params.slug) ?? []).filter((name) => verb === 'add' || !(input.actions as string[]).includes(name));
	if (verb === 'add') for (const name of input.actions as string[]) if (!actions.includes(name)) actions.push(name);
	byTool.set(ctx.params.slug, actions);
	return { status: 200, body: { success: true } };
}

/** uploads and text are files, website websites; others otherKbIntegrations (INFERRED from the agent's fields). */
const KB_FIELD: Record<string, string> = { uploads: 'files', text: 'files', website: 'websites' };

function knowledgeBase(ctx: RouteContext, verb: 'add' | 'remove'): RouteResult {
	const agent = agentOf(ctx);
	const input = body(ctx);
	required(input, ['uniqueIds']);
	checkKinds(input, { uniqueIds: 'strings' });
	const field = KB_FIELD[ctx.params.sourceType] ?? 'otherKbIntegrations';
	const ids = input.uniqueIds as string[];
	const now = (agent[field] as string[]).filter((id) => verb === 'add' || !ids.includes(id));
	if (verb === 'add') for (const id of ids) if (!now.includes(id)) now.push(id);
	agent[field] = now;
	return { status: 200, body: { success: true } };
}

function enabledItems(ctx: RouteContext): RouteResult {
	const agent = agentOf(ctx);
	const key = (ctx.query.key ?? '').toLowerCase();
	const on = (name: string) => ctx.query[name] !== 'false';
	const match = (entry: Rec) => !key || [entry.name, entry.description].some((f) => String(f ?? '').toLowerCase().includes(key));
	const actions = aiAgents(ctx.state).toolActions.get(String(agent.uid));
	const data: Rec = {};
	if (on('tools')) {
		data.tools = (agent.tools as string[])
			.map((slug) => ({ slug, name: READY_TOOLS[slug]?.name ?? slug, description: '', icon: '', actions: (actions?.get(slug) ?? []).map((name) => ({ slug: name, name, description: '' })) }))
			.filter(match);
	}
	if (on('frontendActions')) data.frontendActions = (agent.frontendActions as string[]).map((name) => ({ id: name, name, description: '', triggerFunction: name, parameters: [] })).filter(match);
	if (on('apiTools')) data.apiTools = (agent.apiTools as string[]).map((slug) => ({ slug, name: slug, description: '', icon: '', endpoint: '', method: 'GET', parameters: [] })).filter(match);
	if (on('mcpServers')) data.mcpServers = (agent.mcpServers as string[]).map((slug) => ({ slug, name: slug, description: '', icon: '', url: '' })).filter(match);
	return { status: 200, body: { data } };
}

function searchTools(ctx: RouteContext): RouteResult {
	agentOf(ctx);
	const key = (ctx.query.key ?? '').toLowerCase();
	const results = Object.entries(READY_TOOLS)
		.filter(([slug, tool]) => !key || slug.includes(key) || tool.name.toLowerCase().includes(key))
		.map(([slug, tool]) => ({ slug, name: tool.name }));
	return { status: 200, body: { success: true, results } };
}

// ---- custom variables ----

const VARIABLE_SOURCES = ['message_metadata', 'user_metadata', 'constant'];
const VARIABLE_LIMITS: Record<string, number> = { description: 200, sourcePath: 100, constantValue: 500, defaultValue: 200 };

function checkVariable(input: Rec, creating: boolean): void {
	onlyKnown(input, [...(creating ? ['name'] : []), 'sourceType', ...Object.keys(VARIABLE_LIMITS)]);
	if (creating) required(input, ['name', 'sourceType']);
	checkKinds(input, { name: 'string', sourceType: 'string', description: 'string', sourcePath: 'string', constantValue: 'string', defaultValue: 'string' });
	if (creating && !/^[a-zA-Z][a-zA-Z0-9_.]*$/.test(String(input.name))) throw fail(400, 'name must start with a letter and contain only letters, digits, "_" and "."');
	if (creating && String(input.name).length > 50) throw fail(400, 'name must be shorter than or equal to 50 characters');
	if (input.sourceType !== undefined && !VARIABLE_SOURCES.includes(String(input.sourceType))) {
		throw fail(400, `sourceType must be one of the following values: ${VARIABLE_SOURCES.join(', ')}`);
	}
	for (const [field, max] of Object.entries(VARIABLE_LIMITS)) {
		if (typeof input[field] === 'string' && (input[field] as string).length > max) throw fail(400, `${field} must be shorter than or equal to ${max} characters`);
	}
}

function variableOf(ctx: RouteContext): Rec {
	const variable = aiAgents(ctx.state).variables.get(ctx.params.variableId);
	if (!variable) throw fail(404, `Variable with ID '${ctx.params.variableId}' not found`);
	return variable;
}

function allVariables(ctx: RouteContext): RouteResult {
	const store = aiAgents(ctx.state);
	const items = [
		...PREDEFINED,
		...[...store.variables.values()].map((v) => ({ name: v.name, description: v.description ?? '', sourceType: v.sourceType, category: 'custom' })),
	].map((v) => ({ ...v, usageCount: 0, usedByAgents: [], usedByTools: {} }));
	if (ctx.query.groupByCategory !== 'true') return { status: 200, body: items };
	const grouped: Record<string, Rec[]> = {};
	for (const item of items) (grouped[item.category] ??= []).push(item);
	return { status: 200, body: grouped };
}

// ---- BYO agents and tools ----

const INTEGRATIONS = ['mastra', 'mastra-legacy', 'langgraph', 'crewai', 'vercelV5', 'ag2', 'rasa', 'agno', 'ag-ui'];
const BYO_KINDS = {
	name: 'string', icon: 'string', integrateWith: 'string', integrationType: 'string', isActive: 'boolean',
	integrationMeta: 'object', tools: 'strings', actions: 'strings', metaData: 'object',
} as const;

function checkByoAgent(ctx: RouteContext, input: Rec, creating: boolean): void {
	onlyKnown(input, Object.keys(BYO_KINDS));
	if (creating) required(input, ['name', 'icon', 'integrateWith', 'integrationType']);
	checkKinds(input, BYO_KINDS);
	if (input.integrateWith !== undefined && !INTEGRATIONS.includes(String(input.integrateWith))) {
		throw fail(400, `integrateWith must be one of the following values: ${INTEGRATIONS.join(', ')}`);
	}
	if (input.integrationType !== undefined && input.integrationType !== 'agent') throw fail(400, 'integrationType must be one of the following values: agent');
	const meta = input.integrationMeta as Rec | undefined;
	if (creating && meta && !isText(meta.baseUrl)) throw fail(400, 'integrationMeta.baseUrl should not be empty');
	// Referenced tools and actions must exist in the app's BYO tools (A2.1).
	const tools = aiAgents(ctx.state).byoTools;
	for (const [field, type] of [['tools', 'tool'], ['actions', 'action']] as const) {
		for (const name of (input[field] as string[] | undefined) ?? []) {
			if (tools.get(name)?.type !== type) throw fail(400, `The ${type} '${name}' does not exist`);
		}
	}
}

function byoAgentOf(ctx: RouteContext): Rec {
	const agent = aiAgents(ctx.state).byoAgents.get(ctx.params.uid);
	if (!agent) throw fail(404, `Agent with UID '${ctx.params.uid}' not found`);
	return agent;
}

const TOOL_NAME = /^[a-zA-Z_$][a-zA-Z0-9_$-]*$/;

/** ToolDto, for create and update alike (A2.2). */
function checkTool(input: Rec): void {
	onlyKnown(input, ['name', 'displayName', 'executionText', 'description', 'doNotExecute', 'parameters']);
	required(input, ['name', 'displayName', 'executionText']);
	checkKinds(input, { name: 'string', displayName: 'string', executionText: 'string', description: 'string', doNotExecute: 'boolean', parameters: 'object' });
	if (!TOOL_NAME.test(String(input.name))) throw fail(400, 'name must match /^[a-zA-Z_$][a-zA-Z0-9_$-]*$/ regular expression');
	const parameters = input.parameters as Rec | undefined;
	if (input.doNotExecute === true) {
		if (parameters && Object.keys(parameters).length > 0) throw fail(400, 'parameters must be empty when doNotExecute is true');
	} else {
		required(input, ['description']);
		if (!parameters) throw fail(400, 'parameters should not be empty when doNotExecute is false');
	}
}

function toolOf(ctx: RouteContext): Rec {
	const tool = aiAgents(ctx.state).byoTools.get(ctx.params.name);
	if (!tool) throw fail(404, `Tool with name '${ctx.params.name}' not found`);
	return tool;
}

const iso = (state: EmulatorState) => new Date(state.now() * 1000).toISOString();

const route = (method: Route['method'], path: string, handler: (ctx: RouteContext) => RouteResult): Route => ({ method, path, handler: handled(handler) });

export const aiAgentRoutes: Route[] = [
	route('GET', `${AB}/available-models`, () => ({ status: 200, body: AVAILABLE_MODELS })),
	route('GET', `${AB}/variables/all`, allVariables),
	route('GET', `${AB}/variables/custom`, (ctx) => ({ status: 200, body: [...aiAgents(ctx.state).variables.values()] })),
	route('POST', `${AB}/variables/custom`, (ctx) => {
		const input = body(ctx);
		checkVariable(input, true);
		const store = aiAgents(ctx.state);
		if ([...store.variables.values()].some((v) => v.name === input.name)) throw fail(409, `Variable with name '${String(input.name)}' already exists`);
		const now = millis(ctx.state);
		const _id = `var${String(store.seq).padStart(8, '0')}`;
		const variable = { _id, appId: APP_ID, ...input, category: 'custom', createdAt: now, updatedAt: now };
		store.variables.set(_id, variable);
		return { status: 200, body: variable };
	}),
	route('PATCH', `${AB}/variables/custom/:variableId`, (ctx) => {
		const variable = variableOf(ctx);
		const input = body(ctx);
		checkVariable(input, false);
		Object.assign(variable, input, { updatedAt: millis(ctx.state) });
		return { status: 200, body: variable };
	}),
	route('DELETE', `${AB}/variables/custom/:variableId`, (ctx) => {
		variableOf(ctx);
		aiAgents(ctx.state).variables.delete(ctx.params.variableId);
		return { status: 200, body: { success: true, message: 'Variable deleted successfully' } };
	}),
	route('POST', AB, createAgent),
	route('GET', AB, listAgents),
	route('GET', `${AB}/:uid`, (ctx) => ({ status: 200, body: agentOf(ctx) })),
	route('PATCH', `${AB}/:uid`, updateAgent),
	route('DELETE', `${AB}/:uid`, (ctx) => {
		agentOf(ctx);
		aiAgents(ctx.state).agents.delete(ctx.params.uid);
		return { status: 200, body: { success: true, message: 'Operation completed successfully' } };
	}),
	route('GET', `${AB}/:uid/enabled-items`, enabledItems),
	route('GET', `${AB}/:uid/tools/search`, searchTools),
	...attach('tools', 'tools', 'tools'),
	...attach('mcp', 'mcps', 'mcpServers'),
	...attach('api-tools', 'apiTools', 'apiTools'),
	...attach('frontend-actions', 'frontendActions', 'frontendActions'),
	route('PATCH', `${AB}/:uid/tools/:slug/actions/add`, (ctx) => toolActions(ctx, 'add')),
	route('PATCH', `${AB}/:uid/tools/:slug/actions/remove`, (ctx) => toolActions(ctx, 'remove')),
	route('GET', `${AB}/:uid/tools/:slug/actions`, (ctx) => {
		agentOf(ctx);
		const tool = READY_TOOLS[ctx.params.slug];
		if (!tool) throw fail(404, `Tool '${ctx.params.slug}' not found`);
		return { status: 200, body: tool.actions };
	}),
	route('PATCH', `${AB}/:uid/knowledge-base/:sourceType/add`, (ctx) => knowledgeBase(ctx, 'add')),
	route('PATCH', `${AB}/:uid/knowledge-base/:sourceType/remove`, (ctx) => knowledgeBase(ctx, 'remove')),

	route('POST', '/ai-agents/agents', (ctx) => {
		const input = body(ctx);
		checkByoAgent(ctx, input, true);
		const store = aiAgents(ctx.state);
		const uid = `byo-agent-${String(++store.seq).padStart(4, '0')}`;
		const at = iso(ctx.state);
		const agent = {
			uid, appId: APP_ID, name: input.name, icon: input.icon, isActive: input.isActive ?? true, integrateWith: input.integrateWith,
			integrationType: input.integrationType, tools: input.tools ?? [], actions: input.actions ?? [], integrationMeta: input.integrationMeta ?? {},
			metaData: input.metaData ?? {}, _id: `id-${uid}`, createdAt: at, updatedAt: at,
		};
		store.byoAgents.set(uid, agent);
		return { status: 201, body: { agent } };
	}),
	route('GET', '/ai-agents/agents', (ctx) => ({ status: 200, body: [...aiAgents(ctx.state).byoAgents.values()] })),
	route('PATCH', '/ai-agents/agents/:uid', (ctx) => {
		const agent = byoAgentOf(ctx);
		const input = body(ctx);
		// INFERRED: UpdateAgentDTO is a oneOf picked by integrateWith (its discriminator): without it no variant is named.
		if (input.integrateWith === undefined) throw fail(400, 'integrateWith should not be empty');
		checkByoAgent(ctx, input, false);
		Object.assign(agent, input, { updatedAt: iso(ctx.state) });
		return { status: 200, body: { success: true } };
	}),
	route('DELETE', '/ai-agents/agents/:uid', (ctx) => {
		byoAgentOf(ctx);
		aiAgents(ctx.state).byoAgents.delete(ctx.params.uid);
		return { status: 200, body: { success: true, message: `Agent with UID '${ctx.params.uid}' has been deleted successfully` } };
	}),

	route('POST', '/ai-agents/tools', (ctx) => {
		const input = body(ctx);
		checkTool(input);
		const store = aiAgents(ctx.state);
		if (store.byoTools.has(String(input.name))) throw fail(409, `Tool with name '${String(input.name)}' already exists`);
		const at = iso(ctx.state);
		const doNotExecute = input.doNotExecute === true;
		const tool = {
			_id: `${APP_ID}_${String(input.name)}`, appId: APP_ID, name: input.name, type: doNotExecute ? 'tool' : 'action', displayName: input.displayName,
			executionText: input.executionText, doNotExecute, tool: { name: input.name, description: input.description ?? '', parameters: input.parameters ?? {} },
			createdAt: at, updatedAt: at,
		};
		store.byoTools.set(String(input.name), tool);
		return { status: 201, body: tool };
	}),
	route('GET', '/ai-agents/tools', (ctx) => {
		const type = ctx.query.type;
		if (type !== undefined && type !== 'action' && type !== 'tool') throw fail(400, 'type must be one of the following values: action, tool');
		return { status: 200, body: [...aiAgents(ctx.state).byoTools.values()].filter((tool) => !type || tool.type === type) };
	}),
	route('GET', '/ai-agents/tools/:name', (ctx) => ({ status: 200, body: toolOf(ctx) })),
	route('PUT', '/ai-agents/tools/:name', (ctx) => {
		const tool = toolOf(ctx);
		const input = body(ctx);
		checkTool(input);
		if (input.name !== tool.name) throw fail(400, 'name cannot be changed');
		const inner = tool.tool as Rec;
		const doNotExecute = input.doNotExecute === true;
		Object.assign(tool, {
			displayName: input.displayName, executionText: input.executionText, doNotExecute, type: doNotExecute ? 'tool' : 'action',
			tool: { ...inner, ...(input.description !== undefined ? { description: input.description } : {}), ...(input.parameters !== undefined ? { parameters: input.parameters } : {}) },
			updatedAt: iso(ctx.state),
		});
		return { status: 200, body: tool };
	}),
	route('DELETE', '/ai-agents/tools/:name', (ctx) => {
		toolOf(ctx);
		aiAgents(ctx.state).byoTools.delete(ctx.params.name);
		return { status: 200, body: { deleted: true } };
	}),
];
