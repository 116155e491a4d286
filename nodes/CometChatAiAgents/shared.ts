import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { preSendFactory } from '../shared/fold';
import { unexpectedAnswer } from '../shared/output';
import { paginateByCursor, returnAllOrLimitByCursor } from '../shared/pagination';
import { inputError, isObject, readList } from '../shared/validate';

/** The Agent Builder agents' path (ai-agent-service.json). */
export const AGENTS = '/ai-agents/agent-builder/agents';

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

/**
 * Return All and Limit of the Agent Builder's cursor lists (query `limit`, `affix`, `createdAt`): the next
 * page is `meta.next` (`{affix: "append", createdAt}`) sent back. The spec gives no largest `limit`; 100 a
 * page is asked for (INFERRED), and a shorter page ends the walk.
 */
export const returnAllOrLimitByCreatedAt = returnAllOrLimitByCursor(
	paginateByCursor({
		maxSize: 100,
		nextCursor: (_page, meta) => {
			const next = meta?.next as IDataObject | undefined;
			return typeof next?.createdAt === 'number' ? { affix: 'append', createdAt: next.createdAt } : undefined;
		},
	}),
);

/**
 * A list of names (tool slugs, actions, IDs) as comma-separated text or a list from an expression, sent as
 * the body array `bodyKey`; at least one.
 */
export function namesField(name: string, displayName: string, placeholder: string, description: string, bodyKey: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		required: true,
		default: '',
		placeholder,
		description,
		routing: { send: { preSend: [sendNames(name, displayName, bodyKey)] } },
	};
}

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
