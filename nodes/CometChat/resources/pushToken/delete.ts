import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';
import { readText } from '../../../shared/validate';
import { deviceAuthTokenField, pushTokenField, readPushToken } from './fields';

// DELETE /notifications/push/v1/tokens/{pushToken}  body {authToken}  →  {data: ...}  →  {deleted: true}
export const deletePushToken = defineOperation(
	'pushToken',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a push token',
		description: 'Remove one push token of the user logged in with an auth token',
		routing: {
			request: { method: 'DELETE', url: '=/notifications/push/v1/tokens/{{ encodeURIComponent(String($parameter["pushToken"]).trim()) }}' },
			send: { preSend: [buildDelete] },
			output: { postReceive: [deletedResult] },
		},
	},
	[{ ...pushTokenField, description: 'The push token to remove' }, deviceAuthTokenField],
);

async function buildDelete(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	readPushToken(this, 'pushToken');
	requestOptions.body = { authToken: readText(this, 'authToken', 'Auth Token', { required: true }) };
	return requestOptions;
}
