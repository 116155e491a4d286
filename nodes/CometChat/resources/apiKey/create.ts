import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { readChoice, readText } from '../../../shared/validate';
import { NAME_MAX, scopeOptions } from './fields';

// POST /apikeys  body {name, scope: authOnly|fullAccess}  →  {data: {apiKey, name, scope, createdAt}}
// The output holds the new key itself: treat it as a secret.
export const create = defineOperation(
	'apiKey',
	{
		name: 'Create',
		value: 'create',
		action: 'Create an API key',
		description: 'Create an Auth Key or a REST API key for the app. The output holds the new key: keep it secret.',
		routing: {
			request: { method: 'POST', url: '/apikeys' },
			send: { preSend: [buildKey] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Signup service',
			description: 'A name that says what the key is for, at most 100 characters',
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'options',
			options: scopeOptions,
			// The spec's default.
			default: 'authOnly',
			description: 'What the key may do',
		},
	],
);

async function buildKey(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.body = { name: readText(this, 'name', 'Name', { max: NAME_MAX, required: true }), scope: readChoice(this, 'scope', 'Scope', scopeOptions) };
	return requestOptions;
}
