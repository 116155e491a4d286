import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { filtersCollection, optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { notUploaded, putFile, readInputFile, uploadUrlProblem } from '../../../shared/presignedUpload';
import { inputError, readId, readIdList } from '../../../shared/validate';
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

async function uploadCsv(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const id = readId(this, 'campaignId', 'Campaign');
	const { data: csv } = await readInputFile(this, 'binaryPropertyName', 'Input Binary Field', 'Pass the CSV as binary data, e.g. from a Convert to File node, and name its field here.');
	const itemIndex = this.getItemIndex();
	const answer = ((await campaignsRequest.call(this, 'POST', `/campaigns/${encodeURIComponent(id)}/recipients/upload-url`, {}, itemIndex)).data ?? {}) as IDataObject;
	// INFERRED (no answer schema): the URL as uploadUrl, presignedUrl or url, the object key as s3Key or key.
	const url = String(answer.uploadUrl ?? answer.presignedUrl ?? answer.url ?? '');
	const s3Key = answer.s3Key ?? answer.key;
	const problem = await uploadUrlProblem(this, url);
	if (problem) throw notUploaded(this, 'Recipient CSV', `the upload URL in CometChat's answer ${problem}`);
	if (typeof s3Key !== 'string' || s3Key === '') throw notUploaded(this, 'Recipient CSV', "CometChat's answer has no s3Key");
	await putFile(this, url, csv, 'text/csv', 'Recipient CSV');
	requestOptions.body = { s3Key };
	return requestOptions;
}
