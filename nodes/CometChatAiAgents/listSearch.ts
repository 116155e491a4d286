import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { cometChatApiRequest } from '../shared/chat/transport';
import { AGENT_BUILDER, aiCursor } from './resources/shared';

// The pickers of the AI Agents node. These lists have no search parameter: a page of 50 is read and
// filtered by name and ID here; the token is the next page's cursor (`meta.next`) as JSON.
const PAGE_SIZE = 50;

async function search(
	context: ILoadOptionsFunctions,
	path: string,
	idKey: string,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const qs: IDataObject = { limit: PAGE_SIZE, ...(paginationToken ? (JSON.parse(paginationToken) as IDataObject) : {}) };
	const body = await cometChatApiRequest.call(context, 'GET', `${AGENT_BUILDER}${path}`, qs);
	const records = (Array.isArray(body.data) ? body.data : []) as IDataObject[];
	const meta = body.meta as IDataObject | undefined;
	// A full page (by the size the answer says it used) may have more after it.
	const full = records.length > 0 && records.length >= (Number((meta?.current as IDataObject | undefined)?.limit) || PAGE_SIZE);
	const next = full ? aiCursor(meta) : undefined;
	const wanted = (filter ?? '').toLowerCase();
	return {
		results: records
			.map((record) => ({ id: String(record[idKey]), name: String(record.name ?? '') }))
			.filter(({ id, name }) => id.toLowerCase().includes(wanted) || name.toLowerCase().includes(wanted))
			.map(({ id, name }) => ({ name: name ? `${name} (${id})` : id, value: id })),
		paginationToken: next ? JSON.stringify(next) : undefined,
	};
}

export async function searchApiTools(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await search(this, '/api-tools', 'slug', filter, paginationToken);
}

export async function searchMcpServers(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await search(this, '/mcp-servers', 'slug', filter, paginationToken);
}

export async function searchFrontendActions(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await search(this, '/frontend-actions', '_id', filter, paginationToken);
}
