import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { withRetries, writeOnceInRun } from './retry';
import { sameId } from './validate';

export interface BatchOptions {
	/** Body arrays holding the IDs, in the order their IDs are sent and reported. */
	lists: string[];
	/** At most this many IDs in all per call (CometChat: 25 for members and friends). */
	size?: number;
	/** `{data: {<list>: {<id>: result}}}` (members, friends) rather than `{data: {<id>: result}}` (blocks). */
	nested?: boolean;
	/** Extra output fields for IDs from one list, e.g. admins → {scope: 'admin'}. */
	tag?: (list: string) => IDataObject;
	/** The output field naming the ID; default `uid`. */
	field?: string;
}

/**
 * Runs a batch endpoint as `operations.pagination` (the declarative way to make several calls for one
 * item): splits the body's ID lists into calls of at most `size` IDs, in order, and returns one item
 * per ID asked for — `{uid, ...tag, success, message}` in the order given. CometChat lower-cases IDs,
 * so answers match case-insensitively; an ID the answer leaves out is reported as `success: false`,
 * and an answer for an ID nobody asked for is still passed on. Needs `send.paginate: true`.
 */
export function inBatches({ lists, size = Infinity, nested = false, tag, field = 'uid' }: BatchOptions) {
	return async function runBatches(
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const body = (requestData.options.body ?? {}) as IDataObject;
		const entries = lists.flatMap((list) => ((body[list] as string[] | undefined) ?? []).map((id) => ({ list, id })));
		return await sendInBatches(this, requestData, entries, size, {
			bodyOf: (chunk) => {
				const chunkBody: IDataObject = { ...body };
				for (const list of lists) delete chunkBody[list];
				for (const { list, id } of chunk) ((chunkBody[list] ??= []) as string[]).push(id);
				return chunkBody;
			},
			itemsOf: (chunk, response) => {
				const data = ((response?.json as IDataObject | undefined)?.data ?? {}) as IDataObject;
				const asked = chunk.map(({ list, id }) => ({ list, id, fields: tag?.(list) }));
				return matchAnswers(asked, answersOf(data, lists, nested), { field, tag, outcome: (result) => outcome(result, MISSING_ID) });
			},
		});
	};
}

/** What sendInBatches needs of a batch endpoint. */
export interface Batches<T> {
	/** The request body of one batch. */
	bodyOf: (batch: T[]) => IDataObject | string;
	/** The output items of one batch's answer. */
	itemsOf: (batch: T[], response: INodeExecutionData | undefined) => INodeExecutionData[];
	/** What a failed batch throws (by default its error as it is); `start`/`end` index `entries`. */
	failed?: (error: Error, start: number, end: number) => Error;
}

/**
 * The one batch loop (ID lists here, Data Import's records): `entries` in requests of at most `size`, in
 * order, each through the retry policy on its own and made once per node run (writeOnceInRun); one
 * batch's failure ends the run.
 */
export async function sendInBatches<T>(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	entries: T[],
	size: number,
	{ bodyOf, itemsOf, failed = (error) => error }: Batches<T>,
): Promise<INodeExecutionData[]> {
	const items: INodeExecutionData[] = [];
	for (let start = 0; start < entries.length; start += size) {
		const batch = entries.slice(start, start + size);
		const batchRequest = { ...requestData, options: { ...requestData.options, body: bodyOf(batch) } };
		let response: INodeExecutionData | undefined;
		try {
			// Once per node run, like every write: n8n's Retry On Fail gets the answer a batch already got.
			[response] = await writeOnceInRun(context, batchRequest.options, async () => await withRetries(context, batchRequest.options, async () => await context.makeRoutingRequest(batchRequest)));
		} catch (error) {
			throw failed(error as Error, start, start + batch.length);
		}
		for (const item of itemsOf(batch, response)) items.push(item);
	}
	return items;
}

/** One key asked for: its list (for answers nested per list), its ID as given, and fields of its own for its item. */
export interface Asked {
	list: string;
	id: string;
	fields?: IDataObject;
}

/** One key of an answer and CometChat's result for it. */
export interface Answer {
	list: string;
	id: string;
	result: unknown;
}

const MISSING_ID = 'CometChat returned no result for this ID.';

function answersOf(data: IDataObject, lists: string[], nested: boolean): Answer[] {
	if (!nested) return Object.entries(data).map(([id, result]) => ({ list: lists[0], id, result }));
	return lists.flatMap((list) =>
		Object.entries((data[list] ?? {}) as IDataObject).map(([id, result]) => ({ list, id, result })),
	);
}

/**
 * postReceive for endpoints that answer one `{success, message}` per key of a single request, beside
 * other data (restricted features, permissions): one item per key asked for, `{<field>: key, success,
 * message}`, matched as inBatches does.
 */
export function perKeyResults(field: string, askedKeys: (context: IExecuteSingleFunctions) => string[]) {
	return async function resultsPerKey(
		this: IExecuteSingleFunctions,
		_items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		const data = ((response.body as IDataObject | undefined)?.data ?? {}) as IDataObject;
		const answers = Object.entries(data)
			.filter(([, result]) => typeof (result as IDataObject | null)?.success === 'boolean')
			.map(([id, result]) => ({ list: '', id, result }));
		const asked = askedKeys(this).map((id) => ({ list: '', id }));
		return matchAnswers(asked, answers, { field, outcome: (result) => outcome(result, 'CometChat returned no result for this key.') });
	};
}

/**
 * The one answer matching of batch endpoints (ID lists here, Data Import's records): one item per key
 * asked for, in the order given and spelled as given — `{<field>: id, ...its fields, ...outcome}` — then
 * one per answer nobody asked for (still passed on). CometChat lower-cases UIDs and GUIDs in its answers,
 * so a key matches its answer exactly, or else ignoring case; a key the answer leaves out gets
 * `outcome(undefined)`.
 */
export function matchAnswers(
	asked: Asked[],
	answers: Answer[],
	{ field, outcome, tag = () => ({}) }: { field: string; outcome: (result: unknown) => IDataObject; tag?: (list: string) => IDataObject | undefined },
): INodeExecutionData[] {
	const keyOf = (list: string, id: string) => `${list}\u0000${id}`;
	const pending = new Map(answers.map((answer) => [keyOf(answer.list, answer.id), answer]));
	const take = (list: string, id: string): Answer | undefined => {
		let key = keyOf(list, id);
		if (!pending.has(key)) key = [...pending.keys()].find((other) => sameId(other, key)) ?? key;
		const answer = pending.get(key);
		pending.delete(key);
		return answer;
	};
	const items: INodeExecutionData[] = asked.map(({ list, id, fields }) => ({ json: { [field]: id, ...fields, ...outcome(take(list, id)?.result) } }));
	for (const { list, id, result } of pending.values()) items.push({ json: { [field]: id, ...tag(list), ...outcome(result) } });
	return items;
}

function outcome(result: unknown, missing: string): IDataObject {
	if (result === undefined) return { success: false, message: missing };
	const entry = (result ?? {}) as IDataObject;
	const error = entry.error as IDataObject | undefined;
	const message = entry.message ?? error?.message;
	return {
		success: entry.success === true,
		...(message !== undefined ? { message: String(message) } : {}),
		...(error?.code ? { code: error.code } : {}),
	};
}
