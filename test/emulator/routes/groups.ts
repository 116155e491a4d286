/** Groups (reference §7.4): create, list (the group picker's search too), get, update, delete. */
import { errors, APP_SYSTEM_UID, type GroupRecord, type GroupType, type MemberScope, normalizeId, type Route, type RouteContext, type RouteResult, Validator, bodyObject, groupView, isPlainObject, listCursor, ok, pageParams, paginate, queryBoolean, queryCsv, onBehalfOf, requireGroup, requireUser } from './prelude';
import { adminActor } from './groupMembers';

const GROUP_TYPES: readonly GroupType[] = ['public', 'private', 'password'];
const MEMBER_LISTS = ['admins', 'moderators', 'participants', 'usersToBan'] as const;
type MemberList = (typeof MEMBER_LISTS)[number];

function createGroup(ctx: RouteContext): RouteResult {
	const body = bodyObject(ctx);
	const v = new Validator();
	const guid = v.requiredId(body, 'guid');
	const name = v.requiredString(body, 'name', 100);
	// `type` is required per [SPEC] ([OV-groups] says it defaults to public): followed [SPEC].
	const type = v.requiredString(body, 'type');
	if (type !== undefined && !GROUP_TYPES.includes(type as GroupType)) v.add('type', 'The selected type is invalid.');
	const password = v.optionalString(body, 'password', 100);
	const icon = v.optionalString(body, 'icon', 3000);
	const description = v.optionalString(body, 'description', 255);
	const metadata = v.optionalObject(body, 'metadata');
	const tags = v.optionalStringArray(body, 'tags', 25, 100);
	const ownerRaw = v.optionalString(body, 'owner');
	const lists: Partial<Record<MemberList, string[]>> = {};
	if (body.members !== undefined && body.members !== null) {
		if (!isPlainObject(body.members)) {
			v.add('members', 'The members must be an object.');
		} else {
			const members = body.members;
			for (const key of MEMBER_LISTS) {
				if (members[key] === undefined || members[key] === null) continue;
				lists[key] = v.checkStringArray(`members.${key}`, members[key]);
			}
			const count = MEMBER_LISTS.reduce((n, key) => n + (lists[key]?.length ?? 0), 0);
			// At most 25 UIDs across all scopes [OV-groups]; the text is INFERRED.
			if (count > 25) v.add('members', 'The members may not have more than 25 users.');
		}
	}
	if (v.failed || guid === undefined || name === undefined || type === undefined) throw errors.badRequest(v.details);
	if (type === 'password' && !password) throw errors.emptyGroupPass();

	const id = normalizeId(guid);
	if (ctx.state.getGroup(id)) throw errors.guidAlreadyExists(id);
	const actor = onBehalfOf(ctx);
	if (actor !== undefined) requireUser(ctx.state, actor);
	// Owner: the given UID (must exist, INFERRED 404), else the onBehalfOf user, else the app (INFERRED).
	const owner = ownerRaw ? requireUser(ctx.state, ownerRaw).uid : (actor ?? APP_SYSTEM_UID);

	// Precedence admin > moderator > participant [OV-groups]; unknown UIDs are skipped, as per-member
	// failures do not fail the create [OV-groups].
	const members: Record<string, MemberScope> = {};
	const scopes: [MemberList, MemberScope][] = [
		['participants', 'participant'],
		['moderators', 'moderator'],
		['admins', 'admin'],
	];
	for (const [key, scope] of scopes) {
		for (const uid of lists[key] ?? []) {
			const user = ctx.state.getUser(uid);
			if (user) members[user.uid] = scope;
		}
	}
	if (owner !== APP_SYSTEM_UID) members[owner] = 'admin';

	const group = ctx.state.addGroup({
		guid: id,
		name,
		type: type as GroupType,
		password,
		icon,
		description,
		metadata,
		tags,
		owner,
		members,
	});
	for (const uid of lists.usersToBan ?? []) {
		const user = ctx.state.getUser(uid);
		if (user && user.uid !== owner) ctx.state.banUser(group.guid, user.uid);
	}
	return ok(groupView(group, actor));
}

function getGroup(ctx: RouteContext): RouteResult {
	const group = requireGroup(ctx.state, ctx.params.guid);
	return ok(groupView(group, viewer(ctx)));
}

/** The onBehalfOf user a group is described for (scope, joinedAt, hasJoined): must exist (INFERRED 404). */
function viewer(ctx: RouteContext): string | undefined {
	const actor = onBehalfOf(ctx);
	return actor === undefined ? undefined : requireUser(ctx.state, actor).uid;
}

const SORT_FIELDS = ['name', 'guid', 'createdAt'] as const;
const SEARCH_FIELDS = ['name', 'guid'];

function listGroups(ctx: RouteContext): RouteResult {
	const v = new Validator();
	const paging = pageParams(ctx, v);
	const types = [...(ctx.query.type ? [ctx.query.type] : []), ...queryCsv(ctx, 'types')];
	for (const type of types) if (!GROUP_TYPES.includes(type as GroupType)) v.add('type', 'The selected type is invalid.');
	const searchIn = queryCsv(ctx, 'searchIn');
	if (searchIn.some((field) => !SEARCH_FIELDS.includes(field))) v.add('searchIn', 'The selected searchIn is invalid.');
	const sortBy = ctx.query.sortBy;
	if (sortBy !== undefined && sortBy !== '' && !(SORT_FIELDS as readonly string[]).includes(sortBy)) {
		v.add('sortBy', 'The selected sortBy is invalid.');
	}
	const sortOrder = ctx.query.sortOrder;
	if (sortOrder !== undefined && sortOrder !== '' && sortOrder !== 'asc' && sortOrder !== 'desc') {
		v.add('sortOrder', 'The selected sortOrder is invalid.');
	}
	const withTags = queryBoolean(ctx, v, 'withTags');
	const hasJoined = queryBoolean(ctx, v, 'hasJoined');
	v.check();
	const actor = viewer(ctx);

	// searchKey: case-insensitive prefix match ("LIKE%", as on GET /users) on guid and/or name per searchIn.
	const searchKey = (ctx.query.searchKey ?? '').toLowerCase();
	const searchFields = searchIn.length > 0 ? searchIn : SEARCH_FIELDS;
	const tags = queryCsv(ctx, 'tags');
	const groups = [...ctx.state.groups.values()]
		.filter(
			(g) =>
				searchKey === '' ||
				searchFields.some((field) => (field === 'guid' ? g.guid : g.name.toLowerCase()).startsWith(searchKey)),
		)
		.filter((g) => types.length === 0 || types.includes(g.type))
		// tags: any-of, as on GET /users (INFERRED).
		.filter((g) => tags.length === 0 || (g.tags ?? []).some((tag) => tags.includes(tag)))
		// hasJoined works only with onBehalfOf [SPEC]; without it the filter is ignored (INFERRED).
		.filter((g) => !hasJoined || actor === undefined || g.members.has(actor))
		.sort(groupOrder(sortBy as (typeof SORT_FIELDS)[number] | undefined, sortOrder));
	const { pageItems, pagination } = paginate(groups, paging);
	return ok(
		pageItems.map((g) => {
			const view = groupView(g, actor);
			// Tags only with withTags, as the recorded users list does (INFERRED for groups: the spec
			// says "Includes those groups that have tags").
			if (!withTags) delete view.tags;
			return view;
		}),
		{ pagination, cursor: listCursor(groups.map((g) => g.updatedAt ?? g.createdAt), ctx.state.now()) },
	);
}

/**
 * Without sortBy: newest first, as the recorded users list (INFERRED for groups); sortOrder alone
 * turns that order around. With sortBy: that field, ascending unless sortOrder is desc (INFERRED).
 * Ties: creation order.
 */
function groupOrder(sortBy: (typeof SORT_FIELDS)[number] | undefined, sortOrder: string | undefined) {
	const direction = sortBy ? (sortOrder === 'desc' ? -1 : 1) : sortOrder === 'asc' ? 1 : -1;
	return (a: GroupRecord, b: GroupRecord): number => {
		const field = sortBy ?? 'createdAt';
		const x = field === 'name' ? a.name.toLowerCase() : a[field];
		const y = field === 'name' ? b.name.toLowerCase() : b[field];
		const byField = x < y ? -1 : x > y ? 1 : 0;
		return direction * (byField || a.seq - b.seq);
	};
}

function updateGroup(ctx: RouteContext): RouteResult {
	const group = requireGroup(ctx.state, ctx.params.guid);
	const actor = adminActor(ctx, group);
	const body = bodyObject(ctx);
	const v = new Validator();
	const name = v.optionalString(body, 'name', 100);
	if (name !== undefined && name.trim() === '') v.add('name', 'The name field must have a value.');
	const type = v.optionalString(body, 'type');
	if (type !== undefined && !GROUP_TYPES.includes(type as GroupType)) v.add('type', 'The selected type is invalid.');
	const password = v.optionalString(body, 'password', 100);
	const icon = v.optionalString(body, 'icon', 3000);
	const description = v.optionalString(body, 'description', 255);
	const metadata = v.optionalObject(body, 'metadata');
	const owner = v.optionalString(body, 'owner');
	const tags = v.optionalStringArray(body, 'tags', 25, 100);
	const unset = v.optionalStringArray(body, 'unset');
	for (const field of unset ?? []) {
		if (!['icon', 'description', 'metadata'].includes(field)) v.add('unset', 'The selected unset is invalid.');
	}
	v.check();

	const newType = (type ?? group.type) as GroupType;
	if (newType === 'password' && !password && !(group.type === 'password' && group.password)) throw errors.emptyGroupPass();
	// `owner` is ignored when onBehalfOf is present [SPEC]; else it must be a user (INFERRED 404) and
	// becomes an admin member if not one already (INFERRED).
	const newOwner = owner && actor === undefined ? requireUser(ctx.state, owner).uid : undefined;

	if (name !== undefined) group.name = name;
	group.type = newType;
	if (newType === 'password') group.password = password ?? group.password;
	else group.password = undefined;
	if (icon !== undefined) group.icon = icon;
	if (description !== undefined) group.description = description;
	if (metadata !== undefined) group.metadata = metadata;
	if (tags !== undefined) group.tags = tags; // replaces, as on PUT /users [SPEC]
	if (newOwner !== undefined) {
		group.owner = newOwner;
		const member = group.members.get(newOwner);
		if (member) member.scope = 'admin';
		else group.members.set(newOwner, { scope: 'admin', joinedAt: ctx.state.now() });
		group.bans.delete(newOwner);
	}
	// unset after the values: a field both set and unset ends up unset (INFERRED).
	for (const field of unset ?? []) {
		if (field === 'icon') group.icon = undefined;
		if (field === 'description') group.description = undefined;
		if (field === 'metadata') group.metadata = undefined;
	}
	group.updatedAt = ctx.state.now();
	return ok(groupView(group, actor));
}

function deleteGroup(ctx: RouteContext): RouteResult {
	const group = requireGroup(ctx.state, ctx.params.guid);
	adminActor(ctx, group);
	ctx.state.groups.delete(group.guid);
	// [SPEC] text ([REIMPL]: "Group <guid> has been deleted successfully.").
	return ok({ success: true, message: `Group with guid ${group.guid} has been deleted successfully.` });
}

export const groupRoutes: Route[] = [
	{ method: 'GET', path: '/groups', handler: listGroups },
	// [RATE] counts "create group" as a core operation, but [REC] only shows the 10,000 limit on
	// POST /users and DELETE /users/{uid}: followed [REC] (standard class).
	{ method: 'POST', path: '/groups', handler: createGroup },
	{ method: 'GET', path: '/groups/:guid', handler: getGroup },
	{ method: 'PUT', path: '/groups/:guid', handler: updateGroup },
	{ method: 'DELETE', path: '/groups/:guid', handler: deleteGroup },
];
