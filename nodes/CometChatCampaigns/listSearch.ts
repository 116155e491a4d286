import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { cursorAfter, TEMPLATE_CATEGORIES } from './fields';
import { campaignsRequest } from './transport';

// The pickers' lists: 100 records a page (the service's largest), searched by the service where the spec
// gives `search` (campaigns, templates, channels), else filtered here (categories: an app has few). The
// token is the cursor after the last record, as Get Many's (fields.ts cursorAfter: its updatedAt in Unix
// seconds, its id), under the cursor's own sort, sent (the spec gives no default sort).
const PAGE_SIZE = 100;

async function search(context: ILoadOptionsFunctions, path: string, idKey: string, searchable: boolean, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const qs: IDataObject = { limit: PAGE_SIZE, sort: 'updatedAt', ...(paginationToken ? (JSON.parse(paginationToken) as IDataObject) : {}) };
	if (filter && searchable) qs.search = filter;
	const body = await campaignsRequest.call(context, 'GET', path, qs);
	const records = (Array.isArray(body.data) ? body.data : []) as IDataObject[];
	const needle = searchable ? '' : (filter ?? '').trim().toLowerCase();
	const last = records[records.length - 1];
	return {
		results: records
			.filter((record) => !needle || `${String(record.name ?? '')} ${String(record[idKey] ?? '')}`.toLowerCase().includes(needle))
			.map((record) => ({ name: record.name ? `${String(record.name)} (${String(record[idKey])})` : String(record[idKey]), value: String(record[idKey]) })),
		paginationToken: records.length === PAGE_SIZE && last ? JSON.stringify(cursorAfter(last, 'updatedAt')) : undefined,
	};
}

export async function searchCampaigns(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await search(this, '/campaigns', 'id', true, filter, paginationToken);
}
export async function searchTemplates(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await search(this, '/templates', 'id', true, filter, paginationToken);
}
export async function searchTemplateCategories(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await search(this, '/templates/categories', 'id', false, filter, paginationToken);
}
export async function searchChannels(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await search(this, '/channels', 'id', true, filter, paginationToken);
}

/**
 * Template categories by name (the value templates and the feed name them by): CometChat's built-ins on
 * the first page, then the app's own, paged as the categories picker.
 */
export async function searchTemplateCategoryNames(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const own = await search(this, '/templates/categories', 'name', false, filter, paginationToken);
	const needle = (filter ?? '').trim().toLowerCase();
	const builtIns = paginationToken ? [] : TEMPLATE_CATEGORIES.filter((name) => !needle || name.toLowerCase().includes(needle)).map((name) => ({ name: `${name.replace('_', ' ')} (built-in)`, value: name }));
	const named = own.results.filter((result) => !TEMPLATE_CATEGORIES.includes(String(result.value))).map((result) => ({ name: String(result.value), value: result.value }));
	return { results: [...builtIns, ...named], paginationToken: own.paginationToken };
}
