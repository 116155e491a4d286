import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { cometChatApiRequest } from '../../shared/chat/transport';
import { pickerPage, pickerPageNumber } from '../../shared/pagination';

// GET /roles has only page/perPage (no search parameter) and an app has at most 25 roles, so one page
// of 100 normally holds them all; the typed text filters that page by role ID and name.
const PAGE_SIZE = 100;

/** The role picker's list: "Name (id)", filtered by the typed text; the token is the next page number. */
export async function searchRoles(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const body = await cometChatApiRequest.call(this, 'GET', '/roles', { page: pickerPageNumber(paginationToken), perPage: PAGE_SIZE });
	const { records, next } = pickerPage(body, paginationToken);
	const needle = (filter ?? '').trim().toLowerCase();
	const matches = (record: IDataObject) =>
		needle === '' ||
		String(record.role ?? '').toLowerCase().includes(needle) ||
		String(record.name ?? '').toLowerCase().includes(needle);
	return {
		results: records.filter(matches).map((record) => ({
			name: record.name ? `${String(record.name)} (${String(record.role)})` : String(record.role),
			value: String(record.role),
		})),
		paginationToken: next,
	};
}
