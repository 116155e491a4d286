/**
 * The emulator's in-memory store, plus the id and time helpers.
 *
 * Every UID and GUID is stored lower-cased (CometChat forces them to lower case on create,
 * reference §1) and every lookup lower-cases its argument, so lookups are case-insensitive.
 */
import { randomBytes } from 'node:crypto';

export type UserStatus = 'available' | 'offline';
export type GroupType = 'public' | 'private' | 'password';
export type MemberScope = 'admin' | 'moderator' | 'participant';
export type ReceiverType = 'user' | 'group';

/** The sender used by `POST /messages` without `onBehalfOf` [REC]. */
export const APP_SYSTEM_UID = 'app_system';
export const APP_SYSTEM_NAME = 'System';

export interface UserRecord {
	uid: string;
	name: string;
	avatar?: string;
	link?: string;
	role: string;
	status: UserStatus;
	statusMessage?: string;
	metadata?: Record<string, unknown>;
	tags?: string[];
	createdAt: number;
	updatedAt?: number;
	/** Set when the user is deactivated: such users answer ERR_UID_NOT_FOUND [ERRGUIDE]. */
	deactivatedAt?: number;
	/** Insertion counter, the tie-breaker when timestamps are equal. */
	seq: number;
}

export interface MemberRecord {
	scope: MemberScope;
	joinedAt: number;
}

export interface BanRecord {
	bannedAt: number;
	/** The scope the user had before the ban, when they were a member. */
	scope?: MemberScope;
	seq: number;
}

export interface GroupRecord {
	guid: string;
	name: string;
	type: GroupType;
	password?: string;
	icon?: string;
	description?: string;
	metadata?: Record<string, unknown>;
	tags?: string[];
	owner: string;
	createdAt: number;
	updatedAt?: number;
	members: Map<string, MemberRecord>;
	bans: Map<string, BanRecord>;
	seq: number;
}

export interface BlockRecord {
	blockedAt: number;
	seq: number;
}

export interface AuthTokenRecord {
	uid: string;
	authToken: string;
	createdAt: number;
	platform?: string;
	userAgent?: string;
	appInfo?: Record<string, unknown>;
	seq: number;
}

export interface MessageRecord {
	id: string;
	muid?: string;
	conversationId: string;
	sender: string;
	receiverType: ReceiverType;
	receiver: string;
	category: string;
	type: string;
	/** The `data` object as sent (text, metadata, attachments, customData, ...), without `entities`. */
	data: Record<string, unknown>;
	sentAt: number;
	updatedAt: number;
	tags?: string[];
	/** The parent message of a thread reply. */
	parentId?: string;
	/** Set by an edit (PUT /messages/{id}): when and by whom (a UID or app_system). */
	editedAt?: number;
	editedBy?: string;
	/** Set by a soft delete (DELETE /messages/{id}): the message stays, marked deleted. */
	deletedAt?: number;
	deletedBy?: string;
}

/** Lower-case a UID or GUID (the form every map key uses). */
export function normalizeId(id: string): string {
	return id.toLowerCase();
}

/** `<uidA>_user_<uidB>` with the two UIDs sorted ascending (sorting INFERRED, reference §1). */
export function userConversationId(a: string, b: string): string {
	const [first, second] = [normalizeId(a), normalizeId(b)].sort();
	return `${first}_user_${second}`;
}

/** `group_<guid>` [REC][SPEC]. */
export function groupConversationId(guid: string): string {
	return `group_${normalizeId(guid)}`;
}

/** `n` random lower-case hex characters. */
/** The chat host's default REST API key; the management host lists it as the demo app's fullAccess key. */
export const DEFAULT_API_KEY = 'test-rest-api-key-0123456789abcdef';

export function randomHex(n: number): string {
	return randomBytes(Math.ceil(n / 2))
		.toString('hex')
		.slice(0, n);
}

/**
 * Auth token in the recorded format [REC]: `<uid>_` followed by 40 hex-ish characters that start
 * with the creation timestamp (e.g. `user_000_1694668129d2eca40a65abba29e6860224018ad8`).
 */
export function makeAuthToken(uid: string, createdAt: number): string {
	return `${normalizeId(uid)}_${(String(createdAt) + randomHex(40)).slice(0, 40)}`;
}

export interface AddUserInput {
	uid: string;
	name?: string;
	avatar?: string;
	link?: string;
	role?: string;
	status?: UserStatus;
	statusMessage?: string;
	metadata?: Record<string, unknown>;
	tags?: string[];
	createdAt?: number;
	deactivated?: boolean;
}

export interface AddGroupInput {
	guid: string;
	name?: string;
	type?: GroupType;
	password?: string;
	icon?: string;
	description?: string;
	metadata?: Record<string, unknown>;
	tags?: string[];
	owner?: string;
	members?: Record<string, MemberScope>;
	createdAt?: number;
}

export class EmulatorState {
	/** uid (lower-case) → user, in insertion order. Includes deactivated users. */
	readonly users = new Map<string, UserRecord>();
	/** guid (lower-case) → group. */
	readonly groups = new Map<string, GroupRecord>();
	/** blocker uid → (blocked uid → block). */
	readonly blocks = new Map<string, Map<string, BlockRecord>>();
	/** uid → auth tokens, oldest first. */
	readonly authTokens = new Map<string, AuthTokenRecord[]>();
	/** Messages in send order. */
	readonly messages: MessageRecord[] = [];
	/** The last message id handed out; ids are a growing counter, sent as strings [REC]. */
	lastMessageId = 0;
	private seqCounter = 0;
	/** Message lists answer at most this many messages a page, whatever `limit` asks (a CometChat that caps pages); meta.current.limit says so. */
	messagePageCap?: number;
	/** The app's ID (createEmulator sets it): what bot callbacks carry as `appId`. */
	appId = '';

	/** `now` returns unix seconds. */
	constructor(readonly now: () => number = () => Math.floor(Date.now() / 1000)) {}

	nextSeq(): number {
		this.seqCounter += 1;
		return this.seqCounter;
	}

	nextMessageId(): string {
		this.lastMessageId += 1;
		return String(this.lastMessageId);
	}

	/**
	 * A store a route module keeps for its own resource (roles, API keys, friends...), created on
	 * first use and emptied by clear(), so each resource's state lives beside its routes.
	 */
	store<T extends { clear(): void }>(name: string, create: () => T): T {
		let store = this.stores.get(name) as T | undefined;
		if (!store) {
			store = create();
			this.stores.set(name, store);
		}
		return store;
	}

	private readonly stores = new Map<string, { clear(): void }>();

	/** Empty every collection (keeps this object, so references held by tests stay valid). */
	clear(): void {
		for (const store of this.stores.values()) store.clear();
		this.users.clear();
		this.groups.clear();
		this.blocks.clear();
		this.authTokens.clear();
		this.messages.length = 0;
		this.lastMessageId = 0;
		this.seqCounter = 0;
	}

	// ---- users ---------------------------------------------------------------------------------

	/** The user, or undefined when unknown or (unless asked) deactivated. */
	getUser(uid: string, includeDeactivated = false): UserRecord | undefined {
		const user = this.users.get(normalizeId(uid));
		if (!user) return undefined;
		if (user.deactivatedAt !== undefined && !includeDeactivated) return undefined;
		return user;
	}

	/** Insert or replace a user (no validation: the routes validate, seeding trusts its caller). */
	addUser(input: AddUserInput): UserRecord {
		const uid = normalizeId(input.uid);
		const createdAt = input.createdAt ?? this.now();
		const user: UserRecord = {
			uid,
			name: input.name ?? uid,
			avatar: input.avatar,
			link: input.link,
			role: input.role ?? 'default',
			status: input.status ?? 'offline',
			statusMessage: input.statusMessage,
			metadata: input.metadata,
			tags: input.tags,
			createdAt,
			deactivatedAt: input.deactivated ? createdAt : undefined,
			seq: this.nextSeq(),
		};
		this.users.set(uid, user);
		return user;
	}

	/** Remove a user and everything that points at them (permanent delete). */
	removeUser(uid: string): void {
		const id = normalizeId(uid);
		this.users.delete(id);
		this.authTokens.delete(id);
		this.blocks.delete(id);
		for (const blocked of this.blocks.values()) blocked.delete(id);
		for (const group of this.groups.values()) {
			group.members.delete(id);
			group.bans.delete(id);
		}
		for (let i = this.messages.length - 1; i >= 0; i -= 1) {
			const m = this.messages[i];
			if (m.sender === id || (m.receiverType === 'user' && m.receiver === id)) this.messages.splice(i, 1);
		}
	}

	// ---- auth tokens ---------------------------------------------------------------------------

	addAuthToken(uid: string): AuthTokenRecord {
		const id = normalizeId(uid);
		const createdAt = this.now();
		const token: AuthTokenRecord = { uid: id, authToken: makeAuthToken(id, createdAt), createdAt, seq: this.nextSeq() };
		const list = this.authTokens.get(id) ?? [];
		list.push(token);
		this.authTokens.set(id, list);
		return token;
	}

	latestAuthToken(uid: string): AuthTokenRecord | undefined {
		const list = this.authTokens.get(normalizeId(uid));
		return list && list.length > 0 ? list[list.length - 1] : undefined;
	}

	// ---- blocks --------------------------------------------------------------------------------

	getBlock(blocker: string, blocked: string): BlockRecord | undefined {
		return this.blocks.get(normalizeId(blocker))?.get(normalizeId(blocked));
	}

	addBlock(blocker: string, blocked: string): BlockRecord {
		const from = normalizeId(blocker);
		const map = this.blocks.get(from) ?? new Map<string, BlockRecord>();
		const record: BlockRecord = { blockedAt: this.now(), seq: this.nextSeq() };
		map.set(normalizeId(blocked), record);
		this.blocks.set(from, map);
		return record;
	}

	removeBlock(blocker: string, blocked: string): boolean {
		return this.blocks.get(normalizeId(blocker))?.delete(normalizeId(blocked)) ?? false;
	}

	// ---- groups --------------------------------------------------------------------------------

	getGroup(guid: string): GroupRecord | undefined {
		return this.groups.get(normalizeId(guid));
	}

	/**
	 * Insert or replace a group. The owner, when it is a known user and not listed in `members`,
	 * becomes an admin member (INFERRED: CometChat lists the owner among the admins).
	 */
	addGroup(input: AddGroupInput): GroupRecord {
		const guid = normalizeId(input.guid);
		const createdAt = input.createdAt ?? this.now();
		const members = new Map<string, MemberRecord>();
		for (const [uid, scope] of Object.entries(input.members ?? {})) {
			members.set(normalizeId(uid), { scope, joinedAt: createdAt });
		}
		const owner = normalizeId(input.owner ?? firstAdmin(input.members) ?? APP_SYSTEM_UID);
		if (owner !== APP_SYSTEM_UID && !members.has(owner) && this.users.has(owner)) {
			members.set(owner, { scope: 'admin', joinedAt: createdAt });
		}
		const group: GroupRecord = {
			guid,
			name: input.name ?? guid,
			type: input.type ?? 'public',
			password: input.password,
			icon: input.icon,
			description: input.description,
			metadata: input.metadata,
			tags: input.tags,
			owner,
			createdAt,
			members,
			bans: new Map<string, BanRecord>(),
			seq: this.nextSeq(),
		};
		this.groups.set(guid, group);
		return group;
	}

	/** Ban: drop the membership and record the ban with the former scope. */
	banUser(guid: string, uid: string): BanRecord {
		const group = this.getGroup(guid);
		if (!group) throw new Error(`Emulator: no group ${guid} to ban ${uid} from`);
		const id = normalizeId(uid);
		const member = group.members.get(id);
		group.members.delete(id);
		const ban: BanRecord = { bannedAt: this.now(), scope: member?.scope, seq: this.nextSeq() };
		group.bans.set(id, ban);
		return ban;
	}

	unbanUser(guid: string, uid: string): boolean {
		return this.getGroup(guid)?.bans.delete(normalizeId(uid)) ?? false;
	}

	// ---- messages ------------------------------------------------------------------------------

	getMessage(id: string): MessageRecord | undefined {
		return this.messages.find((m) => m.id === id);
	}
}

function firstAdmin(members: Record<string, MemberScope> | undefined): string | undefined {
	if (!members) return undefined;
	return Object.keys(members).find((uid) => members[uid] === 'admin');
}
