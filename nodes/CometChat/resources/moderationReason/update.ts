import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { readText } from '../../../shared/validate';
import { reasonIdField } from './fields';

// PUT /moderation/reasons/{id}  body {name}  →  {data: {id, name, description, createdAt, updatedAt}}
// The spec's body has only `name`: the name is all an update can change.
export const update = defineOperation(
	'moderationReason',
	{
		name: 'Update',
		value: 'update',
		action: 'Update a moderation reason',
		description: 'Rename a reason for flagging messages',
		routing: {
			request: { method: 'PUT', url: `=/moderation/reasons/${pathId('reasonId')}` },
			send: { preSend: [buildUpdate] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		reasonIdField('ID of the reason'),
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Spam',
			description: 'The new name users see when they flag a message',
		},
	],
);

async function buildUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.body = { name: readText(this, 'name', 'Name', { required: true }) };
	return requestOptions;
}
