import type { IDataObject } from 'n8n-workflow';
import { characters, describeValue, idProblem, isObject, TAG_MAX, TAGS_MAX } from '../../../shared/validate';

// The records of CometChat's data import, as its spec (data-import-apis.json) describes them, and the
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
