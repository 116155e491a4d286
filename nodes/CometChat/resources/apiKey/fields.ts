import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { describeValue, inputError } from '../../../shared/validate';

// CometChat's keys are 40 hex characters; accept letters, digits, "-" and "_" (a safe path segment)
// so that keys in other formats still reach CometChat, which then answers for them.
const KEY_PATTERN = /^[A-Za-z0-9_-]+$/;
const KEY_MAX_LENGTH = 100;


/** The API key a Get, Update or Delete acts on. Problems are reported without repeating the key. */
export function readApiKey(context: IExecuteSingleFunctions): string {
	const raw = context.getNodeParameter('apiKey', '') as unknown;
	if (typeof raw !== 'string' && typeof raw !== 'number') {
		throw inputError(context, 'API Key', `must be a single key, not ${describeValue(raw)}`);
	}
	const key = String(raw).trim();
	if (key === '') throw inputError(context, 'API Key', 'is empty');
	if (key.length > KEY_MAX_LENGTH) throw inputError(context, 'API Key', `is ${key.length} characters long; CometChat keys have 40`);
	if (!KEY_PATTERN.test(key)) {
		throw inputError(context, 'API Key', 'has characters an API key cannot have; CometChat keys are 40 letters and digits');
	}
	return key;
}

/** The key of Get, Update and Delete: path parameter `apiKey`, checked before any request. */
export const apiKeyField: INodeProperties = {
	displayName: 'API Key',
	name: 'apiKey',
	type: 'string',
	typeOptions: { password: true },
	required: true,
	default: '',
	description: 'The key, as Create or Get Many return it in `apiKey` (40 characters)',
	routing: {
		send: {
			preSend: [
				async function checkApiKey(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
					readApiKey(this);
					return requestOptions;
				},
			],
		},
	},
};

/** The scope options: an Auth Key (authOnly) or a REST API key (fullAccess). */
export const scopeOptions = [
	{ name: 'Auth Only', value: 'authOnly', description: 'An Auth Key: can only create users and auth tokens' },
	{ name: 'Full Access', value: 'fullAccess', description: 'A REST API key: can do anything in the app' },
];

// Key names: 100 characters per the constraints and create pages; the api-keys overview says 50. Followed 100.
export const NAME_MAX = 100;
