import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { cometChatApiRequest } from './transport';
import { pickerPage, pickerPageNumber } from '../pagination';

// The user, group, receiver and bot pickers of the CometChat and CometChat Send and Wait nodes.
// Pickers page through CometChat 50 at a time; the token is the next page number.
const PAGE_SIZE = 50;

async function search(
	context: ILoadOptionsFunctions,
	path: '/users' | '/groups' | '/bots',
	idKey: 'uid' | 'guid',
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const qs: IDataObject = { page: pickerPageNumber(paginationToken), perPage: PAGE_SIZE };
	if (filter) qs.searchKey = filter;
	const body = await cometChatApiRequest.call(context, 'GET', path, qs);
	const { records, next } = pickerPage(body, paginationToken);
	return {
		results: records.map((record) => ({
			name: record.name ? `${String(record.name)} (${String(record[idKey])})` : String(record[idKey]),
			value: String(record[idKey]),
		})),
		paginationToken: next,
	};
}

export async function searchUsers(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await search(this, '/users', 'uid', filter, paginationToken);
}

export async function searchGroups(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await search(this, '/groups', 'guid', filter, paginationToken);
}

/** The app's bots (GET /bots: searchKey is a prefix of the UID; bots have no name). */
export async function searchBots(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return await search(this, '/bots', 'uid', filter, paginationToken);
}

/** Users or groups, following the Receiver Type chosen on the same node. */
export async function searchReceivers(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
	return (this.getCurrentNodeParameter('receiverType') ?? 'user') === 'group'
		? await search(this, '/groups', 'guid', filter, paginationToken)
		: await search(this, '/users', 'uid', filter, paginationToken);
}
