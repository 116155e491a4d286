import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type INodePropertyOptions,
} from 'n8n-workflow';

// CometChat UIDs and GUIDs: letters, digits, "-" and "_", at most 100 characters (constraints page).
// CometChat lower-cases them on create; we accept either case and let the API fold it.
export const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
export const ID_MAX_LENGTH = 100;

/** An error for bad input in one item, raised before any request is sent. */
export function inputError(
	context: IExecuteSingleFunctions,
	field: string,
	problem: string,
	fix?: string,
): NodeOperationError {
	const itemIndex = context.getItemIndex();
	return new NodeOperationError(context.getNode(), `${field}: ${problem} [item ${itemIndex}]`, {
		itemIndex,
		description: fix,
	});
}

/** Why a value is not a valid UID/GUID, or undefined when it is. */
export function idProblem(value: string): string | undefined {
	if (value === '') return 'is empty';
	if (value.length > ID_MAX_LENGTH) return `is ${value.length} characters long; CometChat allows at most ${ID_MAX_LENGTH}`;
	if (!ID_PATTERN.test(value)) {
		return `"${value}" has characters CometChat does not allow; use only letters, digits, "-" and "_"`;
	}
	return undefined;
}

/** Reads a UID/GUID parameter (plain or resource locator), trimmed and checked. */
export function readId(context: IExecuteSingleFunctions, parameter: string, field: string): string {
	const raw = context.getNodeParameter(parameter, '', { extractValue: true });
	if (typeof raw !== 'string' && typeof raw !== 'number') {
		throw inputError(context, field, `expected a single ID but got ${describeValue(raw)}`);
	}
	const value = String(raw).trim();
	const problem = idProblem(value);
	if (problem) throw inputError(context, field, problem);
	return value;
}

/**
 * A list given as a comma- or newline-separated string, or as an array from an expression.
 * Blank entries are dropped; repeated ones are kept once, in first-seen order.
 */
export function readList(context: IExecuteSingleFunctions, parameter: string, field: string): string[] {
	const raw = context.getNodeParameter(parameter, '') as unknown;
	let entries: unknown[];
	if (Array.isArray(raw)) entries = raw;
	else if (typeof raw === 'string') entries = raw.split(/[,\n]/);
	else if (typeof raw === 'number') entries = [raw];
	else throw inputError(context, field, `expected a comma-separated list or an array but got ${describeValue(raw)}`);
	const values: string[] = [];
	for (const entry of entries) {
		if (typeof entry !== 'string' && typeof entry !== 'number') {
			throw inputError(context, field, `every entry must be text, but one is ${describeValue(entry)}`);
		}
		const value = String(entry).trim();
		if (value !== '' && !values.includes(value)) values.push(value);
	}
	return values;
}

/** Whether two IDs (UIDs, GUIDs, App IDs) are the same: CometChat IDs ignore case. */
export const sameId = (a: unknown, b: unknown): boolean => String(a ?? '').toLowerCase() === String(b ?? '').toLowerCase();

/** The values without repeats that differ only in case, each kept as first written. */
export function distinctIgnoringCase(values: string[]): string[] {
	return values.filter((value, index, all) => all.findIndex((other) => sameId(other, value)) === index);
}

/**
 * A list of UIDs/GUIDs: at least one, each valid. CometChat IDs ignore case, so "Bob, bob" is one ID
 * (kept as first written): CometChat would answer for it once.
 */
export function readIdList(context: IExecuteSingleFunctions, parameter: string, field: string): string[] {
	const values = distinctIgnoringCase(readList(context, parameter, field));
	if (values.length === 0) throw inputError(context, field, 'is empty; give at least one ID');
	for (const value of values) {
		const problem = idProblem(value);
		if (problem) throw inputError(context, field, problem);
	}
	return values;
}

/**
 * What JSON.parse found wrong, and where, without the text: V8 quotes it (`Unexpected token 'S', "{"pass":
 * Sh0rt…}" is not valid JSON`), and the text may be a secret (a channel's metadata, a tool's headers).
 */
export function jsonMistake(error: unknown): string {
	return String((error as Error).message).replace(/,\s*(?:\.\.\.)?".*$/s, '');
}

/** A JSON object parameter: typed as JSON text in the UI, or an object from an expression. */
export function readJsonObject(context: IExecuteSingleFunctions, parameter: string, field: string): IDataObject {
	const raw = context.getNodeParameter(parameter, '{}') as unknown;
	let value = raw;
	if (typeof raw === 'string') {
		try {
			value = JSON.parse(raw.trim() === '' ? '{}' : raw);
		} catch (error) {
			throw inputError(context, field, `is not valid JSON (${jsonMistake(error)})`, 'Write a JSON object such as {"plan": "pro"}.');
		}
	}
	if (value === null || typeof value !== 'object' || Array.isArray(value)) {
		throw inputError(context, field, `must be a JSON object, not ${describeValue(value)}`, 'Write a JSON object such as {"plan": "pro"}.');
	}
	return value as IDataObject;
}

/**
 * A text parameter (a number is taken as text), trimmed unless `trim: false`. Refused when it is not
 * text, empty while `required`, or longer than `max` characters; empty (or null) gives ''.
 * Lengths count characters as CometChat does (UTF8mb4), not UTF-16 units.
 */
export function readText(
	context: IExecuteSingleFunctions,
	parameter: string,
	field: string,
	{ max = Infinity, required = false, trim = true }: { max?: number; required?: boolean; trim?: boolean } = {},
): string {
	const raw = context.getNodeParameter(parameter, '') as unknown;
	if (raw !== null && raw !== undefined && typeof raw !== 'string' && typeof raw !== 'number') {
		throw inputError(context, field, `must be text, not ${describeValue(raw)}`);
	}
	const text = raw === null || raw === undefined ? '' : String(raw);
	const value = trim ? text.trim() : text;
	if (value.trim() === '') {
		if (required) throw inputError(context, field, 'is empty');
		return '';
	}
	if (characters(value) > max) {
		throw inputError(context, field, `is ${characters(value)} characters long; CometChat allows at most ${max}`);
	}
	return value;
}

// CometChat's constraints page: at most 25 tags of at most 100 characters (users, groups, messages).
export const TAGS_MAX = 25;
export const TAG_MAX = 100;

/** Tags: a comma-separated list or an array, at most 25, each at most 100 characters. */
export function readTags(context: IExecuteSingleFunctions, parameter: string, field = 'Tags'): string[] {
	const tags = readList(context, parameter, field);
	if (tags.length > TAGS_MAX) throw inputError(context, field, `has ${tags.length} tags; CometChat allows at most ${TAGS_MAX}`);
	for (const tag of tags) {
		if (characters(tag) > TAG_MAX) {
			throw inputError(context, field, `"${tag.slice(0, 20)}…" is ${characters(tag)} characters long; CometChat allows at most ${TAG_MAX} per tag`);
		}
	}
	return tags;
}

type Allowed = Array<string | INodePropertyOptions>;
const allowedValues = (allowed: Allowed) => allowed.map((a) => (typeof a === 'string' ? a : String(a.value)));

/** One value that must be among `allowed` (an options field can still get anything from an expression). */
export function readChoice(context: IExecuteSingleFunctions, parameter: string, field: string, allowed: Allowed): string {
	const values = readChoices(context, parameter, field, allowed);
	const choices = allowedValues(allowed).join(', ');
	if (values.length === 0) throw inputError(context, field, `is empty; choose one of ${choices}`);
	if (values.length > 1) throw inputError(context, field, `takes a single value, one of ${choices}`);
	return values[0];
}

/** Values (a list or an array) that must each be among `allowed`. */
export function readChoices(context: IExecuteSingleFunctions, parameter: string, field: string, allowed: Allowed): string[] {
	const values = readList(context, parameter, field);
	const valid = allowedValues(allowed);
	for (const value of values) {
		if (!valid.includes(value)) throw inputError(context, field, `"${value}" is not one of ${valid.join(', ')}`);
	}
	return values;
}

/** Characters as CometChat counts them (code points), so an emoji counts once. */
export const characters = (value: string) => [...value].length;

/** How a wrong value reads in an error ("must be text, not an array"): the one wording of the package. */
export function describeValue(value: unknown): string {
	if (value === null) return 'null';
	if (value === undefined) return 'nothing';
	if (Array.isArray(value)) return 'an array';
	return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An object made as `{}` (or from JSON), not a list, a class instance (a date, a buffer) or null. */
export function isPlainObject(value: unknown): value is IDataObject {
	if (value === null || typeof value !== 'object') return false;
	const prototype = Object.getPrototypeOf(value) as unknown;
	return prototype === Object.prototype || prototype === null;
}

/** A switch read in code (values from expressions skip n8n's own check): true or false only. */
export function readBoolean(context: IExecuteSingleFunctions, parameter: string, field: string): boolean {
	const value = context.getNodeParameter(parameter, false) as unknown;
	if (typeof value !== 'boolean') throw inputError(context, field, `must be true or false, not ${describeValue(value)}`);
	return value;
}

/**
 * A JSON list of objects (rule conditions, filters): JSON text or a value from an expression; one
 * object counts as a list of one. At most `max` entries; `required` refuses an empty list.
 */
export function readJsonList(
	context: IExecuteSingleFunctions,
	parameter: string,
	field: string,
	{ max, required, example }: { max: number; required: boolean; example: string },
): IDataObject[] {
	const fix = `Write a JSON array of objects such as ${example}.`;
	let value = context.getNodeParameter(parameter, '[]') as unknown;
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value.trim() === '' ? '[]' : value);
		} catch (error) {
			throw inputError(context, field, `is not valid JSON (${jsonMistake(error)})`, fix);
		}
	}
	const list = value !== null && typeof value === 'object' && !Array.isArray(value) ? [value] : value;
	if (!Array.isArray(list)) throw inputError(context, field, `must be a JSON array of objects, not ${describeValue(value)}`, fix);
	list.forEach((entry, index) => {
		if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
			throw inputError(context, field, `entry ${index + 1} must be an object, not ${describeValue(entry)}`, fix);
		}
	});
	if (required && list.length === 0) throw inputError(context, field, 'is empty; give at least one', fix);
	if (list.length > max) throw inputError(context, field, `has ${list.length} entries; CometChat allows at most ${max}`);
	return list as IDataObject[];
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

// `<uid>_user_<uid>` or `group_<guid>`: UIDs and GUIDs are alpha-dash up to 100, so at most 206.
const CONVERSATION_ID = /^[A-Za-z0-9_-]+$/;
const CONVERSATION_ID_MAX = 206;

/** A conversation ID parameter (also a filter of Message → Get Many), trimmed and checked. */
export function readConversationId(context: IExecuteSingleFunctions, parameter = 'conversationId'): string {
	const id = readText(context, parameter, 'Conversation ID', { required: true, max: CONVERSATION_ID_MAX });
	if (!CONVERSATION_ID.test(id)) {
		throw inputError(context, 'Conversation ID', `"${id.slice(0, 40)}" has characters a conversation ID cannot have; use only letters, digits, "-" and "_"`);
	}
	return id;
}

// Provider IDs are path segments on Delete and Set Default: "." and ".." alone would walk the path.
const PROVIDER_ID = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,100}$/;

/** Provider ID of FCM and APNs providers (a path segment on Delete and Set Default). */
export function readProviderId(context: IExecuteSingleFunctions, parameter: string): string {
	const id = readText(context, parameter, 'Provider ID', { required: true, max: 100 });
	if (!PROVIDER_ID.test(id)) throw inputError(context, 'Provider ID', `"${id.slice(0, 60)}" is not a provider ID; use letters, digits, ".", "-" and "_"`);
	return id;
}
