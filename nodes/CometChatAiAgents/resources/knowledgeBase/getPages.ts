import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';
import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unexpectedAnswer } from '../../../shared/output';
import { paginateByCursor, returnAllOrLimitByCursor } from '../../../shared/pagination';
import { isObject } from '../../../shared/validate';
import { checkSourceType, KB, sourceIdField, sourceTypeField } from './fields';

/** postReceive: one item per page of the source, as CometChat answers it ({content, pageNumber, charCount}). */
async function pageItems(this: IExecuteSingleFunctions, _items: INodeExecutionData[], response: IN8nHttpFullResponse): Promise<INodeExecutionData[]> {
	const data = isObject(response.body) ? response.body.data : undefined;
	const pages = isObject(data) ? data.pageContent : undefined;
	if (!Array.isArray(pages) || !pages.every(isObject)) throw unexpectedAnswer(this, response, '{"data": {"pageContent": [...]}}');
	return (pages as IDataObject[]).map((json) => ({ json }));
}

/**
 * The page after a page of results. The answer's meta has no `next` (only `current`), and `page` is "to be
 * used with affix for pagination", the words the spec uses for the other lists' cursors: INFERRED, the
 * last pageNumber answered with affix append goes on after it. The largest `limit` is not documented:
 * 100 is asked for (INFERRED), and a page shorter than the answer's `meta.current.limit` is the last.
 */
const walkPages = paginateByCursor({
	maxSize: 100,
	sizeFromAnswer: true,
	nextCursor: (page) => {
		const last = page[page.length - 1]?.json.pageNumber;
		return typeof last === 'number' ? { page: last, affix: 'append' } : undefined;
	},
});

// GET …/knowledge-base/{sourceType}/{uniqueId}/pages?limit&page&affix
//   →  {data: {sourceDetails: {fileName, totalPages, createdAt}, pageContent: [{content, pageNumber, charCount}]}, meta: {current}}
export const getPages = defineOperation(
	'knowledgeBase',
	{
		name: 'Get Source Pages',
		value: 'getPages',
		action: 'Get the pages of a source',
		description: 'Get the text CometChat extracted from a knowledge-base source, one item per page',
		routing: {
			request: { method: 'GET', url: `=${KB}/{{ $parameter["sourceType"] }}/${pathId('sourceId')}/pages` },
			send: { preSend: [checkSourceType] },
			output: { postReceive: [pageItems] },
		},
	},
	[
		sourceTypeField,
		sourceIdField,
		...returnAllOrLimitByCursor(walkPages),
	],
);
