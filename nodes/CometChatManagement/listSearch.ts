import { type IDataObject, type ILoadOptionsFunctions, type INodeListSearchResult } from 'n8n-workflow';
import { managementError, managementRequest, type ManagementCall } from '../shared/management/transport';
import { pickerPage, pickerPageNumber } from '../shared/pagination';
import { WEBHOOK_VERSION_HEADERS } from '../shared/webhooks/version';

// Pickers page 50 at a time; the token is the next page number.
const PAGE_SIZE = 50;

async function request(context: ILoadOptionsFunctions, call: ManagementCall): Promise<IDataObject> {
	const { response, secrets } = await managementRequest(context, call);
	if (response.statusCode >= 400) throw managementError(context.getNode(), response, secrets);
	return (response.body ?? {}) as IDataObject;
}

function results(records: IDataObject[]) {
	return records.map((record) => ({
		name: record.name && record.name !== record.id ? `${String(record.name)} (${String(record.id)})` : String(record.id),
		value: String(record.id),
	}));
}

/** The apps the key pair sees (GET /apps, searchKey matches App ID or name). */
export async function searchApps(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const qs: IDataObject = { page: pickerPageNumber(paginationToken), perPage: PAGE_SIZE };
	if (filter) qs.searchKey = filter;
	const body = await request(this, { method: 'GET', path: '/apps', qs });
	const { records, next } = pickerPage(body, paginationToken);
	return { results: results(records), paginationToken: next };
}

/**
 * The webhooks of the app chosen in the same node. The spec gives this list perPage and searchKey but
 * no page: an app has at most 25 webhooks, so one call of up to 1000 holds them all.
 */
export async function searchWebhooks(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	// The picker's raw value (a resource locator, or plain text from an older workflow).
	const raw = this.getCurrentNodeParameter('appId') as unknown;
	const value = raw !== null && typeof raw === 'object' ? (raw as IDataObject).value : raw;
	const appId = typeof value === 'string' ? value.trim() : '';
	if (!appId) return { results: [] };
	const qs: IDataObject = { perPage: 1000 };
	if (filter) qs.searchKey = filter;
	const body = await request(this, {
		method: 'GET',
		path: `/apps/${encodeURIComponent(appId)}/webhooks`,
		qs,
		headers: { ...WEBHOOK_VERSION_HEADERS },
	});
	return { results: results((Array.isArray(body.data) ? body.data : []) as IDataObject[]) };
}
