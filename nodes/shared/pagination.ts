import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { withRetries } from './retry';
import { inputError } from './validate';

// CometChat lists take perPage up to 1000 (users, groups, members, friends, conversations).
export const MAX_PER_PAGE = 1000;

interface PagePagination {
	current_page?: number;
	total_pages?: number;
}

/**
 * Walks CometChat's page/perPage lists. With Return All it asks for 1000 per page until
 * meta.pagination says the last page came; with a Limit it asks for no more than the limit needs.
 * Each page goes through the operation's own postReceive chain (error check, unwrap `data`).
 * `page: false` is for lists whose spec gives only `perPage` (no `page`): one request, never `page`;
 * should the answer say more pages exist, the item fails rather than returning a silently cut list.
 */
export function pageWalker({ page = true }: { page?: boolean } = {}) {
	return async function walkPages(this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions) {
		return await paginate.call(this, requestData, page);
	};
}

export async function paginateByPage(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	return await paginate.call(this, requestData, true);
}

async function paginate(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	sendPage: boolean,
): Promise<INodeExecutionData[]> {
	const { returnAll, limit } = readLimit(this);
	// The fewest pages that hold the limit, split evenly: 1500 → 2 × 750, not 1000 + 1000.
	const perPage = returnAll ? MAX_PER_PAGE : Math.ceil(limit / Math.ceil(limit / MAX_PER_PAGE));

	const last: { pagination?: PagePagination } = {};
	requestData.postReceive.unshift({
		data: { parameterValue: undefined },
		actions: [
			async function capturePagination(items: INodeExecutionData[], response: IN8nHttpFullResponse) {
				const meta = (response.body as IDataObject | undefined)?.meta as IDataObject | undefined;
				last.pagination = meta?.pagination as PagePagination | undefined;
				return items;
			},
		],
	});

	const results: INodeExecutionData[] = [];
	for (let page = 1; ; page++) {
		last.pagination = undefined;
		const pageQuery = sendPage ? { page, perPage } : { perPage };
		const pageRequest = { ...requestData, options: { ...requestData.options, qs: { ...requestData.options.qs, ...pageQuery } } };
		// A page that fails is retried on its own: the walk resumes where it was, nothing is fetched twice.
		const items = await withRetries(this, pageRequest.options, async () => await this.makeRoutingRequest(pageRequest));
		results.push(...items);
		if (results.length >= limit) return results.slice(0, limit);
		// Some lists report total 0 but a right total_pages (blocked users), so total_pages decides;
		// without pagination meta, a short page is the last one.
		const pagination = last.pagination as PagePagination | undefined;
		const more =
			pagination?.total_pages !== undefined
				? (pagination.current_page ?? page) < pagination.total_pages
				: items.length === perPage;
		if (!more || items.length === 0) return results;
		if (!sendPage) {
			// INFERRED: the spec documents no way past the first page; failing loses nothing silently.
			const itemIndex = this.getItemIndex();
			throw new NodeOperationError(
				this.getNode(),
				`CometChat has more than ${perPage} entries in this list, and its API documents no way to fetch past the first ${perPage} [item ${itemIndex}]`,
				{ itemIndex },
			);
		}
	}
}

/** Return All, or the Limit (a whole number of at least 1; Infinity with Return All). */
function readLimit(context: IExecutePaginationFunctions): { returnAll: boolean; limit: number } {
	const returnAll = context.getNodeParameter('returnAll', false) as boolean;
	return { returnAll, limit: returnAll ? Infinity : readLimitValue(context, 'limit') };
}

/**
 * The Limit at `parameter` (e.g. `limit`, `filters.limit`): a whole number of at least 1, checked before any
 * request, since an expression may give anything. Only a number or non-blank text: Number() of an object may
 * throw (no prototype) or mislead, and an empty expression must not go out as `limit=`; a safe integer, as a
 * larger one is not the number typed (2^53 + 1 reads as 2^53).
 */
export function readLimitValue(context: IExecuteSingleFunctions | IExecutePaginationFunctions, parameter: string): number {
	const raw = context.getNodeParameter(parameter, 50) as unknown;
	const limit = typeof raw === 'number' || (typeof raw === 'string' && raw.trim() !== '') ? Number(raw) : NaN;
	if (!(Number.isSafeInteger(limit) && limit >= 1)) {
		throw inputError(context, 'Limit', `must be a whole number of at least 1, not ${JSON.stringify(raw) ?? String(typeof raw)}`);
	}
	return limit;
}

/** The cursor query parameters of CometChat's cursor lists (reference §2.3): what `meta.next` holds. */
const CURSOR_KEYS = ['affix', 'id', 'sentAt'] as const;

export interface CursorOptions {
	/**
	 * The query parameter of the page size: `limit` (message lists, up to 1000), `perPage` (thread
	 * messages: the only size the spec gives that list), or null where the spec gives none (reactions:
	 * CometChat's own page size applies, 100 [SPEC example]). Default `limit`.
	 */
	sizeParam?: 'limit' | 'perPage' | null;
	/**
	 * The query of the page after `page`, or undefined when it was the last, for lists whose `meta.next`
	 * cannot be sent back as it is (notification logs). Default: `meta.next`'s affix, id and sentAt.
	 */
	nextCursor?: (page: INodeExecutionData[], meta: IDataObject | undefined) => IDataObject | undefined;
	/** The largest page the list gives (campaigns lists: 100). Default 1000. */
	maxSize?: number;
	/**
	 * A page is short against the size the answer says it used (`meta.current.limit`) when it says one,
	 * not against the size asked: for lists whose largest page is not documented (AI Agents), a page cut
	 * to the service's own cap is then not taken for the last one.
	 */
	sizeFromAnswer?: boolean;
}

/**
 * Walks CometChat's cursor lists (messages, threads, reactions; reference §2.3). Each answer's
 * `meta.next` (`{affix, id, sentAt}`) is sent back as query parameters for the next page [REC]. Return
 * All asks for 1000 per page; a Limit asks for no more than is still missing (1500 → 1000 + 500), so
 * nothing is fetched that is not returned. The walk ends at an empty page, a page shorter than asked
 * (or, where no size is sent, than `meta.current.limit`; INFERRED: CometChat fills a page up to its size
 * while records remain, so this saves the last, empty request), an answer without `meta.next` (or one that points nowhere: empty lists answer a `next`
 * without an id [REC]), or a cursor already sent (no progress).
 * Each page goes through the operation's own postReceive chain and retries on its own.
 */
export function paginateByCursor({
	sizeParam = 'limit',
	nextCursor = (_page, meta) => cursorOf(meta?.next),
	maxSize = MAX_PER_PAGE,
	sizeFromAnswer = false,
}: CursorOptions = {}) {
	return async function walkCursor(
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const { limit } = readLimit(this);
		const last: { meta?: IDataObject } = {};
		requestData.postReceive.unshift({
			data: { parameterValue: undefined },
			actions: [
				async function captureCursor(items: INodeExecutionData[], response: IN8nHttpFullResponse) {
					last.meta = (response.body as IDataObject | undefined)?.meta as IDataObject | undefined;
					return items;
				},
			],
		});

		const results: INodeExecutionData[] = [];
		const baseQs = requestData.options.qs ?? {};
		let cursor: IDataObject = {};
		const seen = new Set<string>();
		for (;;) {
			const size = Math.min(maxSize, limit - results.length);
			const qs: IDataObject = { ...baseQs, ...cursor };
			if (sizeParam !== null) qs[sizeParam] = size;
			const pageRequest = { ...requestData, options: { ...requestData.options, qs } };
			last.meta = undefined;
			const items = await withRetries(this, pageRequest.options, async () => await this.makeRoutingRequest(pageRequest));
			// One by one, not push(...items): a page never makes a large argument list, and Limit stops exactly.
			for (const item of items) {
				results.push(item);
				if (results.length >= limit) return results;
			}
			const meta = last.meta as IDataObject | undefined; // set by captureCursor during the request
			const next = nextCursor(items, meta);
			// The page size asked for, else the one CometChat says it used (meta.current.limit).
			const answered = Number((meta?.current as IDataObject | undefined)?.limit);
			const pageSize = sizeParam !== null && !(sizeFromAnswer && answered > 0) ? size : answered;
			if (!next || items.length === 0 || items.length < pageSize) return results;
			if (seen.has(JSON.stringify(next))) return results; // a cursor seen before would repeat pages forever
			seen.add(JSON.stringify(next));
			cursor = next;
		}
	};
}

/** The query parameters of `meta.next`, or undefined when it points nowhere (no message id to go on from). */
export function cursorOf(next: unknown): IDataObject | undefined {
	if (next === null || typeof next !== 'object' || Array.isArray(next)) return undefined;
	const cursor: IDataObject = {};
	for (const key of CURSOR_KEYS) {
		const value = (next as IDataObject)[key];
		if (typeof value === 'string' || typeof value === 'number') cursor[key] = value;
	}
	return cursor.id === undefined ? undefined : cursor;
}

// The cursor walks of the lists that go on from `meta.next`, one function per page-size parameter: the
// Return All fields of lists that page alike stay alike and fold (a walk made per list would not).
const walkCursorBy = {
	limit: paginateByCursor({ sizeParam: 'limit' }),
	perPage: paginateByCursor({ sizeParam: 'perPage' }),
	none: paginateByCursor({ sizeParam: null }),
};

/**
 * Return All and Limit of a cursor list (see paginateByCursor): by the list's page-size parameter, or
 * with a walk of the list's own (made once, at its module's level) where `meta.next` cannot be sent back.
 */
export function returnAllOrLimitByCursor(walk: keyof typeof walkCursorBy | ReturnType<typeof paginateByCursor>): INodeProperties[] {
	const pagination = typeof walk === 'string' ? walkCursorBy[walk] : walk;
	return [{ ...returnAllOrLimit[0], routing: { send: { paginate: true }, operations: { pagination } } }, returnAllOrLimit[1]];
}

/** Return All and Limit, shared by every page-based Get Many. */
export const returnAllOrLimit: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
		routing: {
			send: { paginate: true },
			operations: { pagination: paginateByPage },
		},
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/**
 * Return All and Limit for the few lists CometChat does not page (the spec gives them no page
 * parameters, e.g. API keys): one request, and Limit trims the output.
 */
export const returnAllOrLimitUnpaged: INodeProperties[] = [
	{ ...returnAllOrLimit[0], routing: undefined },
	// $parameter, not $value: the CometChat node's own routing (router.ts) evaluates $parameter expressions only.
	{ ...returnAllOrLimit[1], routing: { output: { maxResults: '={{ $parameter["limit"] }}' } } },
];

/**
 * One page of a From List picker over a page-numbered list: its records and the token of the next page
 * (the page number, while `meta.pagination` says more pages follow). Used by the pickers of both nodes.
 */
export function pickerPage(body: IDataObject, paginationToken: string | undefined): { page: number; records: IDataObject[]; next?: string } {
	const page = Number(paginationToken) || 1;
	const records = (Array.isArray(body.data) ? body.data : []) as IDataObject[];
	const pagination = ((body.meta as IDataObject | undefined)?.pagination ?? {}) as IDataObject;
	const more = Number(pagination.current_page ?? page) < Number(pagination.total_pages ?? 0);
	return { page, records, next: more ? String(page + 1) : undefined };
}

/** The page number a picker asks for: the token of the page before, else 1. */
export const pickerPageNumber = (paginationToken: string | undefined) => Number(paginationToken) || 1;
