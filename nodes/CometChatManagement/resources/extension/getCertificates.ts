import { defineOperation } from '../../../shared/operations';
import { appField } from '../../../shared/management/fields';
import { certificateAnswer, PUSH_PATH } from './fields';

// GET …/push-notification/v1/query-certificates  →  {data: {…, body: {…}}}
export const getCertificates = defineOperation(
	'extension',
	{
		name: 'Get Push Certificates',
		value: 'getCertificates',
		action: 'Get the push notification certificates',
		description: 'Ask the Push Notification extension which APNs certificates it holds',
		routing: {
			request: { method: 'GET', url: `${PUSH_PATH}/query-certificates` },
			output: { postReceive: [certificateAnswer()] },
		},
	},
	[appField()],
);
