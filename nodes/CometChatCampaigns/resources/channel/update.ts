import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { updateFieldsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { inputError } from '../../../shared/validate';
import { channelField, channelUrl, output, readChannel, updatable } from './fields';

// PUT /channels/{id}  body {name?, enabled?, metadata?}
export const update = defineOperation(
	'channel',
	{ name: 'Update', value: 'update', action: 'Update a channel', description: 'Rename, enable or disable a channel, or change its provider settings', routing: { request: { method: 'PUT', url: channelUrl }, send: { preSend: [buildUpdate] }, output } },
	[channelField, updateFieldsCollection([...updatable(), { displayName: 'Name', name: 'name', type: 'string', default: '', description: 'New display name of the channel' }])],
);

async function buildUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body = readChannel(this, 'updateFields');
	if (Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty', 'Add a field to change.');
	requestOptions.body = body;
	return requestOptions;
}
