import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';
import { readBoolean, readText } from '../../../shared/validate';
import { itemsOf } from '../../../shared/output';
import { allDevicesField, deviceAuthTokenField } from './fields';

// GET /notifications/push/v1/tokens?authToken&all  →  {data: {pushTokens: [{authToken, pushTokenType, createdAt (ISO),
//   platform, providerId, pushToken, uid, updatedAt (ISO)}]}}  →  one item per token
// Not paged (the spec has no page parameters): one request, Limit trims the output.

export const getAll = defineOperation(
	'pushToken',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many push tokens',
		description: 'List the push tokens registered with an auth token, or every push token of its user',
		routing: {
			request: { method: 'GET', url: '/notifications/push/v1/tokens' },
			send: { preSend: [sendQuery] },
			output: { postReceive: [itemsOf('pushTokens')] },
		},
	},
	[deviceAuthTokenField, allDevicesField, ...returnAllOrLimitUnpaged],
);

async function sendQuery(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.qs = {
		...requestOptions.qs,
		authToken: readText(this, 'authToken', 'Auth Token', { required: true }),
		all: readBoolean(this, 'all', 'All Devices'),
	};
	return requestOptions;
}
