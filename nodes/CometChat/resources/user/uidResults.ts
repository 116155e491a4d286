import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';
import { readIdList } from '../../../shared/validate';

/**
 * postReceive for Deactivate and Reactivate, which answer with one list of the UIDs they acted on
 * (`{data: {deactivatedUids: [...]}}`) rather than a result per UID: one item per UID asked for, in
 * the order given and spelled as given, `{uid, success, message}`. CometChat lower-cases UIDs, so
 * they match case-insensitively; a UID in the answer that nobody asked for is still passed on.
 */
export function uidResults(parameter: string, field: string, answerKeys: string[], done: string, notDone: string) {
	return async function reportUids(
		this: IExecuteSingleFunctions,
		_items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		const asked = readIdList(this, parameter, field);
		const data = ((response.body as IDataObject | undefined)?.data ?? {}) as IDataObject;
		const reported = answerKeys.flatMap((key) => (Array.isArray(data[key]) ? (data[key] as unknown[]) : [])).map(String);
		const acted = new Set(reported.map((uid) => uid.toLowerCase()));
		const items: INodeExecutionData[] = asked.map((uid) => {
			const success = acted.has(uid.toLowerCase());
			return { json: { uid, success, message: success ? done : notDone } };
		});
		const askedKeys = new Set(asked.map((uid) => uid.toLowerCase()));
		for (const uid of reported) {
			if (askedKeys.has(uid.toLowerCase())) continue;
			askedKeys.add(uid.toLowerCase());
			items.push({ json: { uid, success: true, message: done } });
		}
		return items;
	};
}
