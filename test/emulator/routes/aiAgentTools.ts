/**
 * Agent Builder's API tools, MCP servers and frontend actions (ai-agent-service.json; reference
 * cometchat-ai-agents-and-bots.md A1.5–A1.7): records answered as they are (no `data` wrapper), lists as
 * `{data, meta: {previous, current, next}}` walked by `affix` + `createdAt`, deletes as `{success, message}`.
 *
 * INFERRED (the spec declares no errors; A.0.4 gives the service's error body `{statusCode, message,
 * error}`): an unknown record is 404, a missing field 400, a slug or trigger function taken 409. A page
 * holds at most 100 records whatever `limit` asks (no largest limit is documented), and says so in
 * `meta.current.limit`; the default page is 10 (the spec's example). Newest first; `append` goes to older.
 */
import { CometError, type CometErrorBody } from '../errors';
import type { EmulatorState } from '../state';
import { bodyObject, type Route, type RouteContext, type RouteResult } from './shared';

/** The AI Agents service's error answer (A.0.4). */
export function aiError(status: number, message: string): CometError {
	const error = { 400: 'Bad Request', 404: 'Not Found', 409: 'Conflict' }[status as 400 | 404 | 409] ?? 'Error';
	return new CometError(status, { statusCode: status, message, error } as unknown as CometErrorBody);
}

// The emulator's app (DEFAULT_APP_ID), as the `_id`s and `appId`s of records show it.
const APP_ID = 'demo-app';
const PAGE_CAP = 100;

export type AiKind = 'apiTool' | 'mcpServer' | 'frontendAction';
export type AiRecord = Record<string, unknown> & { createdAt: number };

class AiRecords {
	readonly byKind: Record<AiKind, Map<string, AiRecord>> = { apiTool: new Map(), mcpServer: new Map(), frontendAction: new Map() };
	lastCreatedAt = 0;
	clear(): void {
		for (const map of Object.values(this.byKind)) map.clear();
		this.lastCreatedAt = 0;
	}
}

export const aiRecords = (state: EmulatorState) => state.store('aiAgentTools', () => new AiRecords());

/** A creation time in ms, unique in this store (the lists' cursor is the creation time). */
export function aiCreatedAt(state: EmulatorState, store: { lastCreatedAt: number }): number {
	store.lastCreatedAt = Math.max(state.now() * 1000, store.lastCreatedAt + 1);
	return store.lastCreatedAt;
}

/** Puts a record in place as a create would (tests seed with it). */
export function seedAiRecord(state: EmulatorState, kind: AiKind, input: Record<string, unknown>): AiRecord {
	const store = aiRecords(state);
	const createdAt = aiCreatedAt(state, store);
	const key = kind === 'frontendAction' ? `${APP_ID}_${String(input.triggerFunction)}` : String(input.slug);
	const record: AiRecord = { _id: kind === 'frontendAction' ? key : `${APP_ID}_${key}`, appId: APP_ID, ...input, createdAt, updatedAt: createdAt };
	if (kind !== 'mcpServer') record.tool = toolOf(record);
	store.byKind[kind].set(key, record);
	return record;
}

/** The function definition the service derives for agents (`tool`). */
function toolOf(record: Record<string, unknown>) {
	const parameters = (Array.isArray(record.parameters) ? record.parameters : []) as Array<Record<string, unknown>>;
	return {
		name: String(record.slug ?? record.triggerFunction),
		description: record.description,
		parameters: {
			type: 'object',
			properties: Object.fromEntries(parameters.map((p) => [p.key, { type: p.type, description: p.description }])),
			required: parameters.filter((p) => p.required === true).map((p) => p.key),
		},
	};
}

/** A page of records, newest first, from `limit`, `affix` and `createdAt` (or `cursor`). */
export function aiPage(records: Array<{ createdAt: number }>, query: Record<string, string>, cursorKey: 'createdAt' | 'cursor' = 'createdAt') {
	const asked = query.limit === undefined ? 10 : Number(query.limit);
	if (!Number.isFinite(asked) || asked < 1) throw aiError(400, 'limit must be a positive number');
	const limit = Math.min(asked, PAGE_CAP);
	const sorted = [...records].sort((a, b) => b.createdAt - a.createdAt);
	const at = query[cursorKey] === undefined ? undefined : Number(query[cursorKey]);
	let page: typeof sorted;
	if (at === undefined) page = sorted.slice(0, limit);
	else if (query.affix === 'prepend') page = sorted.filter((r) => r.createdAt > at).slice(-limit);
	else page = sorted.filter((r) => r.createdAt < at).slice(0, limit);
	const edge = (record: { createdAt: number } | undefined) => (cursorKey === 'cursor' ? String(record?.createdAt) : record?.createdAt);
	const meta: Record<string, unknown> = { current: { limit, count: page.length } };
	if (page.length > 0) {
		meta.previous = { affix: 'prepend', [cursorKey]: edge(page[0]) };
		meta.next = { affix: 'append', [cursorKey]: edge(page[page.length - 1]) };
	}
	return { data: page, meta };
}

interface KindRules {
	path: string;
	/** Body key that identifies the record in its path (slug), or how the ID is made (frontend actions). */
	keyOf: (body: Record<string, unknown>) => string | undefined;
	required: string[];
	/** Fields PATCH may change. */
	updatable: string[];
	noun: string;
}

const API_TOOL_FIELDS = ['description', 'endpoint', 'method', 'enableBasicAuth', 'basicAuthUsername', 'basicAuthPassword', 'headers', 'bodyTemplate', 'allowAdditionalProperties', 'parameters', 'icon'];
const RULES: Record<AiKind, KindRules> = {
	apiTool: {
		path: 'api-tools',
		keyOf: (body) => body.slug as string | undefined,
		required: ['slug', 'description', 'endpoint', 'method', 'enableBasicAuth', 'name'],
		updatable: ['slug', ...API_TOOL_FIELDS],
		noun: 'API tool',
	},
	mcpServer: {
		path: 'mcp-servers',
		keyOf: (body) => body.slug as string | undefined,
		required: ['name', 'slug', 'url'],
		updatable: ['name', 'description', 'url', 'icon'],
		noun: 'MCP server',
	},
	frontendAction: {
		path: 'frontend-actions',
		keyOf: (body) => (body.triggerFunction === undefined ? undefined : `${APP_ID}_${String(body.triggerFunction)}`),
		required: ['name', 'description', 'triggerFunction'],
		updatable: ['name', 'description', 'parameters', 'icon'],
		noun: 'Frontend action',
	},
};

/** The record without what the service never answers (API tools' Basic Auth pair is not in the response schema). */
function view(record: AiRecord): Record<string, unknown> {
	const shown: Record<string, unknown> = { ...record };
	delete shown.basicAuthUsername;
	delete shown.basicAuthPassword;
	return shown;
}

function checkBody(body: Record<string, unknown>, fields: string[], required: string[]): void {
	for (const field of required) {
		if (body[field] === undefined || body[field] === null || body[field] === '') throw aiError(400, `${field} should not be empty`);
	}
	for (const [field, value] of Object.entries(body)) {
		if (!fields.includes(field)) throw aiError(400, `property ${field} should not exist`);
		if (field === 'parameters' && !Array.isArray(value)) throw aiError(400, 'parameters must be an array');
		if (['enableBasicAuth', 'allowAdditionalProperties'].includes(field) && typeof value !== 'boolean') throw aiError(400, `${field} must be a boolean value`);
		if (field === 'headers' && typeof value !== 'string') throw aiError(400, 'headers must be a string');
	}
	if (body.method !== undefined && !['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(String(body.method))) {
		throw aiError(400, 'method must be one of the following values: GET, POST, PUT, PATCH, DELETE');
	}
}

function routesOf(kind: AiKind): Route[] {
	const rules = RULES[kind];
	const base = `/ai-agents/agent-builder/${rules.path}`;
	const find = (ctx: RouteContext): AiRecord => {
		const record = aiRecords(ctx.state).byKind[kind].get(ctx.params.id);
		if (!record) throw aiError(404, `${rules.noun} with ${kind === 'frontendAction' ? 'id' : 'slug'} ${ctx.params.id} not found`);
		return record;
	};
	const answer = (status: number, body: unknown): RouteResult => ({ status, body });
	return [
		{
			method: 'GET',
			path: base,
			handler: (ctx) => {
				const { data, meta } = aiPage([...aiRecords(ctx.state).byKind[kind].values()], ctx.query);
				return answer(200, { data: data.map((record) => view(record as AiRecord)), meta });
			},
		},
		{
			method: 'POST',
			path: base,
			handler: (ctx) => {
				const body = bodyObject(ctx);
				const fields = [...rules.updatable, ...rules.required];
				checkBody(body, fields, rules.required);
				const key = rules.keyOf(body)!;
				if (aiRecords(ctx.state).byKind[kind].has(key)) throw aiError(409, `${rules.noun} ${key} already exists`);
				return answer(201, view(seedAiRecord(ctx.state, kind, body)));
			},
		},
		{ method: 'GET', path: `${base}/:id`, handler: (ctx) => answer(200, view(find(ctx))) },
		{
			method: 'PATCH',
			path: `${base}/:id`,
			handler: (ctx) => {
				const record = find(ctx);
				const body = bodyObject(ctx);
				checkBody(body, rules.updatable, []);
				const map = aiRecords(ctx.state).byKind[kind];
				const renamed = typeof body.slug === 'string' && body.slug !== record.slug;
				if (renamed && map.has(body.slug as string)) throw aiError(409, `${rules.noun} ${String(body.slug)} already exists`);
				Object.assign(record, body, { updatedAt: Math.max(record.updatedAt as number, ctx.state.now() * 1000) });
				if (kind !== 'mcpServer') record.tool = toolOf(record);
				if (renamed) {
					map.delete(ctx.params.id);
					record._id = `${APP_ID}_${String(body.slug)}`;
					map.set(body.slug as string, record);
				}
				return answer(200, view(record));
			},
		},
		{
			method: 'DELETE',
			path: `${base}/:id`,
			handler: (ctx) => {
				find(ctx);
				aiRecords(ctx.state).byKind[kind].delete(ctx.params.id);
				return answer(200, { success: true, message: `${rules.noun} deleted successfully` });
			},
		},
	];
}

export const aiAgentToolRoutes: Route[] = [...routesOf('apiTool'), ...routesOf('mcpServer'), ...routesOf('frontendAction')];
