/** Groups (reference §7.4), kept small: create, get and list, so that bans and pickers have groups. */
import { errors } from '../errors';
import { APP_SYSTEM_UID, type GroupType, type MemberScope, normalizeId } from '../state';
import {
	type Route,
	type RouteContext,
	type RouteResult,
	Validator,
	bodyObject,
	groupView,
	isPlainObject,
	listCursor,
	ok,
	pageParams,
	paginate,
	queryCsv,
	onBehalfOf,
	requireGroup,
	requireUser,
} from './shared';

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
	return ok(groupView(group, onBehalfOf(ctx)));
}

function listGroups(ctx: RouteContext): RouteResult {
	const v = new Validator();
	const paging = pageParams(ctx, v);
	const types = [...(ctx.query.type ? [ctx.query.type] : []), ...queryCsv(ctx, 'types')];
	for (const type of types) if (!GROUP_TYPES.includes(type as GroupType)) v.add('type', 'The selected type is invalid.');
	v.check();
	// searchKey: case-insensitive prefix match on guid or name, as on GET /users (INFERRED from "LIKE%").
	const searchKey = (ctx.query.searchKey ?? '').toLowerCase();
	const groups = [...ctx.state.groups.values()]
		.filter((g) => searchKey === '' || g.guid.startsWith(searchKey) || g.name.toLowerCase().startsWith(searchKey))
		.filter((g) => types.length === 0 || types.includes(g.type))
		// Newest first, as the recorded users list (INFERRED for groups).
		.reverse();
	const { pageItems, pagination } = paginate(groups, paging);
	const viewer = onBehalfOf(ctx);
	return ok(
		pageItems.map((g) => groupView(g, viewer)),
		{ pagination, cursor: listCursor(groups.map((g) => g.updatedAt ?? g.createdAt), ctx.state.now()) },
	);
}

export const groupRoutes: Route[] = [
	{ method: 'GET', path: '/groups', handler: listGroups },
	// [RATE] counts "create group" as a core operation, but [REC] only shows the 10,000 limit on
	// POST /users and DELETE /users/{uid}: followed [REC] (standard class).
	{ method: 'POST', path: '/groups', handler: createGroup },
	{ method: 'GET', path: '/groups/:guid', handler: getGroup },
];
