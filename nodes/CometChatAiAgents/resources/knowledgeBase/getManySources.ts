import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { filtersCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { paginateByCursor, returnAllOrLimitByCursor } from '../../../shared/pagination';
import { aiCursor, recordsOf } from '../shared';
import { createdFilters, createdWindow, KB } from './fields';

/**
 * The query of every request: the spec marks `start` and `end` required (numbers) and says nothing else of
 * them; no CometChat page, example or schema does. INFERRED: they are sent so that they narrow nothing
 * whichever they are: `start` 0 and `end` now in epoch ms are the whole past as a time window (the unit of
 * `startTime`/`endTime` and of the records' `createdAt`) and the whole list as a range of positions. The
 * documented filters are the user's: Created After and Before as `startTime`/`endTime` (epoch ms).
 */
async function sendWindow(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.qs = { ...requestOptions.qs, start: 0, end: Date.now(), ...createdWindow(this) };
	return requestOptions;
}

// Pages of `limit` (at most 100: "default: 10, maximum: 100" on CometChat's preview of this page), going on
// from `meta.next` `{affix: "append", cursor}` sent back as it is.
const walkRecords = paginateByCursor({ maxSize: 100, nextCursor: (_page, meta) => aiCursor(meta), sizeFromAnswer: true });

// GET …/knowledge-base?start&end&limit&cursor&affix&startTime&endTime
//   →  {data: [{uniqueId, appId, sourceName, type, status, lastSynced, createdAt, updatedAt}], meta: {current, previous?, next?}}
export const getManySources = defineOperation(
	'knowledgeBase',
	{
		name: 'Get Many Sources',
		value: 'getManySources',
		action: 'Get many knowledge-base sources',
		description: 'List the knowledge base\'s sources (uploaded files, text entries, websites) with their indexing status, newest first',
		routing: { request: { method: 'GET', url: KB }, send: { preSend: [sendWindow] }, output: { postReceive: [recordsOf('data')] } },
	},
	[
		...returnAllOrLimitByCursor(walkRecords),
		filtersCollection(createdFilters('sources added')),
	],
);
