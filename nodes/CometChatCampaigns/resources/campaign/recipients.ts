import { NodeApiError, type IDataObject, type IExecuteSingleFunctions, type IHttpRequestOptions, type JsonObject } from 'n8n-workflow';
import { CHAT_CREDENTIAL, resolveBaseUrl } from '../../../shared/chat/baseUrl';
import { filtersCollection, optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError, readId, readIdList, readText } from '../../../shared/validate';
import { cursorList, jsonEntry, sortFields } from '../../fields';
import { campaignsRequest } from '../../transport';
import { campaignField, campaignUrl } from './crud';

// POST /campaigns/{id}/recipients  body {userIds: [1..10000], userVariables?}
export const addRecipients = defineOperation(
	'campaign',
	{
		name: 'Add Recipients',
		value: 'addRecipients',
		action: 'Add recipients to a campaign',
		description: 'Add users by UID to a draft campaign, optionally with template variables per user',
		routing: { request: { method: 'POST', url: campaignUrl('/recipients') }, send: { preSend: [sendUserIds] }, output: { postReceive: [unwrapData] } },
	},
	[
		campaignField,
		{ displayName: 'User IDs', name: 'userIds', type: 'string', required: true, default: '', placeholder: 'e.g. cometchat-uid-1, cometchat-uid-2', description: 'UIDs of the users to add: a comma-separated list, or an array from an expression (at most 10,000)' },
		optionsCollection([jsonEntry('options', 'User Variables (JSON)', 'userVariables', 'Template variables per user, keyed by UID, e.g. {"cometchat-uid-1": {"name": "Ajay"}}')]),
	],
);

async function sendUserIds(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const userIds = readIdList(this, 'userIds', 'User IDs');
	if (userIds.length > 10000) throw inputError(this, 'User IDs', `has ${userIds.length} UIDs; CometChat takes at most 10,000 at a time`);
	requestOptions.body = { userIds, ...(requestOptions.body as IDataObject) };
	return requestOptions;
}

// GET /campaigns/{id}/recipients?limit&updatedAt&id&affix&sort&order&status
export const getRecipients = defineOperation(
	'campaign',
	{ name: 'Get Recipients', value: 'getRecipients', action: 'Get recipients of a campaign', description: 'List the recipients of a campaign and their delivery status', routing: { request: { method: 'GET', url: campaignUrl('/recipients') }, output: { postReceive: [unwrapData] } } },
	[
		campaignField,
		...cursorList(),
		filtersCollection([
			...sortFields([['Updated At', 'updatedAt'], ['Created At', 'createdAt']]),
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: ['Completed', 'Failed', 'Pending', 'Processing'].map((name) => ({ name, value: name.toLowerCase() })),
				default: 'pending',
				description: 'Only recipients in this status',
				routing: { send: { type: 'query', property: 'status' } },
			},
		]),
	],
);

const simpleGet = (value: string, name: string, action: string, description: string, tail: string) =>
	defineOperation('campaign', { name, value, action, description, routing: { request: { method: 'GET', url: campaignUrl(tail) }, output: { postReceive: [unwrapData] } } }, [campaignField]);

// GET /campaigns/{id}/recipients/summary · GET /campaigns/{id}/import-status
export const getRecipientSummary = simpleGet('getRecipientSummary', 'Get Recipient Summary', 'Get the recipient summary of a campaign', 'Count the recipients of a campaign by status', '/recipients/summary');
export const getImportStatus = simpleGet('getImportStatus', 'Get Import Status', 'Get the CSV import status of a campaign', 'Get the status of the recipient CSV import running for a campaign', '/import-status');

// POST /campaigns/{id}/recipients/upload-url → a presigned URL; PUT of the CSV to it; POST /campaigns/{id}/import-csv {s3Key}
export const uploadRecipients = defineOperation(
	'campaign',
	{
		name: 'Upload Recipients CSV',
		value: 'uploadRecipients',
		action: 'Upload a CSV of recipients to a campaign',
		description: 'Upload a CSV file of recipients (from binary data) to a draft campaign and start importing it',
		routing: { request: { method: 'POST', url: campaignUrl('/import-csv') }, output: { postReceive: [unwrapData] } },
	},
	[
		campaignField,
		{
			displayName: 'Input Binary Field',
			name: 'binaryPropertyName',
			type: 'string',
			required: true,
			default: 'data',
			placeholder: 'e.g. data',
			hint: 'The name of the input binary field holding the CSV file',
			description: 'The binary field of the input item that holds the CSV, e.g. from a Read/Write Files from Disk or Convert to File node',
			routing: { send: { preSend: [uploadCsv] } },
		},
	],
);

/**
 * Where the presigned URL may point. It comes from CometChat's answer, so it is not trusted: the spec calls
 * it an "S3 presigned URL", so https on Amazon S3 (*.amazonaws.com), or the API's own origin (a proxy or
 * the local emulator behind the credential's Base URL Override, itself https or loopback). The file goes
 * there without the API key or any CometChat header (n8n's plain request helper, not the credential's).
 */
function uploadProblem(url: string, apiBase: string): string | undefined {
	let target: URL;
	try {
		target = new URL(url);
	} catch {
		return 'is not a URL';
	}
	if (target.origin === new URL(apiBase).origin) return undefined;
	if (target.protocol !== 'https:') return 'is not https';
	return /(^|\.)amazonaws\.com$/i.test(target.hostname) ? undefined : `is on ${target.hostname}, not on Amazon S3`;
}

/** The PUT of the file to the presigned URL: n8n's plain request helper, so no credential goes with it. */
async function putCsv(context: IExecuteSingleFunctions, url: string, csv: Buffer, itemIndex: number): Promise<void> {
	const put = await context.helpers.httpRequest({ method: 'PUT', url, body: csv, headers: { 'Content-Type': 'text/csv' }, json: false, returnFullResponse: true, ignoreHttpStatusErrors: true });
	if (put.statusCode < 200 || put.statusCode >= 300) {
		// The URL's query is a signature: only the host is named.
		throw new NodeApiError(context.getNode(), {} as JsonObject, { message: `Recipient CSV not uploaded: ${new URL(url).hostname} answered HTTP ${put.statusCode} [item ${itemIndex}]`, httpCode: String(put.statusCode), itemIndex });
	}
}

async function uploadCsv(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const id = readId(this, 'campaignId', 'Campaign');
	const field = readText(this, 'binaryPropertyName', 'Input Binary Field', { required: true });
	const binaries = this.getInputData().binary ?? {};
	if (!Object.prototype.hasOwnProperty.call(binaries, field) || typeof binaries[field] !== 'object') {
		throw inputError(this, 'Input Binary Field', `the input item has no binary field "${field}"`, 'Pass the CSV as binary data, e.g. from a Convert to File node, and name its field here.');
	}
	const csv = await this.helpers.getBinaryDataBuffer(field);
	if (csv.length === 0) throw inputError(this, 'Input Binary Field', `the file in "${field}" is empty`);
	const itemIndex = this.getItemIndex();
	const answer = ((await campaignsRequest.call(this, 'POST', `/campaigns/${encodeURIComponent(id)}/recipients/upload-url`, {}, itemIndex)).data ?? {}) as IDataObject;
	// INFERRED (no answer schema): the URL as uploadUrl, presignedUrl or url, the object key as s3Key or key.
	const url = String(answer.uploadUrl ?? answer.presignedUrl ?? answer.url ?? '');
	const s3Key = answer.s3Key ?? answer.key;
	const { url: apiBase } = resolveBaseUrl(await this.getCredentials(CHAT_CREDENTIAL));
	const problem = url ? uploadProblem(url, String(apiBase)) : 'is missing';
	if (problem || typeof s3Key !== 'string' || s3Key === '') {
		const what = problem ? `the upload URL in CometChat's answer ${problem}` : "CometChat's answer has no s3Key";
		throw new NodeApiError(this.getNode(), {} as JsonObject, { message: `Recipient CSV not uploaded: ${what} [item ${itemIndex}]`, itemIndex });
	}
	await putCsv(this, url, csv, itemIndex);
	requestOptions.body = { s3Key };
	return requestOptions;
}
