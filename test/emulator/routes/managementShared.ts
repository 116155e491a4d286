/**
 * What every management-host route shares (`https://apimgmt.cometchat.io`, spec management-apis.json,
 * reference §9.5/§10): the store (apps, webhooks, settings, collaborators, tenants), the error bodies,
 * the route type and the `key`/`secret` check. Route files: routes/management*.ts, registered in
 * test/emulator/management.ts (MANAGEMENT_ROUTES).
 */
import { DEFAULT_API_KEY, type EmulatorState, randomHex } from '../state';
import { isPlainObject, Validator, type RouteResult } from './shared';

export const DEFAULT_MANAGEMENT_KEY = 'test-mgmt-key-0123';
export const DEFAULT_MANAGEMENT_SECRET = 'test-mgmt-secret-0123456789abcdef';
/** CometChat's limit (management webhooks overview, constraints). */
export const MAX_WEBHOOKS = 25;
/** The emulator's own app, which the key pair always sees after a reset. */
export const DEFAULT_MANAGEMENT_APP = 'demo-app';
/** Apps are archived, then deleted after 30 days (reference §10). */
export const ARCHIVE_SECONDS = 30 * 24 * 60 * 60;

// The management overview's 46 trigger IDs plus the five only the webhook guide lists.
export const KNOWN_TRIGGERS: Record<string, string> = Object.fromEntries(
	[
		'message_sent', 'message_edited', 'message_deleted', 'message_reaction_added', 'message_reaction_removed',
		'message_delivery_receipt', 'message_read_receipt', 'user_blocked', 'user_unblocked', 'user_connection_status_changed',
		'group_created', 'group_updated', 'group_deleted', 'group_member_joined', 'group_member_left', 'group_member_added',
		'group_member_kicked', 'group_member_banned', 'group_member_unbanned', 'group_member_scope_changed',
		'group_owner_transferred', 'call_initiated', 'call_started', 'call_participant_joined', 'call_participant_left',
		'call_ended', 'meeting_started', 'meeting_participant_joined', 'meeting_participant_left', 'meeting_ended',
		'recording_generated', 'transcription_generated', 'after_campaign_completed', 'after_campaign_failed',
		'after_notification_created', 'after_feed_item_sent', 'after_feed_item_delivered', 'after_feed_item_read',
		'after_feed_item_interacted', 'after_push_notification_sent', 'after_push_notification_delivered',
		'after_push_notification_clicked', 'moderation_engine_approved', 'moderation_engine_blocked',
		'moderation_manual_approved', 'moderation_engine_failed',
		'user_mentioned', 'call_busy', 'call_cancelled', 'call_rejected', 'call_unanswered',
	].map((id) => [id, `The hook triggers on ${id.replace(/_/g, ' ')}.`]),
);

// The spec's List Settings example: what a new app starts with.
export const DEFAULT_SETTINGS: Record<string, unknown> = {
	'core.conversations.updateOnGroupActions': true,
	'core.conversations.updateOnReplies': true,
	'core.threads.updateOnMessageActions': false,
	'core.conversations.updateOnCallActivity': true,
	'core.conversations.updateOnMessageActions': true,
	'core.conversations.updateOnCustomMessage': true,
};

const REGION_NAMES: Record<string, { name: string; description: string }> = {
	us: { name: 'USA', description: 'The USA region has servers located at Ohio.' },
	eu: { name: 'Europe', description: 'The Europe region has servers located at Frankfurt.' }, // INFERRED text
	in: { name: 'India', description: 'The India region has servers located at Mumbai.' }, // INFERRED text
};

/** The account owner the key pair belongs to (spec example shape). */
export const ACCOUNT_OWNER = { id: '1656', name: 'Emulator Owner', email: 'owner@example.com' };

export interface ApiKeyRecord {
	apiKey: string;
	name: string;
	scope: 'fullAccess' | 'authOnly';
	createdBy: string;
}

export interface AppRecord {
	id: string;
	name: string;
	region: string;
	version: string;
	plan: string;
	state: 'active' | 'archived';
	createdAt: number;
	trialEndsAt: number;
	scheduledToDeleteAt?: number;
	skipSampleData: boolean;
	apiKeys: ApiKeyRecord[];
	settings: Record<string, unknown>;
	/** email → collaborator. */
	collaborators: Map<string, CollaboratorRecord>;
	/** Usage reports asked for ({usePreviousBillingCycle}), in order. */
	usageRequests: boolean[];
}

export interface CollaboratorRecord {
	id: string;
	name: string;
	email: string;
	role: 'admin' | 'moderator' | 'developer';
	createdAt: number;
}

export interface TenantRecord {
	name: string;
	email: string;
	contactNumber?: string;
	role?: string;
	industry?: string;
	technology?: string;
	createdAt: number;
	appId: string;
}

export interface WebhookRecord {
	id: string;
	name: string;
	webhookURL: string;
	useBasicAuth: boolean;
	username?: string;
	password?: string;
	enabled: boolean;
	retryOnFailure: boolean;
	triggers: string[];
	createdAt: number;
	updatedAt: number;
}

export interface MediaFile {
	data: Buffer;
	mimeType: string;
	/** Wait this long before answering the file itself (a slow file host). */
	delayMs?: number;
	/** The file itself: send the headers and half the bytes, then never finish (a hanging host). */
	hang?: boolean;
	/** The file itself: no Content-Length (chunked), so only counting the bytes finds its size. */
	noLength?: boolean;
	/** The keyed request answers `302 Location: keyedRedirect` instead of the token (a hostile or broken host). */
	keyedRedirect?: string;
	/** The token URL answers `302 Location: signedRedirect` instead of the file. */
	signedRedirect?: string;
}

export class ManagementStore {
	/** The accepted key pair (not cleared by reset). */
	credentials = { key: DEFAULT_MANAGEMENT_KEY, secret: DEFAULT_MANAGEMENT_SECRET };
	/** Apps the key pair can see, in creation order; the emulator's own app after a reset. */
	readonly apps = new Map<string, AppRecord>();
	/** appId → webhook id → webhook, in creation order. */
	readonly webhooks = new Map<string, Map<string, WebhookRecord>>();
	/** How many active apps the account may have (ERR_APP_CREATION_FAILED_MAX_LIMIT beyond); tests lower it. */
	maxApps = Infinity;
	/** Trigger IDs the webhooks refuse although CometChat knows them (an app without that feature); tests set it. */
	readonly refusedTriggers = new Set<string>();
	/** Tenants made with POST /tenants, by email. */
	readonly tenants = new Map<string, TenantRecord>();
	/** appId/file name → media; served token-protected at `/{appId}/media/{file}`. */
	readonly media = new Map<string, MediaFile>();
	/** file-access tokens handed out, for the second step of a media download. */
	readonly fileTokens = new Set<string>();

	constructor(readonly state: EmulatorState) {
		this.seedDemoApp();
	}

	clear(): void {
		this.webhooks.clear();
		this.media.clear();
		this.fileTokens.clear();
		this.apps.clear();
		this.tenants.clear();
		this.maxApps = Infinity;
		this.refusedTriggers.clear();
		this.seedDemoApp();
	}

	/**
	 * One app seen from both hosts: its REST API key is the one the chat host takes (the trigger reads it
	 * through the management API for private media).
	 */
	private seedDemoApp(): void {
		const app = this.seedApp({ id: DEFAULT_MANAGEMENT_APP, name: DEFAULT_MANAGEMENT_APP });
		app.apiKeys[0] = { ...app.apiKeys[0], apiKey: DEFAULT_API_KEY };
	}

	/** Add an app directly (tests); its two keys are made as POST /apps makes them. */
	seedApp(input: Partial<AppRecord> & { id: string; name: string }): AppRecord {
		const now = this.state.now();
		const app: AppRecord = {
			region: 'us',
			version: '3',
			plan: 'trial',
			state: 'active',
			createdAt: now,
			trialEndsAt: now + 14 * 24 * 60 * 60, // the spec example's trial: 14 days
			skipSampleData: false,
			apiKeys: [
				{ apiKey: randomHex(40), name: 'Rest API Key', scope: 'fullAccess', createdBy: 'app_system' },
				{ apiKey: randomHex(40), name: 'Auth Key', scope: 'authOnly', createdBy: 'app_system' },
			],
			settings: { ...DEFAULT_SETTINGS },
			collaborators: new Map(),
			usageRequests: [],
			...input,
		};
		this.apps.set(app.id, app);
		return app;
	}

	appWebhooks(appId: string): Map<string, WebhookRecord> {
		let map = this.webhooks.get(appId);
		if (!map) {
			map = new Map();
			this.webhooks.set(appId, map);
		}
		return map;
	}

	/** Add a webhook directly (tests filling the app up to its limit). */
	seedWebhook(appId: string, input: Partial<WebhookRecord> & { id: string }): WebhookRecord {
		const now = this.state.now();
		const record: WebhookRecord = {
			name: input.id,
			webhookURL: `https://hooks.example.com/${input.id}`,
			useBasicAuth: false,
			enabled: true,
			retryOnFailure: false,
			triggers: [],
			createdAt: now,
			updatedAt: now,
			...input,
		};
		this.appWebhooks(appId).set(record.id, record);
		return record;
	}

	/** Put a media file where CometChat's files host would serve it. */
	putMedia(appId: string, name: string, file: MediaFile): void {
		this.media.set(`${appId}/${name}`, file);
	}
}

/** The management store of this emulator (tests read and seed it through here). */
export function managementStore(state: EmulatorState): ManagementStore {
	return state.store('management', () => new ManagementStore(state));
}

/** An app as the API shows it (spec appSchema, example of POST /apps); `accessKey` in lists only. */
export function appView(app: AppRecord, options: { list?: boolean } = {}): Record<string, unknown> {
	const fullAccess = app.apiKeys.find((key) => key.scope === 'fullAccess');
	return {
		id: app.id,
		name: app.name,
		plan: app.plan,
		trialEndsAt: app.trialEndsAt,
		state: app.state,
		owner: Number(ACCOUNT_OWNER.id),
		region: app.region,
		createdAt: app.createdAt,
		appOwner: { ...ACCOUNT_OWNER },
		appRegion: { id: app.region, ...REGION_NAMES[app.region] },
		...(options.list && fullAccess ? { accessKey: fullAccess.apiKey } : {}),
		apiKeys: Object.fromEntries(app.apiKeys.map((key) => [key.apiKey, { ...key }])),
	};
}

// ---- errors: `{error: {message, devMessage, source, (details), code}}` as on the chat host -----------

/** Thrown by handlers; the dispatcher turns it into the response. */
export class ManagementError extends Error {
	constructor(
		readonly status: number,
		readonly body: unknown,
	) {
		super('management error');
	}
}

// `source` INFERRED: the chat host says "chat-api"; nothing shows the management host's value.
export function fail(status: number, code: string, message: string, details?: Record<string, string[]>): ManagementError {
	const error = details
		? { message, devMessage: message, source: 'management-api', details, code }
		: { message, devMessage: message, source: 'management-api', code };
	return new ManagementError(status, { error });
}

export const mgmtErrors = {
	// Code and meaning from the management error-codes page; status 401 and text INFERRED.
	emptyAuthHeader: () => fail(401, 'AUTH_ERR_EMPTY_AUTH_HEADER', 'The authentication header is missing. Please provide the key and secret headers.'),
	// No documented code for a wrong pair: the chat host's code for an unknown key, status 401
	// (INFERRED). Like the chat host, the text echoes the key, which clients must never show.
	badPair: (key: string) =>
		fail(401, 'AUTH_ERR_APIKEY_NOT_FOUND', `The key ${key} does not exist or the secret does not match it. Please use the correct key and secret.`),
	// Code and description from the error-codes page; status 404 and exact text INFERRED.
	appNotFound: (appId: string) => fail(404, 'ERR_APP_NOT_FOUND', `The App ID ${appId} does not exist or has been archived.`),
	// Code and meaning from the error-codes page ("archived, deleted after 30 days"); status 400 and text INFERRED.
	appArchived: (appId: string) => fail(400, 'ERR_APP_ARCHIVED', `The app ${appId} has been archived and will be deleted after 30 days.`),
	webhookNotFound: (id: string) => fail(404, 'ERR_WEBHOOK_NOT_FOUND', `The webhook ${id} does not exist.`),
	// The limit is documented; its error is not: ERR_BAD_REQUEST (the webhooks section's only other
	// code), status 400 and text INFERRED.
	limit: () =>
		fail(400, 'ERR_BAD_REQUEST', `The app already has the maximum of ${MAX_WEBHOOKS} webhooks. Please delete a webhook or contact support.`),
	badRequest: (details: Record<string, string[]>) => fail(400, 'ERR_BAD_REQUEST', 'Failed to validate the data sent with the request.', details),
};

// ---- routes ---------------------------------------------------------------------------------------

export interface ManagementRequest {
	/** The `apikey` values the emulator accepts (for the files host). */
	apiKeys: Record<string, unknown>;
	method: string;
	path: string;
	query: Record<string, string>;
	/** Lower-cased names. */
	headers: Record<string, string>;
	body: unknown;
	badJson: boolean;
}

export interface ManagementContext {
	store: ManagementStore;
	/** Path params, percent-decoded. */
	params: Record<string, string>;
	query: Record<string, string>;
	headers: Record<string, string>;
	/** The JSON body as an object; `{}` when there is none or it is not an object. */
	body: Record<string, unknown>;
	/** The body as sent (parsed JSON), for routes that must tell "no body" from `{}`. */
	rawBody: unknown;
	/** The app of `:appId`, active (set when the route has `app: true`). */
	app?: AppRecord;
}

export interface ManagementResult extends RouteResult {
	headers?: Record<string, string>;
	/** Answer only after this many milliseconds. */
	delayMs?: number;
	/** Send the headers and half the body, then nothing more (the connection stays open). */
	hang?: boolean;
	/** Leave out Content-Length (chunked transfer). */
	noLength?: boolean;
}

export interface ManagementRoute {
	method: 'GET' | 'POST' | 'PUT' | 'DELETE';
	/** From the host root, with `:name` params, e.g. `/apps/:appId/webhooks/:webhookId`. */
	path: string;
	/** How the caller authenticates: the key pair (default), or HTTP Basic (POST /tenants). */
	auth?: 'pair' | 'basic';
	/** The route is under `/apps/:appId`: the app must exist and be active (sets ctx.app). */
	app?: boolean;
	handler: (ctx: ManagementContext) => ManagementResult;
}

/** `{data}` (plus `meta`), status 200 for creates too, as on the chat host. */
export function okData(data: unknown, meta?: unknown): ManagementResult {
	return { status: 200, body: meta === undefined ? { data } : { data, meta } };
}

/** The `key` and `secret` headers must be the store's pair. */
export function checkPair(store: ManagementStore, headers: Record<string, string>): void {
	const key = headers['key']?.trim();
	const secret = headers['secret']?.trim();
	if (!key || !secret) throw mgmtErrors.emptyAuthHeader();
	if (key !== store.credentials.key || secret !== store.credentials.secret) throw mgmtErrors.badPair(key);
}

/**
 * HTTP Basic with the key pair as user and password (the spec's basicAuth scheme for POST /tenants;
 * which pair it takes is not documented: the management key and secret, INFERRED).
 */
export function checkBasic(store: ManagementStore, headers: Record<string, string>): void {
	const match = /^Basic\s+(\S+)$/i.exec(headers['authorization'] ?? '');
	if (!match) throw fail(401, 'AUTH_ERR_EMPTY_AUTH_HEADER', 'The Basic Auth header is missing. Please provide the authorization header.');
	const decoded = Buffer.from(match[1], 'base64').toString('utf8');
	const at = decoded.indexOf(':');
	const key = at >= 0 ? decoded.slice(0, at) : decoded;
	const secret = at >= 0 ? decoded.slice(at + 1) : '';
	if (key !== store.credentials.key || secret !== store.credentials.secret) throw mgmtErrors.badPair(key);
}

/** A validator that throws the management host's 400 when anything failed. */
export function checked(v: Validator): void {
	if (v.failed) throw mgmtErrors.badRequest(v.details);
}

/** An optional array of e-mail addresses (collaborators). */
export function emailList(v: Validator, body: Record<string, unknown>, field: string): string[] {
	const list = v.optionalStringArray(body, field) ?? [];
	list.forEach((email, i) => {
		if (!EMAIL.test(email)) v.add(`${field}.${i}`, `The ${field}.${i} must be a valid email address.`);
	});
	return list;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export { isPlainObject, Validator };
