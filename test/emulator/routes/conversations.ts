/**
 * Conversations (reference §7.10). A conversation is not stored: it is derived from `state.messages`
 * (auto-created by the first message [OV-conversations]) as one user sees it. What a user changes about
 * their side of it — tags, how far they read or received it, a reset — lives in the ConversationStore.
 *
 * Model (INFERRED where not marked):
 * - A one-to-one conversation belongs to both users (not to `app_system`); a group conversation to every
 *   current member of the group.
 * - unreadMessageCount: the visible messages of others with an id above the user's read mark (a string
 *   on the wire [REC]). Marking read moves the mark forward (to the given message, else the last one);
 *   marking unread moves it back so that the messages after the given one are unread ("The messages after
 *   the message id 340 ... are marked as unread" [SPEC]). Read implies delivered.
 * - A reset hides the messages so far from that user: the conversation is gone for them (and its tags)
 *   until the next message [OV-conversations]; `deleteMessagesPermanently` also deletes the messages.
 *   The deprecated DELETE /conversations/{id} does this for every user [SPEC text "for all the users"].
 * - A conversation without visible messages answers ERR_CONVERSATION_NOT_ACCESSIBLE [ERRGUIDE], as does
 *   one the acting user is not part of.
 * - Pins (docs pages rest-api/conversations/*pin*, SDK pin-conversation pages): a user pins a conversation for
 *   themselves (at most 5); the app pins up to 5 for everyone ({guid}: that group's conversation, {uid}: every
 *   user's conversation with that user). An app pin shows as pinnedBy "app_system" and ranks first; a user
 *   cannot unpin it. Lists with onBehalfOf come pin-ordered: app pins, then the user's own, then the rest.
 */
import { cometError, errors, APP_SYSTEM_UID, type EmulatorState, type GroupRecord, type MessageRecord, type ReceiverType, groupConversationId, normalizeId, userConversationId, type Route, type RouteContext, type RouteResult, Validator, bodyObject, compact, groupView, isPlainObject, messageView, ok, onBehalfOf, pageParams, paginate, queryBoolean, queryCsv, requireGroup, requireUser, systemUserView, userView } from './prelude';

// ---- the store ---------------------------------------------------------------------------------------

/** One user's marks on one conversation. Message ids are the emulator's growing counter. */
export interface ConversationMarks {
	/** Messages of others with a greater id are unread (0: none read). */
	readUpTo: number;
	/** Messages up to this id were delivered to the user (0: none). */
	deliveredUpTo: number;
	/** Messages up to this id are gone for the user (a reset); 0: none. */
	resetAfter: number;
	/** Tags set with PUT …/conversation. */
	tags?: string[];
	/** When the user pinned the conversation (POST …/conversation/pin). */
	pinnedAt?: number;
}

/** A conversation the app pins for every user (PUT /conversations/pinned), in order. */
export interface AppPin {
	kind: ReceiverType;
	/** The UID of the user every conversation with whom is pinned, or the group's GUID. */
	id: string;
	pinnedAt: number;
}

/** The owner key of a reset done for every user (deprecated DELETE /conversations/{id}). */
export const ALL_USERS = '*';

export class ConversationStore {
	/** `<owner uid>\u0000<conversationId>` → marks. */
	readonly marks = new Map<string, ConversationMarks>();
	/** The app-wide pins, in order. */
	appPins: AppPin[] = [];

	/** How many conversations `owner` pinned. */
	pinCount(owner: string): number {
		const prefix = `${normalizeId(owner)}\u0000`;
		let count = 0;
		for (const [key, marks] of this.marks) if (key.startsWith(prefix) && marks.pinnedAt !== undefined) count += 1;
		return count;
	}

	private key(owner: string, conversationId: string): string {
		return `${normalizeId(owner)}\u0000${conversationId.toLowerCase()}`;
	}

	get(owner: string, conversationId: string): ConversationMarks | undefined {
		return this.marks.get(this.key(owner, conversationId));
	}

	ensure(owner: string, conversationId: string): ConversationMarks {
		const key = this.key(owner, conversationId);
		let marks = this.marks.get(key);
		if (!marks) {
			marks = { readUpTo: 0, deliveredUpTo: 0, resetAfter: 0 };
			this.marks.set(key, marks);
		}
		return marks;
	}

	/** Every user's marks on one conversation. */
	allOf(conversationId: string): ConversationMarks[] {
		const suffix = `\u0000${conversationId.toLowerCase()}`;
		return [...this.marks.entries()].filter(([key]) => key.endsWith(suffix)).map(([, marks]) => marks);
	}

	clear(): void {
		this.marks.clear();
		this.appPins = [];
	}
}

/** The conversation marks of this emulator (tests read and seed them here). */
export function conversationStore(state: EmulatorState): ConversationStore {
	return state.store('conversations', () => new ConversationStore());
}

// ---- the model ---------------------------------------------------------------------------------------

/** One conversation as one user (`owner`) has it. */
interface Side {
	owner: string;
	conversationId: string;
	type: ReceiverType;
	/** The other user's UID, or the group's GUID. */
	with: string;
}

const idOf = (message: MessageRecord): number => Number(message.id);

/** The conversation's messages the owner still sees (after their own and any all-users reset), oldest first. */
function visibleMessages(state: EmulatorState, owner: string, conversationId: string, all?: MessageRecord[]): MessageRecord[] {
	const store = conversationStore(state);
	const after = Math.max(store.get(owner, conversationId)?.resetAfter ?? 0, store.get(ALL_USERS, conversationId)?.resetAfter ?? 0);
	return (all ?? state.messages.filter((m) => m.conversationId === conversationId)).filter((m) => idOf(m) > after);
}

/** Every (user, conversation) pair the messages make, each once, in first-message order. */
function allSides(state: EmulatorState): Side[] {
	const sides = new Map<string, Side>();
	const add = (side: Side) => {
		const key = `${side.owner}\u0000${side.conversationId}`;
		if (!sides.has(key)) sides.set(key, side);
	};
	for (const m of state.messages) {
		if (m.receiverType === 'user') {
			for (const [owner, other] of [[m.sender, m.receiver], [m.receiver, m.sender]]) {
				if (owner !== APP_SYSTEM_UID) add({ owner, conversationId: m.conversationId, type: 'user', with: other });
			}
		} else {
			const group = state.getGroup(m.receiver);
			for (const owner of group?.members.keys() ?? []) add({ owner, conversationId: m.conversationId, type: 'group', with: group!.guid });
		}
	}
	return [...sides.values()];
}

interface ViewOptions {
	/** List without onBehalfOf: each item says whose conversation it is (`uid`) [REC]. */
	ownerKey: boolean;
	/** The conversation's own tags (lists: only with `withTags`; single conversations always [REC]). */
	withTags: boolean;
	/** The tags of the user or group it is with (lists: `withUserAndGroupTags`). */
	entityTags: boolean;
	/** [REC]: the user entity carries conversationId, except in a list without onBehalfOf. */
	entityConversationId: boolean;
}

const SINGLE: ViewOptions = { ownerKey: false, withTags: true, entityTags: false, entityConversationId: true };

/** The other party of a side: the user or group object. */
function withView(state: EmulatorState, side: Side, options: ViewOptions): Record<string, unknown> {
	if (side.type === 'group') {
		const group = state.getGroup(side.with);
		const view: Record<string, unknown> = group ? groupView(group, side.owner) : { guid: side.with };
		if (!options.entityTags) delete view.tags;
		return view;
	}
	const user = side.with === APP_SYSTEM_UID ? undefined : state.getUser(side.with, true);
	const view = user ? userView(user, { withTags: options.entityTags }) : side.with === APP_SYSTEM_UID ? systemUserView() : { uid: side.with };
	return options.entityConversationId ? { ...view, conversationId: side.conversationId } : view;
}

/**
 * The conversation object, keys in the recorded order: conversationId, conversationType,
 * unreadMessageCount, createdAt, updatedAt, (uid), lastMessage, conversationWith, tags [REC].
 * Undefined when the owner sees no message of it.
 */
function conversationView(state: EmulatorState, side: Side, options: ViewOptions, all?: MessageRecord[]): Record<string, unknown> | undefined {
	const messages = visibleMessages(state, side.owner, side.conversationId, all);
	if (messages.length === 0) return undefined;
	const marks = conversationStore(state).get(side.owner, side.conversationId);
	const last = messages[messages.length - 1];
	const unread = messages.filter((m) => m.sender !== side.owner && idOf(m) > (marks?.readUpTo ?? 0)).length;
	const pin = pinOf(state, side);
	return compact({
		conversationId: side.conversationId,
		conversationType: side.type,
		unreadMessageCount: String(unread),
		createdAt: messages[0].sentAt,
		updatedAt: Math.max(...messages.map((m) => m.updatedAt)),
		uid: options.ownerKey ? side.owner : undefined,
		lastMessage: messageView(state, last),
		conversationWith: withView(state, side, options),
		tags: options.withTags ? marks?.tags : undefined,
		pinnedAt: pin?.pinnedAt,
		pinnedBy: pin?.pinnedBy,
	});
}

/** The pin a side shows: the app's (ranks first), else the owner's own. */
function pinOf(state: EmulatorState, side: Side): { pinnedAt: number; pinnedBy: string; rank: number } | undefined {
	const store = conversationStore(state);
	const app = store.appPins.find((pin) => pin.kind === side.type && pin.id === side.with);
	if (app) return { pinnedAt: app.pinnedAt, pinnedBy: APP_SYSTEM_UID, rank: 0 };
	const pinnedAt = store.get(side.owner, side.conversationId)?.pinnedAt;
	return pinnedAt === undefined ? undefined : { pinnedAt, pinnedBy: side.owner, rank: 1 };
}

// ---- errors (codes [ERRGUIDE]; status 403/404 and texts INFERRED) ------------------------------------

function notAccessible(conversationId: string, uid: string) {
	return cometError(
		403,
		'ERR_CONVERSATION_NOT_ACCESSIBLE',
		`The conversation ${conversationId} is not accessible for the user ${uid}.`,
	);
}

function conversationNotFound(conversationId: string) {
	return cometError(404, 'ERR_CONVERSATION_NOT_FOUND', `The conversation with id ${conversationId} does not exist.`);
}

// ---- request pieces -------------------------------------------------------------------------------------

/** The required onBehalfOf user [SPEC]: missing → 400 ERR_BAD_REQUEST (INFERRED), unknown → 404 ERR_UID_NOT_FOUND. */
function requireActor(ctx: RouteContext): string {
	const actor = onBehalfOf(ctx);
	if (actor === undefined) throw errors.badRequest({ onBehalfOf: ['The onBehalfOf header is required.'] });
	return requireUser(ctx.state, actor).uid;
}

/** The conversation of `/users/{uid}/…` or `/groups/{guid}/…` for `actor`. */
function sideOf(ctx: RouteContext, kind: ReceiverType, actor: string): Side & { group?: GroupRecord } {
	if (kind === 'user') {
		const other = requireUser(ctx.state, ctx.params.uid).uid;
		return { owner: actor, conversationId: userConversationId(actor, other), type: 'user', with: other };
	}
	const group = requireGroup(ctx.state, ctx.params.guid);
	return { owner: actor, conversationId: groupConversationId(group.guid), type: 'group', with: group.guid, group };
}

/** The actor's visible messages of the conversation; not accessible when there are none or they are not in it. */
function accessibleMessages(ctx: RouteContext, side: Side & { group?: GroupRecord }): MessageRecord[] {
	if (side.group && !side.group.members.has(side.owner)) throw notAccessible(side.conversationId, side.owner);
	const messages = visibleMessages(ctx.state, side.owner, side.conversationId);
	if (messages.length === 0) throw notAccessible(side.conversationId, side.owner);
	return messages;
}

/** Body `messageId`: an integer ([SPEC]; Laravel's rule also takes "12"); optional unless `required`. */
function messageIdOf(ctx: RouteContext, required: boolean): number | undefined {
	const value = bodyObject(ctx).messageId;
	const v = new Validator();
	let id: number | undefined;
	if (value === undefined || value === null || value === '') {
		if (required) v.add('messageId', 'The messageId field is required.');
	} else if ((typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^\d+$/.test(value))) {
		id = Number(value);
	} else {
		v.add('messageId', 'The messageId must be an integer.');
	}
	v.check();
	return id;
}

/** The message `id` must be one of `messages` (the conversation's): else 404 ERR_MESSAGE_ID_NOT_FOUND (INFERRED). */
function requireMessageIn(messages: MessageRecord[], id: number): void {
	if (!messages.some((m) => idOf(m) === id)) throw errors.messageNotFound(String(id));
}

// ---- handlers ----------------------------------------------------------------------------------------

function listConversations(ctx: RouteContext): RouteResult {
	const v = new Validator();
	const paging = pageParams(ctx, v);
	const type = ctx.query.conversationType;
	if (type !== undefined && type !== 'user' && type !== 'group') v.add('conversationType', 'The selected conversationType is invalid.');
	const withTags = queryBoolean(ctx, v, 'withTags');
	const entityTags = queryBoolean(ctx, v, 'withUserAndGroupTags');
	const unreadOnly = queryBoolean(ctx, v, 'unread');
	v.check();
	const tags = queryCsv(ctx, 'tags');
	const userTags = queryCsv(ctx, 'userTags');
	const groupTags = queryCsv(ctx, 'groupTags');
	const searchKey = (ctx.query.searchKey ?? '').trim().toLowerCase();
	const actor = onBehalfOf(ctx);
	if (actor !== undefined) requireUser(ctx.state, actor);

	const options: ViewOptions = { ownerKey: actor === undefined, withTags, entityTags, entityConversationId: actor !== undefined };
	const byConversation = new Map<string, MessageRecord[]>();
	for (const m of ctx.state.messages) {
		const list = byConversation.get(m.conversationId) ?? [];
		list.push(m);
		byConversation.set(m.conversationId, list);
	}
	const anyOf = (wanted: string[], have: string[] | undefined) => wanted.some((tag) => (have ?? []).includes(tag));
	const rows = allSides(ctx.state)
		.filter((side) => (actor === undefined ? ctx.state.getUser(side.owner) !== undefined : side.owner === actor))
		.filter((side) => type === undefined || side.type === type)
		.flatMap((side) => {
			const view = conversationView(ctx.state, side, options, byConversation.get(side.conversationId));
			if (!view) return [];
			const marks = conversationStore(ctx.state).get(side.owner, side.conversationId);
			const entity = side.type === 'user' ? ctx.state.getUser(side.with, true) : ctx.state.getGroup(side.with);
			const name = String(entity?.name ?? (side.with === APP_SYSTEM_UID ? 'System' : side.with)).toLowerCase();
			if (searchKey !== '' && !name.includes(searchKey)) return [];
			if (tags.length > 0 && !anyOf(tags, marks?.tags)) return [];
			// userTags/groupTags: only conversations whose user (or group) has one of the tags; given together,
			// either kind may match.
			if (userTags.length > 0 || groupTags.length > 0) {
				const wanted = side.type === 'user' ? userTags : groupTags;
				if (!anyOf(wanted, entity?.tags)) return [];
			}
			if (unreadOnly && view.unreadMessageCount === '0') return [];
			return [{ side, view }];
		});
	// Without onBehalfOf by owner uid, then updatedAt, then conversationWith [SPEC]; newest first and the
	// id order of conversationWith are INFERRED.
	// With onBehalfOf the list is pin-ordered first (SDK pin-conversation pages): app pins, the user's own, the rest.
	const rank = (side: Side) => (actor === undefined ? 0 : (pinOf(ctx.state, side)?.rank ?? 2));
	rows.sort(
		(a, b) =>
			(actor === undefined ? a.side.owner.localeCompare(b.side.owner) : 0) ||
			rank(a.side) - rank(b.side) ||
			Number(b.view.updatedAt) - Number(a.view.updatedAt) ||
			a.side.with.localeCompare(b.side.with),
	);
	const { pageItems, pagination } = paginate(
		rows.map((row) => row.view),
		paging,
	);
	// [REC]: conversation lists carry only `pagination`, no cursor.
	return ok(pageItems, { pagination });
}

function getConversation(ctx: RouteContext, kind: ReceiverType): RouteResult {
	const actor = requireActor(ctx);
	const side = sideOf(ctx, kind, actor);
	accessibleMessages(ctx, side);
	return ok(conversationView(ctx.state, side, SINGLE));
}

function updateConversation(ctx: RouteContext, kind: ReceiverType): RouteResult {
	const actor = requireActor(ctx);
	const side = sideOf(ctx, kind, actor);
	const body = bodyObject(ctx);
	const v = new Validator();
	let tags: string[] | undefined;
	// `tags` is the only field [SPEC]; required (INFERRED); [] clears. 25 tags × 100 characters [CONSTR].
	if (body.tags === undefined || body.tags === null) v.add('tags', 'The tags field is required.');
	else tags = v.checkStringArray('tags', body.tags, 25, 100);
	v.check();
	accessibleMessages(ctx, side);
	conversationStore(ctx.state).ensure(actor, side.conversationId).tags = tags && tags.length > 0 ? [...tags] : undefined;
	return ok(conversationView(ctx.state, side, SINGLE));
}

function resetConversation(ctx: RouteContext, kind: ReceiverType): RouteResult {
	const actor = requireActor(ctx);
	const side = sideOf(ctx, kind, actor);
	let permanently = false;
	if (kind === 'user') {
		const body = bodyObject(ctx);
		const v = new Validator();
		// `conversationWith` ("UID of a user" [SPEC]) repeats the path's uid: checked as text, then ignored.
		v.optionalString(body, 'conversationWith', 100);
		permanently = v.optionalBoolean(body, 'deleteMessagesPermanently') ?? false;
		v.check();
	}
	const messages = accessibleMessages(ctx, side);
	const marks = conversationStore(ctx.state).ensure(actor, side.conversationId);
	marks.resetAfter = idOf(messages[messages.length - 1]);
	marks.tags = undefined;
	if (permanently) {
		const all = ctx.state.messages;
		for (let i = all.length - 1; i >= 0; i -= 1) if (all[i].conversationId === side.conversationId) all.splice(i, 1);
	}
	// [REC] text.
	return ok({ success: true, message: `The conversation ${side.conversationId} has been deleted successfully for UID ${actor}.` });
}

function markConversation(ctx: RouteContext, kind: ReceiverType, what: 'delivered' | 'read'): RouteResult {
	const actor = requireActor(ctx);
	const side = sideOf(ctx, kind, actor);
	const messageId = messageIdOf(ctx, false);
	const messages = accessibleMessages(ctx, side);
	if (messageId !== undefined) requireMessageIn(messages, messageId);
	const upTo = messageId ?? idOf(messages[messages.length - 1]);
	const marks = conversationStore(ctx.state).ensure(actor, side.conversationId);
	if (what === 'read') marks.readUpTo = Math.max(marks.readUpTo, upTo);
	marks.deliveredUpTo = Math.max(marks.deliveredUpTo, upTo, marks.readUpTo);
	// [SPEC] texts; the user variants answer with a capital `Message` key in the spec's examples, and the
	// emulator follows them (reference §11.6: unverified), so clients must take either.
	return kind === 'user'
		? ok({ success: true, Message: `All the messages from the user are marked as ${what} for the requesting user.` })
		: ok({ success: true, message: `All the messages in the group are marked as ${what} for the requesting user.` });
}

function markUnread(ctx: RouteContext, kind: ReceiverType): RouteResult {
	// The spec lists onBehalfOf (required) for users and no header for groups (reference §11.1 calls that an
	// omission). Groups: with the header, for that member; without it, for every member (INFERRED).
	const actor = kind === 'user' ? requireActor(ctx) : onBehalfOf(ctx);
	if (kind === 'group' && actor !== undefined) requireUser(ctx.state, actor);
	const messageId = messageIdOf(ctx, true) as number;
	const store = conversationStore(ctx.state);
	const unreadFrom = (owner: string, conversationId: string) => {
		const marks = store.ensure(owner, conversationId);
		marks.readUpTo = Math.min(marks.readUpTo, messageId);
	};
	if (kind === 'user' || actor !== undefined) {
		const side = sideOf(ctx, kind, actor!);
		requireMessageIn(accessibleMessages(ctx, side), messageId);
		unreadFrom(actor!, side.conversationId);
		// [SPEC] text for users; the group text is INFERRED (the spec's group example repeats the user one).
		return ok({
			success: true,
			message:
				kind === 'user'
					? `The messages after the message id ${messageId} from the user ${side.with} are marked as unread for the user ${actor}.`
					: `The messages after the message id ${messageId} in the group ${side.with} are marked as unread for the user ${actor}.`,
		});
	}
	const group = requireGroup(ctx.state, ctx.params.guid);
	const conversationId = groupConversationId(group.guid);
	requireMessageIn(
		ctx.state.messages.filter((m) => m.conversationId === conversationId),
		messageId,
	);
	for (const member of group.members.keys()) unreadFrom(member, conversationId);
	return ok({
		success: true,
		message: `The messages after the message id ${messageId} in the group ${group.guid} are marked as unread for all the members.`,
	});
}

/**
 * The side of a conversation named by its ID (deprecated endpoints): 404 ERR_CONVERSATION_NOT_FOUND when
 * no message ever made it (the code is documented for these endpoints only [ERRGUIDE]); not accessible
 * when the actor is not one of its users or no longer sees a message of it.
 */
function sideById(ctx: RouteContext, actor: string): { side: Side; all: MessageRecord[] } {
	const conversationId = ctx.params.conversationId.trim().toLowerCase();
	const all = ctx.state.messages.filter((m) => m.conversationId === conversationId);
	if (all.length === 0) throw conversationNotFound(conversationId);
	const first = all[0];
	let side: Side | undefined;
	if (first.receiverType === 'group') {
		const group = ctx.state.getGroup(first.receiver);
		if (group?.members.has(actor)) side = { owner: actor, conversationId, type: 'group', with: group.guid };
	} else {
		const mine = all.find((m) => m.sender === actor || m.receiver === actor);
		if (mine) side = { owner: actor, conversationId, type: 'user', with: mine.sender === actor ? mine.receiver : mine.sender };
	}
	if (!side || visibleMessages(ctx.state, actor, conversationId, all).length === 0) throw notAccessible(conversationId, actor);
	return { side, all };
}

function getConversationById(ctx: RouteContext): RouteResult {
	const actor = requireActor(ctx);
	const { side } = sideById(ctx, actor);
	return ok(conversationView(ctx.state, side, SINGLE));
}

function deleteConversationById(ctx: RouteContext): RouteResult {
	const actor = requireActor(ctx);
	const { side, all } = sideById(ctx, actor);
	const store = conversationStore(ctx.state);
	store.ensure(ALL_USERS, side.conversationId).resetAfter = Math.max(...all.map(idOf));
	for (const marks of store.allOf(side.conversationId)) marks.tags = undefined;
	// [SPEC] text.
	return ok({ success: true, message: `The conversation ${side.conversationId} has been deleted successfully for all the users.` });
}

// ---- pins ----------------------------------------------------------------------------------------------

const APP_PINS_MAX = 5; // [ERRGUIDE] ERR_SYSTEM_PINNED_CONVERSATIONS_LIMIT_EXCEEDED
const USER_PINS_MAX = 5; // [ERRGUIDE] ERR_PINNED_CONVERSATIONS_LIMIT_EXCEEDED

function pinConversation(ctx: RouteContext, kind: ReceiverType, pin: boolean): RouteResult {
	const actor = requireActor(ctx);
	const side = sideOf(ctx, kind, actor);
	// A conversation without messages cannot be pinned (SDK docs: ERR_CONVERSATION_NOT_ACCESSIBLE).
	accessibleMessages(ctx, side);
	const store = conversationStore(ctx.state);
	const marks = store.ensure(actor, side.conversationId);
	if (pin) {
		if (marks.pinnedAt === undefined && store.pinCount(actor) >= USER_PINS_MAX) {
			throw cometError(400, 'ERR_PINNED_CONVERSATIONS_LIMIT_EXCEEDED', `The user ${actor} can pin at most ${USER_PINS_MAX} conversations.`);
		}
		marks.pinnedAt = marks.pinnedAt ?? ctx.state.now();
	} else {
		// A user cannot remove an app pin (code [ERRGUIDE]; status and text INFERRED).
		if (marks.pinnedAt === undefined && pinOf(ctx.state, side)?.pinnedBy === APP_SYSTEM_UID) {
			throw cometError(400, 'ERR_SYSTEM_PINNED_CONVERSATION', `The conversation ${side.conversationId} is pinned by the app and cannot be unpinned by a user.`);
		}
		marks.pinnedAt = undefined;
	}
	return ok(conversationView(ctx.state, side, SINGLE));
}

const appPinsView = (state: EmulatorState) => ({
	pinnedConversations: conversationStore(state).appPins.map((pin) => (pin.kind === 'user' ? { uid: pin.id } : { guid: pin.id })),
});

function getAppPins(ctx: RouteContext): RouteResult {
	return ok(appPinsView(ctx.state));
}

/** PUT /conversations/pinned: the whole list, each entry {uid} or {guid} of an existing user or group. */
function setAppPins(ctx: RouteContext): RouteResult {
	const body = bodyObject(ctx);
	const v = new Validator();
	const list = body.pinnedConversations;
	if (!Array.isArray(list)) v.add('pinnedConversations', 'The pinnedConversations field must be an array.');
	const entries = Array.isArray(list) ? list : [];
	entries.forEach((entry, i) => {
		const keys = isPlainObject(entry) ? Object.keys(entry).filter((key) => key === 'uid' || key === 'guid') : [];
		if (keys.length !== 1 || typeof (entry as Record<string, unknown>)[keys[0]] !== 'string') {
			v.add(`pinnedConversations.${i}`, `The pinnedConversations.${i} must have either a uid or a guid.`);
		}
	});
	v.check();
	if (entries.length > APP_PINS_MAX) {
		throw cometError(400, 'ERR_SYSTEM_PINNED_CONVERSATIONS_LIMIT_EXCEEDED', `The app can pin at most ${APP_PINS_MAX} conversations.`);
	}
	const store = conversationStore(ctx.state);
	const now = ctx.state.now();
	store.appPins = entries.map((entry) => {
		const { uid, guid } = entry as { uid?: string; guid?: string };
		const pin = uid !== undefined ? { kind: 'user' as const, id: requireUser(ctx.state, uid).uid } : { kind: 'group' as const, id: requireGroup(ctx.state, guid!).guid };
		return { ...pin, pinnedAt: store.appPins.find((old) => old.kind === pin.kind && old.id === pin.id)?.pinnedAt ?? now };
	});
	return ok(appPinsView(ctx.state));
}

export const conversationRoutes: Route[] = [
	// Before /conversations/:conversationId, which would take "pinned" as an ID (routes match in order).
	{ method: 'GET', path: '/conversations/pinned', handler: getAppPins },
	{ method: 'PUT', path: '/conversations/pinned', handler: setAppPins },
	{ method: 'POST', path: '/users/:uid/conversation/pin', handler: (ctx) => pinConversation(ctx, 'user', true) },
	{ method: 'DELETE', path: '/users/:uid/conversation/pin', handler: (ctx) => pinConversation(ctx, 'user', false) },
	{ method: 'POST', path: '/groups/:guid/conversation/pin', handler: (ctx) => pinConversation(ctx, 'group', true) },
	{ method: 'DELETE', path: '/groups/:guid/conversation/pin', handler: (ctx) => pinConversation(ctx, 'group', false) },
	{ method: 'GET', path: '/conversations', handler: listConversations },
	{ method: 'GET', path: '/conversations/:conversationId', handler: getConversationById },
	{ method: 'DELETE', path: '/conversations/:conversationId', handler: deleteConversationById },
	{ method: 'GET', path: '/users/:uid/conversation', handler: (ctx) => getConversation(ctx, 'user') },
	{ method: 'PUT', path: '/users/:uid/conversation', handler: (ctx) => updateConversation(ctx, 'user') },
	{ method: 'DELETE', path: '/users/:uid/conversation', handler: (ctx) => resetConversation(ctx, 'user') },
	{ method: 'POST', path: '/users/:uid/conversation/delivered', handler: (ctx) => markConversation(ctx, 'user', 'delivered') },
	{ method: 'POST', path: '/users/:uid/conversation/read', handler: (ctx) => markConversation(ctx, 'user', 'read') },
	{ method: 'DELETE', path: '/users/:uid/conversation/read', handler: (ctx) => markUnread(ctx, 'user') },
	{ method: 'GET', path: '/groups/:guid/conversation', handler: (ctx) => getConversation(ctx, 'group') },
	{ method: 'PUT', path: '/groups/:guid/conversation', handler: (ctx) => updateConversation(ctx, 'group') },
	{ method: 'DELETE', path: '/groups/:guid/conversation', handler: (ctx) => resetConversation(ctx, 'group') },
	{ method: 'POST', path: '/groups/:guid/conversation/delivered', handler: (ctx) => markConversation(ctx, 'group', 'delivered') },
	{ method: 'POST', path: '/groups/:guid/conversation/read', handler: (ctx) => markConversation(ctx, 'group', 'read') },
	{ method: 'DELETE', path: '/groups/:guid/conversation/read', handler: (ctx) => markUnread(ctx, 'group') },
];
