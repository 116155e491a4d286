import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { inputBinaryField, readInputFile } from '../../../shared/binaryInput';
import { appField } from '../../../shared/management/fields';
import { certificateAnswer, PUSH_PATH } from './fields';

// POST …/push-notification/v1/upload-certificate-p12 | -p8  multipart/form-data {certificate: <file>}  →  {data: {…, body: {success}}}
export const uploadCertificate = defineOperation(
	'extension',
	{
		name: 'Upload Push Certificate',
		value: 'uploadCertificate',
		action: 'Upload a push notification certificate',
		description: 'Upload the APNs .p12 certificate or .p8 key of the Push Notification extension',
		routing: {
			request: { method: 'POST', url: `${PUSH_PATH}/upload-certificate-{{ $parameter["certificateType"] === "p8" ? "p8" : "p12" }}` },
			output: { postReceive: [certificateAnswer((context) => ({ certificateType: context.getNodeParameter('certificateType') }))] },
		},
	},
	[
		appField(),
		{
			displayName: 'Certificate Type',
			name: 'certificateType',
			type: 'options',
			options: [
				{ name: 'P12 Certificate', value: 'p12', description: 'An APNs certificate (.p12)' },
				{ name: 'P8 Key', value: 'p8', description: 'An APNs authentication key (.p8), which never expires' },
			],
			default: 'p8',
			description: 'Which kind of APNs credential the file is',
		},
		inputBinaryField(
			'The name of the input binary field holding the certificate file',
			'The binary field of the input item that holds the file, e.g. from a Read/Write Files from Disk node',
			{ routing: { send: { preSend: [certificateBody] } } },
		),
	],
);

/** The file of the input item as the multipart part `certificate` (the spec's only encoding). */
async function certificateBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const { data: bytes, binary } = await readInputFile(this, 'binaryPropertyName', 'Input Binary Field', 'Pass the certificate file as binary data, e.g. from a Read/Write Files from Disk node, and name its field here.');
	const type = this.getNodeParameter('certificateType') === 'p8' ? 'p8' : 'p12';
	const name = (binary.fileName ?? `certificate.${type}`).replace(/["\r\n]/g, '_');
	let boundary = '';
	do boundary = `----n8nCometChat${Math.random().toString(16).slice(2)}${Math.random().toString(16).slice(2)}`;
	while (bytes.includes(boundary));
	const head = `--${boundary}\r\nContent-Disposition: form-data; name="certificate"; filename="${name}"\r\nContent-Type: ${binary.mimeType || 'application/octet-stream'}\r\n\r\n`;
	requestOptions.body = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
	requestOptions.headers = { ...requestOptions.headers, 'Content-Type': `multipart/form-data; boundary=${boundary}` };
	return requestOptions;
}
