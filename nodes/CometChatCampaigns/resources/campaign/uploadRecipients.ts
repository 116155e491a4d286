import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputBinaryField, readInputFile } from '../../../shared/binaryInput';
import { notUploaded, putFile, uploadUrlProblem } from '../../../shared/presignedUpload';
import { readId } from '../../../shared/validate';
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
		inputBinaryField(
			'The name of the input binary field holding the CSV file',
			'The binary field of the input item that holds the CSV, e.g. from a Read/Write Files from Disk or Convert to File node',
			{ routing: { send: { preSend: [uploadCsv] } } },
		),
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
