/** Group members (reference §7.5): add (per scope, per UID), list, change scope, kick. */
import { cometError, errorBody, errors, APP_SYSTEM_UID, type EmulatorState, type GroupRecord, type MemberScope, type MessageRecord, groupConversationId, normalizeId, type Route, type RouteContext, type RouteResult, Validator, bodyObject, groupView, listCursor, ok, onBehalfOf, pageParams, paginate, queryCsv, requireGroup, requireUser, systemUserView, userView } from './prelude';

export const MEMBER_SCOPES: readonly MemberScope[] = ['admin', 'moderator', 'participant'];
const STATUSES = ['available', 'offline'];
/** At most 25 UIDs per add-members call [OV-group-members]. */
export const MAX_MEMBERS_PER_CALL = 25;

// ---- errors (codes from [ERRGUIDE]; statuses follow reference §3.3's INFERRED mapping; texts INFERRED) ----

export const memberErrors = {
	notAMember: (uid: string, guid: string) =>
		cometError(403, 'ERR_NOT_A_MEMBER', `The user with uid ${uid} is not a member of the group ${guid}.`),
	noSelfAction: (uid: string, guid: string) =>
		cometError(403, 'ERR_GROUP_NO_SELF_ACTION', `The user with uid ${uid} cannot perform this action on itself in the group ${guid}.`),
	noScopeClearance: (uid: string, guid: string) =>
		cometError(
			403,
			'ERR_GROUP_NO_SCOPE_CLEARANCE',
			`The user with uid ${uid} does not have enough clearance to grant or change this scope in the group ${guid}.`,
		),
	noAdminScope: (uid: string, guid: string) =>
		cometError(403, 'ERR_GROUP_NO_ADMIN_SCOPE', `The user with uid ${uid} needs to be an admin of the group ${guid} to perform this operation.`),
	sameScope: (uid: string, scope: string) =>
		cometError(400, 'ERR_SAME_SCOPE', `The user with uid ${uid} already has the scope ${scope}.`),
	alreadyJoined: (uid: string, guid: string) =>
		cometError(400, 'ERR_ALREADY_JOINED', `The user with uid ${uid} has already joined the group ${guid}.`),
	ownerUntouchable: (uid: string, guid: string) =>
		cometError(
			403,
			'ERR_GROUP_NO_CLEARANCE',
			`The user with uid ${uid} is the owner of the group ${guid} and cannot be kicked, banned or have the scope changed.`,
		),
	bannedMember: (uid: string, guid: string) =>
		cometError(403, 'ERR_BANNED_GROUPMEMBER', `The user with uid ${uid} is banned from the group ${guid}.`),
};

// ---- who may act (the onBehalfOf header) ---------------------------------------------------------------

/** The acting user's standing in the group: owner, a member scope, or nothing. */
function standing(group: GroupRecord, uid: string): MemberScope | 'owner' | undefined {
	if (group.owner === uid) return 'owner';
	return group.members.get(uid)?.scope;
}

/**
 * Optional `onBehalfOf` for member management: the user must exist (404 ERR_UID_NOT_FOUND) and be the
 * owner, an admin or a moderator ("only admins and moderators may kick, ban, unban or change scope"
 * [OV-banned-users], applied to adding members too, INFERRED); otherwise 403 ERR_GROUP_NO_CLEARANCE.
 * Returns the actor and their standing, or undefined when the app itself acts.
 */
export function memberActor(ctx: RouteContext, group: GroupRecord): { uid: string; rank: MemberScope | 'owner' } | undefined {
	const actor = onBehalfOf(ctx);
	if (actor === undefined) return undefined;
	const user = requireUser(ctx.state, actor);
	const rank = standing(group, user.uid);
	if (rank === undefined || rank === 'participant') throw errors.groupNoClearance(user.uid, group.guid);
	return { uid: user.uid, rank };
}

/**
 * Optional `onBehalfOf` for changing or deleting the group itself: the owner or an admin (INFERRED),
 * otherwise 403 ERR_GROUP_NO_ADMIN_SCOPE (INFERRED).
 */
export function adminActor(ctx: RouteContext, group: GroupRecord): string | undefined {
	const actor = onBehalfOf(ctx);
	if (actor === undefined) return undefined;
	const user = requireUser(ctx.state, actor);
	const rank = standing(group, user.uid);
	if (rank !== 'owner' && rank !== 'admin') throw memberErrors.noAdminScope(user.uid, group.guid);
	return user.uid;
}

// ---- add members ---------------------------------------------------------------------------------------

const ADD_LISTS = ['admins', 'moderators', 'participants', 'usersToBan'] as const;
type AddList = (typeof ADD_LISTS)[number];
const SCOPE_OF_LIST: Record<Exclude<AddList, 'usersToBan'>, MemberScope> = {
	admins: 'admin',
	moderators: 'moderator',
	participants: 'participant',
};

type PerUid = { success: true; data?: unknown } | { success: false; error: ReturnType<typeof errorBody>['error'] };

const failure = (error: { body: ReturnType<typeof errorBody> }): PerUid => ({ success: false, error: error.body.error });

/**
 * The "added" action message of each new member [SPEC example]: category action, type groupMember,
 * sender app_system (or the onBehalfOf user, INFERRED), entities by / on / for. It is stored like any
 * other message, so its id comes from the same counter.
 */
function addedMessage(state: EmulatorState, group: GroupRecord, by: string | undefined, uid: string): Record<string, unknown> {
	const now = state.now();
	const record: MessageRecord = {
		id: state.nextMessageId(),
		conversationId: groupConversationId(group.guid),
		sender: by ?? APP_SYSTEM_UID,
		receiverType: 'group',
		receiver: group.guid,
		category: 'action',
		type: 'groupMember',
		data: { action: 'added' },
		sentAt: now,
		updatedAt: now,
	};
	state.messages.push(record);
	const byUser = by !== undefined ? state.getUser(by) : undefined;
	const onUser = state.getUser(uid);
	return {
		id: record.id,
		conversationId: record.conversationId,
		sender: record.sender,
		receiverType: 'group',
		receiver: group.guid,
		category: 'action',
		type: 'groupMember',
		data: {
			action: 'added',
			entities: {
				by: { entity: byUser ? userView(byUser, { withTags: false }) : systemUserView(), entityType: 'user' },
				on: { entity: onUser ? userView(onUser, { withTags: false }) : { uid }, entityType: 'user' },
				for: { entity: groupView(group), entityType: 'group' },
			},
		},
		sentAt: now,
		updatedAt: now,
	};
}

/** The four optional UID arrays; at least one UID, at most 25 in all (texts INFERRED, Laravel style). */
function addLists(ctx: RouteContext): Partial<Record<AddList, string[]>> {
	const body = bodyObject(ctx);
	const v = new Validator();
	const lists: Partial<Record<AddList, string[]>> = {};
	for (const key of ADD_LISTS) {
		const value = v.optionalStringArray(body, key);
		if (value !== undefined) lists[key] = value;
	}
	const count = ADD_LISTS.reduce((n, key) => n + (lists[key]?.length ?? 0), 0);
	if (!v.failed && count === 0) {
		v.add('admins', 'The admins field is required when none of moderators / participants / usersToBan are present.');
	}
	if (count > MAX_MEMBERS_PER_CALL) {
		v.add(
			ADD_LISTS.find((key) => lists[key]?.length) ?? 'admins',
			`At most ${MAX_MEMBERS_PER_CALL} users can be added in one request; ${count} were sent.`,
		);
	}
	v.check();
	return lists;
}

/**
 * POST /groups/{guid}/members: answers per list, per lower-cased UID [SPEC example]. Admins go first,
 * then moderators, then participants, so a UID in several lists gets the highest scope (precedence
 * admin > moderator > participant [OV-groups]) and ERR_ALREADY_JOINED in the others (INFERRED). Per-UID
 * failures use the error object of §3.1 under `error` (shape INFERRED, reference §7.5).
 */
function addMembers(ctx: RouteContext): RouteResult {
	const group = requireGroup(ctx.state, ctx.params.guid);
	const actor = memberActor(ctx, group);
	const lists = addLists(ctx);
	const now = ctx.state.now();
	const answers: Partial<Record<AddList, Record<string, PerUid>>> = {};

	for (const key of ADD_LISTS) {
		const uids = lists[key];
		if (uids === undefined) continue;
		const out: Record<string, PerUid> = (answers[key] = {});
		for (const raw of uids) {
			const uid = normalizeId(raw);
			if (uid in out) continue; // a UID repeated in one list is handled once (INFERRED)
			out[uid] = addOne(ctx, group, actor, key, uid, now);
		}
	}
	// Keys in the order the lists were sent.
	const data: Record<string, unknown> = {};
	for (const key of Object.keys(bodyObject(ctx))) if (answers[key as AddList]) data[key] = answers[key as AddList];
	return ok(data);
}

function addOne(
	ctx: RouteContext,
	group: GroupRecord,
	actor: { uid: string; rank: MemberScope | 'owner' } | undefined,
	list: AddList,
	uid: string,
	now: number,
): PerUid {
	const user = ctx.state.getUser(uid);
	if (!user) return failure(errors.uidNotFound(uid));
	if (list === 'usersToBan') {
		if (actor?.uid === uid) return failure(memberErrors.noSelfAction(uid, group.guid));
		if (group.owner === uid) return failure(memberErrors.ownerUntouchable(uid, group.guid));
		if (actor?.rank === 'moderator' && group.members.get(uid)?.scope === 'admin') {
			return failure(errors.groupNoClearance(actor.uid, group.guid));
		}
		if (group.bans.has(uid)) return failure(errors.alreadyBanned(uid, group.guid));
		ctx.state.banUser(group.guid, uid);
		return { success: true }; // [SPEC]: no message for bans
	}
	const scope = SCOPE_OF_LIST[list];
	// A moderator may not make admins (INFERRED).
	if (actor?.rank === 'moderator' && scope === 'admin') return failure(memberErrors.noScopeClearance(actor.uid, group.guid));
	if (group.bans.has(uid)) return failure(memberErrors.bannedMember(uid, group.guid));
	if (group.members.has(uid)) return failure(memberErrors.alreadyJoined(uid, group.guid));
	group.members.set(uid, { scope, joinedAt: now });
	return { success: true, data: addedMessage(ctx.state, group, actor?.uid, uid) };
}

// ---- list, change scope, kick ----------------------------------------------------------------------------

function listMembers(ctx: RouteContext): RouteResult {
	const group = requireGroup(ctx.state, ctx.params.guid);
	const v = new Validator();
	const paging = pageParams(ctx, v);
	const status = ctx.query.status;
	if (status !== undefined && status !== '' && !STATUSES.includes(status)) v.add('status', 'The selected status is invalid.');
	const scopes = queryCsv(ctx, 'scopes');
	if (scopes.some((scope) => !MEMBER_SCOPES.includes(scope as MemberScope))) v.add('scopes', 'The selected scopes is invalid.');
	v.check();

	// Latest joined first, as in the [SPEC] example (the admin who joined first comes last); members who
	// joined at the same second keep the order they joined in (INFERRED). Deactivated users are left out.
	const members = [...group.members.entries()]
		.map(([uid, member], order) => ({ user: ctx.state.getUser(uid), member, order }))
		.filter((entry) => entry.user !== undefined)
		.filter(({ user, member }) => (!status || user!.status === status) && (scopes.length === 0 || scopes.includes(member.scope)))
		.sort((a, b) => b.member.joinedAt - a.member.joinedAt || a.order - b.order);
	const { pageItems, pagination } = paginate(members, paging);
	return ok(
		pageItems.map(({ user, member }) =>
			userView(user!, { withTags: false, extra: { scope: member.scope, joinedAt: member.joinedAt } }),
		),
		{ pagination, cursor: listCursor(members.map(({ user }) => user!.updatedAt ?? user!.createdAt), ctx.state.now()) },
	);
}

function changeScope(ctx: RouteContext): RouteResult {
	const group = requireGroup(ctx.state, ctx.params.guid);
	const actor = memberActor(ctx, group);
	const user = requireUser(ctx.state, ctx.params.uid);
	const body = bodyObject(ctx);
	const v = new Validator();
	// Default participant [SPEC].
	const scope = (v.optionalString(body, 'scope') ?? 'participant') as MemberScope;
	if (!v.failed && !MEMBER_SCOPES.includes(scope)) v.add('scope', 'The selected scope is invalid.');
	v.check();

	const member = group.members.get(user.uid);
	if (!member) throw memberErrors.notAMember(user.uid, group.guid);
	if (actor?.uid === user.uid) throw memberErrors.noSelfAction(user.uid, group.guid);
	// The owner stays an admin (INFERRED).
	if (group.owner === user.uid) throw memberErrors.ownerUntouchable(user.uid, group.guid);
	// Moderators may move people between participant and moderator only (INFERRED).
	if (actor?.rank === 'moderator' && (scope === 'admin' || member.scope === 'admin')) {
		throw memberErrors.noScopeClearance(actor.uid, group.guid);
	}
	if (member.scope === scope) throw memberErrors.sameScope(user.uid, scope);
	member.scope = scope;
	return ok({ guid: group.guid, uid: user.uid, scope, joinedAt: member.joinedAt });
}

function kick(ctx: RouteContext): RouteResult {
	const group = requireGroup(ctx.state, ctx.params.guid);
	const actor = memberActor(ctx, group);
	const user = requireUser(ctx.state, ctx.params.uid);
	const member = group.members.get(user.uid);
	if (!member) throw memberErrors.notAMember(user.uid, group.guid);
	if (actor?.uid === user.uid) throw memberErrors.noSelfAction(user.uid, group.guid);
	// Nobody kicks the owner; moderators do not kick admins ("a participant kicking an admin" [ERRGUIDE]).
	if (group.owner === user.uid) throw memberErrors.ownerUntouchable(user.uid, group.guid);
	if (actor?.rank === 'moderator' && member.scope === 'admin') throw errors.groupNoClearance(actor.uid, group.guid);
	group.members.delete(user.uid);
	// [SPEC] text.
	return ok({ success: true, message: `The member with ${user.uid} has been kicked from the Group with ${group.guid}.` });
}

export const groupMemberRoutes: Route[] = [
	{ method: 'POST', path: '/groups/:guid/members', handler: addMembers },
	{ method: 'GET', path: '/groups/:guid/members', handler: listMembers },
	{ method: 'PUT', path: '/groups/:guid/members/:uid', handler: changeScope },
	{ method: 'DELETE', path: '/groups/:guid/members/:uid', handler: kick },
];
