/** Users (reference §7.2): create, list, get, update, delete, deactivate, reactivate. */
import { errors, normalizeId, userConversationId, type UserRecord, type UserStatus, type Route, type RouteContext, type RouteResult, Validator, bodyObject, listCursor, ok, onBehalfOf, pageParams, paginate, queryBoolean, queryCsv, requireUser, userView } from './prelude';

const STATUSES: readonly UserStatus[] = ['available', 'offline'];

/** Validate the fields `POST /users` and `PUT /users/{uid}` share. */
function userFields(body: Record<string, unknown>, v: Validator) {
	return {
		avatar: v.optionalString(body, 'avatar', 3000),
		link: v.optionalString(body, 'link', 3000),
		role: v.optionalString(body, 'role', 100),
		statusMessage: v.optionalString(body, 'statusMessage'),
		metadata: v.optionalObject(body, 'metadata'),
		tags: v.optionalStringArray(body, 'tags', 25, 100), // 25 tags x 100 chars [CONSTR]
	};
}

function createUser(ctx: RouteContext): RouteResult {
	const body = bodyObject(ctx);
	const v = new Validator();
	const uid = v.requiredId(body, 'uid');
	const name = v.requiredString(body, 'name', 100);
	const fields = userFields(body, v);
	const withAuthToken = v.optionalBoolean(body, 'withAuthToken');
	if (v.failed || uid === undefined || name === undefined) throw errors.badRequest(v.details);

	const id = normalizeId(uid);
	// Deactivated users still own their uid.
	if (ctx.state.getUser(id, true)) throw errors.uidAlreadyExists(id);

	// Roles are not modelled: any role is accepted (the real API wants an existing role).
	const user = ctx.state.addUser({ uid: id, name, ...fields });
	const data = userView(user);
	if (withAuthToken) data.authToken = ctx.state.addAuthToken(id).authToken;
	return ok(data);
}

function listUsers(ctx: RouteContext): RouteResult {
	const v = new Validator();
	const paging = pageParams(ctx, v);
	const withTags = queryBoolean(ctx, v, 'withTags');
	const withDeactivated = queryBoolean(ctx, v, 'withDeactivated');
	const onlyDeactivated = queryBoolean(ctx, v, 'onlyDeactivated');
	const status = ctx.query.status;
	if (status !== undefined && status !== '' && !STATUSES.includes(status as UserStatus)) {
		v.add('status', 'The selected status is invalid.');
	}
	const searchIn = queryCsv(ctx, 'searchIn').map((s) => s.toLowerCase());
	for (const field of searchIn) {
		if (field !== 'uid' && field !== 'name') v.add('searchIn', 'The selected searchIn is invalid.');
	}
	v.check();

	const searchKey = (ctx.query.searchKey ?? '').toLowerCase();
	const searchFields = searchIn.length > 0 ? searchIn : ['uid', 'name'];
	const roles = [...(ctx.query.role ? [ctx.query.role] : []), ...queryCsv(ctx, 'roles')];
	const tags = queryCsv(ctx, 'tags');

	const matches = (u: UserRecord): boolean => {
		const deactivated = u.deactivatedAt !== undefined;
		if (onlyDeactivated ? !deactivated : deactivated && !withDeactivated) return false;
		// searchKey: case-insensitive PREFIX match ("LIKE%" in [SPEC]), on uid and/or name per searchIn.
		if (searchKey !== '') {
			const hit = searchFields.some((f) => (f === 'uid' ? u.uid : u.name).toLowerCase().startsWith(searchKey));
			if (!hit) return false;
		}
		if (status && u.status !== status) return false;
		if (roles.length > 0 && !roles.includes(u.role)) return false;
		// tags: any-of (INFERRED).
		if (tags.length > 0 && !(u.tags ?? []).some((t) => tags.includes(t))) return false;
		return true;
	};

	// Newest first: the recorded list returns user_024 .. user_000 ([REC] list_users), creation order
	// descending, ties broken by insertion order (later insert first).
	const users = [...ctx.state.users.values()]
		.filter(matches)
		.sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq);
	const { pageItems, pagination } = paginate(users, paging);
	return ok(
		pageItems.map((u) => userView(u, { withTags })),
		{
			pagination,
			cursor: listCursor(
				users.map((u) => u.updatedAt ?? u.createdAt),
				ctx.state.now(),
			),
		},
	);
}

function getUser(ctx: RouteContext): RouteResult {
	const user = requireUser(ctx.state, ctx.params.uid);
	const viewer = onBehalfOf(ctx);
	if (viewer === undefined) return ok(userView(user));
	// onBehalfOf is optional [SPEC]. INFERRED (reference §7.2, §5.2): the acting user must exist, and the
	// answer adds how the two relate: blockedByMe / hasBlockedMe when true, and the conversationId.
	requireUser(ctx.state, viewer);
	const extra: Record<string, unknown> = {};
	const blockedByMe = ctx.state.getBlock(viewer, user.uid);
	if (blockedByMe) Object.assign(extra, { blockedByMe: true, blockedByMeAt: blockedByMe.blockedAt });
	if (ctx.state.getBlock(user.uid, viewer)) extra.hasBlockedMe = true;
	return ok({ ...userView(user, { extra }), conversationId: userConversationId(viewer, user.uid) });
}

function updateUser(ctx: RouteContext): RouteResult {
	const user = requireUser(ctx.state, ctx.params.uid);
	const body = bodyObject(ctx);
	const v = new Validator();
	const name = v.optionalString(body, 'name', 100);
	const fields = userFields(body, v);
	const unset = v.optionalStringArray(body, 'unset');
	for (const field of unset ?? []) {
		// The spec's enum for `unset` items.
		if (!['avatar', 'link', 'metadata'].includes(field)) {
			v.add('unset', 'The selected unset is invalid.');
		}
	}
	v.check();

	if (name !== undefined) user.name = name;
	if (fields.avatar !== undefined) user.avatar = fields.avatar;
	if (fields.link !== undefined) user.link = fields.link;
	if (fields.role !== undefined) user.role = fields.role;
	if (fields.statusMessage !== undefined) user.statusMessage = fields.statusMessage;
	if (fields.metadata !== undefined) user.metadata = fields.metadata;
	if (fields.tags !== undefined) user.tags = fields.tags; // replaces [SPEC]
	for (const field of unset ?? []) {
		if (field === 'avatar') user.avatar = undefined;
		if (field === 'link') user.link = undefined;
		if (field === 'metadata') user.metadata = undefined;
	}
	user.updatedAt = ctx.state.now();
	return ok(userView(user));
}

function deleteUser(ctx: RouteContext): RouteResult {
	const user = requireUser(ctx.state, ctx.params.uid);
	const v = new Validator();
	const permanent = v.optionalBoolean(bodyObject(ctx), 'permanent');
	v.check();
	if (permanent) {
		ctx.state.removeUser(user.uid);
	} else {
		// INFERRED: a non-permanent delete is a soft delete, i.e. the user is deactivated.
		user.deactivatedAt = ctx.state.now();
	}
	// [REC] text (the spec example's wording differs).
	return ok({ success: true, message: `User with UID ${user.uid} has been deleted successfully.` });
}

/** `uidsToDeactivate` / `uidsToActivate`: a non-empty array of strings [SPEC]; 400 ERR_BAD_REQUEST otherwise. */
function uidList(ctx: RouteContext, field: string): string[] {
	const value = bodyObject(ctx)[field];
	const v = new Validator();
	let uids: string[] | undefined;
	if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
		v.add(field, `The ${field} field is required.`);
	} else {
		uids = v.checkStringArray(field, value);
	}
	v.check();
	return uids ?? [];
}

/**
 * Deactivate: `{deactivatedUids: [...]}` [SPEC example], lower-cased, in request order, once each.
 * INFERRED: unknown and already deactivated UIDs are left out of the list (no error).
 */
function deactivateUsers(ctx: RouteContext): RouteResult {
	const deactivatedUids: string[] = [];
	for (const raw of uidList(ctx, 'uidsToDeactivate')) {
		const user = ctx.state.getUser(raw);
		if (!user || deactivatedUids.includes(user.uid)) continue;
		user.deactivatedAt = ctx.state.now();
		deactivatedUids.push(user.uid);
	}
	return ok({ deactivatedUids });
}

/**
 * Reactivate: answers under `nonDeactivatedUids`, the spec example's key (reference §11.5 doubts it;
 * followed the spec). INFERRED: only UIDs that were deactivated are listed.
 */
function reactivateUsers(ctx: RouteContext): RouteResult {
	const nonDeactivatedUids: string[] = [];
	for (const raw of uidList(ctx, 'uidsToActivate')) {
		const user = ctx.state.getUser(raw, true);
		if (!user || user.deactivatedAt === undefined) continue;
		user.deactivatedAt = undefined;
		nonDeactivatedUids.push(user.uid);
	}
	return ok({ nonDeactivatedUids });
}

export const userRoutes: Route[] = [
	{ method: 'POST', path: '/users', rateClass: 'core', authOnlyAllowed: true, handler: createUser },
	{ method: 'GET', path: '/users', handler: listUsers },
	{ method: 'PUT', path: '/users', handler: reactivateUsers },
	{ method: 'DELETE', path: '/users', handler: deactivateUsers },
	{ method: 'GET', path: '/users/:uid', handler: getUser },
	{ method: 'PUT', path: '/users/:uid', handler: updateUser },
	{ method: 'DELETE', path: '/users/:uid', rateClass: 'core', handler: deleteUser },
];
