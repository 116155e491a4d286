import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { pathId, updateFieldsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError, readChoice, readText } from '../../../shared/validate';
import { NAME_MAX, apiKeyField, scopeOptions } from './fields';

// PUT /apikeys/{apiKey}  body {name?, scope?}  →  {data: {apiKey, name, scope, createdAt}}
// CometChat refuses a key updating itself (ERR_APIKEY_NO_SELF_ACTION): the credential's key cannot be the target.
export const update = defineOperation(
	'apiKey',
	{
		name: 'Update',
		value: 'update',
		action: 'Update an API key',
		description: 'Rename an API key or change its scope (not the key the credential uses)',
		routing: {
			request: { method: 'PUT', url: `=/apikeys/${pathId('apiKey')}` },
			send: { preSend: [buildUpdate] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		apiKeyField,
		updateFieldsCollection([
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				placeholder: 'e.g. Signup service',
				description: 'At most 100 characters',
			},
			{
				displayName: 'Scope',
				name: 'scope',
				type: 'options',
				options: scopeOptions,
				default: 'authOnly',
				description: 'What the key may do',
			},
		],),
	],
);

async function buildUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const fields = this.getNodeParameter('updateFields', {}) as IDataObject;
	const body: IDataObject = {};
	if (fields.name !== undefined) body.name = readText(this, 'updateFields.name', 'Name', { max: NAME_MAX, required: true });
	if (fields.scope !== undefined) body.scope = readChoice(this, 'updateFields.scope', 'Scope', scopeOptions);
	if (Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty', 'Add Name or Scope.');
	requestOptions.body = body;
	return requestOptions;
}
