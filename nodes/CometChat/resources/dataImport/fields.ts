import type { DeclarativeRestApiSettings, IDataObject, IExecutePaginationFunctions, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { characters, describeValue, idProblem, inputError, isObject, jsonMistake, TAG_MAX, TAGS_MAX } from '../../../shared/validate';
import { redact } from '../../../shared/errors/conversion';
import { optionsCollection } from '../../../shared/fields';
import { matchAnswers, sendInBatches } from '../../../shared/batch';
import { CHAT_CREDENTIAL } from '../../../shared/chat/baseUrl';

// The data import resource's own fields and helpers: first the records of CometChat's data import, as its spec (data-import-apis.json) describes them, and the
// checks each record gets before anything is sent. Limits from CometChat's constraints page: IDs
// alpha-dash up to 100, names 100, URLs 3000, group passwords 100, tags 25 × 100.

/** What one field of a record may hold. */
type Rule =
	| { kind: 'id' }
	| { kind: 'text'; max?: number }
	| { kind: 'choice'; values: string[] }
	| { kind: 'time' }
	| { kind: 'object' }
	| { kind: 'tags' }
	| { kind: 'boolean' }
	| { kind: 'record'; shape: Shape }
	| { kind: 'userMap' }
	| { kind: 'attachments' }
	| { kind: 'messageData' };

export interface Shape {
	/** What the record is, in messages: "user", "group", "member", "message". */
	name: string;
	fields: Record<string, Rule>;
	required: string[];
	/** Rules across fields, once the fields are checked; returns the record to send. */
	check?: (record: IDataObject, path: string[]) => IDataObject;
}

/** A problem in a record: where (field path) and what. */
export class RecordProblem extends Error {
	constructor(
		readonly path: string[],
		readonly problem: string,
	) {
		super(path.length ? `${path.join('.')} ${problem}` : problem);
	}
}

const NAME_MAX = 100;
const URL_MAX = 3000;
const PASSWORD_MAX = 100;

const id: Rule = { kind: 'id' };
const name: Rule = { kind: 'text', max: NAME_MAX };
const url: Rule = { kind: 'text', max: URL_MAX };
const time: Rule = { kind: 'time' };
const object: Rule = { kind: 'object' };
const tags: Rule = { kind: 'tags' };

export const GROUP_TYPES = ['public', 'password', 'private'];
// The spec gives `scope` no values; these are CometChat's member scopes (reference §5).
export const MEMBER_SCOPES = ['admin', 'moderator', 'participant'];
export const MESSAGE_CATEGORIES = ['message', 'custom'];
export const MESSAGE_TYPES = ['text', 'image', 'file', 'audio', 'video'];

/** A user (POST /data_import/users), and the user details inside groups, members and messages. */
export const USER: Shape = {
	name: 'user',
	fields: {
		uid: id,
		name,
		avatar: url,
		link: url,
		role: id, // role IDs follow the UID rule
		createdAt: time,
		lastActiveAt: time,
		metadata: object,
		tags,
		deactivatedAt: time,
	},
	required: ['uid', 'name'],
};

const GROUP_FIELDS: Record<string, Rule> = {
	guid: id,
	name,
	icon: url,
	type: { kind: 'choice', values: GROUP_TYPES },
	password: { kind: 'text', max: PASSWORD_MAX },
	owner: id,
	createdAt: time,
	metadata: object,
	tags,
};

// INFERRED: as on Create Group (ERR_EMPTY_GROUP_PASS), a password group needs its password.
function needsPassword(record: IDataObject, path: string[]): IDataObject {
	if (record.type === 'password' && record.password === undefined) {
		throw new RecordProblem([...path, 'password'], 'is missing; a group of type password needs one');
	}
	return record;
}

/** The group details inside members and messages (no owner details there, per the spec). */
export const GROUP_DETAILS: Shape = { name: 'group', fields: GROUP_FIELDS, required: ['guid', 'name', 'type'], check: needsPassword };

/** A group (POST /data_import/groups). */
export const GROUP: Shape = {
	name: 'group',
	fields: { ...GROUP_FIELDS, groupOwnerDetails: { kind: 'record', shape: USER } },
	required: ['guid', 'name', 'type'],
	check(record, path) {
		const details = record.groupOwnerDetails as IDataObject | undefined;
		if (details && record.owner !== undefined) sameId(details.uid, record.owner, [...path, 'groupOwnerDetails', 'uid'], 'owner');
		return needsPassword(record, path);
	},
};

/** A group member (POST /data_import/members). `memberId` is `<guid>_member_<uid>`; the node fills it in. */
export const MEMBER: Shape = {
	name: 'member',
	fields: {
		memberId: { kind: 'text' },
		guid: id,
		uid: id,
		scope: { kind: 'choice', values: MEMBER_SCOPES },
		isBanned: { kind: 'boolean' },
		joinedAt: time,
		groupDetails: { kind: 'record', shape: GROUP_DETAILS },
		userDetails: { kind: 'record', shape: USER },
	},
	required: ['guid', 'uid'],
	check(record, path) {
		const memberId = `${String(record.guid)}_member_${String(record.uid)}`;
		if (record.memberId !== undefined && String(record.memberId).toLowerCase() !== memberId.toLowerCase()) {
			throw new RecordProblem([...path, 'memberId'], `is ${quote(String(record.memberId))}; it must be <guid>_member_<uid>, here ${quote(memberId)} (or leave it out)`);
		}
		const group = record.groupDetails as IDataObject | undefined;
		if (group) sameId(group.guid, record.guid, [...path, 'groupDetails', 'guid'], 'guid');
		const user = record.userDetails as IDataObject | undefined;
		if (user) sameId(user.uid, record.uid, [...path, 'userDetails', 'uid'], 'uid');
		// The member ID first, as in the spec's example.
		return { memberId: record.memberId ?? memberId, ...record };
	},
};

/** A message (POST /data_import/messages). */
export const MESSAGE: Shape = {
	name: 'message',
	fields: {
		muid: { kind: 'text' },
		sender: id,
		receiverType: { kind: 'choice', values: ['user', 'group'] },
		receiver: id,
		category: { kind: 'choice', values: MESSAGE_CATEGORIES },
		// Checked with the category below: one of MESSAGE_TYPES for "message", any text for "custom".
		type: { kind: 'text' },
		data: { kind: 'messageData' },
		tags,
		sentAt: time,
		deliveredAt: time,
		readAt: time,
		senderUserDetails: { kind: 'record', shape: USER },
		receiverUserDetails: { kind: 'record', shape: USER },
		receiverGroupDetails: { kind: 'record', shape: GROUP_DETAILS },
		receiverGroupOwnerDetails: { kind: 'record', shape: USER },
		mentionedUserDetails: { kind: 'userMap' },
	},
	required: ['muid', 'sender', 'receiverType', 'receiver', 'sentAt'],
	check: checkMessage,
};

/**
 * A message must be one CometChat's Send Message API would take (import guide): a known type for the
 * category "message" (its default) with the text or the attachments, a type of one's own and
 * customData for "custom". The sender and receiver details must describe the sender and receiver.
 */
function checkMessage(record: IDataObject, path: string[]): IDataObject {
	const at = (...keys: string[]) => [...path, ...keys];
	const sender = record.senderUserDetails as IDataObject | undefined;
	if (sender) sameId(sender.uid, record.sender, at('senderUserDetails', 'uid'), 'sender');
	const toUser = record.receiverType === 'user';
	for (const key of toUser ? ['receiverGroupDetails', 'receiverGroupOwnerDetails'] : ['receiverUserDetails']) {
		if (record[key] !== undefined) throw new RecordProblem(at(key), `is for messages to a ${toUser ? 'group' : 'user'}, but receiverType is ${String(record.receiverType)}`);
	}
	const receiverDetails = (toUser ? record.receiverUserDetails : record.receiverGroupDetails) as IDataObject | undefined;
	if (receiverDetails) sameId(toUser ? receiverDetails.uid : receiverDetails.guid, record.receiver, at(toUser ? 'receiverUserDetails' : 'receiverGroupDetails', toUser ? 'uid' : 'guid'), 'receiver');
	const owner = record.receiverGroupOwnerDetails as IDataObject | undefined;
	if (owner && receiverDetails?.owner !== undefined) sameId(owner.uid, receiverDetails.owner, at('receiverGroupOwnerDetails', 'uid'), 'receiverGroupDetails.owner');

	const category = String(record.category ?? 'message');
	const data = (record.data ?? {}) as IDataObject;
	if (category === 'custom') {
		if (record.type === undefined) throw new RecordProblem(at('type'), 'is missing; a custom message needs a type of your own, e.g. "location"');
		if (!isPlainObject(data.customData) || Object.keys(data.customData).length === 0) {
			throw new RecordProblem(at('data', 'customData'), 'is missing; a custom message needs its customData object');
		}
		return record;
	}
	const type = String(record.type ?? 'text');
	if (!MESSAGE_TYPES.includes(type)) throw new RecordProblem(at('type'), `is ${quote(type)}; a message of category "message" has one of ${MESSAGE_TYPES.join(', ')}`);
	if (type === 'text' && (typeof data.text !== 'string' || data.text.trim() === '')) {
		throw new RecordProblem(at('data', 'text'), 'is missing; a text message needs its text');
	}
	const hasFile = (Array.isArray(data.attachments) && data.attachments.length > 0) || (typeof data.url === 'string' && data.url !== '');
	if (type !== 'text' && !hasFile) throw new RecordProblem(at('data', 'attachments'), `is missing; ${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type} message needs at least one attachment`);
	return record;
}

/** Details must name the same ID as the field they describe (CometChat lower-cases IDs, so case is ignored). */
function sameId(detail: unknown, expected: unknown, path: string[], field: string): void {
	if (String(detail).toLowerCase() !== String(expected).toLowerCase()) {
		throw new RecordProblem(path, `is ${quote(String(detail))} but ${field} is ${quote(String(expected))}`);
	}
}

const ATTACHMENT: Shape = {
	name: 'attachment',
	fields: { url, name: { kind: 'text' }, mimeType: { kind: 'text' }, extension: { kind: 'text' }, size: { kind: 'text' } },
	required: ['url', 'name', 'mimeType', 'extension'],
};

/**
 * Checks a record against its shape and returns it as it will be sent: blank optional fields (null,
 * '') left out, IDs trimmed, times in UNIX seconds, tags as a list. Throws a RecordProblem naming the field.
 */
export function checkRecord(shape: Shape, value: unknown, path: string[] = []): IDataObject {
	if (!isPlainObject(value)) throw new RecordProblem(path, `must be an object with the ${shape.name}'s fields, not ${describe(value)}`);
	const record: IDataObject = {};
	for (const [key, raw] of Object.entries(value)) {
		const rule = shape.fields[key];
		if (!rule) {
			throw new RecordProblem(
				[...path, key],
				`is not a field of CometChat's ${shape.name} import, which takes ${Object.keys(shape.fields).join(', ')}`,
			);
		}
		if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) continue;
		record[key] = checkValue(rule, raw, [...path, key]);
	}
	for (const key of shape.required) {
		if (record[key] === undefined) throw new RecordProblem([...path, key], key in value ? 'is empty' : 'is missing');
	}
	return shape.check ? shape.check(record, path) : record;
}

/** checkRecord, with its problem returned rather than thrown. */
export function checkedRecord(shape: Shape, value: unknown): { record?: IDataObject; problem?: RecordProblem } {
	try {
		return { record: checkRecord(shape, value) };
	} catch (error) {
		return { problem: error instanceof RecordProblem ? error : new RecordProblem([], `could not be read (${(error as Error).message})`) };
	}
}

function checkValue(rule: Rule, value: unknown, path: string[]): IDataObject[string] {
	switch (rule.kind) {
		case 'id': {
			const text = idText(value, path);
			const problem = idProblem(text);
			if (problem) throw new RecordProblem(path, problem);
			return text;
		}
		case 'text':
			return text(value, path, rule.max);
		case 'choice': {
			const choice = text(value, path).trim();
			if (!rule.values.includes(choice)) throw new RecordProblem(path, `is ${quote(choice)}; use one of ${rule.values.join(', ')}`);
			return choice;
		}
		case 'time':
			return seconds(value, path);
		case 'object':
			return jsonObject(value, path);
		case 'tags':
			return tagList(value, path);
		case 'boolean':
			if (value === true || value === 'true') return true;
			if (value === false || value === 'false') return false;
			throw new RecordProblem(path, `must be true or false, not ${describe(value)}`);
		case 'record':
			return checkRecord(rule.shape, value, path);
		case 'userMap':
			return userMap(value, path);
		case 'attachments': {
			if (!Array.isArray(value)) throw new RecordProblem(path, `must be a list of attachment objects, not ${describe(value)}`);
			return value.map((entry, index) => checkRecord(ATTACHMENT, entry, [...path.slice(0, -1), `${path[path.length - 1]}[${index}]`]));
		}
		case 'messageData':
			return messageData(value, path);
	}
}

/** `data` of a message: text, customData, attachments and metadata are checked; other keys pass as they are (spec). */
function messageData(value: unknown, path: string[]): IDataObject {
	const data = jsonObject(value, path);
	const checked: IDataObject = {};
	for (const [key, entry] of Object.entries(data)) {
		if (entry === null || entry === undefined) continue;
		const at = [...path, key];
		if (key === 'text') checked.text = text(entry, at);
		else if (key === 'customData' || key === 'metadata') checked[key] = jsonObject(entry, at);
		else if (key === 'attachments') checked.attachments = checkValue({ kind: 'attachments' }, entry, at);
		else if (key === 'entities') throw new RecordProblem(at, 'is filled in by CometChat; leave it out');
		else checked[key] = entry as IDataObject[string];
	}
	return checked;
}

/** mentionedUserDetails: users keyed by UID (as the spec has it), or a list of users turned into that map. */
function userMap(value: unknown, path: string[]): IDataObject {
	if (!Array.isArray(value) && !isPlainObject(value)) {
		throw new RecordProblem(path, `must be an object of users keyed by UID, not ${describe(value)}`);
	}
	const entries: Array<[string | undefined, unknown]> = Array.isArray(value)
		? value.map((user) => [undefined, user])
		: Object.entries(value);
	const map: IDataObject = {};
	entries.forEach(([key, raw], index) => {
		const at = [...path.slice(0, -1), key === undefined ? `${path[path.length - 1]}[${index}]` : path[path.length - 1], ...(key === undefined ? [] : [key])];
		const user = checkRecord(USER, isPlainObject(raw) && key !== undefined && raw.uid === undefined ? { uid: key, ...raw } : raw, at);
		const uid = String(user.uid);
		if (key !== undefined && key !== uid) throw new RecordProblem([...at, 'uid'], `is ${quote(uid)} but the user is listed under ${quote(key)}`);
		map[uid] = user;
	});
	return map;
}

function idText(value: unknown, path: string[]): string {
	if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return String(value);
	if (typeof value !== 'string') throw new RecordProblem(path, `must be an ID (text), not ${describe(value)}`);
	return value.trim();
}

function text(value: unknown, path: string[], max = Infinity): string {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (typeof value !== 'string') throw new RecordProblem(path, `must be text, not ${describe(value)}`);
	if (characters(value) > max) throw new RecordProblem(path, `is ${characters(value)} characters long; CometChat allows at most ${max}`);
	return value;
}

// ISO 8601 dates, as n8n writes them ({{ $now }}, date fields): 2024-05-01, 2024-05-01T10:00:00.000+02:00.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
// Beyond this a number is taken for milliseconds (as Date.now() and n8n's toMillis() give): 10^11 seconds is the year 5138.
const MILLISECONDS_FROM = 1e11;
const LATEST = 9_999_999_999;

/**
 * A time as CometChat's import wants it: 10-digit UNIX seconds. Takes seconds (number or digits),
 * milliseconds (converted), an ISO date (text) or a date object from an expression.
 */
function seconds(value: unknown, path: string[]): number {
	let result: number | undefined;
	if (typeof value === 'number') result = value >= MILLISECONDS_FROM ? value / 1000 : value;
	else if (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)) result = seconds(Number(value), path);
	else if (typeof value === 'string' && ISO_DATE.test(value.trim())) result = Date.parse(value.trim()) / 1000;
	else if (isDate(value)) result = value.getTime() / 1000;
	else if (isObject(value) && typeof (value as { toMillis?: unknown }).toMillis === 'function') {
		result = Number((value as { toMillis: () => number }).toMillis()) / 1000;
	}
	// The spec asks for 10-digit UNIX timestamps: later than 9999999999 (the year 2286) is no time it takes.
	if (result === undefined || !Number.isFinite(result) || result < 0 || result > LATEST) {
		throw new RecordProblem(path, `must be a time: UNIX seconds (e.g. 1700000000) or an ISO date (e.g. 2024-05-01T10:00:00Z), not ${describe(value)}`);
	}
	return Math.floor(result);
}

function jsonObject(value: unknown, path: string[]): IDataObject {
	const parsed = typeof value === 'string' ? parseJson(value) : value;
	if (parsed === NOT_JSON) throw new RecordProblem(path, `must be a JSON object, not the text ${quote(value as string)}`);
	if (!isPlainObject(parsed)) throw new RecordProblem(path, `must be a JSON object, not ${describe(parsed)}`);
	return parsed as IDataObject;
}

const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return NOT_JSON;
	}
}

function tagList(value: unknown, path: string[]): string[] {
	const list = typeof value === 'string' ? value.split(',') : value;
	if (!Array.isArray(list)) throw new RecordProblem(path, `must be a list of texts, not ${describe(value)}`);
	const result: string[] = [];
	for (const entry of list) {
		if (typeof entry !== 'string' && typeof entry !== 'number') throw new RecordProblem(path, `must hold texts only, but one is ${describe(entry)}`);
		const tag = String(entry).trim();
		if (tag === '' || result.includes(tag)) continue;
		if (characters(tag) > TAG_MAX) throw new RecordProblem(path, `has a tag of ${characters(tag)} characters; CometChat allows at most ${TAG_MAX}`);
		result.push(tag);
	}
	if (result.length > TAGS_MAX) throw new RecordProblem(path, `has ${result.length} tags; CometChat allows at most ${TAGS_MAX}`);
	return result;
}

/** A plain JSON object (not a list, a date or null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return isObject(value) && Object.prototype.toString.call(value) === '[object Object]';
}

function isDate(value: unknown): value is Date {
	return Object.prototype.toString.call(value) === '[object Date]';
}

export function quote(value: string): string {
	const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
	return JSON.stringify(shown);
}

/** describeValue, with the value itself where it helps find the record (text, numbers, dates). */
export function describe(value: unknown): string {
	if (isDate(value)) return 'a date';
	if (typeof value === 'string') return value.trim() === '' ? 'blank text' : `the text ${quote(value)}`;
	if (typeof value === 'number') return `the number ${value}`;
	return describeValue(value);
}

// Then how the records are sent: the Records field, its options, and the import in batches.
// CometChat's data import constraints page: at most 50 entities per request (and 60 requests a minute,
// which the shared retry policy meets by waiting as long as a 429 asks).
export const MAX_BATCH = 50;

/** One of the four import endpoints: POST /data_import/<wrapper>  body {<wrapper>: {<key value>: record, ...}}. */
export interface ImportKind {
	wrapper: 'users' | 'groups' | 'members' | 'messages';
	/** The field each record is keyed by in the body and the answer, and that names it in the output. */
	key: 'uid' | 'guid' | 'memberId' | 'muid';
	/** Display name of the records field. */
	field: string;
	shape: Shape;
	/** Whether CometChat folds the key's case (UIDs, GUIDs): two records differing only in case are one. */
	foldsCase: boolean;
	/** An example record for hints. */
	example: string;
	/** Output fields beside the key (members: guid, uid). */
	extra?: (record: IDataObject) => IDataObject;
}

/** The records field of an operation: a JSON array of records, or an expression giving one. */
export function recordsField(kind: ImportKind, description: string): INodeProperties {
	return {
		displayName: kind.field,
		name: kind.wrapper,
		type: 'json',
		required: true,
		default: '[]',
		description,
		routing: {
			send: {
				preSend: [
					async function setRecords(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
						const records = readRecords(this, kind);
						readBatchSize(this);
						// The paginator (importInBatches) sends them 50 at a time, keyed as CometChat wants.
						requestOptions.body = { ...(requestOptions.body as object), [kind.wrapper]: records };
						return requestOptions;
					},
				],
			},
		},
	};
}

/** Options: the batch size (not sent; it decides how many records go in each request). */
export const batchOptions = () =>
	optionsCollection([
	{
		displayName: 'Batch Size',
		name: 'batchSize',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_BATCH },
		default: MAX_BATCH,
		description: 'How many records go in one request. CometChat takes at most 50; fewer make smaller requests.',
	},
	]);

function readBatchSize(context: IExecuteSingleFunctions): number {
	const raw = context.getNodeParameter('options.batchSize', MAX_BATCH) as unknown;
	const size = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > MAX_BATCH) {
		throw inputError(context, 'Batch Size', `must be a whole number from 1 to ${MAX_BATCH}, not ${describe(raw)}`);
	}
	return size;
}

/**
 * The records of one item, checked and ready to send, in the order given. Takes a list of records
 * (JSON text or an array from an expression), a single record, or CometChat's own map keyed by ID.
 * Any problem stops the item before anything is sent, naming the record (counted from 1) and its field.
 */
export function readRecords(context: IExecuteSingleFunctions, kind: ImportKind): IDataObject[] {
	const { field, shape } = kind;
	const fix = `Give a JSON array of ${shape.name} records, e.g. [${kind.example}], or an expression such as {{ $json.${kind.wrapper} }}.`;
	const raw = context.getNodeParameter(kind.wrapper, '[]') as unknown;
	let value = raw;
	if (typeof raw === 'string') {
		try {
			value = raw.trim() === '' ? [] : JSON.parse(raw);
		} catch (error) {
			throw inputError(context, field, `is not valid JSON (${jsonMistake(error)})`, fix);
		}
	}
	let entries: Array<{ listedAs?: string; value: unknown }>;
	if (Array.isArray(value)) {
		entries = value.map((entry) => ({ value: entry }));
	} else if (isPlainObject(value)) {
		// A single record has its ID field; CometChat's own form is an object of records keyed by ID.
		const single = kind.key in value || (kind.key === 'memberId' && ('guid' in value || 'uid' in value));
		const map = !single && Object.keys(value).length > 0 && Object.values(value).every(isPlainObject);
		entries = map ? Object.entries(value).map(([listedAs, entry]) => ({ listedAs, value: entry })) : [{ value }];
	} else {
		throw inputError(context, field, `must be a list of ${shape.name} records (a JSON array), not ${describe(value)}`, fix);
	}
	if (entries.length === 0) throw inputError(context, field, `is empty; give at least one ${shape.name} record`, fix);

	const seen = new Map<string, number>();
	return entries.map(({ listedAs, value: entry }, index) => {
		const label = `record ${index + 1}${labelOf(kind, entry, listedAs)}`;
		const keyed = listedAs !== undefined && kind.key !== 'memberId' && isPlainObject(entry) && entry[kind.key] === undefined;
		const { record, problem } = checkedRecord(shape, keyed ? { [kind.key]: listedAs, ...(entry as IDataObject) } : entry);
		if (problem || !record) {
			const text = problem?.message ?? 'could not be read';
			throw inputError(context, field, problem?.path.length ? `${label}: ${text}` : `${label} ${text}`, fix);
		}
		const key = String(record[kind.key]);
		if (listedAs !== undefined && listedAs.toLowerCase() !== key.toLowerCase()) {
			throw inputError(context, field, `${label}: ${kind.key} is ${quote(key)} but the record is listed under ${quote(listedAs)}`);
		}
		const folded = kind.foldsCase ? key.toLowerCase() : key;
		const first = seen.get(folded);
		if (first !== undefined) {
			throw inputError(context, field, `${label} has the same ${kind.key} as record ${first + 1}; CometChat imports each ${shape.name} once`);
		}
		seen.set(folded, index);
		return record;
	});
}

/** ` (uid "bob")`: the record's ID as given, when it has one, to find it in a long list. */
function labelOf(kind: ImportKind, entry: unknown, listedAs: string | undefined): string {
	if (!isPlainObject(entry)) return listedAs === undefined ? '' : ` (${quote(listedAs)})`;
	const shown = (key: string) => {
		const value = entry[key] ?? (key === kind.key ? listedAs : undefined);
		return typeof value === 'string' || typeof value === 'number' ? `${key} ${quote(String(value))}` : undefined;
	};
	const keys = kind.key === 'memberId' ? ['guid', 'uid'] : [kind.key];
	const parts = keys.map(shown).filter((part): part is string => part !== undefined);
	return parts.length ? ` (${parts.join(', ')})` : '';
}

/**
 * `operations.pagination` of an import: sends the checked records in order, at most Batch Size (50) per
 * request, each request keyed as CometChat wants ({users: {<uid>: {...}}}) and written in the order
 * given (a JS object would put numeric keys such as muid "3118" first). Each request goes through the
 * retry policy on its own: a 429 is waited out and sent again; after a 5xx or a broken connection it
 * is not repeated (an import is a POST) and the item fails saying which records went where. Returns one
 * item per record, in the order given: `{<key>, success, message?, code?, data?}`.
 */
export function importInBatches(kind: ImportKind) {
	return async function runImport(
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const records = ((requestData.options.body ?? {}) as IDataObject)[kind.wrapper] as IDataObject[];
		const size = readBatchSize(this);
		const apiKey = String((await this.getCredentials(CHAT_CREDENTIAL)).apiKey ?? '');
		const tally = { imported: 0, refused: 0 };
		return await sendInBatches(this, requestData, records, size, {
			bodyOf: (batch) => bodyText(kind, batch),
			itemsOf: (batch, response) => {
				const answers = redact(((response?.json as IDataObject | undefined)?.data ?? {}) as IDataObject, apiKey);
				const asked = batch.map((record) => ({ list: '', id: String(record[kind.key]), fields: kind.extra?.(record) }));
				const answered = Object.entries(isObject(answers) ? answers : {}).map(([id, result]) => ({ list: '', id, result }));
				// One item per record sent, in order; CometChat keys its answer by the record's ID (UIDs and GUIDs lower-cased).
				const items = matchAnswers(asked, answered, { field: kind.key, outcome });
				for (const item of items) {
					if (item.json.success === true) tally.imported++;
					else tally.refused++;
				}
				return items;
			},
			failed: (error, start, end) => withProgress(error, kind, { start, end, total: records.length, ...tally }),
		});
	};
}

/** `{"<wrapper>":{"<key>":{...},...}}` as JSON text, keys in the records' order. */
function bodyText(kind: ImportKind, batch: IDataObject[]): string {
	const entries = batch.map((record) => `${JSON.stringify(String(record[kind.key]))}:${JSON.stringify(record)}`);
	return `{${JSON.stringify(kind.wrapper)}:{${entries.join(',')}}}`;
}

/** `{success: true, data}` or `{success: false, error: {code, message, details?}}` as an output item's fields. */
function outcome(answer: unknown): IDataObject {
	if (answer === undefined) return { success: false, message: 'CometChat returned no result for this record.' };
	if (!isObject(answer)) return { success: false, message: `CometChat answered ${JSON.stringify(answer)} for this record.` };
	const error = isObject(answer.error) ? answer.error : undefined;
	const message = answer.message ?? error?.message ?? (typeof answer.error === 'string' ? answer.error : undefined);
	let data = answer.data;
	// The import guide's examples wrap the record once more ({success, data: {data: {...}}}): unwrap it.
	if (isObject(data) && Object.keys(data).length === 1 && isObject(data.data)) data = data.data;
	return {
		success: answer.success === true,
		...(message !== undefined ? { message: String(message) } : {}),
		...(error?.code !== undefined ? { code: String(error.code) } : {}),
		...(isObject(error?.details) ? { details: error.details as IDataObject } : {}),
		...(isObject(data) ? { data: data as IDataObject } : {}),
	};
}

/** Adds to a failed request's error where each record stands: answered, in the failed request, or not sent. */
function withProgress(
	error: Error,
	kind: ImportKind,
	{ start, end, total, imported, refused }: { start: number; end: number; total: number; imported: number; refused: number },
): Error {
	const what = kind.wrapper;
	const parts: string[] = [];
	if (start > 0) {
		parts.push(`Records 1–${start} of the ${total} ${what} went in earlier requests and CometChat answered for each (${imported} imported, ${refused} not).`);
	}
	parts.push(start === 0 && end === total ? `All ${total} ${what} were in this request.` : `Records ${start + 1}–${end} were in this request.`);
	if (end < total) parts.push(`Records ${end + 1}–${total} were not sent.`);
	if (start > 0 || end < total) {
		parts.push(`To go on, run the ${what} from record ${start + 1} on; any CometChat already imported come back as already existing.`);
	}
	const described = error as Error & { description?: string | null };
	described.description = [described.description, ...parts].filter(Boolean).join(' ');
	return error;
}
