import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
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
 * `pageOnFirst: false` leaves `page` out of the first request, for lists whose spec gives only `perPage`.
 */
export function pageWalker({ pageOnFirst = true }: { pageOnFirst?: boolean } = {}) {
	return async function walkPages(this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions) {
		return await paginate.call(this, requestData, pageOnFirst);
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
	pageOnFirst: boolean,
): Promise<INodeExecutionData[]> {
	const returnAll = this.getNodeParameter('returnAll', false) as boolean;
	const limit = returnAll ? Infinity : Number(this.getNodeParameter('limit', 50));
	if (!returnAll && !(Number.isInteger(limit) && limit >= 1)) {
		throw inputError(this, 'Limit', `must be a whole number of at least 1, not ${JSON.stringify(this.getNodeParameter('limit', 50))}`);
	}
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
		const pageQuery = page > 1 || pageOnFirst ? { page, perPage } : { perPage };
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
	}
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
	{ ...returnAllOrLimit[1], routing: { output: { maxResults: '={{ $value }}' } } },
];
