import {
	NodeApiError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IN8nHttpFullResponse,
	type INodeExecutionData,
	type INodeProperties,
	type JsonObject,
} from 'n8n-workflow';

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
