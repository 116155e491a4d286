import { NodeApiError, type IDataObject, type IExecuteSingleFunctions, type IHttpRequestOptions, type JsonObject } from 'n8n-workflow';
import { CHAT_CREDENTIAL, resolveBaseUrl } from '../../../shared/chat/baseUrl';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError, readId, readText } from '../../../shared/validate';
import { campaignsRequest } from '../../transport';
import { campaignField, campaignUrl } from './fields';

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
