import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { returnAllOrLimit } from '../../shared/pagination';
import { withRetries } from '../../shared/retry';
import { inputError } from '../../shared/validate';

// Paging notification logs by cursor (reference §2.3). Written here, in a form the shared cursor
// paginator (shared/pagination.ts, paginateByCursor) can replace: all that is specific to logs is
// `nextLogCursor`, which says what to ask for after a page.
//
// The spec gives the logs no `limit` parameter (CometChat's pages hold 20, its default) and the cursor
// parameters `affix` and `logId`. Its example's meta.next carries `messageId`, which is also a filter
// here, so it cannot be sent back as a cursor: the next page is asked for with affix=append and logId =
// the `_id` of the last log (INFERRED), or meta.next.logId when CometChat gives one.

interface CursorMeta {
	current?: { limit?: number; count?: number };
	next?: IDataObject;
}

/** The query of the page after `page`, or undefined when `page` was the last. */
export function nextLogCursor(page: INodeExecutionData[], meta: CursorMeta | undefined): IDataObject | undefined {
	if (page.length === 0 || !meta?.next) return undefined;
	const { limit, count } = meta.current ?? {};
	if (typeof limit === 'number' && typeof count === 'number' && count < limit) return undefined;
	const logId = meta.next.logId ?? page[page.length - 1].json._id;
	if (typeof logId !== 'string' && typeof logId !== 'number') return undefined;
	return { affix: 'append', logId: String(logId) };
}

/**
 * `operations.pagination` of Get Many: pages until the Limit is reached or the cursor says the list
 * ended; each page through the operation's own postReceive chain and the retry policy.
 */
export async function paginateLogs(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const returnAll = this.getNodeParameter('returnAll', false) as boolean;
	const limit = returnAll ? Infinity : Number(this.getNodeParameter('limit', 50));
	if (!returnAll && !(Number.isInteger(limit) && limit >= 1)) {
		throw inputError(this, 'Limit', `must be a whole number of at least 1, not ${JSON.stringify(this.getNodeParameter('limit', 50))}`);
	}
	const last: { meta?: CursorMeta } = {};
	requestData.postReceive.unshift({
		data: { parameterValue: undefined },
		actions: [
			async function captureMeta(items: INodeExecutionData[], response: IN8nHttpFullResponse) {
				last.meta = (response.body as IDataObject | undefined)?.meta as CursorMeta | undefined;
				return items;
			},
		],
	});
	const results: INodeExecutionData[] = [];
	const seen = new Set<string>();
	let cursor: IDataObject = {};
	for (;;) {
		last.meta = undefined;
		const pageRequest = { ...requestData, options: { ...requestData.options, qs: { ...requestData.options.qs, ...cursor } } };
		const page = await withRetries(this, pageRequest.options, async () => await this.makeRoutingRequest(pageRequest));
		results.push(...page);
		if (results.length >= limit) return results.slice(0, limit);
		const next = nextLogCursor(page, last.meta);
		// A cursor seen before would repeat pages forever.
		if (!next || seen.has(String(next.logId))) return results;
		seen.add(String(next.logId));
		cursor = next;
	}
}

/** Return All and Limit of the logs: the shared fields, with this paginator. */
export const returnAllOrLimitByCursor: INodeProperties[] = [
	{ ...returnAllOrLimit[0], routing: { send: { paginate: true }, operations: { pagination: paginateLogs } } },
	returnAllOrLimit[1],
];
