import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { registerSecretParameter } from '../../../shared/errors/conversion';
import { webhookLocator } from '../../../shared/fields';
import { characters, inputError, readBoolean, readText } from '../../../shared/validate';
import { PASSWORD, USERNAME } from '../../../shared/webhooks/auth';
import { appPath } from '../../../shared/management/fields';
import { WEBHOOK_VERSION_HEADERS } from '../../../shared/webhooks/version';

/** The webhook an operation works on: a picker over the chosen app's webhooks, or the Webhook ID. */
export const webhookField = (description: string) => webhookLocator('webhookId', 'Webhook', description);

/** `/apps/{appId}/webhooks/{webhookId}`, for `routing.request.url` (prefix with "="). */
export const webhookPath = `${appPath}/webhooks/{{ encodeURIComponent(String($parameter["webhookId"]).trim()) }}`;

/** The request of a webhook or trigger operation: always the current webhooks (X-Webhook-Version: 2). */
export const webhookRequest = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string) => ({
	method,
	url,
	headers: { ...WEBHOOK_VERSION_HEADERS },
});

// CometChat's webhook constraints (management webhooks overview): ID and name up to 50 characters,
// URL up to 255 and public HTTPS; username 50 and password 100 letters or digits.
const WEBHOOK_ID = /^[A-Za-z0-9_-]{1,50}$/;
const URL_MAX = 255;
const NAME_MAX = 50;

export const nameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	placeholder: 'e.g. Orders to n8n',
	description: 'Name of the webhook, at most 50 characters',
};

export const urlField: INodeProperties = {
	displayName: 'URL',
	name: 'webhookURL',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://n8n.example.com/webhook/cometchat',
	description: 'Where CometChat posts the events: a public https:// address, at most 255 characters (an n8n Webhook node\'s production URL, for example)',
};

export const useBasicAuthField: INodeProperties = {
	displayName: 'Use Basic Auth',
	name: 'useBasicAuth',
	type: 'boolean',
	default: false,
	description: 'Whether CometChat sends a username and password (HTTP Basic Auth) with every call, as CometChat recommends',
};

export const usernameField: INodeProperties = {
	displayName: 'Username',
	name: 'username',
	type: 'string',
	default: '',
	placeholder: 'e.g. cometchat',
	description: 'Basic Auth username: 1 to 50 letters or digits',
};

// Cut out of errors like the credential's secrets (Create, and Update's Update Fields; Tenant's too).
registerSecretParameter('password', 'updateFields.password');

export const passwordField: INodeProperties = {
	displayName: 'Password',
	name: 'password',
	type: 'string',
	typeOptions: { password: true },
	default: '',
	description: 'Basic Auth password: 1 to 100 letters or digits',
};

export const enabledField: INodeProperties = {
	displayName: 'Enabled',
	name: 'enabled',
	type: 'boolean',
	default: true,
	description: 'Whether CometChat delivers events to the webhook',
};

export const retryField: INodeProperties = {
	displayName: 'Retry On Failure',
	name: 'retryOnFailure',
	type: 'boolean',
	default: true,
	description: 'Whether CometChat retries deliveries that fail (a non-2xx answer or a network error)',
};

/** Where a body field's value is (its parameter path), or undefined when it is not given. */
type Locate = (name: string) => string | undefined;

/**
 * preSend of Create (fields at the top, Enabled and Retry On Failure in Options) and Update (all in
 * Update Fields): the body {id?, name, webhookURL, useBasicAuth, username, password, enabled,
 * retryOnFailure}, each field checked before anything is sent.
 */
export function webhookBody(creating: boolean) {
	return async function buildWebhookBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const collection = (this.getNodeParameter(creating ? 'options' : 'updateFields', {}) ?? {}) as IDataObject;
		const inCollection = (name: string) => (name in collection ? `${creating ? 'options' : 'updateFields'}.${name}` : undefined);
		const basicAuthOn = () => creating && this.getNodeParameter('useBasicAuth', false) === true;
		const locate: Locate = creating
			? (name) => {
					if (['name', 'webhookURL', 'useBasicAuth'].includes(name)) return name;
					if (name === 'username' || name === 'password') return basicAuthOn() ? name : undefined;
					return inCollection(name);
				}
			: inCollection;
		const body: IDataObject = {};
		if (creating) {
			const id = readText(this, 'id', 'Webhook ID', { required: true });
			if (!WEBHOOK_ID.test(id)) throw inputError(this, 'Webhook ID', `"${id.slice(0, 60)}" must be 1 to 50 letters, digits, "-" and "_"`);
			body.id = id;
		}
		const name = locate('name');
		if (name) body.name = readText(this, name, 'Name', { required: true, max: NAME_MAX });
		const webhookUrl = locate('webhookURL');
		if (webhookUrl) body.webhookURL = readUrl(this, webhookUrl);
		const useBasicAuth = locate('useBasicAuth');
		if (useBasicAuth) body.useBasicAuth = readBoolean(this, useBasicAuth, 'Use Basic Auth');
		// CometChat needs the pair whenever Basic Auth is switched on.
		for (const [key, field, pattern, max] of [
			['username', 'Username', USERNAME, 50],
			['password', 'Password', PASSWORD, 100],
		] as const) {
			const where = locate(key);
			if (!where) {
				if (body.useBasicAuth === true) throw inputError(this, field, 'is needed when Use Basic Auth is on');
				continue;
			}
			const value = readText(this, where, field, { required: body.useBasicAuth === true });
			if (value === '') continue;
			if (!pattern.test(value)) throw inputError(this, field, `must be 1 to ${max} letters or digits (CometChat accepts no spaces or symbols)`);
			body[key] = value;
		}
		for (const [key, field] of [
			['enabled', 'Enabled'],
			['retryOnFailure', 'Retry On Failure'],
		] as const) {
			const where = locate(key);
			if (where) body[key] = readBoolean(this, where, field);
		}
		if (!creating && Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty; add at least one field to change');
		requestOptions.body = { ...(requestOptions.body as IDataObject), ...body };
		return requestOptions;
	};
}

function readUrl(context: IExecuteSingleFunctions, parameter: string): string {
	const url = readText(context, parameter, 'URL', { required: true });
	if (!/^https:\/\/[^\s/?#]+/i.test(url)) {
		throw inputError(context, 'URL', `"${url.slice(0, 80)}" must be a public https:// address; CometChat delivers only to HTTPS`);
	}
	if (characters(url) > URL_MAX) throw inputError(context, 'URL', `is ${characters(url)} characters long; CometChat allows at most ${URL_MAX}`);
	return url;
}
