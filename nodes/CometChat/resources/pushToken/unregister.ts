import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';
import { readBoolean, readText } from '../../../shared/validate';
import { allDevicesField, deviceAuthTokenField } from './fields';

// DELETE /notifications/push/v1/tokens?all  body {authToken}  →  {data: ...}  →  {deleted: true}
// (The spec's example answer repeats the token list of Get Many; nothing of it is needed after a delete.)
export const unregister = defineOperation(
	'pushToken',
	{
		name: 'Unregister',
		value: 'unregister',
		action: 'Unregister push tokens',
		description: 'Remove the push tokens registered with an auth token (e.g. at logout), or all of its user\'s',
		routing: {
			request: { method: 'DELETE', url: '/notifications/push/v1/tokens' },
			send: { preSend: [buildUnregister] },
			output: { postReceive: [deletedResult] },
		},
	},
	[deviceAuthTokenField, allDevicesField],
);

async function buildUnregister(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.qs = { ...requestOptions.qs, all: readBoolean(this, 'all', 'All Devices') };
	requestOptions.body = { authToken: readText(this, 'authToken', 'Auth Token', { required: true }) };
	return requestOptions;
}
