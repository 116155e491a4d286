import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	PostReceiveAction,
} from 'n8n-workflow';

/** postReceive: one item per record of `data` (lists), or the `data` object itself. */
export const unwrapData: PostReceiveAction = { type: 'rootProperty', properties: { property: 'data' } };

/**
 * postReceive for deletes: `{deleted: true}` as n8n's UX guide asks, plus CometChat's message when it
 * gives one (`{data: {success: true, message}}`).
 */
export async function deletedResult(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const data = ((response.body as IDataObject | undefined)?.data ?? {}) as IDataObject;
	return [{ json: { deleted: true, ...(typeof data.message === 'string' ? { message: data.message } : {}) } }];
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
