import {
	NodeApiError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IN8nHttpFullResponse,
	type INodeExecutionData,
	type INodeProperties,
	type JsonObject,
} from 'n8n-workflow';
import { isObject } from './validate';

/**
 * postReceive: one item per record of `data` (lists), or the `data` object itself. An answer without
 * an object or a list of objects under `data` is an error saying what came, not an empty item.
 */
export async function unwrapData(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const body = response.body as IDataObject | undefined;
	const data = body !== null && typeof body === 'object' && !Array.isArray(body) ? body.data : undefined;
	const records = Array.isArray(data) ? data : [data];
	if (records.every((record) => record !== null && typeof record === 'object' && !Array.isArray(record))) {
		return records.map((json) => ({ json: json as IDataObject }));
	}
	const itemIndex = this.getItemIndex();
	const shown = typeof body === 'string' ? body : JSON.stringify(body ?? null);
	throw new NodeApiError(this.getNode(), { body: shown } as JsonObject, {
		message: `CometChat answered HTTP ${response.statusCode} without the expected data [item ${itemIndex}]`,
		description: `Expected {"data": {...}} or {"data": [...]}, got: ${shown.length > 300 ? `${shown.slice(0, 300)}…` : shown}`,
		httpCode: String(response.statusCode),
		itemIndex,
	});
}

/**
 * postReceive for deletes: `{deleted: true}` as n8n's UX guide asks, plus CometChat's message when it
 * gives one (`{data: {success: true, message}}`).
 */
export async function deletedResult(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	return await deletedKeeping([]).call(this, _items, response);
}

/** deletedResult that also keeps these fields of CometChat's answer (e.g. scheduledToDeleteAt of an app). */
export function deletedKeeping(fields: string[]) {
	return async function deleted(
		this: IExecuteSingleFunctions,
		_items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		const data = ((response.body as IDataObject | undefined)?.data ?? {}) as IDataObject;
		const json: IDataObject = { deleted: true, ...(typeof data.message === 'string' ? { message: data.message } : {}) };
		for (const field of fields) if (data[field] !== undefined) json[field] = data[field];
		return [{ json }];
	};
}

/** The Simplify switch of Get and Get Many for records with many fields (users, groups). */
export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return only the fields most workflows use instead of the full record',
};

/** postReceive: when Simplify is on, keeps only `fields` of each item, in that order. */
export function simplify(fields: string[]) {
	return async function simplifyItems(
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
	): Promise<INodeExecutionData[]> {
		if (!this.getNodeParameter('simplify', true)) return items;
		return items.map((item) => {
			const json: IDataObject = {};
			for (const field of fields) if (item.json[field] !== undefined) json[field] = item.json[field];
			return { ...item, json };
		});
	};
}

/**
 * What CometChat answered to an action: `data` when it is an object with content, else the
 * `success`/`message` pair (the spec shows `{data: {...}}`; newer docs show `{success, message}` at
 * the top level for some moderation answers, so both are read).
 */
function answerOf(response: IN8nHttpFullResponse): IDataObject {
	const body = response.body as IDataObject | undefined;
	if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
	const data = body.data;
	if (data !== null && typeof data === 'object' && !Array.isArray(data) && Object.keys(data).length > 0) return data as IDataObject;
	const answer: IDataObject = {};
	if (typeof body.success === 'boolean') answer.success = body.success;
	if (typeof body.message === 'string') answer.message = body.message;
	return answer;
}

/**
 * postReceive for actions on one message (flag, review): one item with what was asked (`asked`,
 * e.g. the message ID and status) and CometChat's answer; `success: true` unless the answer says
 * otherwise (CometChat answered 200).
 */
export function actionResult(asked: (context: IExecuteSingleFunctions) => IDataObject) {
	return async function messageActionResult(
		this: IExecuteSingleFunctions,
		_items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		return [{ json: { ...asked(this), success: true, ...answerOf(response) } }];
	};
}

/**
 * postReceive for a delete whose answer may come with or without the `data` wrapper (the spec shows
 * Delete Reason's `{success, message}` at the top level): `{deleted: true, message}`.
 */
export async function deletedAnswer(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const { message } = answerOf(response);
	return [{ json: { deleted: true, ...(typeof message === 'string' ? { message } : {}) } }];
}

/**
 * postReceive for answers that wrap a list in a named key (`{data: {pushTokens: [...]}}`): one item per
 * entry; no key is an empty list. Anything else is an error naming what came, without repeating it (it
 * may hold tokens).
 */
export function itemsOf(key: string) {
	return async function listItems(
		this: IExecuteSingleFunctions,
		_items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		const data = dataOf(response);
		const list = data && !(key in data) ? [] : data?.[key];
		if (Array.isArray(list) && list.every(isObject)) return list.map((json) => ({ json: json as IDataObject }));
		throw unexpectedAnswer(this, response, `{"data": {"${key}": [...]}}`);
	};
}

/** `data` of a CometChat answer when it is an object. */
export function dataOf(response: IN8nHttpFullResponse): IDataObject | undefined {
	const body = response.body as IDataObject | undefined;
	const data = isObject(body) ? body.data : undefined;
	return isObject(data) ? data : undefined;
}

/** An answer of the wrong shape, described by its keys only (notification answers can hold secrets). */
export function unexpectedAnswer(context: IExecuteSingleFunctions, response: IN8nHttpFullResponse, expected: string): NodeApiError {
	const itemIndex = context.getItemIndex();
	const data = dataOf(response);
	const got = data ? `data with the keys ${Object.keys(data).join(', ') || '(none)'}` : 'no data object';
	return new NodeApiError(context.getNode(), {} as JsonObject, {
		message: `CometChat answered HTTP ${response.statusCode} without the expected data [item ${itemIndex}]`,
		description: `Expected ${expected}, got ${got}.`,
		httpCode: String(response.statusCode),
		itemIndex,
	});
}
