import {
	NodeApiError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IN8nHttpFullResponse,
	type INode,
	type INodeExecutionData,
	type JsonObject,
} from 'n8n-workflow';

// What to do about CometChat's most common error codes (codes from CometChat's error guide).
const FIXES: Record<string, string> = {
	AUTH_ERR_EMPTY_APIKEY: 'Add a REST API key to the CometChat credential.',
	AUTH_ERR_APIKEY_NOT_FOUND:
		'CometChat does not know this REST API key for this app: check that App ID, Region and REST API Key in the credential come from the same app (dashboard: API & Auth Keys).',
	AUTH_ERR_NO_ACCESS:
		'The key lacks the scope for this operation: use a REST API key with fullAccess scope, not an Auth Key (authOnly).',
	AUTH_ERR_INVALID_APPID: 'Check the App ID and Region in the CometChat credential.',
	ERR_API_NOT_FOUND: 'CometChat has no such endpoint: check the Region and any Base URL override in the credential.',
	ERR_UID_NOT_FOUND: 'Check the UID (deactivated users count as missing), or create the user first.',
	ERR_GUID_NOT_FOUND: 'Check the GUID, or create the group first.',
	ERR_NOT_A_BANNED_USER: 'The user is not banned from this group, so there is nothing to unban.',
	ERR_GROUP_NO_CLEARANCE: 'The On Behalf Of user must be an admin or moderator of the group.',
	ERR_GROUP_NO_SCOPE_CLEARANCE: 'The On Behalf Of user must be an admin or moderator of the group.',
	ERR_BAD_REQUEST: 'CometChat rejected the fields listed above.',
	ERR_TOO_MANY_REQUESTS:
		'CometChat rate limit reached. Wait and retry, or space requests out with Options → Batching.',
	ERR_PLAN_QUOTA_RESTRICTION: 'Your CometChat plan quota is used up for this feature.',
	ERR_UID_ALREADY_EXISTS: 'A user with this UID exists (or was deleted without Permanent): use another UID, or Get/Update the existing user.',
	ERR_GUID_ALREADY_EXISTS: 'A group with this GUID exists: use another GUID, or Get/Update the existing group.',
	ERR_AUTH_TOKEN_NOT_FOUND: 'Check the auth token and that it belongs to this user (Auth Token → Get Many lists them).',
	ERR_EMPTY_GROUP_PASS: 'A password group needs a Password.',
	ERR_ALREADY_BANNED: 'The user is already banned from this group.',
	ERR_ALREADY_JOINED: 'The user is already a member of this group.',
	ERR_NOT_A_MEMBER: 'The user is not a member of this group.',
	ERR_SAME_SCOPE: 'The member already has this scope.',
	ERR_GROUP_NO_SELF_ACTION: 'A member cannot kick, ban or re-scope themselves: use another admin as On Behalf Of.',
	ERR_GROUP_NO_ADMIN_SCOPE: 'The On Behalf Of user must be an admin (or the owner) of the group.',
	ERR_NOT_A_FRIEND: 'These users are not friends, so there is nothing to remove.',
	ERR_ROLE_NOT_FOUND: 'Check the role ID (Role → Get Many lists them), or create the role first.',
	ERR_ROLE_ALREADY_EXISTS: 'A role with this ID exists: use another ID, or Update the existing role.',
	ERR_ROLE_DELETE_DENIED: 'The default role cannot be deleted.',
	ERR_APIKEY_NOT_FOUND: 'Check the API key (API Key → Get Many lists them).',
	ERR_APIKEY_NO_SELF_ACTION: 'A key cannot update or delete itself: use another REST API key in the credential for this.',
	ERR_EMPTY_MESSAGE_TEXT: 'Give the message a text.',
	ERR_INVALID_RECEIVER_TYPE: 'Receiver Type must be user or group.',
};

/** postReceive: turns any CometChat error response into a NodeApiError. Runs first for every operation. */
export async function throwOnApiError(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	if (response.statusCode < 400) return items;
	const credentials = await this.getCredentials('cometChatApi');
	throw toApiError(this.getNode(), response, String(credentials.apiKey ?? ''), this.getItemIndex());
}

/**
 * CometChat's `{error: {code, message, details}}` as an n8n error: code and message in the message
 * (so they also reach "continue on fail" output), the fix and field details in the description,
 * the HTTP status kept. The API key is cut out everywhere: CometChat echoes it in some messages.
 */
export function toApiError(
	node: INode,
	response: Pick<IN8nHttpFullResponse, 'body' | 'headers' | 'statusCode'>,
	apiKey: string,
	itemIndex?: number,
): NodeApiError {
	const body = redact(response.body, apiKey);
	const error = isObject(body) && isObject(body.error) ? body.error : undefined;
	const code = typeof error?.code === 'string' ? error.code : undefined;
	const text = typeof error?.message === 'string' ? error.message : undefined;
	const status = response.statusCode;
	const where = itemIndex === undefined ? '' : ` [item ${itemIndex}]`;

	const message = code
		? `${code}: ${text ?? 'CometChat gave no message'}${where}`
		: `CometChat answered HTTP ${status}${where}`;
	const parts: string[] = [];
	if (isObject(error?.details)) {
		for (const [field, problems] of Object.entries(error.details)) {
			parts.push(`${field}: ${Array.isArray(problems) ? problems.join(' ') : String(problems)}`);
		}
	}
	if (code && FIXES[code]) parts.push(FIXES[code]);
	if (status === 429) {
		const retryAfter = header(response.headers, 'retry-after');
		if (retryAfter) parts.push(`CometChat asks to retry after ${retryAfter} seconds.`);
	}
	if (!code) parts.push(`Response: ${truncate(typeof body === 'string' ? body : JSON.stringify(body ?? ''))}`);
	parts.push(`HTTP ${status}.`);

	const apiError = new NodeApiError(node, (isObject(body) ? body : { body }) as JsonObject, {
		message,
		description: parts.join(' '),
		httpCode: String(status),
		itemIndex,
	});
	const wait = waitSeconds(response.headers);
	if (wait !== undefined) retryHints.set(apiError, wait);
	return apiError;
}

// How long CometChat asked to wait before retrying, kept beside the error rather than in it.
const retryHints = new WeakMap<Error, number>();

/** Seconds CometChat asked to wait (Retry-After, else X-Rate-Limit-Reset), if it said. */
export function retryAfterOf(error: Error): number | undefined {
	return retryHints.get(error);
}

function waitSeconds(headers: IN8nHttpFullResponse['headers']): number | undefined {
	const retryAfter = header(headers, 'retry-after');
	if (retryAfter !== undefined) {
		const seconds = Number(retryAfter);
		if (Number.isFinite(seconds) && seconds >= 0) return seconds;
		const date = Date.parse(retryAfter);
		if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - Date.now()) / 1000));
	}
	const reset = Number(header(headers, 'x-rate-limit-reset') ?? header(headers, 'x-ratelimit-reset'));
	if (Number.isFinite(reset) && reset > 0) return Math.max(0, Math.ceil(reset - Date.now() / 1000));
	return undefined;
}

/** Replaces every occurrence of the key in strings anywhere inside the value. */
export function redact<T>(value: T, secret: string): T {
	if (!secret) return value;
	if (typeof value === 'string') return value.split(secret).join('[redacted]') as T;
	if (Array.isArray(value)) return value.map((entry) => redact(entry, secret)) as T;
	if (isObject(value)) {
		const copy: IDataObject = {};
		for (const [key, entry] of Object.entries(value)) copy[key] = redact(entry, secret);
		return copy as T;
	}
	return value;
}

function isObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function header(headers: IN8nHttpFullResponse['headers'], name: string): string | undefined {
	const found = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name);
	return found ? String(found[1]) : undefined;
}

function truncate(text: string): string {
	return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
