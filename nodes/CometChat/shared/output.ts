import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	PostReceiveAction,
} from 'n8n-workflow';
import { readList } from './validate';

/** postReceive: one item per record of `data` (lists), or the `data` object itself. */
export const unwrapData: PostReceiveAction = { type: 'rootProperty', properties: { property: 'data' } };

/**
 * postReceive for batch endpoints that answer `{data: {<uid>: {success, message}}}`: one item per
 * requested UID, in the order given, as `{uid, success, message}`. CometChat lower-cases UIDs, so keys
 * match case-insensitively. A UID the answer leaves out becomes `success: false` rather than vanishing,
 * and a key nobody asked for is still reported.
 */
export function perUidResults(parameter: string, field: string) {
	return async function perUidResult(
		this: IExecuteSingleFunctions,
		_items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		const requested = readList(this, parameter, field);
		const data = ((response.body as IDataObject)?.data ?? {}) as IDataObject;
		const answers = new Map(Object.entries(data).map(([uid, result]) => [uid.toLowerCase(), { uid, result }]));
		const items: INodeExecutionData[] = [];
		for (const uid of requested) {
			const answer = answers.get(uid.toLowerCase());
			answers.delete(uid.toLowerCase());
			items.push({ json: toResult(uid, answer?.result) });
		}
		for (const { uid, result } of answers.values()) items.push({ json: toResult(uid, result) });
		return items;
	};
}

function toResult(uid: string, result: unknown): IDataObject {
	if (result === undefined) {
		return { uid, success: false, message: 'CometChat returned no result for this UID.' };
	}
	const entry = (result ?? {}) as IDataObject;
	const error = entry.error as IDataObject | undefined;
	return {
		uid,
		success: entry.success === true,
		message: String(entry.message ?? error?.message ?? ''),
		...(error?.code ? { code: error.code } : {}),
	};
}
