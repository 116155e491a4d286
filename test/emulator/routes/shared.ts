/**
 * What every resource's routes share: the route type, response helpers, query/body validation,
 * page-based pagination and the views (user, group, message objects) in CometChat's key order.
 */
import { errors, type ErrorDetails } from '../errors';
import {
	APP_SYSTEM_NAME,
	APP_SYSTEM_UID,
	type EmulatorState,
	type GroupRecord,
	type MessageRecord,
	type UserRecord,
	groupConversationId,
	normalizeId,
	userConversationId,
} from '../state';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `core` = 10,000/min (POST /users, DELETE /users/{uid}), `standard` = 20,000/min [REC]. */
export type RateClass = 'core' | 'standard';

export interface RouteContext {
	method: string;
	/** Path params, percent-decoded. */
	params: Record<string, string>;
	query: Record<string, string>;
	/** Lower-cased header names. */
	headers: Record<string, string>;
	/** Parsed JSON body, or undefined. */
	body: unknown;
	state: EmulatorState;
}

export interface RouteResult {
	status: number;
	body: unknown;
}

export interface Route {
	method: HttpMethod;
	/** Under `/v3`, with `:name` params, e.g. `/users/:uid/blockedusers`. */
	path: string;
	/** Default `standard`. */
	rateClass?: RateClass;
	/** True for the two operations an `authOnly` key may call [AUTH]. */
	authOnlyAllowed?: boolean;
	/** No `apikey` and any body: the campaigns' presigned upload URL (S3's, not CometChat's). */
	open?: boolean;
	handler: (ctx: RouteContext) => RouteResult;
}

/** The params of a path matching a route pattern (`:name` segments), or undefined; segments already decoded. */
export function matchSegments(pattern: string[], segments: string[]): Record<string, string> | undefined {
	if (pattern.length !== segments.length) return undefined;
	const params: Record<string, string> = {};
	const hit = pattern.every((p, i) => {
		if (p.startsWith(':')) {
			params[p.slice(1)] = segments[i];
			return true;
		}
		return p === segments[i];
	});
	return hit ? params : undefined;
}

/** `{"data": ...}` (plus `meta` for lists), status 200 for creates too [REC]. */
export function ok(data: unknown, meta?: unknown): RouteResult {
	return { status: 200, body: meta === undefined ? { data } : { data, meta } };
}

/** Drop undefined, null, '' and [] values (CometChat omits empty fields [REC]); keeps key order. */
export function compact<T extends Record<string, unknown>>(obj: T): Partial<T> {
	const out: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(obj)) {
		if (value === undefined || value === null || value === '') continue;
		if (Array.isArray(value) && value.length === 0) continue;
		out[key] = value;
	}
	return out as Partial<T>;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body as an object; a missing or non-object body (Guzzle sends `[]`) counts as `{}`. */
export function bodyObject(ctx: RouteContext): Record<string, unknown> {
	return isPlainObject(ctx.body) ? ctx.body : {};
}

/** The `onBehalfOf` header, lower-cased, or undefined when absent or blank. */
export function onBehalfOf(ctx: RouteContext): string | undefined {
	const value = ctx.headers['onbehalfof']?.trim();
	return value ? normalizeId(value) : undefined;
}

// ---- validation (texts in Laravel's style, as in the [PHPFIX] fixture; the wording is INFERRED) ----

export class Validator {
	readonly details: ErrorDetails = {};

	add(field: string, message: string): void {
		(this.details[field] ??= []).push(message);
	}

	get failed(): boolean {
		return Object.keys(this.details).length > 0;
	}

	/** Throw 400 ERR_BAD_REQUEST with `details` when anything failed. */
	check(): void {
		if (this.failed) throw errors.badRequest(this.details);
	}

	/** A required string; returns it, or undefined after recording the failure. */
	requiredString(body: Record<string, unknown>, field: string, max?: number): string | undefined {
		const value = body[field];
		if (value === undefined || value === null || value === '') {
			this.add(field, `The ${field} field is required.`);
			return undefined;
		}
		return this.checkString(field, value, max);
	}

	optionalString(body: Record<string, unknown>, field: string, max?: number): string | undefined {
		const value = body[field];
		if (value === undefined || value === null) return undefined;
		return this.checkString(field, value, max);
	}

	/** A UID/GUID: alpha-dash, at most 100 characters [CONSTR]. */
	requiredId(body: Record<string, unknown>, field: string): string | undefined {
		const value = this.requiredString(body, field, 100);
		if (value === undefined) return undefined;
		if (!ALPHA_DASH.test(value)) {
			this.add(field, `The ${field} may only contain letters, numbers, dashes and underscores.`);
			return undefined;
		}
		return value;
	}

	optionalObject(body: Record<string, unknown>, field: string): Record<string, unknown> | undefined {
		const value = body[field];
		if (value === undefined || value === null) return undefined;
		if (!isPlainObject(value)) {
			this.add(field, `The ${field} must be an object.`);
			return undefined;
		}
		return value;
	}

	/** An optional array of strings, at most `maxItems` items of at most `maxLength` characters. */
	optionalStringArray(
		body: Record<string, unknown>,
		field: string,
		maxItems?: number,
		maxLength?: number,
	): string[] | undefined {
		const value = body[field];
		if (value === undefined || value === null) return undefined;
		return this.checkStringArray(field, value, maxItems, maxLength);
	}

	checkStringArray(field: string, value: unknown, maxItems?: number, maxLength?: number): string[] | undefined {
		if (!Array.isArray(value)) {
			this.add(field, `The ${field} must be an array.`);
			return undefined;
		}
		if (maxItems !== undefined && value.length > maxItems) {
			this.add(field, `The ${field} may not have more than ${maxItems} items.`);
		}
		let good = true;
		value.forEach((item, i) => {
			if (typeof item !== 'string') {
				this.add(`${field}.${i}`, `The ${field}.${i} must be a string.`);
				good = false;
			} else if (maxLength !== undefined && item.length > maxLength) {
				this.add(`${field}.${i}`, `The ${field}.${i} may not be greater than ${maxLength} characters.`);
				good = false;
			}
		});
		return good ? (value as string[]) : undefined;
	}

	/** Laravel's `boolean` rule: true, false, 1, 0, "1", "0" (plus "true"/"false"). */
	optionalBoolean(body: Record<string, unknown>, field: string): boolean | undefined {
		const value = body[field];
		if (value === undefined || value === null) return undefined;
		const parsed = toBoolean(value);
		if (parsed === undefined) this.add(field, `The ${field} field must be true or false.`);
		return parsed;
	}

	private checkString(field: string, value: unknown, max?: number): string | undefined {
		if (typeof value !== 'string') {
			this.add(field, `The ${field} must be a string.`);
			return undefined;
		}
		if (max !== undefined && value.length > max) {
			this.add(field, `The ${field} may not be greater than ${max} characters.`);
			return undefined;
		}
		return value;
	}
}

const ALPHA_DASH = /^[A-Za-z0-9_-]+$/;

function toBoolean(value: unknown): boolean | undefined {
	if (value === true || value === 1 || value === '1' || value === 'true') return true;
	if (value === false || value === 0 || value === '0' || value === 'false') return false;
	return undefined;
}

/** A boolean query parameter ('true'/'false'/'1'/'0'); '' counts as false. */
export function queryBoolean(ctx: RouteContext, v: Validator, name: string): boolean {
	const raw = ctx.query[name];
	if (raw === undefined || raw === '') return false;
	const parsed = toBoolean(raw);
	if (parsed === undefined) v.add(name, `The ${name} field must be true or false.`);
	return parsed ?? false;
}

/** A comma-separated query parameter (`style: form, explode: false` [SPEC]). */
export function queryCsv(ctx: RouteContext, name: string): string[] {
	const raw = ctx.query[name];
	if (raw === undefined) return [];
	return raw
		.split(',')
		.map((s) => s.trim())
		.filter((s) => s !== '');
}

// ---- page-based pagination (reference §2.2) ---------------------------------------------------------

export interface PageParams {
	page: number;
	perPage: number;
}

export interface Pagination {
	total: number;
	count: number;
	per_page: number;
	current_page: number;
	total_pages: number;
}

/** `page` (default 1) and `perPage` (default 100, max 1000 [SPEC]); records failures on `v`. */
export function pageParams(ctx: RouteContext, v: Validator): PageParams {
	return {
		page: intParam(ctx, v, 'page', 1, 1),
		perPage: intParam(ctx, v, 'perPage', 100, 1, 1000),
	};
}

function intParam(ctx: RouteContext, v: Validator, name: string, fallback: number, min: number, max?: number): number {
	const raw = ctx.query[name];
	if (raw === undefined || raw === '') return fallback;
	if (!/^-?\d+$/.test(raw.trim())) {
		v.add(name, `The ${name} must be an integer.`);
		return fallback;
	}
	const n = Number(raw);
	if (n < min) {
		v.add(name, `The ${name} must be at least ${min}.`);
		return fallback;
	}
	if (max !== undefined && n > max) {
		v.add(name, `The ${name} may not be greater than ${max}.`);
		return fallback;
	}
	return n;
}

/**
 * One page of `items` and its `pagination`. `total_pages` is at least 1 (INFERRED: Laravel's
 * paginator, which the API's validation errors suggest, reports last_page 1 for an empty list).
 */
export function paginate<T>(items: T[], { page, perPage }: PageParams): { pageItems: T[]; pagination: Pagination } {
	const start = (page - 1) * perPage;
	const pageItems = items.slice(start, start + perPage);
	return {
		pageItems,
		pagination: {
			total: items.length,
			count: pageItems.length,
			per_page: perPage,
			current_page: page,
			total_pages: Math.max(1, Math.ceil(items.length / perPage)),
		},
	};
}

/** `meta.cursor` of the users/blocked-users lists [REC]: the newest update time in the whole list. */
export function listCursor(updatedTimes: number[], now: number): { updatedAt: number; affix: 'prepend' } {
	return { updatedAt: updatedTimes.length > 0 ? Math.max(...updatedTimes) : now, affix: 'prepend' };
}

// ---- views -----------------------------------------------------------------------------------------

export interface UserViewOptions {
	withTags?: boolean;
	extra?: Record<string, unknown>;
}

/**
 * The user object [REC][SPEC]. Key order from the recordings and spec examples:
 * uid, name, link, avatar, metadata, status, statusMessage, role, (extra: blockedByMe...),
 * createdAt, updatedAt, deactivatedAt, tags.
 */
export function userView(user: UserRecord, options: UserViewOptions = {}): Record<string, unknown> {
	const { extra = {}, withTags = true } = options;
	return compact({
		uid: user.uid,
		name: user.name,
		link: user.link,
		avatar: user.avatar,
		metadata: user.metadata,
		status: user.status,
		statusMessage: user.statusMessage,
		role: user.role,
		...extra,
		createdAt: user.createdAt,
		updatedAt: user.updatedAt,
		deactivatedAt: user.deactivatedAt,
		tags: withTags ? user.tags : undefined,
	});
}

/**
 * The group object [SPEC example order]: guid, name, description, icon, metadata, type, scope,
 * membersCount, joinedAt, conversationId, hasJoined, createdAt, owner, updatedAt, tags.
 * `scope`/`joinedAt`/`hasJoined` describe `viewer` (the onBehalfOf user) when given and a member.
 */
export function groupView(group: GroupRecord, viewer?: string): Record<string, unknown> {
	const member = viewer !== undefined ? group.members.get(viewer) : undefined;
	return compact({
		guid: group.guid,
		name: group.name,
		description: group.description,
		icon: group.icon,
		metadata: group.metadata,
		type: group.type,
		scope: member?.scope,
		membersCount: group.members.size,
		joinedAt: member?.joinedAt,
		conversationId: groupConversationId(group.guid),
		hasJoined: member ? true : undefined,
		createdAt: group.createdAt,
		owner: group.owner,
		updatedAt: group.updatedAt,
		tags: group.tags,
	});
}

/** The `app_system` sender entity, as recorded: uid, name "System", role, status [REC]. */
export function systemUserView(): Record<string, unknown> {
	return { uid: APP_SYSTEM_UID, name: APP_SYSTEM_NAME, role: 'default', status: 'offline' };
}

/**
 * The message object (reference §5.1). Key order from [REC]: id, (muid), conversationId, sender,
 * receiverType, receiver, category, type, data{..., entities}, sentAt, updatedAt, then (§5.1) editedAt,
 * editedBy, deletedAt, deletedBy, parentId, (tags).
 */
export function messageView(
	state: EmulatorState,
	message: MessageRecord,
	/** Entities already built in this answer (a list repeats the same sender and receiver many times). */
	cache?: Map<string, Record<string, unknown>>,
): Record<string, unknown> {
	const key = `${message.sender}\u0000${message.receiverType}\u0000${message.receiver}`;
	const entities = cache?.get(key) ?? messageEntities(state, message);
	cache?.set(key, entities);
	return compact({
		id: message.id,
		muid: message.muid,
		conversationId: message.conversationId,
		sender: message.sender,
		receiverType: message.receiverType,
		receiver: message.receiver,
		category: message.category,
		type: message.type,
		data: { ...message.data, entities },
		sentAt: message.sentAt,
		updatedAt: message.updatedAt,
		editedAt: message.editedAt,
		editedBy: message.editedBy,
		deletedAt: message.deletedAt,
		deletedBy: message.deletedBy,
		parentId: message.parentId,
		tags: message.tags,
	});
}

/** `data.entities` of a message: its sender and receiver objects. */
function messageEntities(state: EmulatorState, message: MessageRecord): Record<string, unknown> {
	const senderUser = message.sender === APP_SYSTEM_UID ? undefined : state.getUser(message.sender, true);
	const senderEntity = senderUser ? userView(senderUser, { withTags: false }) : systemUserView();
	let receiverEntity: Record<string, unknown>;
	if (message.receiverType === 'user') {
		const receiverUser = state.getUser(message.receiver, true);
		// [REC]: the receiver user entity carries the conversationId; the sender entity does not.
		receiverEntity = receiverUser
			? { ...userView(receiverUser, { withTags: false }), conversationId: userConversationId(message.sender, message.receiver) }
			: { uid: message.receiver };
	} else {
		const group = state.getGroup(message.receiver);
		receiverEntity = group ? groupView(group) : { guid: message.receiver };
	}
	return {
		sender: { entity: senderEntity, entityType: 'user' },
		receiver: { entity: receiverEntity, entityType: message.receiverType },
	};
}

/** Existing, active user or 404 ERR_UID_NOT_FOUND [REC] (deactivated users too [ERRGUIDE]). */
export function requireUser(state: EmulatorState, uid: string): UserRecord {
	const user = state.getUser(uid);
	if (!user) throw errors.uidNotFound(normalizeId(uid));
	return user;
}

/** Existing group or 404 ERR_GUID_NOT_FOUND. */
export function requireGroup(state: EmulatorState, guid: string): GroupRecord {
	const group = state.getGroup(guid);
	if (!group) throw errors.guidNotFound(normalizeId(guid));
	return group;
}
