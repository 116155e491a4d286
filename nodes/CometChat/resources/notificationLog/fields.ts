import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

// The logs' cursor (reference §2.3), for the shared cursor paginator (shared/pagination.ts).
// The spec gives the logs no `limit` parameter (CometChat's pages hold 20, its default) and the cursor
// parameters `affix` and `logId`. Its example's meta.next carries `messageId`, which is also a filter
// here, so it cannot be sent back as a cursor: the next page is asked for with affix=append and logId =
// the `_id` of the last log (INFERRED), or meta.next.logId when CometChat gives one.

/** The query of the page after `page`, or undefined when `page` was the last. */
export function nextLogCursor(page: INodeExecutionData[], meta: IDataObject | undefined): IDataObject | undefined {
	const next = meta?.next as IDataObject | undefined;
	if (page.length === 0 || !next) return undefined;
	const { limit, count } = (meta?.current ?? {}) as { limit?: unknown; count?: unknown };
	if (typeof limit === 'number' && typeof count === 'number' && count < limit) return undefined;
	const logId = next.logId ?? page[page.length - 1].json._id;
	if (typeof logId !== 'string' && typeof logId !== 'number') return undefined;
	return { affix: 'append', logId: String(logId) };
}
