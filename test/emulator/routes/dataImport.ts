/**
 * Data import (reference §7.15; spec data-import-apis.json): POST /data_import/users, groups, members,
 * messages. Each body is an object of records keyed by their ID ({users: {<uid>: {...}}}) and each answer
 * one result per key: `{success: true, data: <record>}` or `{success: false, error: {...}}` (import guide:
 * "error details in data.<id>.error"; the error object's shape, CometChat's usual one, is INFERRED).
 * Imported users, groups, memberships and messages go into the emulator's state like created ones.
 *
 * Limits (data migration constraints page): 50 entities per request, 60 requests a minute. The page says
 * CometChat "enforces rate limits on each API endpoint", so each import endpoint has its own budget here
 * (INFERRED, as is the fixed minute window like the other limits'), beside the app's standard budget.
 */
import { CometError, cometError, errors, type CometErrorBody, type EmulatorState, type GroupRecord, type GroupType, type MemberScope, type MessageRecord, type ReceiverType, type UserRecord, groupConversationId, normalizeId, userConversationId, type Route, type RouteContext, type RouteResult, Validator, bodyObject, groupView, isPlainObject, messageView, ok, userView } from './prelude';

/** Entities per request [data migration constraints page]. */
export const IMPORT_BATCH_MAX = 50;

/** The import endpoints' own rate limit and what imports keep beside the shared state. */
export class DataImportStore {
	/** Requests per window; 60 a minute [data migration constraints page]. Tests may lower both. */
	limit = 60;
	windowSeconds = 60;
	private windowStart = Number.NaN;
	/** Requests counted in the current window, per endpoint. */
	private readonly used = new Map<string, number>();
	/** uid → lastActiveAt of imported users (the shared user record has no such field). */
	readonly lastActiveAt = new Map<string, number>();
	/** message id → delivery and read times of imported messages. */
	readonly receipts = new Map<string, { deliveredAt?: number; readAt?: number }>();

	/** Count one request to `endpoint`, or throw 429 once its budget for the window is spent. */
	take(endpoint: string, now: number): void {
		const start = Math.floor(now / this.windowSeconds) * this.windowSeconds;
		if (start !== this.windowStart) {
			this.windowStart = start;
			this.used.clear();
		}
		const used = this.used.get(endpoint) ?? 0;
		if (used < this.limit) {
			this.used.set(endpoint, used + 1);
			return;
		}
		const resetAt = start + this.windowSeconds;
		const retryAfter = Math.max(1, resetAt - now);
		// The data migration page's text, word for word ("Please retry for seconds after 58.").
		const err = cometError(
			429,
			'ERR_TOO_MANY_REQUESTS',
			`Too many requests for data import API. ${this.limit} per minute is the maximum request allowed. Please retry for seconds after ${retryAfter}.`,
		);
		throw new CometError(err.status, err.body, { 'Retry-After': String(retryAfter), 'X-Rate-Limit-Reset': String(resetAt) });
	}

	clear(): void {
		this.limit = 60;
		this.windowSeconds = 60;
		this.windowStart = Number.NaN;
		this.used.clear();
		this.lastActiveAt.clear();
		this.receipts.clear();
	}
}

export const dataImportStore = (state: EmulatorState): DataImportStore => state.store('dataImport', () => new DataImportStore());

type Result = { success: true; data: Record<string, unknown> } | { success: false; error: CometErrorBody['error'] };

/** A per-record failure: CometChat's error object under `error`. */
class RecordFailure extends Error {
	constructor(readonly error: CometError) {
		super(error.message);
	}
}
const fail = (error: CometError): never => {
	throw new RecordFailure(error);
};

/**
 * The shared frame of the four imports: throttle, the wrapper must be an object of at most 50 records
 * (else 400 with the format code), then each record on its own, keyed by `keyOf` in the answer.
 */
function importRoute(
	wrapper: 'users' | 'groups' | 'members' | 'messages',
	formatCode: string,
	formatText: string,
	importOne: (state: EmulatorState, key: string, record: Record<string, unknown>) => { key: string; data: Record<string, unknown> },
	/** Whether the key is a UID/GUID, which CometChat answers lower-cased (INFERRED; muids are kept as sent). */
	foldsKey = true,
) {
	return (ctx: RouteContext): RouteResult => {
		dataImportStore(ctx.state).take(wrapper, ctx.state.now());
		const records = bodyObject(ctx)[wrapper];
		// Status 400 and the empty case INFERRED; texts from the data migration page.
		if (!isPlainObject(records) || Object.keys(records).length === 0) throw cometError(400, formatCode, formatText);
		if (Object.keys(records).length > IMPORT_BATCH_MAX) {
			// INFERRED: the page names the limit but not the answer beyond it.
			throw errors.badRequest({ [wrapper]: [`The ${wrapper} may not have more than ${IMPORT_BATCH_MAX} items.`] });
		}
		const answer: Record<string, Result> = {};
		for (const [key, record] of Object.entries(records)) {
			try {
				if (!isPlainObject(record)) throw new RecordFailure(cometError(400, formatCode, formatText));
				const done = importOne(ctx.state, key, record);
				answer[done.key] = { success: true, data: done.data };
			} catch (e) {
				if (!(e instanceof RecordFailure)) throw e;
				answer[foldsKey ? normalizeId(key) : key] = { success: false, error: e.error.body.error };
			}
		}
		return ok(answer);
	};
}

// ---- field checks (Laravel-style texts as elsewhere in the emulator, INFERRED) ----------------------------------------

/** UNIX seconds as an integer or digits (the spec's examples send "1673421419"). */
function optionalTime(v: Validator, body: Record<string, unknown>, field: string): number | undefined {
	const value = body[field];
	if (value === undefined || value === null) return undefined;
	const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
	if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) {
		v.add(field, `The ${field} must be an integer.`);
		return undefined;
	}
	return n;
}

/** A user object (import, and every *UserDetails / userDetails / groupOwnerDetails). */
function userFields(v: Validator, body: Record<string, unknown>) {
	return {
		uid: v.requiredId(body, 'uid'),
		name: v.requiredString(body, 'name', 100),
		avatar: v.optionalString(body, 'avatar', 3000),
		link: v.optionalString(body, 'link', 3000),
		role: v.optionalString(body, 'role', 100),
		createdAt: optionalTime(v, body, 'createdAt'),
		lastActiveAt: optionalTime(v, body, 'lastActiveAt'),
		metadata: v.optionalObject(body, 'metadata'),
		tags: v.optionalStringArray(body, 'tags', 25, 100),
		deactivatedAt: optionalTime(v, body, 'deactivatedAt'),
	};
}

const GROUP_TYPES: readonly GroupType[] = ['public', 'password', 'private'];

function groupFields(v: Validator, body: Record<string, unknown>) {
	const fields = {
		guid: v.requiredId(body, 'guid'),
		name: v.requiredString(body, 'name', 100),
		type: v.requiredString(body, 'type') as GroupType | undefined,
		icon: v.optionalString(body, 'icon', 3000),
		password: v.optionalString(body, 'password', 100),
		owner: v.optionalString(body, 'owner', 100),
		createdAt: optionalTime(v, body, 'createdAt'),
		metadata: v.optionalObject(body, 'metadata'),
		tags: v.optionalStringArray(body, 'tags', 25, 100),
	};
	if (fields.type !== undefined && !GROUP_TYPES.includes(fields.type)) v.add('type', 'The selected type is invalid.');
	return fields;
}

/** Validation failures of one record: ERR_BAD_REQUEST with `details`, for that record only. */
function checked(v: Validator): void {
	if (v.failed) fail(errors.badRequest(v.details));
}

/** The map key must be the record's ID (import guide: "The array key and the uid value must be the same"). */
function sameKey(v: Validator, key: string, field: string, value: string | undefined): void {
	if (value !== undefined && normalizeId(value) !== normalizeId(key)) v.add(field, `The ${field} must be the same as its key ${key}.`);
}

// ---- creating what details describe ---------------------------------------------------------------------------------------

/** A user from import fields: new (createdAt, deactivatedAt and lastActiveAt as given), or 400 if the UID is taken. */
function addImportedUser(state: EmulatorState, fields: ReturnType<typeof userFields>): UserRecord {
	const uid = normalizeId(fields.uid!);
	if (state.getUser(uid, true)) fail(errors.uidAlreadyExists(uid));
	const user = state.addUser({
		uid,
		name: fields.name!,
		avatar: fields.avatar,
		link: fields.link,
		role: fields.role, // roles are not checked, as on POST /users
		metadata: fields.metadata,
		tags: fields.tags,
		createdAt: fields.createdAt,
	});
	if (fields.deactivatedAt !== undefined) user.deactivatedAt = fields.deactivatedAt;
	if (fields.lastActiveAt !== undefined) dataImportStore(state).lastActiveAt.set(uid, fields.lastActiveAt);
	return user;
}

/** The user `uid`, existing (deactivated ones too) or made from `details` (INFERRED: what details are for). */
function userFromDetails(state: EmulatorState, uid: string, details: unknown, field: string): UserRecord {
	const existing = state.getUser(uid, true);
	if (existing) return existing;
	if (details === undefined || details === null) return fail(errors.uidNotFound(normalizeId(uid)));
	const v = new Validator();
	const fields = userFields(v, isPlainObject(details) ? details : {});
	if (!isPlainObject(details)) v.add(field, `The ${field} must be an object.`);
	if (fields.uid !== undefined && normalizeId(fields.uid) !== normalizeId(uid)) v.add(`${field}.uid`, `The ${field}.uid must be ${uid}.`);
	checked(v);
	return addImportedUser(state, fields);
}

/** The group `guid`, existing or made from `details` (its owner from `ownerDetails` when needed). */
function groupFromDetails(state: EmulatorState, guid: string, details: unknown, ownerDetails: unknown, field: string): GroupRecord {
	const existing = state.getGroup(guid);
	if (existing) return existing;
	if (details === undefined || details === null) return fail(errors.guidNotFound(normalizeId(guid)));
	const v = new Validator();
	const fields = groupFields(v, isPlainObject(details) ? details : {});
	if (!isPlainObject(details)) v.add(field, `The ${field} must be an object.`);
	if (fields.guid !== undefined && normalizeId(fields.guid) !== normalizeId(guid)) v.add(`${field}.guid`, `The ${field}.guid must be ${guid}.`);
	checked(v);
	return addImportedGroup(state, fields, ownerDetails, 'receiverGroupOwnerDetails');
}

function addImportedGroup(
	state: EmulatorState,
	fields: ReturnType<typeof groupFields>,
	ownerDetails: unknown,
	ownerField: string,
): GroupRecord {
	const guid = normalizeId(fields.guid!);
	if (state.getGroup(guid)) fail(errors.guidAlreadyExists(guid));
	if (fields.type === 'password' && !fields.password) fail(errors.emptyGroupPass());
	const ownerUid = fields.owner ?? (isPlainObject(ownerDetails) && typeof ownerDetails.uid === 'string' ? ownerDetails.uid : undefined);
	const owner = ownerUid !== undefined ? userFromDetails(state, ownerUid, ownerDetails, ownerField).uid : undefined;
	return state.addGroup({
		guid,
		name: fields.name!,
		type: fields.type!,
		password: fields.password,
		icon: fields.icon,
		metadata: fields.metadata,
		tags: fields.tags,
		owner, // without one, the app owns the group (as on POST /groups, INFERRED)
		createdAt: fields.createdAt,
	});
}

// ---- the four imports --------------------------------------------------------------------------------------------------------

function importUser(state: EmulatorState, key: string, body: Record<string, unknown>) {
	const v = new Validator();
	const fields = userFields(v, body);
	sameKey(v, key, 'uid', fields.uid);
	checked(v);
	const user = addImportedUser(state, fields);
	return { key: user.uid, data: importedUserView(state, user) };
}

/** The user as the import answers it [SPEC example]: with lastActiveAt before createdAt. */
function importedUserView(state: EmulatorState, user: UserRecord): Record<string, unknown> {
	const lastActiveAt = dataImportStore(state).lastActiveAt.get(user.uid);
	return userView(user, { extra: lastActiveAt !== undefined ? { lastActiveAt } : {} });
}

function importGroup(state: EmulatorState, key: string, body: Record<string, unknown>) {
	const v = new Validator();
	const fields = groupFields(v, body);
	sameKey(v, key, 'guid', fields.guid);
	if (body.groupOwnerDetails !== undefined && body.groupOwnerDetails !== null && !isPlainObject(body.groupOwnerDetails)) {
		v.add('groupOwnerDetails', 'The groupOwnerDetails must be an object.');
	}
	checked(v);
	const group = addImportedGroup(state, fields, body.groupOwnerDetails, 'groupOwnerDetails');
	return { key: group.guid, data: groupView(group) };
}

const SCOPES: readonly MemberScope[] = ['admin', 'moderator', 'participant'];

function importMember(state: EmulatorState, key: string, body: Record<string, unknown>) {
	const v = new Validator();
	const memberId = v.requiredString(body, 'memberId');
	const guid = v.requiredId(body, 'guid');
	const uid = v.requiredId(body, 'uid');
	const scope = (v.optionalString(body, 'scope') ?? 'participant') as MemberScope;
	if (!SCOPES.includes(scope)) v.add('scope', 'The selected scope is invalid.');
	const isBanned = v.optionalBoolean(body, 'isBanned');
	const joinedAt = optionalTime(v, body, 'joinedAt');
	if (memberId !== undefined && guid !== undefined && uid !== undefined) {
		if (normalizeId(memberId) !== normalizeId(`${guid}_member_${uid}`)) v.add('memberId', 'The memberId must be <guid>_member_<uid>.');
		sameKey(v, key, 'memberId', memberId);
	}
	checked(v);
	const group = groupFromDetails(state, guid!, body.groupDetails, undefined, 'groupDetails');
	const user = userFromDetails(state, uid!, body.userDetails, 'userDetails');
	const now = state.now();
	// [data migration page]: joinedAt must be greater than createdAt and less than now. Text from that page.
	if (joinedAt !== undefined && (joinedAt <= group.createdAt || joinedAt >= now)) {
		fail(
			cometError(
				400,
				'ERR_IMPORT_INVALID_JOINEDAT',
				'The value for joinedAt should be greater than createdAt and less than the current timestamp.',
			),
		);
	}
	// Codes from [ERRGUIDE]; texts INFERRED.
	if (group.members.has(user.uid) && !isBanned) {
		fail(cometError(400, 'ERR_ALREADY_JOINED', `The user with UID ${user.uid} has already joined the group with GUID ${group.guid}.`));
	}
	if (group.bans.has(user.uid)) fail(errors.alreadyBanned(user.uid, group.guid));
	const at = joinedAt ?? now;
	if (isBanned) {
		group.members.delete(user.uid);
		group.bans.set(user.uid, { bannedAt: at, scope, seq: state.nextSeq() });
	} else {
		group.members.set(user.uid, { scope, joinedAt: at });
	}
	// [SPEC example]: {guid, uid, scope, joinedAt}; isBanned when banned (INFERRED).
	const data: Record<string, unknown> = { guid: group.guid, uid: user.uid, scope, joinedAt: at };
	if (isBanned) data.isBanned = true;
	return { key: normalizeId(`${group.guid}_member_${user.uid}`), data };
}

const MESSAGE_TYPES = ['text', 'image', 'file', 'audio', 'video'];

/**
 * A message: as POST /messages would take it (import guide), with its own times; the sender, a user
 * receiver and a group receiver must exist or come with their details. Codes of the send checks from
 * [ERRGUIDE], texts INFERRED (errors.ts).
 */
function importMessage(state: EmulatorState, key: string, body: Record<string, unknown>) {
	const v = new Validator();
	const muid = v.requiredString(body, 'muid');
	const senderUid = v.requiredId(body, 'sender');
	const receiverType = v.requiredString(body, 'receiverType');
	if (receiverType !== undefined && receiverType !== 'user' && receiverType !== 'group') v.add('receiverType', 'The selected receiverType is invalid.');
	const receiverId = v.requiredId(body, 'receiver');
	const sentAt = optionalTime(v, body, 'sentAt');
	if (body.sentAt === undefined || body.sentAt === null) v.add('sentAt', 'The sentAt field is required.');
	const deliveredAt = optionalTime(v, body, 'deliveredAt');
	const readAt = optionalTime(v, body, 'readAt');
	const tags = v.optionalStringArray(body, 'tags', 25, 100);
	if (muid !== undefined && muid !== key) v.add('muid', `The muid must be the same as its key ${key}.`);
	checked(v);

	const category = body.category === undefined || body.category === null ? 'message' : body.category;
	if (category !== 'message' && category !== 'custom') fail(errors.invalidMessageCategory(String(category)));
	const rawType = body.type === undefined || body.type === null || body.type === '' ? undefined : body.type;
	if (rawType === undefined && category !== 'message') fail(errors.emptyMessageType());
	const type = rawType ?? 'text';
	if (typeof type !== 'string' || (category === 'message' && !MESSAGE_TYPES.includes(type))) return fail(errors.invalidMessageType(String(type), String(category)));
	const dataRaw = body.data ?? {};
	if (!isPlainObject(dataRaw)) return fail(errors.invalidMessageData());
	if (dataRaw.metadata !== undefined && dataRaw.metadata !== null && !isPlainObject(dataRaw.metadata)) fail(errors.invalidMetadata());
	if (category === 'message' && type === 'text' && (typeof dataRaw.text !== 'string' || dataRaw.text.trim() === '')) fail(errors.emptyMessageText());
	const hasFile = (Array.isArray(dataRaw.attachments) && dataRaw.attachments.length > 0) || (typeof dataRaw.url === 'string' && dataRaw.url !== '');
	if (category === 'message' && type !== 'text' && !hasFile) fail(errors.emptyMessageFile());
	if (category === 'custom' && !(isPlainObject(dataRaw.customData) && Object.keys(dataRaw.customData).length > 0)) fail(errors.emptyCustomData());

	// ERR_IMPORT_MUID_ALREADY_EXISTS [data migration page]; the text is its description.
	if (state.messages.some((m) => m.muid === muid)) {
		fail(cometError(400, 'ERR_IMPORT_MUID_ALREADY_EXISTS', `The message muid ${muid} already exists. The muid is expected to be unique.`));
	}
	const sender = userFromDetails(state, senderUid!, body.senderUserDetails, 'senderUserDetails').uid;
	const receiver =
		receiverType === 'user'
			? userFromDetails(state, receiverId!, body.receiverUserDetails, 'receiverUserDetails').uid
			: groupFromDetails(state, receiverId!, body.receiverGroupDetails, body.receiverGroupOwnerDetails, 'receiverGroupDetails').guid;
	if (isPlainObject(body.mentionedUserDetails)) {
		for (const [uid, details] of Object.entries(body.mentionedUserDetails)) userFromDetails(state, uid, details, `mentionedUserDetails.${uid}`);
	}

	const data: Record<string, unknown> = {};
	for (const [field, value] of Object.entries(dataRaw)) {
		if (field !== 'entities' && value !== undefined && value !== null) data[field] = value;
	}
	const message: MessageRecord = {
		id: state.nextMessageId(),
		muid,
		conversationId: receiverType === 'user' ? userConversationId(sender, receiver) : groupConversationId(receiver),
		sender,
		receiverType: receiverType as ReceiverType,
		receiver,
		category: String(category),
		type,
		data,
		sentAt: sentAt!,
		updatedAt: sentAt!,
		tags,
	};
	state.messages.push(message);
	dataImportStore(state).receipts.set(message.id, { deliveredAt, readAt });
	return { key: muid!, data: importedMessageView(state, message) };
}

/** The message as the import answers it [SPEC example]: deliveredAt and readAt right after sentAt. */
export function importedMessageView(state: EmulatorState, message: MessageRecord): Record<string, unknown> {
	const receipts = dataImportStore(state).receipts.get(message.id) ?? {};
	const view: Record<string, unknown> = {};
	for (const [field, value] of Object.entries(messageView(state, message))) {
		view[field] = value;
		if (field === 'sentAt') {
			if (receipts.deliveredAt !== undefined) view.deliveredAt = receipts.deliveredAt;
			if (receipts.readAt !== undefined) view.readAt = receipts.readAt;
		}
	}
	return view;
}

// Format codes and texts from the data migration page.
export const dataImportRoutes: Route[] = [
	{
		method: 'POST',
		path: '/data_import/users',
		handler: importRoute('users', 'ERR_IMPORT_INVALID_USER_FORMAT', 'The value for users property should be an array of user objects.', importUser),
	},
	{
		method: 'POST',
		path: '/data_import/groups',
		handler: importRoute('groups', 'ERR_IMPORT_INVALID_GROUP_FORMAT', 'The value for groups property should be an array of group objects.', importGroup),
	},
	{
		method: 'POST',
		path: '/data_import/members',
		handler: importRoute('members', 'ERR_IMPORT_INVALID_MEMBER_FORMAT', 'The value for members property should be an array of member objects.', importMember),
	},
	{
		method: 'POST',
		path: '/data_import/messages',
		handler: importRoute('messages', 'ERR_IMPORT_INVALID_MESSAGE_FORMAT', 'The value for messages property should be an array of message objects', importMessage, false),
	},
];
