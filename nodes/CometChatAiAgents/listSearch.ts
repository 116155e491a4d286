import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { cometChatApiRequest } from '../shared/chat/transport';
import { AGENT_BUILDER, AGENTS, aiCursor } from './resources/shared';

// The pickers of the AI Agents node's cursor lists: a page of 50 is asked for; the token is the next
// page's cursor (`meta.next`) as JSON. The agents list searches by `search`; the others have no search
// parameter, so their page is filtered by name and ID here.
const PAGE_SIZE = 50;

async function search(
	context: ILoadOptionsFunctions,
	path: string,
	idKey: string,
	filter?: string,
	paginationToken?: string,
	searchParam?: string,
): Promise<INodeListSearchResult> {
	const qs: IDataObject = { limit: PAGE_SIZE, ...(paginationToken ? (JSON.parse(paginationToken) as IDataObject) : {}) };
	if (searchParam && filter) qs[searchParam] = filter;
	const body = await cometChatApiRequest.call(context, 'GET', `${AGENT_BUILDER}${path}`, qs);
	const records = (Array.isArray(body.data) ? body.data : []) as IDataObject[];
	const meta = body.meta as IDataObject | undefined;
	// A full page by the size the answer says it used (it may be smaller than asked) may have more after it.
	const full = records.length > 0 && records.length >= (Number((meta?.current as IDataObject | undefined)?.limit) || PAGE_SIZE);
	const next = full ? aiCursor(meta) : undefined;
	const wanted = searchParam ? '' : (filter ?? '').toLowerCase();
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

/** The agent picker: GET agents 50 at a time, with the typed text as `search` (CometChat matches name, description and UID). */
export async function searchAgents(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await search(this, '/agents', 'uid', filter, paginationToken, 'search');
}

/** The BYO agent picker: GET /ai-agents/agents (one unpaged list), filtered by the typed text on name and UID. */
export async function searchByoAgents(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const body = (await cometChatApiRequest.call(this, 'GET', '/ai-agents/agents')) as unknown;
	const needle = (filter ?? '').trim().toLowerCase();
	const records = (Array.isArray(body) ? body : []) as IDataObject[];
	return {
		results: records
			.filter((agent) => !needle || `${String(agent.name)} ${String(agent.uid)}`.toLowerCase().includes(needle))
			.map((agent) => ({ name: `${String(agent.name)} (${String(agent.uid)})`, value: String(agent.uid) })),
	};
}

/** The BYO tool picker: GET /ai-agents/tools (one unpaged list), filtered by the typed text on name and display name. */
export async function searchByoTools(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const body = (await cometChatApiRequest.call(this, 'GET', '/ai-agents/tools')) as unknown;
	const needle = (filter ?? '').trim().toLowerCase();
	const records = (Array.isArray(body) ? body : []) as IDataObject[];
	return {
		results: records
			.filter((tool) => !needle || `${String(tool.name)} ${String(tool.displayName)}`.toLowerCase().includes(needle))
			.map((tool) => ({ name: `${String(tool.displayName ?? tool.name)} (${String(tool.name)})`, value: String(tool.name) })),
	};
}

/** The custom variable picker: GET variables/custom (one unpaged list), filtered by the typed text on the name. */
export async function searchVariables(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const body = (await cometChatApiRequest.call(this, 'GET', `${AGENTS}/variables/custom`)) as unknown;
	const needle = (filter ?? '').trim().toLowerCase();
	const records = (Array.isArray(body) ? body : []) as IDataObject[];
	return {
		results: records
			.filter((variable) => !needle || String(variable.name).toLowerCase().includes(needle))
			.map((variable) => ({ name: `${String(variable.name)} (${String(variable._id)})`, value: String(variable._id) })),
	};
}
