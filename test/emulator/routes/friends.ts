/** Friends (reference §7.8): add, list, remove. */
import { cometError, normalizeId, userConversationId, type EmulatorState, type Route, type RouteContext, type RouteResult, Validator, bodyObject, listCursor, ok, pageParams, paginate, requireUser, userView } from './prelude';

/** At most 25 UIDs in `accepted` per call [OV-friends]. */
export const MAX_ACCEPTED = 25;

export interface FriendRecord {
	since: number;
	seq: number;
}

/**
 * Friendships, kept in both directions: "two users are friends (i.e. they have accepted each other as
 * friends)" [OV-friends], so adding B to A's friends also makes A a friend of B, and removing ends both
 * (INFERRED from that wording; no recording of a friends list exists).
 */
export class FriendStore {
	/** uid (lower-case) → (friend uid → friendship), both directions stored. */
	readonly friends = new Map<string, Map<string, FriendRecord>>();

	of(uid: string): Map<string, FriendRecord> {
		return this.friends.get(normalizeId(uid)) ?? new Map<string, FriendRecord>();
	}

	has(a: string, b: string): boolean {
		return this.of(a).has(normalizeId(b));
	}

	add(state: EmulatorState, a: string, b: string): void {
		const record: FriendRecord = { since: state.now(), seq: state.nextSeq() };
		this.link(normalizeId(a), normalizeId(b), record);
		this.link(normalizeId(b), normalizeId(a), { ...record });
	}

	remove(a: string, b: string): boolean {
		const removed = this.friends.get(normalizeId(a))?.delete(normalizeId(b)) ?? false;
		this.friends.get(normalizeId(b))?.delete(normalizeId(a));
		return removed;
	}

	clear(): void {
		this.friends.clear();
	}

	private link(from: string, to: string, record: FriendRecord): void {
		const map = this.friends.get(from) ?? new Map<string, FriendRecord>();
		map.set(to, record);
		this.friends.set(from, map);
	}
}

/** The emulator's friend store (created on first use, emptied by reset()). */
export function friendStore(state: EmulatorState): FriendStore {
	return state.store('friends', () => new FriendStore());
}

interface Outcome {
	success: boolean;
	message: string;
}

/** A required, non-empty array of strings in the body; 400 ERR_BAD_REQUEST otherwise. */
function uidList(ctx: RouteContext, field: string, max?: number): string[] {
	const v = new Validator();
	const value = bodyObject(ctx)[field];
	let uids: string[] | undefined;
	if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
		// Required: INFERRED for `accepted` too (the spec marks neither list required, but without one
		// there is nothing to do).
		v.add(field, `The ${field} field is required.`);
	} else {
		uids = v.checkStringArray(field, value, max);
	}
	v.check();
	return uids ?? [];
}

function addFriends(ctx: RouteContext): RouteResult {
	const friends = friendStore(ctx.state);
	const uid = requireUser(ctx.state, ctx.params.uid).uid;
	// More than 25: 400 with the Laravel-style `details` text (INFERRED; the limit is [OV-friends]).
	const accepted = uidList(ctx, 'accepted', MAX_ACCEPTED);
	const out: Record<string, Outcome> = {};
	for (const raw of accepted) {
		const other = normalizeId(raw);
		if (other in out) continue; // a UID sent twice is handled once, at its first position (INFERRED)
		if (!ctx.state.getUser(other)) {
			// [REIMPL] text, success: false.
			out[other] = { success: false, message: `The uid ${other} does not exist, please make sure you have created a uid with uid ${other}.` };
		} else if (other === uid) {
			// [REIMPL]: a per-UID failure with the ERR_CANNOT_FORM_SELF_RELATION text, not a failed request.
			out[other] = { success: false, message: 'Self friend relationship cannot be formed.' };
		} else if (friends.has(uid, other)) {
			// [REIMPL] "updated" text, success: true (the guide's ERR_ALREADY_FRIEND is not sent by [REIMPL]).
			out[other] = { success: true, message: 'Updated relationship with status accepted.' };
		} else {
			friends.add(ctx.state, uid, other);
			out[other] = { success: true, message: 'Created relationship with status accepted.' }; // [SPEC][REIMPL]
		}
	}
	// Keyed by list, then by the lower-cased uid [SPEC example].
	return ok({ accepted: out });
}

function listFriends(ctx: RouteContext): RouteResult {
	const uid = requireUser(ctx.state, ctx.params.uid).uid;
	const v = new Validator();
	const paging = pageParams(ctx, v);
	v.check();
	// searchKey: case-insensitive prefix match on uid or name, as GET /users does (INFERRED for friends:
	// the spec only says it "searches for given keyword in friends list (either UID or name)").
	const searchKey = (ctx.query.searchKey ?? '').toLowerCase();
	// Oldest friendship first (INFERRED); deactivated users are left out (INFERRED, as in other lists).
	const entries = [...friendStore(ctx.state).of(uid).entries()]
		.sort(([, a], [, b]) => a.since - b.since || a.seq - b.seq)
		.flatMap(([id]) => {
			const user = ctx.state.getUser(id);
			return user ? [user] : [];
		})
		.filter((u) => searchKey === '' || u.uid.startsWith(searchKey) || u.name.toLowerCase().startsWith(searchKey));
	const { pageItems, pagination } = paginate(entries, paging);
	// User objects with the pair's conversationId [SPEC example]; meta with pagination and cursor (§2.2).
	return ok(
		pageItems.map((u) => ({ ...userView(u, { withTags: false }), conversationId: userConversationId(uid, u.uid) })),
		{ pagination, cursor: listCursor(entries.map((u) => u.updatedAt ?? u.createdAt), ctx.state.now()) },
	);
}

function removeFriends(ctx: RouteContext): RouteResult {
	const friends = friendStore(ctx.state);
	const uid = requireUser(ctx.state, ctx.params.uid).uid;
	const list = uidList(ctx, 'friends');
	let removed = 0;
	for (const other of list) if (friends.remove(uid, other)) removed += 1;
	// None of them was a friend: ERR_NOT_A_FRIEND ("unfriending non-friended users" [ERRGUIDE]); status
	// 400 and text INFERRED. When at least one was a friend the others are skipped silently (INFERRED).
	if (removed === 0) {
		throw cometError(400, 'ERR_NOT_A_FRIEND', `The users ${list.map(normalizeId).join(', ')} are not friends of the user with UID ${uid}.`);
	}
	// Followed [SPEC] text, typo included ([REIMPL]: "Deleted the friend relations successfully.").
	return ok({ success: true, message: 'Deleted the friend relations succussfully' });
}

export const friendRoutes: Route[] = [
	{ method: 'POST', path: '/users/:uid/friends', handler: addFriends },
	{ method: 'GET', path: '/users/:uid/friends', handler: listFriends },
	{ method: 'DELETE', path: '/users/:uid/friends', handler: removeFriends },
];
