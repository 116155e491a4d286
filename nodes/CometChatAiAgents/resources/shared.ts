import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { REDACTED } from '../../shared/errors/redaction';
import { idField } from '../../shared/fields';
import { preSendFactory } from '../../shared/fold';
import { unexpectedAnswer } from '../../shared/output';
import { paginateByCursor, returnAllOrLimitByCursor } from '../../shared/pagination';
import { inputError, isObject, readBoolean, readChoice, readId, readJsonList, readJsonObject, readList, readText } from '../../shared/validate';

// The helpers of the AI Agents node's resources (one module: its paths, cursor lists, answers and fields).

/** Where every Agent Builder endpoint lives on the chat host. */
export const AGENT_BUILDER = '/ai-agents/agent-builder';

/** The Agent Builder agents' path (ai-agent-service.json). */
export const AGENTS = `${AGENT_BUILDER}/agents`;

/**
 * The next page of an AI Agents list: `meta.next` sent back as it is, `{affix, createdAt}` (agents, tools,
 * servers, actions) or `{affix, cursor}` (knowledge base); undefined when it has neither cursor value.
 */
export function aiCursor(meta: IDataObject | undefined): IDataObject | undefined {
	const next = meta?.next;
	if (!isObject(next)) return undefined;
	const cursor: IDataObject = {};
	for (const key of ['affix', 'createdAt', 'cursor']) {
		if (typeof next[key] === 'string' || typeof next[key] === 'number') cursor[key] = next[key];
	}
	return cursor.createdAt === undefined && cursor.cursor === undefined ? undefined : cursor;
}

/**
 * Return All and Limit of every AI Agents cursor list (agents, tools, servers, actions, knowledge base;
 * query `limit`, `affix` and `createdAt`/`cursor`): `meta.next` sent back. The spec documents no largest
 * `limit` and its answers carry `meta.current.limit` (CometChat's docs show `{"limit": 10}`): a page is
 * short by the size the answer says it used, so a page cut to the service's own cap is not the last.
 * At most 100 a page: CometChat's docs give the knowledge-base list of this service "maximum: 100", and a
 * larger limit another list might refuse would fail Return All, where asking 100 costs only more pages.
 */
export const aiReturnAllOrLimit = returnAllOrLimitByCursor(
	paginateByCursor({ nextCursor: (_page, meta) => aiCursor(meta), sizeFromAnswer: true, maxSize: 100 }),
);

/**
 * postReceive: the records of an AI Agents answer, one item each. These answers carry no `data` wrapper
 * everywhere: a bare record or list (Get Agent, BYO lists), or a record under `key` (`{agent: ...}`,
 * `{data: [...]}`, `{results: [...]}`). Anything else is an error naming what came.
 */
export function recordsOf(key?: string) {
	return async function records(this: IExecuteSingleFunctions, _items: INodeExecutionData[], response: IN8nHttpFullResponse) {
		const value = key === undefined ? response.body : isObject(response.body) ? response.body[key] : undefined;
		const list = Array.isArray(value) ? value : [value];
		if (list.every(isObject)) return list.map((json) => ({ json: json as IDataObject }));
		throw unexpectedAnswer(this, response, key ? `{"${key}": ...}` : 'a record or a list of records');
	};
}

/** postReceive: CometChat's `{success, message?}` with what was asked (e.g. the agent's UID) first. */
export function successWith(asked: string[]) {
	return async function success(this: IExecuteSingleFunctions, _items: INodeExecutionData[], response: IN8nHttpFullResponse) {
		const json: IDataObject = {};
		for (const parameter of asked) json[parameter] = String(this.getNodeParameter(parameter, '', { extractValue: true })).trim();
		const body = isObject(response.body) ? response.body : {};
		json.success = body.success !== false;
		if (typeof body.message === 'string') json.message = body.message;
		return [{ json }];
	};
}

/** postReceive for deletes: `{deleted: true}` as n8n's UX guide asks, plus CometChat's message when it gives one. */
export async function deleted(this: IExecuteSingleFunctions, _items: INodeExecutionData[], response: IN8nHttpFullResponse) {
	const message = isObject(response.body) ? response.body.message : undefined;
	return [{ json: { deleted: true, ...(typeof message === 'string' ? { message } : {}) } }];
}

/** postReceive: the answer itself is the record (the Agent Builder answers tools, servers, actions unwrapped). */
export async function theRecord(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	if (isObject(response.body)) return [{ json: response.body }];
	throw unexpectedAnswer(this, response, 'a JSON object');
}

/**
 * postReceive of API tools and MCP servers: their auth never leaves the node. An API tool's `headers`
 * (JSON text) often carries a token (the spec's own example: "Authorization": "Bearer token"), and which
 * header does cannot be told, so every header keeps its name and loses its value; a Basic Auth password,
 * should the answer echo one, is removed.
 */
export async function withoutToolSecrets(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return items.map((item) => {
		const json = { ...item.json };
		delete json.basicAuthPassword;
		if (json.headers !== undefined && json.headers !== null) json.headers = maskedHeaders(json.headers) as IDataObject | string;
		return { ...item, json };
	});
}

function maskedHeaders(headers: unknown): unknown {
	let parsed = headers;
	if (typeof headers === 'string') {
		try {
			parsed = JSON.parse(headers);
		} catch {
			return REDACTED;
		}
	}
	if (!isObject(parsed)) return REDACTED;
	const masked = Object.fromEntries(Object.keys(parsed).map((name) => [name, REDACTED]));
	return typeof headers === 'string' ? JSON.stringify(masked) : masked;
}

// ---- body fields: each written once, as a property and as the reading of its value ----

type Read = (context: IExecuteSingleFunctions, path: string, field: string) => unknown;

/** A body field: the property shown (its name is the body key) and how its value is checked and read. */
export interface BodyField {
	property: INodeProperties;
	read: Read;
}

export const text =
	(max = Infinity): Read =>
	(context, path, field) =>
		readText(context, path, field, { required: true, max });

const WEB_URL = /^https?:\/\/[^\s/?#]+\S*$/i;
export const webUrl: Read = (context, path, field) => {
	const url = readText(context, path, field, { required: true, max: 3000 });
	if (!WEB_URL.test(url)) throw inputError(context, field, `"${url.slice(0, 60)}" is not an http(s) URL`, 'Write it as https://example.com/….');
	return url;
};

/** A slug: unique per app, URL-safe (spec); letters, digits, "-" and "_" as its examples (INFERRED). */
export const slug: Read = (context, path, field) => readId(context, path, field);

export const flag: Read = (context, path, field) => readBoolean(context, path, field);

export const choice =
	(values: string[]): Read =>
	(context, path, field) =>
		readChoice(context, path, field, values);

/** A JSON object given as an object (or JSON text) and sent as JSON text, as the spec types it (an API tool's headers). */
export const jsonText: Read = (context, path, field) => JSON.stringify(readJsonObject(context, path, field));

/** The `parameters` of an API tool or frontend action: `[{key, type, description, required?}]`. */
export const toolParameters: Read = (context, path, field) => {
	const example = '[{"key": "email", "type": "string", "description": "Email of the lead", "required": true}]';
	const list = readJsonList(context, path, field, { max: Infinity, required: false, example });
	list.forEach((entry, index) => {
		for (const key of ['key', 'type', 'description']) {
			if (typeof entry[key] !== 'string' || (entry[key] as string).trim() === '') {
				throw inputError(context, field, `entry ${index + 1} has no "${key}" text`, `Write each parameter as ${example.slice(1, -1)}.`);
			}
		}
		if (entry.required !== undefined && typeof entry.required !== 'boolean') {
			throw inputError(context, field, `entry ${index + 1}: "required" must be true or false`);
		}
	});
	return list;
};

export const parametersProperty = (what: string): INodeProperties => ({
	displayName: 'Parameters (JSON)',
	name: 'parameters',
	type: 'json',
	default: '[]',
	description: `What the agent passes to the ${what}: a JSON array of {"key", "type", "description", "required"}`,
});

/**
 * The body from these fields: each read from `collection.<name>` when the collection has it added, or
 * from the top-level parameter without a collection (required fields).
 */
export function bodyOf(context: IExecuteSingleFunctions, fields: BodyField[], collection?: string): IDataObject {
	const added = collection ? (context.getNodeParameter(collection, {}) as IDataObject) : undefined;
	const body: IDataObject = {};
	for (const { property, read } of fields) {
		if (added && added[property.name] === undefined) continue;
		body[property.name] = read(context, collection ? `${collection}.${property.name}` : property.name, property.displayName) as IDataObject[string];
	}
	return body;
}

/** The body of an Update: the added Update Fields, at least one. */
export function updateBodyOf(context: IExecuteSingleFunctions, fields: BodyField[]): IDataObject {
	const body = bodyOf(context, fields, 'updateFields');
	if (Object.keys(body).length === 0) throw inputError(context, 'Update Fields', 'is empty', 'Add a field to change.');
	return body;
}

/** The properties of fields shown at the top of Create: required. */
export const requiredProperties = (fields: BodyField[]): INodeProperties[] =>
	fields.map(({ property }) => ({ ...property, required: property.type !== 'boolean' }));

/**
 * A knowledge-base ID (uniqueId, upload ID) as a path segment: the spec gives no format, so any text but
 * "/" and the "." and ".." an HTTP client would resolve (they would change the path).
 */
export const sourceId: Read = (context, path, field) => {
	const id = readText(context, path, field, { required: true, max: 200 });
	if (id.includes('/') || id === '.' || id === '..') throw inputError(context, field, `"${id.slice(0, 60)}" is not an ID`, 'Give the uniqueId CometChat answered.');
	return id;
};

/** postReceive of the knowledge base's deletes, `{success, message, data: {uniqueId, …}}`: `{deleted: true, message, …data}`. */
export async function deletedSource(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const body = isObject(response.body) ? response.body : {};
	const data = isObject(body.data) ? body.data : {};
	return [{ json: { deleted: true, ...(typeof body.message === 'string' ? { message: body.message } : {}), ...data } }];
}

/** postReceive of the status polls, `{success, data: {<uniqueId>: <status>}}`: one item `{uniqueId, status}` per source. */
export async function statusItems(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const data = isObject(response.body) ? response.body.data : undefined;
	if (!isObject(data)) throw unexpectedAnswer(this, response, '{"data": {"<uniqueId>": "<status>"}}');
	return Object.entries(data).map(([uniqueId, status]) => ({ json: { uniqueId, status } }));
}

/**
 * A list of names (tool slugs, actions, IDs) as comma-separated text or a list from an expression, sent as
 * the body array `bodyKey`; at least one. Shown as an ID field is; only what it sends differs.
 */
export const namesField = (name: string, displayName: string, placeholder: string, description: string, bodyKey: string): INodeProperties =>
	idField(name, displayName, placeholder, description, sendNames(name, displayName, bodyKey));

const sendNames = preSendFactory(function sendNames(parameter: string, field: string, bodyKey: string) {
	return async function setNames(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const names = readList(this, parameter, field);
		if (names.length === 0) throw inputError(this, field, 'is empty; give at least one');
		requestOptions.body = { ...(requestOptions.body as object), [bodyKey]: names };
		return requestOptions;
	};
});

/** A path segment that is not a UID (tool slugs, names, IDs): non-empty, and never one "/", "." or "..". */
export const checkSegment = preSendFactory(function checkSegment(parameter: string, field: string) {
	return async function checkPathSegment(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const raw = this.getNodeParameter(parameter, '', { extractValue: true }) as unknown;
		if (typeof raw !== 'string' && typeof raw !== 'number') throw inputError(this, field, 'must be text');
		const value = String(raw).trim();
		if (value === '') throw inputError(this, field, 'is empty');
		if (value.includes('/') || value === '.' || value === '..') throw inputError(this, field, `"${value}" is not a valid ${field}`);
		return requestOptions;
	};
});
