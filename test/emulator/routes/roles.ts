/**
 * Roles, restricted features and RBAC permissions (reference §7.11; spec tags "Roles",
 * "Restrict Features", "RBAC").
 *
 * Everything lives in one store, `ctx.state.store('roles')`: the roles, the features restricted per
 * role, the permissions set per role and the permissions set per group scope. The store always
 * holds the `default` role, which cannot be deleted (ERR_ROLE_DELETE_DENIED [ERRGUIDE]).
 * Users keep their own `role` string (users.ts does not check it against this store).
 */
import { cometError, errors, type EmulatorState, type GroupRecord, type MemberScope, normalizeId, type Route, type RouteContext, type RouteResult, Validator, bodyObject, compact, isPlainObject, ok, pageParams, paginate, requireGroup } from './prelude';

// ---- records and the store ----------------------------------------------------------------------

export type RoleSettingValue = 'all' | 'friendsOnly';

export interface RoleSettings {
	listUsers?: RoleSettingValue;
	sendMessagesTo?: RoleSettingValue;
}

export interface RoleRecord {
	role: string;
	name: string;
	description?: string;
	metadata?: Record<string, unknown>;
	settings?: RoleSettings;
	createdAt: number;
	updatedAt?: number;
	seq: number;
}

export type PermissionValue = string | string[] | null;

/** Explicit permission values of a group's scopes, tied to the group record they were set on. */
interface ScopePermissions {
	/** The group's `seq`: a group deleted and created again under the same GUID starts afresh. */
	groupSeq: number;
	scopes: Map<MemberScope, Map<string, PermissionValue>>;
}

export class RoleStore {
	/** role id (lower-case) → role. */
	readonly roles = new Map<string, RoleRecord>();
	/** role id → (feature key → time restricted), in restriction order. */
	readonly restrictions = new Map<string, Map<string, number>>();
	/** role id → (permission id → value), the explicitly set permissions. */
	readonly permissions = new Map<string, Map<string, PermissionValue>>();
	/** guid → explicitly set scope permissions. */
	readonly scopePermissions = new Map<string, ScopePermissions>();

	constructor(private readonly state: EmulatorState) {
		this.addDefaultRole();
	}

	clear(): void {
		this.roles.clear();
		this.restrictions.clear();
		this.permissions.clear();
		this.scopePermissions.clear();
		this.addDefaultRole();
	}

	getRole(role: string): RoleRecord | undefined {
		return this.roles.get(normalizeId(role));
	}

	/** Insert a role (no validation: the routes validate, tests seeding trust their caller). */
	addRole(input: Omit<RoleRecord, 'createdAt' | 'seq'> & { createdAt?: number }): RoleRecord {
		const record: RoleRecord = { ...input, role: normalizeId(input.role), createdAt: input.createdAt ?? this.state.now(), seq: this.state.nextSeq() };
		this.roles.set(record.role, record);
		return record;
	}

	removeRole(role: string): void {
		const id = normalizeId(role);
		this.roles.delete(id);
		this.restrictions.delete(id);
		this.permissions.delete(id);
	}

	rolePermissions(role: string): Map<string, PermissionValue> {
		const id = normalizeId(role);
		let map = this.permissions.get(id);
		if (!map) {
			map = new Map();
			this.permissions.set(id, map);
		}
		return map;
	}

	scopePermissionsOf(group: GroupRecord, scope: MemberScope): Map<string, PermissionValue> {
		let entry = this.scopePermissions.get(group.guid);
		if (!entry || entry.groupSeq !== group.seq) {
			entry = { groupSeq: group.seq, scopes: new Map() };
			this.scopePermissions.set(group.guid, entry);
		}
		let map = entry.scopes.get(scope);
		if (!map) {
			map = new Map();
			entry.scopes.set(scope, map);
		}
		return map;
	}

	// The default role: name and description from the spec's list example [SPEC]. It comes with the
	// app, so it sorts as the oldest role (seq 0: clear() runs before the state's counter restarts).
	private addDefaultRole(): void {
		const role: RoleRecord = { role: 'default', name: 'Default Role', description: 'This role gives full access', createdAt: this.state.now(), seq: 0 };
		this.roles.set(role.role, role);
	}
}

/** The roles store of this emulator (tests read and seed it through here). */
export function roleStore(state: EmulatorState): RoleStore {
	return state.store('roles', () => new RoleStore(state));
}

// ---- errors (codes from [ERRGUIDE]/[REIMPL]; statuses and texts as marked) --------------------------

const roleErrors = {
	// Status 404 [REIMPL]; text INFERRED.
	notFound: (role: string) => cometError(404, 'ERR_ROLE_NOT_FOUND', `The role ${role} does not exist. Please make sure you have created the role ${role}.`),
	// Status 400 [REIMPL]; text INFERRED, modelled on the recorded ERR_UID_ALREADY_EXISTS text.
	alreadyExists: (role: string) => cometError(400, 'ERR_ROLE_ALREADY_EXISTS', `The role ${role} already exists. Please use another role.`),
	// Status 403 and text INFERRED (a refused action, like the ERR_GROUP_NO_* codes, reference §3.3).
	deleteDenied: () => cometError(403, 'ERR_ROLE_DELETE_DENIED', 'The default role cannot be deleted.'),
	// Status 402 as recorded for the user quota [REC]; text INFERRED from that recording. 25 roles [CONSTR].
	quota: () =>
		cometError(402, 'ERR_PLAN_QUOTA_RESTRICTION', `You've exhausted the quota. The allowed limit of the feature Create Role for your current plan is ${MAX_ROLES}. Please upgrade the plan to increase the limit.`),
};

const MAX_ROLES = 25;

function requireRole(ctx: RouteContext): RoleRecord {
	const role = roleStore(ctx.state).getRole(ctx.params.role);
	if (!role) throw roleErrors.notFound(normalizeId(ctx.params.role));
	return role;
}

// ---- roles ----------------------------------------------------------------------------------------

const SETTING_VALUES: readonly RoleSettingValue[] = ['all', 'friendsOnly'];
const SETTING_KEYS = ['listUsers', 'sendMessagesTo'] as const;
const UNSETTABLE = ['settings', 'description', 'metadata'];

/** `settings`: an object whose listUsers / sendMessagesTo are `all` or `friendsOnly` [SPEC]. */
function settingsField(body: Record<string, unknown>, v: Validator): RoleSettings | undefined {
	const settings = v.optionalObject(body, 'settings');
	if (!settings) return undefined;
	const out: RoleSettings = {};
	for (const [key, value] of Object.entries(settings)) {
		if (!(SETTING_KEYS as readonly string[]).includes(key)) {
			// INFERRED: other keys are refused rather than stored.
			v.add(`settings.${key}`, `The settings.${key} field is not allowed.`);
		} else if (!SETTING_VALUES.includes(value as RoleSettingValue)) {
			v.add(`settings.${key}`, `The selected settings.${key} is invalid.`);
		} else {
			out[key as (typeof SETTING_KEYS)[number]] = value as RoleSettingValue;
		}
	}
	return out;
}

/** The role object, keys in the spec example's order: role, name, description, metadata, settings, createdAt, updatedAt. */
export function roleView(role: RoleRecord): Record<string, unknown> {
	return compact({
		role: role.role,
		name: role.name,
		description: role.description,
		metadata: role.metadata,
		settings: role.settings && Object.keys(role.settings).length > 0 ? role.settings : undefined,
		createdAt: role.createdAt,
		updatedAt: role.updatedAt,
	});
}

function createRole(ctx: RouteContext): RouteResult {
	const body = bodyObject(ctx);
	const v = new Validator();
	const id = v.requiredId(body, 'role'); // alpha-dash, at most 100 [CONSTR]
	const name = v.requiredString(body, 'name', 100);
	const description = v.optionalString(body, 'description', 255);
	const metadata = v.optionalObject(body, 'metadata');
	const settings = settingsField(body, v);
	if (v.failed || id === undefined || name === undefined) throw errors.badRequest(v.details);

	const store = roleStore(ctx.state);
	const role = normalizeId(id); // lower-cased on create [CONSTR]
	if (store.getRole(role)) throw roleErrors.alreadyExists(role);
	if (store.roles.size >= MAX_ROLES) throw roleErrors.quota();
	return ok(roleView(store.addRole({ role, name, description: description || undefined, metadata, settings })));
}

function listRoles(ctx: RouteContext): RouteResult {
	const v = new Validator();
	const paging = pageParams(ctx, v); // page, perPage (default 100) [SPEC]
	v.check();
	// Newest first, as in the spec's list example (manager, created later, before default).
	const roles = [...roleStore(ctx.state).roles.values()].sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq);
	const { pageItems, pagination } = paginate(roles, paging);
	// Only `pagination` in meta, no cursor (reference §2.2).
	return ok(pageItems.map(roleView), { pagination });
}

function getRole(ctx: RouteContext): RouteResult {
	return ok(roleView(requireRole(ctx)));
}

function updateRole(ctx: RouteContext): RouteResult {
	const role = requireRole(ctx);
	const body = bodyObject(ctx);
	const v = new Validator();
	const name = v.optionalString(body, 'name', 100);
	if (name === '') v.add('name', 'The name field must have a value.');
	const description = v.optionalString(body, 'description', 255);
	const metadata = v.optionalObject(body, 'metadata');
	const settings = settingsField(body, v);
	const unset = v.optionalStringArray(body, 'unset');
	for (const field of unset ?? []) {
		if (!UNSETTABLE.includes(field)) v.add('unset', 'The selected unset is invalid.'); // enum [SPEC]
	}
	v.check();

	if (name) role.name = name;
	if (description !== undefined) role.description = description || undefined;
	if (metadata !== undefined) role.metadata = metadata; // replaced, like user metadata
	// INFERRED: settings are merged key by key (a body with only listUsers keeps sendMessagesTo).
	if (settings !== undefined) role.settings = { ...role.settings, ...settings };
	for (const field of unset ?? []) {
		if (field === 'settings') role.settings = undefined;
		if (field === 'description') role.description = undefined;
		if (field === 'metadata') role.metadata = undefined;
	}
	role.updatedAt = ctx.state.now();
	return ok(roleView(role));
}

function deleteRole(ctx: RouteContext): RouteResult {
	const role = requireRole(ctx);
	if (role.role === 'default') throw roleErrors.deleteDenied();
	roleStore(ctx.state).removeRole(role.role);
	// [SPEC] text. INFERRED: users keep the deleted role's id in their `role`.
	return ok({ success: true, message: `Role ${role.role} has been deleted successfully.` });
}

// ---- restricted features (deprecated by CometChat in favour of RBAC) ------------------------------

interface Feature {
	title: string;
	description: string;
	/** Only where the spec shows one; the other paths are not known, so they are not invented. */
	path?: string;
}

/**
 * The restrictable features. Keys carry the `u.` prefix of the spec's examples (`u.listUsers`,
 * `u.deleteGroup`); the restrict-features overview page lists the same features without it
 * (`listUsers`). Followed the spec. Titles and descriptions from the overview page.
 */
export const FEATURES: Record<string, Feature> = Object.fromEntries(
	(
		[
			['addMember', 'Add Member', 'Allows logged-in user to add a member to a group.'],
			['ban', 'Ban User', 'Allows logged-in user to ban a member in a group.'],
			['blockUser', 'Block User', 'Allows logged-in user to block a user.'],
			['changeScope', 'Change Scope', 'Allows logged-in user to change the scope of a member in a group.'],
			['createCall', 'Initiate Call', 'Allows logged-in user to initiate a call.'],
			['createGroup', 'Create Group', 'Allows logged-in user to create a group.'],
			['createMessage', 'Send Message', 'Allows logged-in user to send a message.'],
			['createMessageThread', 'Reply to a Message', 'Allows logged-in user to reply to a message.'],
			['deleteCall', 'Delete Call', 'Allows logged-in user to delete a call.'],
			['deleteConversationForUser', 'Delete Conversation', 'Allows logged-in user to delete a conversation for himself.'],
			['deleteGroup', 'Delete Group', 'Allows logged-in user to delete a group.', '/v3/groups/{{guid}}'],
			['deleteGroupMessages', 'Delete Group Messages', 'Allows logged-in user to delete messages in a group.'],
			['deleteMessage', 'Delete Message', 'Allows logged-in user to delete a message.'],
			['getBlockedUsers', 'Fetch Blocked Users', 'Allows logged-in user to fetch the list of blocked users.'],
			['getCall', 'Get Call', 'Allows logged-in user to fetch the details of a call.'],
			['getConversation', 'Get Conversation', 'Allows logged-in user to get the details of a conversation.'],
			['getGroup', 'Get Group', 'Allows logged-in user to get the details of a group.'],
			['getGroupMessages', 'List Group Messages', 'Allows logged-in user to fetch messages in a group.'],
			['getMember', 'Get Member', 'Allows logged-in user to get details of a member in a group.'],
			['getMessage', 'Get Message', 'Allows logged-in user to get the details of a message.'],
			['getMyDetails', 'Get My Details', 'Allows logged-in user to fetch his own details.'],
			['getUser', 'Get User', 'Allows logged-in user to fetch the details of any other user.'],
			['getUserMessages', 'List User Messages', 'Allows logged-in user to fetch messages sent/received from another user.'],
			['joinGroup', 'Join Group', 'Allows logged-in user to join a group.'],
			['kickMember', 'Kick Member', 'Allows logged-in user to kick a member from the group.'],
			['leaveGroup', 'Leave Group', 'Allows logged-in user to leave a group.'],
			['listBannedUsers', 'List Banned Users', 'Allows logged-in user to fetch the banned members in a group.'],
			['listCalls', 'List Calls', 'Allows logged-in user to fetch the call list.'],
			['listConversations', 'List Conversations', 'Allows logged-in user to fetch the conversation list.'],
			['listGroupMembers', 'List Group Members', 'Allows logged-in user to fetch the members list for a group.'],
			['listGroups', 'List Groups', 'Allows logged-in user to fetch the group list.'],
			['listMessages', 'List Messages', 'Allows logged-in user to fetch all the messages sent by/for him.'],
			['listSettings', 'List Settings', 'Allows logged-in user to fetch the settings.'],
			['listThreadedMessages', 'List Threaded Messages', 'Allows logged-in user to fetch all the replies for a message.'],
			['listUsers', 'List Users', 'Allows logged-in user to fetch the user list.', '/v3/users'],
			['logout', 'Logout', 'Allows logged-in user to logout.'],
			['massMemberOperate', 'Group Mass Operation', 'Allows logged-in user to manage multiple group members with a single API call.'],
			['patchOwner', 'Patch Owner', 'Allows logged-in user to transfer the ownership of a group.'],
			['unban', 'unban User', 'Allows logged-in user to unban a member.'],
			['unblockUser', 'Unblock User', 'Allows logged-in user to unblock a user.'],
			['updateAuthToken', 'Updates AuthToken', 'Allows logged-in user to update his own details and authtoken details.'],
			['updateCall', 'Update Call', 'Allows logged-in user to change the status of initiated/ongoing call.'],
			['updateGroup', 'Edit Group', 'Allows logged-in user to edit group details.'],
			['updateMessage', 'Edit Message', 'Allows logged-in user to edit a message.'],
		] as Array<[string, string, string, string?]>
	).map(([key, title, description, path]) => [`u.${key}`, { title, description, path }]),
);

/** A required, non-empty array of strings; 400 ERR_BAD_REQUEST otherwise. */
function requiredList(body: Record<string, unknown>, field: string, v: Validator): string[] {
	const value = body[field];
	if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
		v.add(field, `The ${field} field is required.`);
		return [];
	}
	return v.checkStringArray(field, value) ?? [];
}

function restrictFeatures(ctx: RouteContext): RouteResult {
	const role = requireRole(ctx);
	const v = new Validator();
	const keys = requiredList(bodyObject(ctx), 'featuresToRestrict', v); // required [SPEC]
	v.check();
	const store = roleStore(ctx.state);
	const restricted = store.restrictions.get(role.role) ?? new Map<string, number>();
	store.restrictions.set(role.role, restricted);
	const data: Record<string, { success: boolean; message: string }> = {};
	for (const key of keys) {
		if (key in data) continue;
		if (!FEATURES[key]) {
			// success: false and text INFERRED.
			data[key] = { success: false, message: `The feature ${key} does not exist.` };
			continue;
		}
		// INFERRED: restricting a restricted feature again succeeds and keeps the first time.
		if (!restricted.has(key)) restricted.set(key, ctx.state.now());
		data[key] = { success: true, message: `The feature ${key} has been restricted successfully.` }; // [SPEC]
	}
	return ok(data);
}

function listRestrictedFeatures(ctx: RouteContext): RouteResult {
	const role = requireRole(ctx);
	const v = new Validator();
	const paging = pageParams(ctx, v); // not in the spec; accepted like every page-based list (reference §2.2)
	v.check();
	// Restriction order; createdAt is the time of the restriction (INFERRED).
	const rows = [...(roleStore(ctx.state).restrictions.get(role.role)?.entries() ?? [])].map(([key, at]) =>
		compact({ title: FEATURES[key].title, description: FEATURES[key].description, key, path: FEATURES[key].path, createdAt: at }),
	);
	const { pageItems, pagination } = paginate(rows, paging);
	return ok(pageItems, { pagination });
}

function allowFeatures(ctx: RouteContext): RouteResult {
	const role = requireRole(ctx);
	const body = bodyObject(ctx);
	const v = new Validator();
	const allowAll = v.optionalBoolean(body, 'allowAll');
	const keys = v.optionalStringArray(body, 'featuresToAllow');
	// Both are optional in the spec; a body with neither does nothing useful, so refuse it (INFERRED).
	if (!allowAll && (keys === undefined || keys.length === 0) && !v.failed) {
		v.add('featuresToAllow', 'The featuresToAllow field is required when allowAll is not true.');
	}
	v.check();
	const restricted = roleStore(ctx.state).restrictions.get(role.role);
	if (allowAll) restricted?.clear();
	// INFERRED: keys that are unknown or not restricted are ignored.
	else for (const key of keys ?? []) restricted?.delete(key);
	return ok({ success: true, message: 'The feature has been allowed successfully.' }); // [SPEC]
}

// ---- RBAC permissions ------------------------------------------------------------------------------

export type PermissionDataType = 'string' | 'stringArray' | 'rolesStringArray' | 'customStringArray';

export interface PermissionDefinition {
	id: string;
	dataType: PermissionDataType;
	availableValues: string[];
	/** Per scope for scope permissions whose default differs by scope. */
	defaultValue: string | string[] | Partial<Record<MemberScope, string>>;
	text: string;
}

const ALLOW = ['allow', 'deny'];
const MODE = ['all', 'friends'];
const RECEIVERS = ['user', 'group'];
const CATEGORIES = ['message', 'custom'];
const TYPES = ['text', 'image', 'audio', 'video', 'file'];
const GROUP_TYPES = ['public', 'password', 'private'];
const SCOPES: readonly MemberScope[] = ['admin', 'moderator', 'participant'];

const allow = (id: string, text: string, defaultValue: PermissionDefinition['defaultValue'] = 'allow'): PermissionDefinition => ({ id, dataType: 'string', availableValues: ALLOW, defaultValue, text });
const mode = (id: string, text: string): PermissionDefinition => ({ id, dataType: 'string', availableValues: MODE, defaultValue: 'all', text });
const list = (id: string, availableValues: string[], text: string): PermissionDefinition => ({ id, dataType: 'stringArray', availableValues, defaultValue: [], text });
const roles = (id: string, text: string): PermissionDefinition => ({ id, dataType: 'rolesStringArray', availableValues: [], defaultValue: [], text });
const custom = (id: string, text: string): PermissionDefinition => ({ id, dataType: 'customStringArray', availableValues: [], defaultValue: [], text });

/**
 * Role permissions: ids, data types, values and defaults from CometChat's RBAC overview page; the
 * list response's fields and `defaultValue: []` for arrays from the spec example (the page says
 * null). `initiateCall.mode` appears only in the spec's examples (INFERRED: all | friends).
 * `title` and `description` are the same text, as in the spec example.
 */
export const ROLE_PERMISSIONS: PermissionDefinition[] = [
	allow('listUsers', 'Allow or deny user listing functionality'),
	mode('listUsers.mode', 'Choose who can be listed: all users or friends only'),
	roles('listUsers.allowedRoles', 'Select which user roles can be listed'),
	allow('getUserDetails', 'Allow or deny viewing detailed user information'),
	mode('getUserDetails.mode', 'Choose whose details can be viewed: all users or friends only'),
	roles('getUserDetails.allowedRoles', "Select which user roles' details can be viewed"),
	allow('blockUser', 'Allow or deny user blocking functionality'),
	roles('blockUser.allowedRoles', 'Select which user roles can be blocked'),
	allow('listBlockedUser', 'Allow or deny listing blocked users'),
	roles('listBlockedUser.allowedRoles', 'Select which blocked user roles can be listed'),
	allow('unblockedUser', 'Allow or deny user unblocking functionality'),
	roles('unblockedUser.allowedRoles', 'Select which user roles can be unblocked'),
	allow('editProfile', 'Allow or deny user detail edits'),
	allow('listMessages', 'Allow or deny message listing functionality'),
	mode('listMessages.mode', 'Choose whose messages can be listed: all users or friends only'),
	list('listMessages.allowedReceiverTypes', RECEIVERS, 'Select which receiver types are allowed in message lists'),
	roles('listMessages.allowedSenderRoles', "Select which sender roles' messages can be listed"),
	list('listMessages.allowedMessageCategories', CATEGORIES, 'Select which message categories can be listed'),
	list('listMessages.allowedMessageTypes', TYPES, 'Select which message types can be listed'),
	allow('getMessageDetails', 'Allow or deny fetching message details'),
	mode('getMessageDetails.mode', 'Choose whose message details can be viewed: all users or friends only'),
	allow('sendMessage', 'Allow or deny message sending functionality'),
	mode('sendMessage.mode', 'Choose who can receive messages: all users or friends only'),
	list('sendMessage.allowedReceiverTypes', RECEIVERS, 'Select receiver types to which the messages can be sent'),
	roles('sendMessage.allowedReceiverRoles', 'Select receiver roles to which the messages can be sent'),
	list('sendMessage.allowedMessageCategories', CATEGORIES, 'Select which message categories can be sent'),
	list('sendMessage.allowedMessageTypes', TYPES, 'Select which message types can be sent'),
	custom('sendMessage.allowedCustomTypes', 'Define custom message types that can be sent'),
	custom('sendMessage.allowedMimeTypes', 'Define MIME types allowed for media messages'),
	allow('editMessage', 'Allow or deny editing of own messages'),
	allow('deleteMessage', 'Allow or deny deletion of own messages'),
	allow('listThreadedMessages', 'Allow or deny listing of threaded messages'),
	allow('sendThreadedMessage', 'Allow or deny sending messages in threads'),
	list('sendThreadedMessage.allowedReceiverTypes', RECEIVERS, 'Select which receiver types (user/group) can receive thread messages'),
	roles('sendThreadedMessage.allowedReceiverRoles', 'Select which receiver roles can receive thread messages (1-on-1 only)'),
	list('sendThreadedMessage.allowedMessageCategories', CATEGORIES, 'Select which message categories can be sent in threads'),
	list('sendThreadedMessage.allowedMessageTypes', TYPES, 'Select which message types can be sent in threads'),
	custom('sendThreadedMessage.allowedCustomTypes', 'Define custom message types that can be sent in threads'),
	custom('sendThreadedMessage.allowedMimeTypes', 'Define MIME types allowed for thread media messages'),
	allow('editThreadedMessage', 'Allow or deny editing of thread messages'),
	allow('deleteThreadedMessage', 'Allow or deny deletion of thread messages'),
	allow('listReactions', 'Allow or deny viewing message reactions'),
	allow('addReaction', 'Allow or deny adding/removing message reactions'),
	allow('initiateCall', 'Allow or deny call initiation functionality'),
	mode('initiateCall.mode', 'Choose who can be called: all users or friends only'),
	list('initiateCall.allowedReceiverTypes', RECEIVERS, 'Select which receiver types can receive calls'),
	roles('initiateCall.allowedReceiverRoles', 'Select which receiver roles can receive calls (1-on-1 only)'),
	allow('joinCall', 'Allow or deny joining 1-on-1 calls'),
	allow('listConversations', 'Allow or deny conversations listing functionality'),
	allow('updateConversation', 'Allow or deny conversation update functionality'),
	allow('deleteConversation', 'Allow or deny conversation delete functionality'),
	allow('listGroups', 'Allow or deny group listing functionality'),
	list('listGroups.allowedGroupTypes', GROUP_TYPES, 'Select which group types can be listed'),
	allow('getGroupDetails', 'Allow or deny details for a group'),
	list('getGroupDetails.allowedGroupTypes', GROUP_TYPES, 'Select for which group types details can be fetched'),
	allow('createGroup', 'Allow or deny group creation functionality'),
	list('createGroup.allowedGroupTypes', GROUP_TYPES, 'Select which group types can be created'),
	allow('joinGroup', 'Allow or deny group joining functionality'),
	list('joinGroup.allowedGroupTypes', ['public', 'password'], 'Select which group types can be joined'),
];

const ADMIN_ONLY = { admin: 'allow', moderator: 'deny', participant: 'deny' };
const STAFF_ONLY = { admin: 'allow', moderator: 'allow', participant: 'deny' };

/**
 * Group scope permissions, from the same page's SBAC tables. `listReactions.allowedScopes`,
 * `initiateCall.allowedScopes` and `initiateCall.allowedType` appear only in the spec's examples
 * (INFERRED lists).
 */
export const SCOPE_PERMISSIONS: PermissionDefinition[] = [
	allow('editGroup', 'Allow or deny group edits', ADMIN_ONLY),
	allow('deleteGroup', 'Allow or deny group deletes', 'deny'),
	allow('leaveGroup', 'Allow or deny group leave'),
	allow('listMembers', 'Allow or deny listing group members'),
	list('listMembers.allowedScopes', [...SCOPES], 'Select which member scopes can be listed'),
	allow('addMembers', 'Allow or deny adding members to groups', ADMIN_ONLY),
	list('addMembers.allowedScopes', [...SCOPES], 'Select which member scopes can be added'),
	allow('kickMembers', 'Allow or deny kicking members from groups', STAFF_ONLY),
	list('kickMembers.allowedScopes', [...SCOPES], 'Select which member scopes can be kicked'),
	allow('listBannedUsers', 'Allow or deny listing banned members', STAFF_ONLY),
	allow('ban', 'Allow or deny banning members from groups', STAFF_ONLY),
	list('ban.allowedScopes', [...SCOPES], 'Select which member scopes can be banned'),
	allow('unban', 'Allow or deny unbanning members from groups', STAFF_ONLY),
	list('listMessages.allowedMessageCategories', CATEGORIES, 'Select which message categories can be listed in groups'),
	list('listMessages.allowedMessageTypes', TYPES, 'Select which message types can be listed in groups'),
	allow('listMessages.historyBeforeJoin', 'Allow or deny listing messages sent before joining the group'),
	allow('sendMessage', 'Allow or deny sending messages in groups'),
	list('sendMessage.allowedMessageCategories', CATEGORIES, 'Select which message categories can be sent in groups'),
	list('sendMessage.allowedMessageTypes', TYPES, 'Select which message types can be sent in groups'),
	custom('sendMessage.allowedCustomTypes', 'Define custom message types that can be sent in groups'),
	custom('sendMessage.allowedMimeTypes', 'Define MIME types allowed for group media messages'),
	allow('editMessage', 'Allow or deny editing messages in groups'),
	allow('deleteMessage', 'Allow or deny deleting messages in groups'),
	allow('listThreadedMessages', 'Allow or deny listing threaded messages in groups'),
	allow('sendThreadedMessage', 'Allow or deny sending messages in group threads'),
	list('sendThreadedMessage.allowedMessageCategories', CATEGORIES, 'Select which message categories can be sent in group threads'),
	list('sendThreadedMessage.allowedMessageTypes', TYPES, 'Select which message types can be sent in group threads'),
	custom('sendThreadedMessage.allowedCustomTypes', 'Define custom message types that can be sent in group threads'),
	custom('sendThreadedMessage.allowedMimeTypes', 'Define MIME types allowed for group thread media messages'),
	allow('editThreadedMessage', 'Allow or deny editing thread messages in groups'),
	allow('deleteThreadedMessage', 'Allow or deny deleting thread messages in groups'),
	allow('listReactions', 'Allow or deny viewing message reactions in groups'),
	list('listReactions.allowedScopes', [...SCOPES], 'Select for which member scopes reactions can be listed'),
	allow('addReaction', 'Allow or deny adding/removing message reactions in groups'),
	allow('initiateCall', 'Allow or deny call initiation in groups'),
	list('initiateCall.allowedScopes', [...SCOPES], 'Select which member scopes can be called'),
	list('initiateCall.allowedType', ['audio', 'video'], 'Select which call types can be initiated'),
	allow('joinCall', 'Allow or deny joining calls in groups'),
];

// Fixed catalogue times, the spec example's (the definitions are CometChat's, not the app's).
const CATALOGUE_TIME = 1765962204;

function permissionView(definition: PermissionDefinition, type: 'role' | 'scope', scope?: MemberScope): Record<string, unknown> {
	const { id, dataType, availableValues, text } = definition;
	const value = definition.defaultValue;
	const defaultValue = typeof value === 'string' || Array.isArray(value) ? value : value[scope ?? 'participant'];
	// Key order from the spec example: id, type, title, description, dataType, availableValues,
	// defaultValue, createdAt, updatedAt.
	return {
		id,
		type,
		title: text,
		description: text,
		dataType,
		availableValues,
		defaultValue,
		createdAt: CATALOGUE_TIME,
		updatedAt: CATALOGUE_TIME,
	};
}

/** Why `value` does not fit the definition (INFERRED rules), or undefined when it does. */
function valueProblem(definition: PermissionDefinition, value: unknown): string | undefined {
	const { id, dataType, availableValues } = definition;
	const allowed = (s: unknown) => typeof s === 'string' && (availableValues.length === 0 || availableValues.includes(s));
	if (dataType === 'string') {
		return allowed(value) ? undefined : `The value of the permission ${id} must be one of: ${availableValues.join(', ')}.`;
	}
	// Arrays; null means "no restriction" (RBAC overview). The spec's scope example sends single
	// strings for array permissions ("listMembers.allowedScopes": "participant"), so one string is accepted too.
	if (value === null) return undefined;
	const items = Array.isArray(value) ? value : [value];
	if (items.every(allowed)) return undefined;
	return availableValues.length > 0
		? `The value of the permission ${id} must be a list of: ${availableValues.join(', ')}.`
		: `The value of the permission ${id} must be a list of strings.`;
}

/**
 * Applies `permissions{}` from the body: per permission id `{success, message}`, then the whole set
 * of explicitly set permissions under `permissions` [SPEC example]. Unknown ids and bad values are
 * reported per id with success: false (INFERRED; the spec shows only successes).
 */
function setPermissions(
	ctx: RouteContext,
	catalogue: PermissionDefinition[],
	current: Map<string, PermissionValue>,
	mapped: (id: string) => string,
): RouteResult {
	const body = bodyObject(ctx);
	const v = new Validator();
	const permissions = body.permissions;
	if (permissions === undefined || permissions === null) v.add('permissions', 'The permissions field is required.');
	else if (!isPlainObject(permissions)) v.add('permissions', 'The permissions must be an object.');
	else if (Object.keys(permissions).length === 0) v.add('permissions', 'The permissions field is required.');
	v.check();

	const data: Record<string, unknown> = {};
	for (const [id, value] of Object.entries(permissions as Record<string, unknown>)) {
		const definition = catalogue.find((d) => d.id === id);
		if (!definition) {
			data[id] = { success: false, message: `Permission with id ${id} does not exist.` }; // INFERRED text
			continue;
		}
		const problem = valueProblem(definition, value);
		if (problem) {
			data[id] = { success: false, message: problem };
			continue;
		}
		current.set(id, value as PermissionValue);
		data[id] = { success: true, message: mapped(id) };
	}
	data.permissions = Object.fromEntries(current);
	return ok(data);
}

/** DELETE …/permissions/{permission}: back to the default; answers the remaining set permissions [SPEC]. */
function resetPermission(ctx: RouteContext, catalogue: PermissionDefinition[], current: Map<string, PermissionValue>): RouteResult {
	const id = ctx.params.permission;
	if (!catalogue.some((d) => d.id === id)) {
		// Code and text INFERRED (no error code for an unknown permission is documented).
		throw errors.badRequest({ permission: ['The selected permission is invalid.'] });
	}
	current.delete(id);
	return ok({ permissions: Object.fromEntries(current) });
}

function listPermissions(ctx: RouteContext, rows: Record<string, unknown>[]): RouteResult {
	const v = new Validator();
	const paging = pageParams(ctx, v); // not in the spec; accepted like every page-based list
	v.check();
	const { pageItems, pagination } = paginate(rows, paging);
	return ok(pageItems, { pagination });
}

function requireScope(ctx: RouteContext): { group: GroupRecord; scope: MemberScope } {
	const group = requireGroup(ctx.state, ctx.params.guid);
	const scope = ctx.params.scope as MemberScope;
	// Code and text INFERRED: the spec names the three scopes but gives no error for others.
	if (!SCOPES.includes(scope)) throw errors.badRequest({ scope: ['The selected scope is invalid.'] });
	return { group, scope };
}

export const roleRoutes: Route[] = [
	{ method: 'POST', path: '/roles', handler: createRole },
	{ method: 'GET', path: '/roles', handler: listRoles },
	{ method: 'GET', path: '/roles/:role', handler: getRole },
	{ method: 'PUT', path: '/roles/:role', handler: updateRole },
	{ method: 'DELETE', path: '/roles/:role', handler: deleteRole },
	{ method: 'POST', path: '/roles/:role/restrictedfeatures', handler: restrictFeatures },
	{ method: 'GET', path: '/roles/:role/restrictedfeatures', handler: listRestrictedFeatures },
	{ method: 'DELETE', path: '/roles/:role/restrictedfeatures', handler: allowFeatures },
	{
		method: 'GET',
		path: '/roles/:role/permissions',
		handler: (ctx) => {
			requireRole(ctx);
			return listPermissions(ctx, ROLE_PERMISSIONS.map((d) => permissionView(d, 'role')));
		},
	},
	{
		method: 'PUT',
		path: '/roles/:role/permissions',
		handler: (ctx) => {
			const role = requireRole(ctx);
			return setPermissions(
				ctx,
				ROLE_PERMISSIONS,
				roleStore(ctx.state).rolePermissions(role.role),
				(id) => `Permission with id ${id} have been mapped successfully to role ${role.role}.`, // [SPEC]
			);
		},
	},
	{
		method: 'DELETE',
		path: '/roles/:role/permissions/:permission',
		handler: (ctx) => {
			const role = requireRole(ctx);
			return resetPermission(ctx, ROLE_PERMISSIONS, roleStore(ctx.state).rolePermissions(role.role));
		},
	},
	{
		method: 'GET',
		path: '/groups/:guid/scopes/:scope/permissions',
		handler: (ctx) => {
			const { scope } = requireScope(ctx);
			return listPermissions(ctx, SCOPE_PERMISSIONS.map((d) => permissionView(d, 'scope', scope)));
		},
	},
	{
		method: 'PUT',
		path: '/groups/:guid/scopes/:scope/permissions',
		handler: (ctx) => {
			const { group, scope } = requireScope(ctx);
			return setPermissions(
				ctx,
				SCOPE_PERMISSIONS,
				roleStore(ctx.state).scopePermissionsOf(group, scope),
				(id) => `Permission with id ${id} have been mapped successfully to scope ${scope} on group ${group.guid}.`, // [SPEC]
			);
		},
	},
	{
		method: 'DELETE',
		path: '/groups/:guid/scopes/:scope/permissions/:permission',
		handler: (ctx) => {
			const { group, scope } = requireScope(ctx);
			return resetPermission(ctx, SCOPE_PERMISSIONS, roleStore(ctx.state).scopePermissionsOf(group, scope));
		},
	},
];
