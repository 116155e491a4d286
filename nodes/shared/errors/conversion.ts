import {
	NodeApiError,
	type IExecuteSingleFunctions,
	type IN8nHttpFullResponse,
	type INode,
	type INodeExecutionData,
	type JsonObject,
} from 'n8n-workflow';
import { redactAll, SECRET_KEY, SECRET_MIN_LENGTH } from './redaction';
import { isObject } from '../validate';
import { FIXES } from './hints';
import { CHAT_CREDENTIAL } from '../chat/baseUrl';

export { redactAll } from './redaction';

/** postReceive: turns any CometChat error response into a NodeApiError. Runs first for every operation. */
export async function throwOnApiError(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	if (response.statusCode < 400) return items;
	const credentials = await this.getCredentials(CHAT_CREDENTIAL);
	throw toApiError(this.getNode(), response, [String(credentials.apiKey ?? ''), ...typedSecrets(this)], this.getItemIndex());
}

// Paths of parameters that hold secrets the user types into the node (notification providers' keys,
// push tokens), cut out of CometChat's error texts as the API key is. Their fields register them.
const secretParameters = new Set<string>();

export function registerSecretParameter(...paths: string[]): void {
	for (const path of paths) secretParameters.add(path);
}

/** The values of this item's secret parameters (those of other operations read as empty). */
export function typedSecrets(context: IExecuteSingleFunctions): string[] {
	const values: string[] = [];
	const parameters = context.getNode().parameters;
	for (const path of secretParameters) {
		// Only those this node has (a cheap look before n8n resolves the value).
		if (path.split('.').reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), parameters) === undefined) continue;
		let value: unknown;
		try {
			value = context.getNodeParameter(path, '');
		} catch {
			continue; // an expression that cannot be resolved holds no value to hide
		}
		if ((typeof value === 'string' || typeof value === 'number') && String(value).trim().length >= SECRET_MIN_LENGTH) {
			values.push(String(value).trim(), ...jsonTexts(String(value)), ...lineTexts(String(value)));
		} else if (isObject(value) || Array.isArray(value)) {
			values.push(...objectTexts(value)); // a JSON field an expression gave as an object
		}
	}
	return values;
}

/** A secret given as a JSON object (a service account file): its longer texts (keys) are secrets too. */
function jsonTexts(value: string): string[] {
	if (!value.trim().startsWith('{')) return [];
	try {
		const parsed = JSON.parse(value) as unknown;
		return isObject(parsed) ? objectTexts(parsed) : [];
	} catch {
		return []; // not JSON: the text itself is the secret
	}
}

/**
 * The texts of an object that are secrets, at every depth (a channel's metadata may hold a service account,
 * {serviceAccount: {private_key}}): any of 20 characters or more, and under a key that names a secret
 * (SECRET_KEY, at any depth above) any of SECRET_MIN_LENGTH or more, as outputs hide those whole.
 */
function objectTexts(value: unknown, underSecretKey = false): string[] {
	// A number under a secret-named key is a secret as its text (an SMS gateway's PIN, a numeric API key).
	if (typeof value === 'number') return underSecretKey ? keyedSecretTexts(String(value)) : [];
	if (typeof value === 'string') {
		// A JSON text inside the object (a provider's config kept as a string) is looked into as well.
		const inner = value.trim().startsWith('{') ? jsonTexts(value) : [];
		return [...inner, ...(underSecretKey ? keyedSecretTexts(value) : value.trim().length >= 20 ? [value] : [])];
	}
	if (Array.isArray(value)) return value.flatMap((entry) => objectTexts(entry, underSecretKey));
	return isObject(value) ? Object.entries(value).flatMap(([key, entry]) => objectTexts(entry, underSecretKey || SECRET_KEY.test(key))) : [];
}

/**
 * "name: value" lines (Rasa's and Agno's headers): the value of each name that names a secret (SECRET_KEY),
 * as an error may quote one header rather than the whole text.
 */
function lineTexts(value: string): string[] {
	if (value.trim().startsWith('{')) return [];
	return value.split(/\r?\n/).flatMap((line) => {
		const header = /^\s*([^:]+?)\s*:\s*(.*?)\s*$/.exec(line);
		if (!header) return [];
		if (SECRET_KEY.test(header[1])) return keyedSecretTexts(header[2]);
		// A "Bearer <token>" (or any scheme's credentials) is a secret whatever the header is called.
		const token = /^(?:Bearer|Basic|Token)\s+(\S+)$/i.exec(header[2])?.[1];
		return token !== undefined && token.length >= SECRET_MIN_LENGTH ? [header[2], token] : [];
	});
}

/**
 * The texts to cut of a value under a secret-named key: itself, of SECRET_MIN_LENGTH or more, and of a
 * "Bearer <token>" value the token alone (an error may quote just it). (redaction.ts secretForms then adds
 * each text's encodings.)
 */
function keyedSecretTexts(value: string): string[] {
	if (value.trim().length < SECRET_MIN_LENGTH) return [];
	const token = /^\s*[A-Za-z]+\s+(\S+)\s*$/.exec(value)?.[1];
	return token !== undefined && token.length >= SECRET_MIN_LENGTH ? [value, token] : [value];
}

/** What a caller may add to toApiError: hints of its own host or context. */
export interface ApiErrorOptions {
	/** Hints by code, used before the chat API's (e.g. the management API's). */
	fixes?: Record<string, string>;
	/** The hint when no code has one (e.g. for 401/403 of another credential). */
	fallbackFix?: string;
	/** A sentence put first in the description (what was being done). */
	lead?: string;
	/** Who answered, for a response without a code; default "CometChat". */
	noun?: string;
}

/**
 * CometChat's `{error: {code, message, details}}` as an n8n error: code and message in the message
 * (so they also reach "continue on fail" output), the fix and field details in the description,
 * the HTTP status kept. The API key (and any other secret given) is cut out everywhere: CometChat
 * echoes it in some messages.
 */
export function toApiError(
	node: INode,
	response: Pick<IN8nHttpFullResponse, 'body' | 'headers' | 'statusCode'>,
	secrets: string | string[],
	itemIndex?: number,
	options: ApiErrorOptions = {},
): NodeApiError {
	const body = redactAll(response.body, (Array.isArray(secrets) ? secrets : [secrets]).filter(Boolean));
	const error = isObject(body) && isObject(body.error) ? body.error : undefined;
	// The AI Agents API answers NestJS's `{statusCode, message, error}` instead (ai-agent-service.json's ErrorResponse).
	const nest = !error && isObject(body) && typeof body.statusCode === 'number' ? body : undefined;
	const nestText = Array.isArray(nest?.message) ? nest.message.join('; ') : nest?.message;
	const code = typeof error?.code === 'string' ? error.code : typeof nest?.error === 'string' ? nest.error : undefined;
	const text = typeof error?.message === 'string' ? error.message : typeof nestText === 'string' ? nestText : undefined;
	const status = response.statusCode;
	const where = itemIndex === undefined ? '' : ` [item ${itemIndex}]`;

	const message = code
		? `${code}: ${text ?? 'CometChat gave no message'}${where}`
		: `${options.noun ?? 'CometChat'} answered HTTP ${status}${where}`;
	const parts: string[] = options.lead ? [options.lead] : [];
	if (isObject(error?.details)) {
		for (const [field, problems] of Object.entries(error.details)) {
			parts.push(`${field}: ${Array.isArray(problems) ? problems.join(' ') : String(problems)}`);
		}
	}
	const fix = (code && (options.fixes?.[code] ?? FIXES[code])) || options.fallbackFix;
	if (fix) parts.push(fix);
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

/** redactAll for one secret (every form of it; see redaction.ts). */
export function redact<T>(value: T, secret: string): T {
	return redactAll(value, [secret]);
}

function header(headers: IN8nHttpFullResponse['headers'], name: string): string | undefined {
	const found = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name);
	return found ? String(found[1]) : undefined;
}

function truncate(text: string): string {
	return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
