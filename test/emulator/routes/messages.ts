/**
 * Messages (reference §5.1, §7.9): send (to one receiver or several, as a bot, in a thread), get, the
 * cursor lists (all, a user's, a group's, a thread, threads, reactions), edit, delete, reactions, pins,
 * saves, thread subscriptions and interactions.
 *
 * Model (INFERRED where not marked):
 * - Messages are kept in send order in `state.messages`, ids growing [REC], so id order is time order.
 * - Cursor lists (§2.3): oldest first; `affix=append&id=N` continues after N, `prepend` before it; `sentAt`
 *   without `id` continues after (before) that time. `meta.current {limit, count}`, `meta.next` continues in
 *   the same direction from the page's last message, `meta.previous` only when the request had a cursor; an
 *   empty page's cursors carry `sentAt` only, and a `sentAt` from the query comes back as a string [REC].
 * - Edit and delete answer a new action message that wraps the changed one [REC]; it is stored like any message.
 * - What is not part of the message record (reactions, pins, saves, subscriptions, interactions, bots) lives
 *   in the MessageExtras store.
 */
import { cometError, errors, APP_SYSTEM_UID, type EmulatorState, type MessageRecord, type ReceiverType, groupConversationId, normalizeId, userConversationId, type Route, type RouteContext, type RouteResult, Validator, bodyObject, groupView, isPlainObject, messageView, ok, onBehalfOf, queryBoolean, queryCsv, requireGroup, requireUser, systemUserView, userView } from './prelude';
import { conversationStore } from './conversations';
import { type BotCallback, botErrors, botStore, relayToBots, setBotCallback } from './bots';

// ---- the store -----------------------------------------------------------------------------------------

export interface ReactionRecord {
	id: string;
	messageId: string;
	reaction: string;
	uid: string;
	reactedAt: number;
}

export class MessageExtras {
	/** messageId → reactions, oldest first. */
	readonly reactions = new Map<string, ReactionRecord[]>();
	/** messageId → its pin (one pinner per message: a new pin replaces the old one [SDK docs]). */
	readonly pins = new Map<string, { pinnedAt: number; pinnedBy: string }>();
	/** uid → (messageId → savedAt). */
	readonly saves = new Map<string, Map<string, number>>();
	/** messageId → UIDs following its thread. */
	readonly subscriptions = new Map<string, Set<string>>();
	/** messageId → interactions, oldest first. */
	readonly interactions = new Map<string, Array<{ uid: string; elementId: string; interactedAt: number }>>();
	reactionSeq = 0;

	clear(): void {
		this.reactions.clear();
		this.pins.clear();
		this.saves.clear();
		this.subscriptions.clear();
		this.interactions.clear();
		this.reactionSeq = 0;
	}
}

export function messageExtras(state: EmulatorState): MessageExtras {
	return state.store('messageExtras', () => new MessageExtras());
}

/**
 * Make an existing user a bot, so POST /bots/{uid}/messages accepts it; with a callback, the messages it
 * receives are relayed there (routes/bots.ts).
 */
export function addBot(state: EmulatorState, uid: string, callback?: BotCallback): void {
	botStore(state).uids.add(normalizeId(uid));
	if (callback) setBotCallback(state, uid, callback);
}

// Limits [ERRGUIDE][OV-messages][send-message page].
const PINS_PER_CONVERSATION = 100;
const SAVES_PER_USER = 100;
const REACTIONS_PER_MESSAGE = 25;
const REACTION_MAX = 45;
const LIST_DEFAULT = 100; // [REC]: current.limit 100 without a limit
const LIST_MAX = 1000;

// ---- errors (codes [ERRGUIDE]; status and texts INFERRED) ----------------------------------------------

const messageErrors = {
	notASender: (id: string, uid: string) =>
		cometError(403, 'ERR_MESSAGE_NOT_A_SENDER', `The user ${uid} is not the sender of the message with id ${id}.`),
	actionNotAllowed: (id: string) =>
		cometError(400, 'ERR_MESSAGE_ACTION_NOT_ALLOWED', `The message with id ${id} is an action message and cannot be edited or deleted.`),
	noAccess: (id: string, uid: string) =>
		cometError(403, 'ERR_MESSAGE_NO_ACCESS', `The user ${uid} does not have access to the message with id ${id}.`),
	threadNesting: (id: string) =>
		cometError(400, 'ERR_MESSAGE_THREAD_NESTING', `The message with id ${id} is a reply in a thread and cannot have a thread of its own.`),
	wrongThread: (id: string) =>
		cometError(400, 'ERR_WRONG_MESSAGE_THREAD', `The receiver does not belong to the conversation of the message with id ${id}.`),
	wrongThreadCategory: (id: string) =>
		cometError(400, 'ERR_WRONG_MESSAGE_THREAD_CATEGORY', `The message with id ${id} is an action message and cannot have a thread.`),
	pinsExceeded: () =>
		cometError(400, 'ERR_PINNED_MESSAGES_LIMIT_EXCEEDED', `A conversation can have at most ${PINS_PER_CONVERSATION} pinned messages.`),
	savesExceeded: (uid: string) =>
		cometError(400, 'ERR_SAVED_MESSAGES_LIMIT_EXCEEDED', `The user ${uid} can save at most ${SAVES_PER_USER} messages.`),
	notInGroup: (uid: string, guid: string) =>
		cometError(403, 'ERR_GROUP_NOT_JOINED', `The user ${uid} is not a member of the group ${guid}.`),
	invalidInteractive: () =>
		cometError(400, 'ERR_INVALID_MESSAGE_DATA', 'An interactive message needs data.interactiveData (an object).'),
};

// ---- views ---------------------------------------------------------------------------------------------

/**
 * The message as `viewer` (the onBehalfOf user) sees it: messageView plus data.reactions ({reaction,
 * count, reactedByMe?}), pinnedAt/pinnedBy, savedAt (the viewer's own), data.interactions (the viewer's).
 */
export function fullView(
	state: EmulatorState,
	message: MessageRecord,
	viewer?: string,
	{ withTags = true, cache }: { withTags?: boolean; cache?: Map<string, Record<string, unknown>> } = {},
): Record<string, unknown> {
	const view = messageView(state, message, cache) as Record<string, unknown> & { data: Record<string, unknown> };
	const extras = messageExtras(state);
	const reactions = extras.reactions.get(message.id) ?? [];
	if (reactions.length) {
		const summary = new Map<string, { reaction: string; count: number; reactedByMe?: boolean }>();
		for (const r of reactions) {
			const entry = summary.get(r.reaction) ?? { reaction: r.reaction, count: 0 };
			entry.count += 1;
			if (viewer !== undefined && r.uid === viewer) entry.reactedByMe = true;
			summary.set(r.reaction, entry);
		}
		view.data = { ...view.data, reactions: [...summary.values()] };
	}
	const interactions = viewer === undefined ? [] : (extras.interactions.get(message.id) ?? []).filter((i) => i.uid === viewer);
	if (interactions.length) view.data = { ...view.data, interactions: interactions.map(({ elementId, interactedAt }) => ({ elementId, interactedAt })) };
	const pin = extras.pins.get(message.id);
	if (pin) Object.assign(view, pin);
	const savedAt = viewer === undefined ? undefined : extras.saves.get(viewer)?.get(message.id);
	if (savedAt !== undefined) view.savedAt = savedAt;
	if (!withTags) delete view.tags;
	return view;
}

// ---- helpers -------------------------------------------------------------------------------------------

const idOf = (message: MessageRecord): number => Number(message.id);

/** The index of the first message with an id above `id` (messages are in id order). */
function indexAfter(messages: MessageRecord[], id: number): number {
	let low = 0;
	let high = messages.length;
	while (low < high) {
		const mid = (low + high) >>> 1;
		if (idOf(messages[mid]) <= id) low = mid + 1;
		else high = mid;
	}
	return low;
}

/** The message `:id` of the path, or 404 ERR_MESSAGE_ID_NOT_FOUND. */
function requireMessage(ctx: RouteContext, id = ctx.params.id): MessageRecord {
	const messages = ctx.state.messages;
	const at = /^\d+$/.test(id) ? indexAfter(messages, Number(id) - 1) : -1;
	const message = at >= 0 && at < messages.length && messages[at].id === id ? messages[at] : undefined;
	if (!message) throw errors.messageNotFound(id);
	return message;
}

/** The required onBehalfOf user [SPEC]: missing → 400 ERR_BAD_REQUEST (INFERRED), unknown → 404 ERR_UID_NOT_FOUND. */
function requireActor(ctx: RouteContext): string {
	const actor = onBehalfOf(ctx);
	if (actor === undefined) throw errors.badRequest({ onBehalfOf: ['The onBehalfOf header is required.'] });
	return requireUser(ctx.state, actor).uid;
}

/** The optional onBehalfOf user, which must exist when given. */
function optionalActor(ctx: RouteContext): string | undefined {
	const actor = onBehalfOf(ctx);
	return actor === undefined ? undefined : requireUser(ctx.state, actor).uid;
}

/** Whether `uid` is in the message's conversation: a party of a one-to-one message, a member of the group. */
function canSee(state: EmulatorState, uid: string, message: MessageRecord): boolean {
	if (message.receiverType === 'user') return message.sender === uid || message.receiver === uid;
	return state.getGroup(message.receiver)?.members.has(uid) ?? false;
}

function requireAccess(state: EmulatorState, uid: string, message: MessageRecord): void {
	if (!canSee(state, uid, message)) throw messageErrors.noAccess(message.id, uid);
}

/**
 * The acting user and the path's message they act on: the onBehalfOf user (required, or optional: then
 * undefined without the header), who must be in the message's conversation.
 */
function actorOn(ctx: RouteContext, required: true): { actor: string; message: MessageRecord };
function actorOn(ctx: RouteContext, required: false): { actor: string | undefined; message: MessageRecord };
function actorOn(ctx: RouteContext, required: boolean): { actor: string | undefined; message: MessageRecord } {
	const actor = required ? requireActor(ctx) : optionalActor(ctx);
	const message = requireMessage(ctx);
	if (actor !== undefined) requireAccess(ctx.state, actor, message);
	return { actor, message };
}

/** An integer query parameter within bounds, recorded on `v` when wrong. */
function intQuery(ctx: RouteContext, v: Validator, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
	const raw = ctx.query[name];
	if (raw === undefined || raw === '') return undefined;
	if (!/^-?\d+$/.test(raw.trim())) {
		v.add(name, `The ${name} must be an integer.`);
		return undefined;
	}
	const n = Number(raw);
	if (n < min) v.add(name, `The ${name} must be at least ${min}.`);
	else if (n > max) v.add(name, `The ${name} may not be greater than ${max}.`);
	else return n;
	return undefined;
}

const MENTION = /<@uid:([^>]+)>/g;

/** `data.mentions` {uid: {uid, name}} of the users a text mentions (§5.1), known users only. */
function mentionsOf(state: EmulatorState, text: unknown): Record<string, unknown> | undefined {
	if (typeof text !== 'string') return undefined;
	const mentions: Record<string, unknown> = {};
	for (const [, raw] of text.matchAll(MENTION)) {
		const user = state.getUser(raw.trim(), true);
		if (user) mentions[user.uid] = { uid: user.uid, name: user.name };
	}
	return Object.keys(mentions).length ? mentions : undefined;
}

// ---- sending -------------------------------------------------------------------------------------------

const MESSAGE_TYPES = ['text', 'image', 'file', 'audio', 'video'];
// `interactive` is sendable per a public sample, not the spec (reference §5, INFERRED-supported).
const SENDABLE_CATEGORIES = ['message', 'custom', 'interactive'];

interface Draft {
	category: string;
	type: string;
	data: Record<string, unknown>;
	muid?: string;
	tags?: string[];
}

/**
 * Category, type, data, muid and tags of a message to send. Order of checks (INFERRED): category, type,
 * data, other fields. All error texts of the message codes are INFERRED.
 */
function readDraft(body: Record<string, unknown>, categories: string[]): Draft {
	const category = body.category === undefined || body.category === null ? 'message' : body.category;
	if (typeof category !== 'string' || !categories.includes(category)) throw errors.invalidMessageCategory(String(category));
	let type: unknown = body.type;
	if (type === undefined || type === null || type === '') {
		if (category !== 'message') throw errors.emptyMessageType();
		type = 'text';
	}
	if (typeof type !== 'string') throw errors.invalidMessageType(String(type), category);
	if (category === 'message' && !MESSAGE_TYPES.includes(type)) throw errors.invalidMessageType(type, category);

	const dataRaw = body.data ?? {};
	if (!isPlainObject(dataRaw)) throw errors.invalidMessageData();
	if (dataRaw.metadata !== undefined && dataRaw.metadata !== null && !isPlainObject(dataRaw.metadata)) throw errors.invalidMetadata();
	if (category === 'message' && type === 'text') {
		if (dataRaw.text === undefined || dataRaw.text === null || dataRaw.text === '') throw errors.emptyMessageText();
		if (typeof dataRaw.text !== 'string') throw errors.invalidMessageText();
		if (dataRaw.text.trim() === '') throw errors.emptyMessageText();
	}
	if (category === 'message' && type !== 'text') {
		const hasAttachments = Array.isArray(dataRaw.attachments) && dataRaw.attachments.length > 0;
		if (!hasAttachments && !(typeof dataRaw.url === 'string' && dataRaw.url !== '')) throw errors.emptyMessageFile();
	}
	if (category === 'custom' && !(isPlainObject(dataRaw.customData) && Object.keys(dataRaw.customData).length > 0)) throw errors.emptyCustomData();
	if (category === 'interactive' && !isPlainObject(dataRaw.interactiveData)) throw messageErrors.invalidInteractive();

	const v = new Validator();
	const muid = v.optionalString(body, 'muid');
	const tags = v.optionalStringArray(body, 'tags', 25, 100);
	v.check();
	// Keep `data` as sent, minus empty values and any client-sent `entities` (the server adds them).
	const data: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(dataRaw)) {
		if (key === 'entities' || value === undefined || value === null) continue;
		data[key] = value;
	}
	return { category, type, data, muid, tags };
}

/** `receiver` and `receiverType` (the receiver must exist: checked when the message is stored). */
function readReceiver(body: Record<string, unknown>): { receiverType: ReceiverType; receiver: string } {
	const receiver = body.receiver;
	if (receiver === undefined || receiver === null || receiver === '') throw errors.emptyReceiver();
	if (typeof receiver !== 'string') throw errors.badRequest({ receiver: ['The receiver must be a string.'] });
	const receiverType = body.receiverType;
	if (receiverType !== 'user' && receiverType !== 'group') throw errors.invalidReceiverType();
	return { receiverType, receiver };
}

/** Stores a message from `sender` to one receiver (which must exist). */
function storeMessage(
	state: EmulatorState,
	sender: string,
	receiverType: ReceiverType,
	receiverRaw: string,
	draft: Draft,
	parentId?: string,
): MessageRecord {
	const receiver = receiverType === 'user' ? requireUser(state, receiverRaw).uid : requireGroup(state, receiverRaw).guid;
	// The muid is stored, returned and listed as sent; a repeated one is stored again as a new message:
	// CometChat documents no check of it for sending (only the import API refuses duplicates).
	const mentions = mentionsOf(state, draft.data.text);
	const now = state.now();
	const message: MessageRecord = {
		id: state.nextMessageId(),
		muid: draft.muid,
		conversationId: receiverType === 'user' ? userConversationId(sender, receiver) : groupConversationId(receiver),
		sender,
		receiverType,
		receiver,
		category: draft.category,
		type: draft.type,
		data: mentions ? { ...draft.data, mentions } : { ...draft.data },
		sentAt: now,
		updatedAt: now,
		tags: draft.tags,
		parentId,
	};
	state.messages.push(message);
	relayToBots(state, message);
	return message;
}

export interface SeedMessageInput {
	sender: string;
	receiver: string;
	receiverType?: ReceiverType;
	text?: string;
	category?: string;
	type?: string;
	/** Replaces the data built from `text`. */
	data?: Record<string, unknown>;
	tags?: string[];
	parentId?: string;
	/** Unix seconds; default now. */
	sentAt?: number;
}

/** A message stored as the send endpoints store it (mentions included), for tests to seed. */
export function seedMessage(state: EmulatorState, input: SeedMessageInput): MessageRecord {
	const { sender, receiver, receiverType = 'user', text = 'Hello', category = 'message', type = 'text', data, tags, parentId, sentAt } = input;
	const message = storeMessage(state, normalizeId(sender), receiverType, receiver, { category, type, data: data ?? { text }, tags }, parentId);
	if (sentAt !== undefined) message.sentAt = message.updatedAt = sentAt;
	return message;
}

/**
 * One message, or with `multipleReceivers {uids, guids}` [SPEC] one per receiver: the answer is then
 * `{uids: {<uid>: <message> | {error}}, guids: {...}}` (shape INFERRED).
 */
function send(ctx: RouteContext, sender: string): RouteResult {
	const body = bodyObject(ctx);
	const several = body.multipleReceivers;
	if (several === undefined || several === null) {
		const { receiverType, receiver } = readReceiver(body);
		const draft = readDraft(body, SENDABLE_CATEGORIES);
		return ok(fullView(ctx.state, storeMessage(ctx.state, sender, receiverType, receiver, draft), sender === APP_SYSTEM_UID ? undefined : sender));
	}
	const v = new Validator();
	if (!isPlainObject(several)) v.add('multipleReceivers', 'The multipleReceivers must be an object.');
	const uids = isPlainObject(several) ? v.optionalStringArray(several, 'uids') ?? [] : [];
	const guids = isPlainObject(several) ? v.optionalStringArray(several, 'guids') ?? [] : [];
	if (isPlainObject(several) && uids.length + guids.length === 0) v.add('multipleReceivers', 'The multipleReceivers must have uids or guids.');
	v.check();
	const draft = readDraft(body, SENDABLE_CATEGORIES);
	const answer = (receiverType: ReceiverType, ids: string[]) =>
		Object.fromEntries(
			ids.map((id) => {
				try {
					return [id, fullView(ctx.state, storeMessage(ctx.state, sender, receiverType, id, draft))];
				} catch (error) {
					const body = (error as { body?: { error?: { code: string; message: string } } }).body?.error;
					if (!body) throw error;
					return [id, { success: false, error: { code: body.code, message: body.message } }];
				}
			}),
		);
	return ok({ ...(uids.length ? { uids: answer('user', uids) } : {}), ...(guids.length ? { guids: answer('group', guids) } : {}) });
}

function sendMessage(ctx: RouteContext): RouteResult {
	// Sender: the onBehalfOf user (must exist), else the app itself, `app_system` [REC]. Validation of the
	// body comes first (INFERRED order: receiver, receiverType, category, type, data, other fields).
	const body = bodyObject(ctx);
	if (body.multipleReceivers === undefined || body.multipleReceivers === null) {
		readReceiver(body);
		readDraft(body, SENDABLE_CATEGORIES);
	}
	const actor = optionalActor(ctx);
	return send(ctx, actor ?? APP_SYSTEM_UID);
}

function sendBotMessage(ctx: RouteContext): RouteResult {
	const uid = normalizeId(ctx.params.uid);
	if (!botStore(ctx.state).uids.has(uid) || !ctx.state.getUser(uid)) throw botErrors.notFound(uid);
	return send(ctx, uid);
}

/** POST /messages/{id}/thread: a reply in the parent's conversation, category message or custom [SPEC]. */
function sendThreadMessage(ctx: RouteContext): RouteResult {
	const body = bodyObject(ctx);
	const { receiverType, receiver } = readReceiver(body);
	const draft = readDraft(body, ['message', 'custom']);
	const actor = requireActor(ctx);
	const parent = requireMessage(ctx);
	if (parent.parentId !== undefined) throw messageErrors.threadNesting(parent.id);
	if (parent.category === 'action') throw messageErrors.wrongThreadCategory(parent.id);
	requireAccess(ctx.state, actor, parent);
	const conversationId =
		receiverType === 'user' ? userConversationId(actor, requireUser(ctx.state, receiver).uid) : groupConversationId(requireGroup(ctx.state, receiver).guid);
	if (conversationId !== parent.conversationId) throw messageErrors.wrongThread(parent.id);
	const reply = storeMessage(ctx.state, actor, receiverType, receiver, draft, parent.id);
	// Starting or replying in a thread follows it (the SDKs: "participation is subscription").
	const followers = messageExtras(ctx.state).subscriptions.get(parent.id) ?? new Set<string>();
	for (const uid of [parent.sender, actor]) if (uid !== APP_SYSTEM_UID) followers.add(uid);
	messageExtras(ctx.state).subscriptions.set(parent.id, followers);
	return ok(fullView(ctx.state, reply, actor));
}

// ---- reading -------------------------------------------------------------------------------------------

function getMessage(ctx: RouteContext): RouteResult {
	const { actor, message } = actorOn(ctx, false);
	return ok(fullView(ctx.state, message, actor));
}

type ListScope = 'all' | 'user' | 'group' | 'thread';

interface Cursor {
	direction: 'append' | 'prepend';
	id?: number;
	sentAt?: number;
	given: boolean;
	size: number;
}

/** limit (or perPage), affix, id and sentAt of a cursor list. */
function readCursor(ctx: RouteContext, v: Validator): Cursor {
	const asked = intQuery(ctx, v, 'limit', 1, LIST_MAX) ?? intQuery(ctx, v, 'perPage', 1, LIST_MAX) ?? LIST_DEFAULT;
	const size = Math.min(asked, ctx.state.messagePageCap ?? asked);
	const affix = ctx.query.affix;
	if (affix !== undefined && affix !== 'append' && affix !== 'prepend') v.add('affix', 'The selected affix is invalid.');
	const rawId = ctx.query.id;
	if (rawId !== undefined && !/^\d+$/.test(rawId)) v.add('id', 'The id must be a message id.');
	const sentAt = intQuery(ctx, v, 'sentAt', 0);
	return {
		direction: affix === 'prepend' ? 'prepend' : 'append',
		id: rawId !== undefined && /^\d+$/.test(rawId) ? Number(rawId) : undefined,
		sentAt,
		given: rawId !== undefined || sentAt !== undefined,
		size,
	};
}

/** One page of the messages that pass `keep`, from the cursor on, in id order. */
function page(messages: MessageRecord[], cursor: Cursor, keep: (m: MessageRecord) => boolean): MessageRecord[] {
	const out: MessageRecord[] = [];
	if (cursor.direction === 'append') {
		let start = 0;
		if (cursor.id !== undefined) start = indexAfter(messages, cursor.id);
		for (let i = start; i < messages.length && out.length < cursor.size; i += 1) {
			const m = messages[i];
			if (cursor.id === undefined && cursor.sentAt !== undefined && m.sentAt <= cursor.sentAt) continue;
			if (keep(m)) out.push(m);
		}
		return out;
	}
	const end = cursor.id !== undefined ? indexAfter(messages, cursor.id - 1) : messages.length;
	for (let i = end - 1; i >= 0 && out.length < cursor.size; i -= 1) {
		const m = messages[i];
		if (cursor.id === undefined && cursor.sentAt !== undefined && m.sentAt >= cursor.sentAt) continue;
		if (keep(m)) out.push(m);
	}
	return out.reverse();
}

/** meta {previous?, current, next} of a cursor page (§2.3). */
function cursorMeta(ctx: RouteContext, cursor: Cursor, items: MessageRecord[]): Record<string, unknown> {
	const sentAtEcho = ctx.query.sentAt ?? String(ctx.state.now());
	const edge = (m: MessageRecord | undefined, affix: 'append' | 'prepend', sentAtAsString: boolean) =>
		m ? { affix, sentAt: sentAtAsString ? String(m.sentAt) : m.sentAt, id: m.id } : { affix, sentAt: sentAtEcho };
	const [first, last] = [items[0], items[items.length - 1]];
	const next = cursor.direction === 'append' ? edge(last, 'append', false) : edge(first, 'prepend', false);
	const previous = cursor.direction === 'append' ? edge(first, 'prepend', true) : edge(last, 'append', true);
	return {
		...(cursor.given ? { previous } : {}),
		current: { limit: cursor.size, count: items.length },
		next,
	};
}

/**
 * The message lists (all, a user's, a group's, a thread): the filters of reference §7.9, each as CometChat
 * describes it. With onBehalfOf only what that user can see, with their unread and delivery state.
 */
function listMessages(ctx: RouteContext, scope: ListScope): RouteResult {
	const v = new Validator();
	const cursor = readCursor(ctx, v);
	const bool = (name: string) => (ctx.query[name] === undefined ? undefined : queryBoolean(ctx, v, name));
	const flags = {
		hasAttachments: bool('hasAttachments'),
		hasLinks: bool('hasLinks'),
		hasMentions: bool('hasMentions'),
		hasReactions: bool('hasReactions'),
		hideReplies: bool('hideReplies'),
		hideDeleted: bool('hideDeleted'),
		onlyDeleted: bool('onlyDeleted'),
		unread: bool('unread'),
		count: bool('count'),
		undelivered: bool('undelivered'),
		myMentionsOnly: bool('myMentionsOnly'),
		hideBlocked: bool('hideMessagesFromBlockedUsers'),
		withTags: bool('withTags'),
		mentionsWithTagInfo: bool('mentionsWithTagInfo'),
		mentionsWithBlockedInfo: bool('mentionsWithBlockedInfo'),
	};
	const from = intQuery(ctx, v, 'fromTimestamp', 0);
	const to = intQuery(ctx, v, 'toTimestamp', 0);
	const attachmentType = ctx.query.attachmentTypes;
	if (attachmentType !== undefined && !['image', 'video', 'audio', 'file'].includes(attachmentType)) v.add('attachmentTypes', 'The selected attachmentTypes is invalid.');
	const receiverType = ctx.query.receiverType;
	if (receiverType !== undefined && receiverType !== 'user' && receiverType !== 'group') v.add('receiverType', 'The selected receiverType is invalid.');
	v.check();
	// unread "must be used alongside count" [SPEC].
	if (flags.unread && !flags.count) throw errors.badRequest({ count: ['The count field is required when unread is present.'] });
	const categories = [...queryCsv(ctx, 'categories'), ...queryCsv(ctx, 'category')];
	const types = [...queryCsv(ctx, 'types'), ...queryCsv(ctx, 'type')];
	const tags = queryCsv(ctx, 'tags');
	const mentioned = queryCsv(ctx, 'mentionedUids').map(normalizeId);
	const searchKey = (ctx.query.searchKey ?? '').trim().toLowerCase();
	const sender = ctx.query.sender === undefined ? undefined : normalizeId(ctx.query.sender);
	const conversationId = ctx.query.conversationId?.trim().toLowerCase();
	const actor = optionalActor(ctx);
	const { state } = ctx;

	// Which messages the list is about.
	let inScope: (m: MessageRecord) => boolean;
	if (scope === 'user') {
		const other = requireUser(state, ctx.params.uid).uid;
		// With onBehalfOf: the conversation of the two users; without: every one-to-one message of the user (INFERRED).
		const between = actor !== undefined ? userConversationId(actor, other) : undefined;
		inScope = (m) => m.receiverType === 'user' && (between !== undefined ? m.conversationId === between : m.sender === other || m.receiver === other);
	} else if (scope === 'group') {
		const group = requireGroup(state, ctx.params.guid);
		if (actor !== undefined && !group.members.has(actor)) throw messageErrors.notInGroup(actor, group.guid);
		inScope = (m) => m.receiverType === 'group' && m.receiver === group.guid;
	} else if (scope === 'thread') {
		const parent = requireMessage(ctx);
		if (actor !== undefined) requireAccess(state, actor, parent);
		inScope = (m) => m.parentId === parent.id;
	} else {
		inScope = (m) => actor === undefined || canSee(state, actor, m);
	}

	const extras = messageExtras(state);
	const marks = conversationStore(state);
	const textOf = (m: MessageRecord) => (typeof m.data.text === 'string' ? m.data.text : '');
	const mentionsOfMessage = (m: MessageRecord) => Object.keys((m.data.mentions ?? {}) as object);
	const keep = (m: MessageRecord): boolean => {
		if (!inScope(m)) return false;
		if (flags.hideReplies && m.parentId !== undefined) return false;
		if (flags.hideDeleted && m.deletedAt !== undefined) return false;
		if (flags.onlyDeleted && m.deletedAt === undefined) return false;
		if (receiverType !== undefined && m.receiverType !== receiverType) return false;
		if (conversationId !== undefined && m.conversationId !== conversationId) return false;
		if (categories.length && !categories.includes(m.category)) return false;
		if (types.length && !types.includes(m.type)) return false;
		if (sender !== undefined && m.sender !== sender) return false;
		if (attachmentType !== undefined && !(m.category === 'message' && m.type === attachmentType)) return false;
		if (flags.hasAttachments !== undefined && (Array.isArray(m.data.attachments) && m.data.attachments.length > 0) !== flags.hasAttachments) return false;
		if (flags.hasLinks !== undefined && /https?:\/\//i.test(textOf(m)) !== flags.hasLinks) return false;
		if (flags.hasMentions !== undefined && mentionsOfMessage(m).length > 0 !== flags.hasMentions) return false;
		if (mentioned.length && !mentionsOfMessage(m).some((uid) => mentioned.includes(uid))) return false;
		if (flags.myMentionsOnly && (actor === undefined || !mentionsOfMessage(m).includes(actor))) return false;
		if (flags.hasReactions !== undefined && (extras.reactions.get(m.id)?.length ?? 0) > 0 !== flags.hasReactions) return false;
		if (tags.length && !tags.some((tag) => (m.tags ?? []).includes(tag))) return false;
		if (searchKey !== '' && !textOf(m).toLowerCase().includes(searchKey)) return false;
		// toTimestamp "will be ignored if fromTimestamp is missing" [SPEC].
		if (from !== undefined && m.sentAt < from) return false;
		if (from !== undefined && to !== undefined && m.sentAt > to) return false;
		if (actor !== undefined) {
			if (flags.hideBlocked && state.getBlock(actor, m.sender)) return false;
			const mark = marks.get(actor, m.conversationId);
			if (flags.unread && (m.sender === actor || idOf(m) <= (mark?.readUpTo ?? 0))) return false;
			if (flags.undelivered && (m.sender === actor || idOf(m) <= Math.max(mark?.deliveredUpTo ?? 0, mark?.readUpTo ?? 0))) return false;
		}
		return true;
	};
	const items = page(state.messages, cursor, keep);
	const cache = new Map<string, Record<string, unknown>>();
	const views = items.map((m) => {
		const view = fullView(state, m, actor, { withTags: flags.withTags === true, cache });
		if ((flags.mentionsWithTagInfo || flags.mentionsWithBlockedInfo) && isPlainObject((view.data as Record<string, unknown>).mentions)) {
			const mentions = { ...((view.data as Record<string, unknown>).mentions as Record<string, Record<string, unknown>>) };
			for (const uid of Object.keys(mentions)) {
				const user = state.getUser(uid, true);
				mentions[uid] = {
					...mentions[uid],
					...(flags.mentionsWithTagInfo && user?.tags ? { tags: user.tags } : {}),
					...(flags.mentionsWithBlockedInfo && actor !== undefined
						? { blockedByMe: Boolean(state.getBlock(actor, uid)), hasBlockedMe: Boolean(state.getBlock(uid, actor)) }
						: {}),
				};
			}
			view.data = { ...(view.data as Record<string, unknown>), mentions };
		}
		return view;
	});
	return ok(views, cursorMeta(ctx, cursor, items));
}

/**
 * GET /threads (not in the spec; INFERRED from the SDKs): the messages that have replies, oldest first,
 * with `replyCount`; `uid` or `guid` narrows to one conversation, `participatedByMe` to the threads the
 * onBehalfOf user follows (starting or replying follows a thread).
 */
function listThreads(ctx: RouteContext): RouteResult {
	const v = new Validator();
	const cursor = readCursor(ctx, v);
	const participated = ctx.query.participatedByMe === undefined ? false : queryBoolean(ctx, v, 'participatedByMe');
	if (ctx.query.uid !== undefined && ctx.query.guid !== undefined) v.add('guid', 'The guid may not be given together with uid.');
	v.check();
	const actor = optionalActor(ctx);
	if (participated && actor === undefined) throw errors.badRequest({ onBehalfOf: ['The onBehalfOf header is required with participatedByMe.'] });
	const { state } = ctx;
	let conversationId: string | undefined;
	let other: string | undefined;
	if (ctx.query.uid !== undefined) {
		other = requireUser(state, ctx.query.uid).uid;
		if (actor !== undefined) conversationId = userConversationId(actor, other);
	}
	if (ctx.query.guid !== undefined) conversationId = groupConversationId(requireGroup(state, ctx.query.guid).guid);
	const replies = new Map<string, number>();
	for (const m of state.messages) if (m.parentId !== undefined) replies.set(m.parentId, (replies.get(m.parentId) ?? 0) + 1);
	const followers = messageExtras(state).subscriptions;
	const keep = (m: MessageRecord) =>
		replies.has(m.id) &&
		(actor === undefined || canSee(state, actor, m)) &&
		(conversationId === undefined || m.conversationId === conversationId) &&
		(other === undefined || conversationId !== undefined || (m.receiverType === 'user' && (m.sender === other || m.receiver === other))) &&
		(!participated || (followers.get(m.id)?.has(actor!) ?? false));
	const items = page(state.messages, cursor, keep);
	return ok(
		items.map((m) => ({ ...fullView(state, m, actor), replyCount: replies.get(m.id) })),
		cursorMeta(ctx, cursor, items),
	);
}

// ---- changing ------------------------------------------------------------------------------------------

/**
 * The action message CometChat answers an edit or delete with [REC]: category action, type message,
 * data {action, entities {by, for, on}}, stored like any message.
 */
function actionMessage(state: EmulatorState, actor: string, target: MessageRecord, action: 'edited' | 'deleted', onView: Record<string, unknown>): Record<string, unknown> {
	const now = state.now();
	const record: MessageRecord = {
		id: state.nextMessageId(),
		conversationId: target.conversationId,
		sender: actor,
		receiverType: target.receiverType,
		receiver: target.receiver,
		category: 'action',
		type: 'message',
		data: { action },
		sentAt: now,
		updatedAt: now,
	};
	state.messages.push(record);
	const byUser = actor === APP_SYSTEM_UID ? undefined : state.getUser(actor, true);
	const forEntity =
		target.receiverType === 'user'
			? (() => {
					const user = state.getUser(target.receiver, true);
					return user ? userView(user, { withTags: false }) : { uid: target.receiver };
				})()
			: (() => {
					const group = state.getGroup(target.receiver);
					return group ? groupView(group) : { guid: target.receiver };
				})();
	const view = messageView(state, record) as Record<string, unknown> & { data: Record<string, unknown> };
	view.data = {
		action,
		entities: {
			by: { entity: byUser ? userView(byUser, { withTags: false }) : systemUserView(), entityType: 'user' },
			for: { entity: forEntity, entityType: target.receiverType },
			on: { entity: onView, entityType: 'message' },
		},
	};
	return view;
}

/** Who may change a message: with onBehalfOf only its sender [ERRGUIDE]; action messages never. */
function requireChangeable(ctx: RouteContext): { message: MessageRecord; actor: string } {
	const actor = optionalActor(ctx) ?? APP_SYSTEM_UID;
	const message = requireMessage(ctx);
	if (message.category === 'action') throw messageErrors.actionNotAllowed(message.id);
	if (actor !== APP_SYSTEM_UID && message.sender !== actor) throw messageErrors.notASender(message.id, actor);
	return { message, actor };
}

/** The parts of an interactive message's data an edit may replace (INFERRED, see updateMessage). */
const INTERACTIVE_KEYS = ['interactiveData', 'interactionGoal', 'allowSenderInteraction'] as const;

function updateMessage(ctx: RouteContext): RouteResult {
	const body = bodyObject(ctx);
	const v = new Validator();
	const data = v.optionalObject(body, 'data');
	const tags = v.optionalStringArray(body, 'tags', 25, 100);
	if (data === undefined && tags === undefined && !v.failed) v.add('data', 'The data field is required when tags is not present.');
	v.check();
	if (data?.text !== undefined && (typeof data.text !== 'string' || data.text.trim() === '')) {
		throw typeof data.text === 'string' ? errors.emptyMessageText() : errors.invalidMessageText();
	}
	if (data?.metadata !== undefined && !isPlainObject(data.metadata)) throw errors.invalidMetadata();
	const { message, actor } = requireChangeable(ctx);
	if (message.deletedAt !== undefined) throw errors.messageNotFound(message.id);
	const now = ctx.state.now();
	if (data?.text !== undefined) {
		message.data = { ...message.data, text: data.text };
		const mentions = mentionsOf(ctx.state, data.text);
		if (mentions) message.data.mentions = mentions;
		else delete message.data.mentions;
	}
	if (data?.metadata !== undefined) message.data = { ...message.data, metadata: data.metadata };
	// INFERRED: the update-message page documents only text and metadata; for an interactive message the
	// emulator also takes the interactive content (merged key by key, as text and metadata are), so a
	// client loading the message again shows the edit.
	if (message.category === 'interactive') {
		for (const key of INTERACTIVE_KEYS) {
			if (data?.[key] === undefined) continue;
			if (key === 'allowSenderInteraction' ? typeof data[key] !== 'boolean' : !isPlainObject(data[key])) throw errors.badRequest({ [`data.${key}`]: [`The data.${key} is invalid.`] });
			message.data = { ...message.data, [key]: data[key] };
		}
	}
	if (tags !== undefined) message.tags = tags.length ? [...tags] : undefined;
	message.editedAt = now;
	message.editedBy = actor;
	message.updatedAt = now;
	return ok(actionMessage(ctx.state, actor, message, 'edited', fullView(ctx.state, message)));
}

function deleteMessage(ctx: RouteContext): RouteResult {
	const v = new Validator();
	const permanent = v.optionalBoolean(bodyObject(ctx), 'permanent') ?? false;
	v.check();
	const { message, actor } = requireChangeable(ctx);
	if (message.deletedAt !== undefined && !permanent) throw errors.messageNotFound(message.id);
	const now = ctx.state.now();
	message.deletedAt = message.deletedAt ?? now;
	message.deletedBy = message.deletedBy ?? actor;
	message.updatedAt = now;
	const onView = fullView(ctx.state, message);
	if (permanent) {
		const at = ctx.state.messages.indexOf(message);
		ctx.state.messages.splice(at, 1);
		const extras = messageExtras(ctx.state);
		extras.reactions.delete(message.id);
		extras.pins.delete(message.id);
		extras.subscriptions.delete(message.id);
		extras.interactions.delete(message.id);
		for (const saved of extras.saves.values()) saved.delete(message.id);
	}
	return ok(actionMessage(ctx.state, actor, message, 'deleted', onView));
}

// ---- reactions -----------------------------------------------------------------------------------------

/** The `:reaction` path segment: not empty, at most 45 characters [send-message page]. */
function reactionOf(ctx: RouteContext): string {
	const reaction = ctx.params.reaction.trim();
	const v = new Validator();
	if (reaction === '') v.add('reaction', 'The reaction field is required.');
	else if ([...reaction].length > REACTION_MAX) v.add('reaction', `The reaction may not be greater than ${REACTION_MAX} characters.`);
	v.check();
	return reaction;
}

function addReaction(ctx: RouteContext): RouteResult {
	const reaction = reactionOf(ctx);
	const { actor, message } = actorOn(ctx, true);
	const extras = messageExtras(ctx.state);
	const list = extras.reactions.get(message.id) ?? [];
	if (!list.some((r) => r.uid === actor && r.reaction === reaction)) {
		if (!list.some((r) => r.reaction === reaction) && new Set(list.map((r) => r.reaction)).size >= REACTIONS_PER_MESSAGE) {
			throw errors.badRequest({ reaction: [`A message can have at most ${REACTIONS_PER_MESSAGE} distinct reactions.`] });
		}
		extras.reactionSeq += 1;
		list.push({ id: String(extras.reactionSeq), messageId: message.id, reaction, uid: actor, reactedAt: ctx.state.now() });
		extras.reactions.set(message.id, list);
	}
	return ok(fullView(ctx.state, message, actor));
}

function removeReaction(ctx: RouteContext): RouteResult {
	const reaction = reactionOf(ctx);
	const { actor, message } = actorOn(ctx, true);
	const extras = messageExtras(ctx.state);
	// Removing a reaction that is not there succeeds and changes nothing (INFERRED).
	extras.reactions.set(
		message.id,
		(extras.reactions.get(message.id) ?? []).filter((r) => !(r.uid === actor && r.reaction === reaction)),
	);
	return ok(fullView(ctx.state, message, actor));
}

/** GET …/reactions[/{reaction}]: meta {current {limit: 100, count}, next {affix: "append", id}} [SPEC]; limit, affix, id INFERRED. */
function listReactions(ctx: RouteContext, filtered: boolean): RouteResult {
	const v = new Validator();
	const size = intQuery(ctx, v, 'limit', 1, LIST_MAX) ?? LIST_DEFAULT;
	const after = ctx.query.affix === 'append' && ctx.query.id !== undefined && /^\d+$/.test(ctx.query.id) ? Number(ctx.query.id) : 0;
	v.check();
	const reaction = filtered ? reactionOf(ctx) : undefined;
	const { message } = actorOn(ctx, false);
	const items = (messageExtras(ctx.state).reactions.get(message.id) ?? [])
		.filter((r) => Number(r.id) > after && (reaction === undefined || r.reaction === reaction))
		.slice(0, size);
	const views = items.map((r) => {
		const user = ctx.state.getUser(r.uid, true);
		return { ...r, reactedBy: user ? userView(user, { withTags: false }) : { uid: r.uid } };
	});
	const last = items[items.length - 1];
	return ok(views, { current: { limit: size, count: items.length }, next: last ? { affix: 'append', id: last.id } : { affix: 'append' } });
}

// ---- pins, saves, threads, interactions ------------------------------------------------------------------

function pinMessage(ctx: RouteContext): RouteResult {
	const { actor, message } = actorOn(ctx, false);
	const extras = messageExtras(ctx.state);
	if (!extras.pins.has(message.id)) {
		// App pins and user pins share the limit of a conversation (pin-message docs page).
		let pinned = 0;
		for (const id of extras.pins.keys()) if (ctx.state.getMessage(id)?.conversationId === message.conversationId) pinned += 1;
		if (pinned >= PINS_PER_CONVERSATION) throw messageErrors.pinsExceeded();
	}
	// Pinning again makes the latest pinner the pinner (SDK docs: "re-pinning updates pinnedBy and pinnedAt").
	extras.pins.set(message.id, { pinnedAt: ctx.state.now(), pinnedBy: actor ?? APP_SYSTEM_UID });
	return ok(fullView(ctx.state, message, actor));
}

function unpinMessage(ctx: RouteContext): RouteResult {
	const { actor, message } = actorOn(ctx, false);
	messageExtras(ctx.state).pins.delete(message.id);
	return ok(fullView(ctx.state, message, actor));
}

function saveMessage(ctx: RouteContext): RouteResult {
	const { actor, message } = actorOn(ctx, true);
	const extras = messageExtras(ctx.state);
	const saved = extras.saves.get(actor) ?? new Map<string, number>();
	if (!saved.has(message.id) && saved.size >= SAVES_PER_USER) throw messageErrors.savesExceeded(actor);
	saved.set(message.id, ctx.state.now());
	extras.saves.set(actor, saved);
	return ok(fullView(ctx.state, message, actor));
}

function unsaveMessage(ctx: RouteContext): RouteResult {
	const { actor, message } = actorOn(ctx, true);
	messageExtras(ctx.state).saves.get(actor)?.delete(message.id);
	return ok(fullView(ctx.state, message, actor));
}

function subscribeThread(ctx: RouteContext, follow: boolean): RouteResult {
	const actor = requireActor(ctx);
	const message = requireMessage(ctx);
	if (message.parentId !== undefined) throw messageErrors.threadNesting(message.id);
	requireAccess(ctx.state, actor, message);
	const subscriptions = messageExtras(ctx.state).subscriptions;
	const followers = subscriptions.get(message.id) ?? new Set<string>();
	if (follow) followers.add(actor);
	else followers.delete(actor);
	subscriptions.set(message.id, followers);
	return ok({
		success: true,
		message: follow
			? `The user ${actor} has subscribed to the thread of the message with id ${message.id}.`
			: `The user ${actor} has unsubscribed from the thread of the message with id ${message.id}.`,
	});
}

function markInteracted(ctx: RouteContext): RouteResult {
	const body = bodyObject(ctx);
	const v = new Validator();
	if (body.interactions === undefined || body.interactions === null) v.add('interactions', 'The interactions field is required.');
	const ids = body.interactions === undefined || body.interactions === null ? undefined : v.checkStringArray('interactions', body.interactions);
	if (ids && ids.length === 0) v.add('interactions', 'The interactions must have at least 1 items.');
	v.check();
	const { actor, message } = actorOn(ctx, true);
	if (message.category !== 'interactive') throw errors.badRequest({ id: [`The message with id ${message.id} is not an interactive message.`] });
	const extras = messageExtras(ctx.state);
	const list = extras.interactions.get(message.id) ?? [];
	const now = ctx.state.now();
	for (const elementId of ids ?? []) if (!list.some((i) => i.uid === actor && i.elementId === elementId)) list.push({ uid: actor, elementId, interactedAt: now });
	extras.interactions.set(message.id, list);
	// Text from the docs page (mark-message-as-interacted).
	return ok({ success: true, message: `The message id ${message.id} has been marked as interacted for the user ${actor}.` });
}

export const messageRoutes: Route[] = [
	{ method: 'POST', path: '/messages', handler: sendMessage },
	{ method: 'GET', path: '/messages', handler: (ctx) => listMessages(ctx, 'all') },
	{ method: 'GET', path: '/messages/:id', handler: getMessage },
	{ method: 'PUT', path: '/messages/:id', handler: updateMessage },
	{ method: 'DELETE', path: '/messages/:id', handler: deleteMessage },
	{ method: 'GET', path: '/users/:uid/messages', handler: (ctx) => listMessages(ctx, 'user') },
	{ method: 'GET', path: '/groups/:guid/messages', handler: (ctx) => listMessages(ctx, 'group') },
	{ method: 'POST', path: '/bots/:uid/messages', handler: sendBotMessage },
	{ method: 'POST', path: '/messages/:id/thread', handler: sendThreadMessage },
	{ method: 'GET', path: '/messages/:id/thread', handler: (ctx) => listMessages(ctx, 'thread') },
	{ method: 'GET', path: '/threads', handler: listThreads },
	{ method: 'POST', path: '/messages/:id/thread/subscription', handler: (ctx) => subscribeThread(ctx, true) },
	{ method: 'DELETE', path: '/messages/:id/thread/subscription', handler: (ctx) => subscribeThread(ctx, false) },
	{ method: 'GET', path: '/messages/:id/reactions', handler: (ctx) => listReactions(ctx, false) },
	{ method: 'GET', path: '/messages/:id/reactions/:reaction', handler: (ctx) => listReactions(ctx, true) },
	{ method: 'POST', path: '/messages/:id/reactions/:reaction', handler: addReaction },
	{ method: 'DELETE', path: '/messages/:id/reactions/:reaction', handler: removeReaction },
	{ method: 'POST', path: '/messages/:id/pin', handler: pinMessage },
	{ method: 'DELETE', path: '/messages/:id/pin', handler: unpinMessage },
	{ method: 'POST', path: '/messages/:id/save', handler: saveMessage },
	{ method: 'DELETE', path: '/messages/:id/save', handler: unsaveMessage },
	{ method: 'PATCH', path: '/messages/:id/interacted', handler: markInteracted },
];
