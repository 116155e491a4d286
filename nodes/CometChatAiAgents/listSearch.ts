import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { cometChatApiRequest } from '../shared/chat/transport';
import { AGENTS } from './shared';

/** The agent picker: GET agents 50 at a time, with the typed text as `search`; the token is the next page's createdAt cursor. */
export async function searchAgents(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const qs: IDataObject = { limit: 50 };
	if (filter) qs.search = filter;
	if (paginationToken) Object.assign(qs, { affix: 'append', createdAt: Number(paginationToken) });
	const body = await cometChatApiRequest.call(this, 'GET', AGENTS, qs);
	const records = (Array.isArray(body.data) ? body.data : []) as IDataObject[];
	const next = (body.meta as IDataObject | undefined)?.next as IDataObject | undefined;
	return {
		results: records.map((agent) => ({ name: agent.name ? `${String(agent.name)} (${String(agent.uid)})` : String(agent.uid), value: String(agent.uid) })),
		paginationToken: records.length === 50 && typeof next?.createdAt === 'number' ? String(next.createdAt) : undefined,
	};
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
