import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, IN8nHttpFullResponse, INodeExecutionData } from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { inputBinaryField, readInputFile } from '../../../shared/binaryInput';
import { notUploaded, putFile, uploadUrlProblem } from '../../../shared/presignedUpload';
import { inputError, isObject } from '../../../shared/validate';
import { KB } from './fields';

const FIELD = 'Input Binary Field';
const HINT = 'Pass the file as binary data, e.g. from a Read/Write Files from Disk or HTTP Request node, and name its field here.';
const WHAT = 'Knowledge-base file';

/** The file of the input item with the name and type CometChat is told (InitiateUploadDto's FileDescriptorDto). */
async function inputFile(context: IExecuteSingleFunctions) {
	const { data, binary, property } = await readInputFile(context, 'binaryPropertyName', FIELD, HINT);
	const fileName = binary.fileName?.trim();
	if (!fileName) throw inputError(context, FIELD, `the file in "${property}" has no file name`, 'Give it one, e.g. with the File Name option of a Convert to File node.');
	return { data, fileName, mimeType: binary.mimeType || 'application/octet-stream' };
}

/** preSend: the one file of the item, described for CometChat: `{files: [{fileName, mimeType, fileSize}]}`. */
async function describeFile(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const { data, fileName, mimeType } = await inputFile(this);
	requestOptions.body = { files: [{ fileName, mimeType, fileSize: data.length }] };
	return requestOptions;
}

/**
 * postReceive: the file PUT to the presigned URL CometChat answered (checked first: https on Amazon S3, or
 * the API's own origin; no CometChat header goes there), then the upload as the output. The URL is left
 * out of it: it lets anyone write that file until it expires.
 */
async function uploadToUrl(this: IExecuteSingleFunctions, _items: INodeExecutionData[], response: IN8nHttpFullResponse): Promise<INodeExecutionData[]> {
	const uploads = isObject(response.body) ? response.body.uploads : undefined;
	const upload = Array.isArray(uploads) && uploads.length === 1 && isObject(uploads[0]) ? (uploads[0] as IDataObject) : undefined;
	if (!upload) throw notUploaded(this, WHAT, "CometChat's answer has no upload");
	const { presignedUrl, ...record } = upload;
	const url = typeof presignedUrl === 'string' ? presignedUrl : '';
	const problem = await uploadUrlProblem(this, url);
	if (problem) throw notUploaded(this, WHAT, `the upload URL in CometChat's answer ${problem}`);
	const { data, mimeType } = await inputFile(this);
	await putFile(this, url, data, mimeType, WHAT);
	return [{ json: record }];
}

// POST …/knowledge-base/uploads/initiate  body {files: [{fileName, mimeType, fileSize}]}
//   →  201 {uploads: [{uploadId, fileName, mimeType, fileSize, s3Key, presignedUrl}]}; then PUT of the file to presignedUrl.
export const uploadFile = defineOperation(
	'knowledgeBase',
	{
		name: 'Upload File',
		value: 'uploadFile',
		action: 'Upload a file to the knowledge base',
		description: 'Upload a file (from binary data) to the knowledge base; Agent → Add Knowledge gives it to an agent by the upload ID returned',
		routing: { request: { method: 'POST', url: `${KB}/uploads/initiate` }, send: { preSend: [describeFile] }, output: { postReceive: [uploadToUrl] } },
	},
	[
		inputBinaryField(
			'The name of the input binary field holding the file',
			'The binary field of the input item that holds the file, e.g. from a Read/Write Files from Disk or HTTP Request node',
		),
	],
);
