/** Banned users (reference §7.6): ban, unban, list. Path `bannedusers` per [SPEC] (not `banned_members`). */
import { errors, type GroupRecord, type Route, type RouteContext, type RouteResult, Validator, ok, onBehalfOf, pageParams, paginate, requireGroup, requireUser, userView } from './prelude';

/**
 * Optional `onBehalfOf`: the acting user must exist (404 ERR_UID_NOT_FOUND) and be the group's
 * owner, an admin or a moderator ("only admins and moderators may kick, ban, unban" [OV-banned-users]);
 * otherwise 403 ERR_GROUP_NO_CLEARANCE (status INFERRED, reference §3.3).
 */
function checkClearance(ctx: RouteContext, group: GroupRecord): void {
	const actor = onBehalfOf(ctx);
	if (actor === undefined) return;
	const user = requireUser(ctx.state, actor);
	const scope = group.members.get(user.uid)?.scope;
	if (group.owner === user.uid || scope === 'admin' || scope === 'moderator') return;
	throw errors.groupNoClearance(user.uid, group.guid);
}

function ban(ctx: RouteContext): RouteResult {
	const group = requireGroup(ctx.state, ctx.params.guid);
	checkClearance(ctx, group);
	const user = requireUser(ctx.state, ctx.params.uid);
	if (group.bans.has(user.uid)) throw errors.alreadyBanned(user.uid, group.guid);
	ctx.state.banUser(group.guid, user.uid);
	// [SPEC] text (same template in [REIMPL]).
	return ok({
		success: true,
		message: `The user with uid ${user.uid} has been banned from the Group with ${group.guid}.`,
	});
}

function unban(ctx: RouteContext): RouteResult {
	const group = requireGroup(ctx.state, ctx.params.guid);
	checkClearance(ctx, group);
	const user = requireUser(ctx.state, ctx.params.uid);
	// Not banned: 400 ERR_NOT_A_BANNED_USER, status and text INFERRED.
	if (!ctx.state.unbanUser(group.guid, user.uid)) throw errors.notABannedUser(user.uid, group.guid);
	// Followed [REIMPL] text (no "with" before the guid); the spec example repeats the ban text.
	return ok({ success: true, message: `The user with uid ${user.uid} has been unbanned from the Group ${group.guid}.` });
}

function listBanned(ctx: RouteContext): RouteResult {
	const group = requireGroup(ctx.state, ctx.params.guid);
	const v = new Validator();
	const paging = pageParams(ctx, v);
	v.check();
	// Oldest ban first (INFERRED); users that no longer exist or are deactivated are left out.
	const users = [...group.bans.entries()]
		.sort(([, a], [, b]) => a.bannedAt - b.bannedAt || a.seq - b.seq)
		.flatMap(([uid]) => {
			const user = ctx.state.getUser(uid);
			return user ? [user] : [];
		});
	const { pageItems, pagination } = paginate(users, paging);
	// Plain user objects and `meta.pagination` only, as in the [SPEC] example (which shows no cursor).
	return ok(
		pageItems.map((u) => userView(u, { withTags: false })),
		{ pagination },
	);
}

export const bannedUserRoutes: Route[] = [
	{ method: 'POST', path: '/groups/:guid/bannedusers/:uid', handler: ban },
	{ method: 'DELETE', path: '/groups/:guid/bannedusers/:uid', handler: unban },
	{ method: 'GET', path: '/groups/:guid/bannedusers', handler: listBanned },
];
