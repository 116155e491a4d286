import {
	NodeApiError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type PreSendAction,
	type IN8nHttpFullResponse,
	type INodeExecutionData,
	type INodeProperties,
	type JsonObject,
} from 'n8n-workflow';
import { userLocator } from '../../../shared/fields';
import { inputError, readId, readText } from '../../../shared/validate';

// What the notification resources (Notification Setting, Preference, Contact, Provider, Log and Push
// Token) share: the user they act for, the lists CometChat wraps in a named key, and the checks of
// e-mail addresses, phone numbers and time zones.

/** The User picker of the per-user operations; `place` puts the checked UID into the request. */
function userField(description: string, sendUser: PreSendAction): INodeProperties {
	return { ...userLocator('uid', 'User', description), routing: { send: { preSend: [sendUser] } } };
}

/** The user an operation is about, sent as the query parameter `uid` (preferences, mute, time zone). */
export const userQueryField = (description: string) => userField(description, sendUserInQuery);
async function sendUserInQuery(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	requestOptions.qs = { ...requestOptions.qs, uid: readId(this, 'uid', 'User') };
	return requestOptions;
}

/** The user an operation is about, sent as the `onBehalfOf` header, which the spec requires there (contact details). */
export const userHeaderField = (description: string) => userField(description, sendUserInHeader);
async function sendUserInHeader(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	requestOptions.headers = { ...requestOptions.headers, onBehalfOf: readId(this, 'uid', 'User') };
	return requestOptions;
}

/**
 * postReceive for answers that wrap a list in a named key (`{data: {pushTokens: [...]}}`): one item per
 * entry; no key is an empty list. Anything else is an error naming what came, without repeating it (it
 * may hold tokens).
 */
export function itemsOf(key: string) {
	return async function listItems(
		this: IExecuteSingleFunctions,
		_items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		const data = dataOf(response);
		const list = data && !(key in data) ? [] : data?.[key];
		if (Array.isArray(list) && list.every(isObject)) return list.map((json) => ({ json: json as IDataObject }));
		throw unexpectedAnswer(this, response, `{"data": {"${key}": [...]}}`);
	};
}

/** `data` of a CometChat answer when it is an object. */
export function dataOf(response: IN8nHttpFullResponse): IDataObject | undefined {
	const body = response.body as IDataObject | undefined;
	const data = isObject(body) ? body.data : undefined;
	return isObject(data) ? data : undefined;
}

/** An answer of the wrong shape, described by its keys only (notification answers can hold secrets). */
export function unexpectedAnswer(context: IExecuteSingleFunctions, response: IN8nHttpFullResponse, expected: string): NodeApiError {
	const itemIndex = context.getItemIndex();
	const data = dataOf(response);
	const got = data ? `data with the keys ${Object.keys(data).join(', ') || '(none)'}` : 'no data object';
	return new NodeApiError(context.getNode(), {} as JsonObject, {
		message: `CometChat answered HTTP ${response.statusCode} without the expected data [item ${itemIndex}]`,
		description: `Expected ${expected}, got ${got}.`,
		httpCode: String(response.statusCode),
		itemIndex,
	});
}

export function isObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

// A plain check that catches typos (no "@", spaces); CometChat and the mail provider decide the rest.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX = 254; // RFC 5321's limit on an address
// E.164: "+", a country code and the number, at most 15 digits (the spec: "with country code").
const PHONE = /^\+[1-9]\d{6,14}$/;

/** An e-mail address, trimmed. */
export function readEmail(context: IExecuteSingleFunctions, parameter: string, field: string): string {
	const email = readText(context, parameter, field, { required: true, max: EMAIL_MAX });
	if (!EMAIL.test(email)) throw inputError(context, field, `"${email.slice(0, 60)}" is not an e-mail address`, 'Write it as name@example.com.');
	return email;
}

/** A phone number with its country code; spaces, dashes, dots and brackets are dropped. */
export function readPhone(context: IExecuteSingleFunctions, parameter: string, field: string): string {
	const text = readText(context, parameter, field, { required: true, max: 40 });
	const phone = text.replace(/[\s().-]/g, '');
	if (!PHONE.test(phone)) {
		throw inputError(context, field, `"${text}" is not a phone number with its country code`, 'Write it with "+" and the country code, such as +14155550123.');
	}
	return phone;
}

/** An IANA time zone name, such as Asia/Tokyo, as the JavaScript engine knows them. */
export function readTimezone(context: IExecuteSingleFunctions, parameter: string, field: string): string {
	const zone = readText(context, parameter, field, { required: true, max: 100 });
	try {
		// The engine's own list of zones; it refuses names it does not know.
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
	} catch {
		throw inputError(context, field, `"${zone.slice(0, 60)}" is not a time zone`, 'Use an IANA time zone name such as Asia/Tokyo or America/New_York.');
	}
	if (!zone.includes('/') && zone !== 'UTC') {
		// Abbreviations such as EST are accepted by the engine but are not what CometChat asks for.
		throw inputError(context, field, `"${zone}" is an abbreviation, not a time zone name`, 'Use an IANA time zone name such as Asia/Tokyo or America/New_York.');
	}
	return zone;
}
