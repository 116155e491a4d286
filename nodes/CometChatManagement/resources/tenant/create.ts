import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { optionsCollection } from '../../../shared/fields';
import { MANAGEMENT_CREDENTIAL } from '../../../shared/management/transport';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { REGION_OPTIONS, sendText, textField } from '../../../shared/management/fields';
import { withoutPassword } from '../../../shared/webhooks/auth';

// POST /tenants  body {name, email, password, appName, appRegion, contactNumber?, role?, industry?, technology?}
//   →  {data: {name, email, createdAt, contactNumber, app: {name, appId, region, authKey, apiKey, createdAt, plan}}}
// The spec secures this one call with HTTP Basic (securitySchemes.basicAuth) instead of the key and
// secret headers; which pair it takes is not documented: the management key and secret (INFERRED).
// The headers go along as on every call.
export const create = defineOperation(
	'tenant',
	{
		name: 'Create',
		value: 'create',
		action: 'Create a tenant',
		description: 'Create a CometChat account for a customer with its first app; the output holds the app\'s ID and keys (keep them secret)',
		routing: {
			request: { method: 'POST', url: '/tenants' },
			send: { preSend: [basicAuthWithKeyPair] },
			output: { postReceive: [unwrapData, withoutPassword] },
		},
	},
	[
		textField('name', 'Name', 'Name of the customer', { placeholder: 'e.g. Ana Silva', max: 100 }),
		textField('email', 'Email', 'E-mail address of the customer: it identifies the new CometChat account', {
			placeholder: 'e.g. name@email.com',
			max: 254,
		}),
		{
			...textField('password', 'Password', 'Password of the new CometChat account', { max: 100 }),
			typeOptions: { password: true },
			routing: { send: { preSend: [sendText('password', 'Password', 'password', { required: true, max: 100, trim: false })] } },
		},
		textField('appName', 'App Name', 'Name of the app created in the new account', { placeholder: 'e.g. Acme Support', max: 100 }),
		{
			displayName: 'App Region',
			name: 'appRegion',
			type: 'options',
			options: REGION_OPTIONS,
			default: 'us',
			description: 'Where CometChat hosts the new app; choose the one closest to its users',
			routing: { send: { type: 'body', property: 'appRegion' } },
		},
		optionsCollection([
			optionalText('contactNumber', 'Contact Number', 'Phone number of the customer', 'e.g. +1 555 0100'),
			optionalText('industry', 'Industry', 'The domain the app serves', 'e.g. Healthcare'),
			optionalText('role', 'Role', 'Role of the customer, such as developer, product manager or business owner', 'e.g. developer'),
			optionalText('technology', 'Technology', 'The main technology or framework the customer uses', 'e.g. React'),
		]),
	],
);

function optionalText(name: string, displayName: string, description: string, placeholder: string) {
	return {
		displayName,
		name,
		type: 'string' as const,
		default: '',
		placeholder,
		description,
		routing: { send: { preSend: [sendText(`options.${name}`, displayName, name, { max: 100 })] } },
	};
}

/** preSend: HTTP Basic with the credential's key and secret (see above). */
async function basicAuthWithKeyPair(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const credentials = await this.getCredentials(MANAGEMENT_CREDENTIAL);
	requestOptions.auth = { username: String(credentials.key ?? '').trim(), password: String(credentials.secret ?? '').trim() };
	return requestOptions;
}
