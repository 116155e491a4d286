import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { authTokenField, pathId, updateFieldsCollection, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { describeValue, inputError, readJsonObject } from '../../../shared/validate';

// PUT /users/{uid}/auth_tokens/{authToken}  body {platform?, userAgent?, appInfo?}  →  {data: <token>}
export const update = defineOperation(
	'authToken',
	{
		name: 'Update',
		value: 'update',
		action: 'Update an auth token',
		description: 'Store the device details of an auth token: platform, user agent, app info',
		routing: {
			request: { method: 'PUT', url: `=/users/${pathId('uid')}/auth_tokens/${pathId('authToken')}` },
			send: { preSend: [buildUpdate] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		userLocator('uid', 'User', 'The user'),
		authTokenField,
		updateFieldsCollection([
			{
				displayName: 'App Info (JSON)',
				name: 'appInfo',
				type: 'json',
				default: '{}',
				description: 'A JSON object about the app using the token, e.g. {"version": "2.4.1"}',
			},
			{
				displayName: 'Platform',
				name: 'platform',
				type: 'string',
				default: '',
				placeholder: 'e.g. ios',
				description: 'The platform the token is used on',
			},
			{
				displayName: 'User Agent',
				name: 'userAgent',
				type: 'string',
				default: '',
				placeholder: 'e.g. Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
				description: 'The user agent the token is used from',
			},
		],),
	],
);

/** The added fields, checked: text for platform and user agent, a JSON object for app info, at least one. */
async function buildUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const added = this.getNodeParameter('updateFields', {}) as Record<string, unknown>;
	const body: Record<string, unknown> = {};
	for (const [name, field] of [['platform', 'Platform'], ['userAgent', 'User Agent']] as const) {
		if (added[name] === undefined) continue;
		const value = added[name];
		if (typeof value !== 'string' && typeof value !== 'number') {
			throw inputError(this, field, `must be text, not ${describeValue(value)}`);
		}
		body[name] = String(value).trim();
	}
	if (added.appInfo !== undefined) body.appInfo = readJsonObject(this, 'updateFields.appInfo', 'App Info (JSON)');
	if (Object.keys(body).length === 0) {
		throw inputError(this, 'Update Fields', 'is empty', 'Add Platform, User Agent or App Info (JSON).');
	}
	requestOptions.body = { ...(requestOptions.body as object), ...body };
	return requestOptions;
}
