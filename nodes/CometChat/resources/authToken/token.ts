import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { inputError } from '../../../shared/validate';

/** How a wrong value reads in an error: "an array", "null", "an object", "a boolean". */
export function describeValue(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'an array';
	if (value === undefined) return 'nothing';
	return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * The auth token, as a path segment (`/users/{uid}/auth_tokens/{authToken}`): checked before any
 * request. pathId encodes it, but "." and ".." survive encoding and an HTTP client would resolve
 * them (`…/auth_tokens/..` is `DELETE /users/{uid}`), so those are refused along with "/".
 */
async function checkAuthToken(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const raw = this.getNodeParameter('authToken', '') as unknown;
	if (typeof raw !== 'string' && typeof raw !== 'number') {
		throw inputError(this, 'Auth Token', `must be text, not ${describeValue(raw)}`);
	}
	const token = String(raw).trim();
	const fix = 'Give the token as Create or Get Many returned it, such as cometchat-uid-1_1630306819c3027ce530b2367f3c97b4106f0cb8.';
	if (token === '') throw inputError(this, 'Auth Token', 'is empty', fix);
	if (token.includes('/')) throw inputError(this, 'Auth Token', 'contains "/", which an auth token never has', fix);
	if (token === '.' || token === '..') throw inputError(this, 'Auth Token', `"${token}" is not an auth token`, fix);
	return requestOptions;
}

export const authTokenField: INodeProperties = {
	displayName: 'Auth Token',
	name: 'authToken',
	type: 'string',
	typeOptions: { password: true },
	required: true,
	default: '',
	placeholder: 'e.g. cometchat-uid-1_1630306819c3027ce530b2367f3c97b4106f0cb8',
	description: 'The auth token, as Create or Get Many returned it',
	routing: { send: { preSend: [checkAuthToken] } },
};
