/**
 * The emulator's management host (`https://apimgmt.cometchat.io`, reference §9.5/§10, spec
 * management-apis.json): webhooks and their triggers under `/apps/{appId}/webhooks`, checked
 * with the `key` and `secret` headers; plus a files host for media (`/{appId}/media/{file}`,
 * token-based file access, CometChat's webhook guide).
 *
 * These paths have no `/v3` prefix, so server.ts hands every non-`/v3` request here first
 * (`handleManagement`); the `/v3` routes are untouched. Management requests skip the chat
 * API's rate limits (none are documented for it) but are recorded and see `failNext` faults
 * like any other request.
 */
import type { ServerResponse } from 'node:http';
import { errors } from './errors';
import { isPlainObject, pageParams, paginate, Validator, type RouteContext, type RouteResult } from './routes/shared';
import { type EmulatorState, randomHex } from './state';

export const DEFAULT_MANAGEMENT_KEY = 'test-mgmt-key-0123';
export const DEFAULT_MANAGEMENT_SECRET = 'test-mgmt-secret-0123456789abcdef';
/** CometChat's limit (management webhooks overview, constraints). */
export const MAX_WEBHOOKS = 25;

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
}

export class ManagementStore {
	/** The accepted key pair (not cleared by reset). */
	credentials = { key: DEFAULT_MANAGEMENT_KEY, secret: DEFAULT_MANAGEMENT_SECRET };
	/** Apps the key pair can see; the emulator's own app by default. */
	readonly apps = new Set<string>(['demo-app']);
	/** appId → webhook id → webhook, in creation order. */
	readonly webhooks = new Map<string, Map<string, WebhookRecord>>();
	/** appId/file name → media; served token-protected at `/{appId}/media/{file}`. */
	readonly media = new Map<string, MediaFile>();
	/** file-access tokens handed out, for the second step of a media download. */
	readonly fileTokens = new Set<string>();

	constructor(readonly state: EmulatorState) {}

	clear(): void {
		this.webhooks.clear();
		this.media.clear();
		this.fileTokens.clear();
		this.apps.clear();
		this.apps.add('demo-app');
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

// ---- errors: `{error: {message, devMessage, source, (details), code}}` as on the chat host -----------

/** Thrown by handlers here; handleManagement turns it into the response. */
class ManagementError extends Error {
	constructor(
		readonly status: number,
		readonly body: unknown,
	) {
		super('management error');
	}
}

// `source` INFERRED: the chat host says "chat-api"; nothing shows the management host's value.
function fail(status: number, code: string, message: string, details?: Record<string, string[]>): ManagementError {
	const error = details
		? { message, devMessage: message, source: 'management-api', details, code }
		: { message, devMessage: message, source: 'management-api', code };
	return new ManagementError(status, { error });
}

const mgmtErrors = {
	// Code and meaning from the management error-codes page; status 401 and text INFERRED.
	emptyAuthHeader: () => fail(401, 'AUTH_ERR_EMPTY_AUTH_HEADER', 'The authentication header is missing. Please provide the key and secret headers.'),
	// No documented code for a wrong pair: the chat host's code for an unknown key, status 401
	// (INFERRED). Like the chat host, the text echoes the key, which clients must never show.
	badPair: (key: string) =>
		fail(401, 'AUTH_ERR_APIKEY_NOT_FOUND', `The key ${key} does not exist or the secret does not match it. Please use the correct key and secret.`),
	// Code and description from the error-codes page; status 404 and exact text INFERRED.
	appNotFound: (appId: string) => fail(404, 'ERR_APP_NOT_FOUND', `The App ID ${appId} does not exist or has been archived.`),
	webhookNotFound: (id: string) => fail(404, 'ERR_WEBHOOK_NOT_FOUND', `The webhook ${id} does not exist.`),
	// The limit is documented; its error is not: ERR_BAD_REQUEST (the webhooks section's only other
	// code), status 400 and text INFERRED.
	limit: () =>
		fail(400, 'ERR_BAD_REQUEST', `The app already has the maximum of ${MAX_WEBHOOKS} webhooks. Please delete a webhook or contact support.`),
	badRequest: (details: Record<string, string[]>) => fail(400, 'ERR_BAD_REQUEST', 'Failed to validate the data sent with the request.', details),
};

// ---- dispatch -----------------------------------------------------------------------------------------

export interface ManagementResult extends RouteResult {
	headers?: Record<string, string>;
	/** Answer only after this many milliseconds. */
	delayMs?: number;
}

/** Writes a management or files-host answer: JSON, or the bytes of a file. */
export async function sendManagement(res: ServerResponse, result: ManagementResult): Promise<void> {
	if (result.delayMs) await new Promise((resolve) => setTimeout(resolve, result.delayMs));
	const bytes = Buffer.isBuffer(result.body) ? result.body : Buffer.from(JSON.stringify(result.body));
	res.writeHead(result.status, {
		'Content-Type': 'application/json',
		'cache-control': 'must-revalidate, no-cache, private',
		...result.headers,
		'Content-Length': String(bytes.length),
	});
	res.end(bytes);
}

interface Incoming {
	/** The `apikey` values the emulator accepts (for the files host). */
	apiKeys: Record<string, unknown>;
	method: string;
	path: string;
	query: Record<string, string>;
	headers: Record<string, string>;
	body: unknown;
	badJson: boolean;
}

/**
 * Answers a request for the management or files host, or returns undefined for anything else
 * (`/v3/...` and unknown paths go on to the chat routes as before).
 */
export function handleManagement(state: EmulatorState, request: Incoming): ManagementResult | undefined {
	const parts = request.path.split('/').filter((s) => s !== '');
	if (parts[0] === 'v3') return undefined;
	let segments: string[];
	try {
		segments = parts.map((s) => decodeURIComponent(s));
	} catch {
		return undefined;
	}
	const store = managementStore(state);
	try {
		if (segments[0] === 'apps' && segments.length === 1 && request.method === 'GET') return appsRoute(store, request);
		if (segments[0] === 'apps' && segments[2] === 'webhooks') return webhookRoute(store, request, segments);
		if (segments.length === 3 && segments[1] === 'media' && request.method === 'GET') return mediaRoute(store, request, segments);
		if (segments[0] === 'apps') {
			const err = errors.apiNotFound();
			return { status: err.status, body: err.body };
		}
		return undefined;
	} catch (e) {
		if (e instanceof ManagementError) return { status: e.status, body: e.body };
		const err = errors.exception();
		return { status: err.status, body: err.body };
	}
}

function checkPair(store: ManagementStore, headers: Record<string, string>): void {
	const key = headers['key']?.trim();
	const secret = headers['secret']?.trim();
	if (!key || !secret) throw mgmtErrors.emptyAuthHeader();
	if (key !== store.credentials.key || secret !== store.credentials.secret) throw mgmtErrors.badPair(key);
}

/** `GET /apps` (spec "List Apps"; `perPage` default 25 there): the apps the key pair sees, minimal fields. */
function appsRoute(store: ManagementStore, request: Incoming): RouteResult {
	checkPair(store, request.headers);
	const v = new Validator();
	const page = pageParams({ query: { perPage: '25', ...request.query } } as unknown as RouteContext, v);
	if (v.failed) throw mgmtErrors.badRequest(v.details);
	const { pageItems, pagination } = paginate([...store.apps], page);
	return { status: 200, body: { data: pageItems.map((id) => ({ id, name: id, region: 'us', state: 'active' })), meta: { pagination } } };
}

function webhookRoute(store: ManagementStore, request: Incoming, segments: string[]): RouteResult {
	const [, appId, , webhookId, sub] = segments;
	const method = request.method;
	const shape =
		segments.length === 3 ? 'list' : segments.length === 4 ? 'one' : segments.length === 5 && sub === 'triggers' ? 'triggers' : undefined;
	const allowed: Record<string, string[]> = { list: ['GET', 'POST'], one: ['GET', 'PUT', 'DELETE'], triggers: ['GET', 'POST', 'DELETE'] };
	if (!shape || !allowed[shape].includes(method)) {
		const err = errors.apiNotFound();
		return { status: err.status, body: err.body };
	}
	checkPair(store, request.headers);
	if (request.badJson) throw mgmtErrors.badRequest({ body: ['The request body must be valid JSON.'] });
	if (!store.apps.has(appId)) throw mgmtErrors.appNotFound(appId);
	const hooks = store.appWebhooks(appId);
	const body = isPlainObject(request.body) ? request.body : {};
	const ctx = { query: request.query } as unknown as RouteContext;

	if (shape === 'list' && method === 'GET') {
		const v = new Validator();
		const page = pageParams(ctx, v);
		if (v.failed) throw mgmtErrors.badRequest(v.details);
		const search = request.query.searchKey?.toLowerCase();
		const all = [...hooks.values()].filter((w) => !search || w.name.toLowerCase().includes(search));
		const { pageItems, pagination } = paginate(all, page);
		return { status: 200, body: { data: pageItems.map(view), meta: { pagination } } };
	}
	if (shape === 'list') {
		const fields = validateWebhook(body, true);
		if (hooks.has(fields.id as string)) throw mgmtErrors.badRequest({ id: ['The id has already been taken.'] });
		if (hooks.size >= MAX_WEBHOOKS) throw mgmtErrors.limit();
		const record = store.seedWebhook(appId, { ...(fields as WebhookRecord), triggers: [] });
		return { status: 200, body: { data: view(record) } };
	}

	const record = hooks.get(webhookId);
	if (!record) throw mgmtErrors.webhookNotFound(webhookId);
	if (shape === 'one') {
		if (method === 'GET') return { status: 200, body: { data: view(record) } };
		if (method === 'DELETE') {
			hooks.delete(webhookId);
			return { status: 200, body: { data: { success: true, message: 'Deleted Webhook successfully.' } } };
		}
		Object.assign(record, validateWebhook(body, false), { updatedAt: store.state.now() });
		return { status: 200, body: { data: view(record) } };
	}

	// triggers
	if (method === 'GET') {
		const data = record.triggers.map((id) => ({ id, description: KNOWN_TRIGGERS[id] }));
		return { status: 200, body: { data, meta: { pagination: { total: data.length, count: data.length, per_page: 100, current_page: 1, total_pages: 1 } } } };
	}
	const ids = body.triggerIds;
	if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'string')) {
		throw mgmtErrors.badRequest({ triggerIds: ['The trigger ids field is required and must be an array of strings.'] });
	}
	if (method === 'DELETE') {
		record.triggers = record.triggers.filter((id) => !ids.includes(id));
		return { status: 200, body: { data: { success: true, message: 'Removed trigger successfully.' } } };
	}
	// Per trigger, as in the spec's example; the refusal text for an unknown ID is INFERRED.
	const data: Record<string, { success: boolean; message: string }> = {};
	for (const id of ids as string[]) {
		if (!(id in KNOWN_TRIGGERS)) {
			data[id] = { success: false, message: `The trigger ${id} does not exist.` };
			continue;
		}
		if (!record.triggers.includes(id)) record.triggers.push(id);
		data[id] = { success: true, message: 'Triggers has been added successfully.' };
	}
	return { status: 200, body: { data } };
}

const WEBHOOK_ID = /^[A-Za-z0-9_-]{1,50}$/; // "50 characters, alphanumeric" (the spec's example has "_")
const ALNUM = /^[A-Za-z0-9]+$/;

/** Create (all required fields) or update (any subset) body, CometChat's constraints table. */
function validateWebhook(body: Record<string, unknown>, creating: boolean): Partial<WebhookRecord> {
	const v = new Validator();
	const out: Partial<WebhookRecord> = {};
	if (creating) {
		const id = v.requiredString(body, 'id', 50);
		if (id !== undefined && !WEBHOOK_ID.test(id)) v.add('id', 'The id may only contain letters and numbers.');
		out.id = id;
	}
	const name = creating ? v.requiredString(body, 'name', 50) : v.optionalString(body, 'name', 50);
	if (name !== undefined) out.name = name;
	const url = creating ? v.requiredString(body, 'webhookURL', 255) : v.optionalString(body, 'webhookURL', 255);
	if (url !== undefined) {
		// "Must be a publicly accessible HTTPS endpoint"; the error text is INFERRED.
		if (!/^https:\/\/[^\s/?#]+/i.test(url)) v.add('webhookURL', 'The webhook u r l must be a valid HTTPS URL.');
		out.webhookURL = url;
	}
	const useBasicAuth = v.optionalBoolean(body, 'useBasicAuth');
	if (useBasicAuth !== undefined) out.useBasicAuth = useBasicAuth;
	else if (creating) out.useBasicAuth = false;
	for (const [field, max] of [
		['username', 50],
		['password', 100],
	] as const) {
		const value = useBasicAuth ? v.requiredString(body, field, max) : v.optionalString(body, field, max);
		if (value !== undefined && !ALNUM.test(value)) v.add(field, `The ${field} may only contain letters and numbers.`);
		if (value !== undefined) out[field] = value;
	}
	const enabled = v.optionalBoolean(body, 'enabled');
	// INFERRED default: a webhook made without `enabled` is on, as in the dashboard.
	out.enabled = enabled ?? (creating ? true : undefined);
	if (out.enabled === undefined) delete out.enabled;
	const retry = v.optionalBoolean(body, 'retryOnFailure');
	if (retry !== undefined) out.retryOnFailure = retry;
	else if (creating) out.retryOnFailure = false; // the spec's default
	if (v.failed) throw mgmtErrors.badRequest(v.details);
	return out;
}

/** The webhook as the API shows it (spec webhookSchema plus what create returns); never the password. */
function view(record: WebhookRecord): Record<string, unknown> {
	return {
		id: record.id,
		name: record.name,
		webhookURL: record.webhookURL,
		enabled: record.enabled,
		useBasicAuth: record.useBasicAuth,
		...(record.username !== undefined ? { username: record.username } : {}),
		retryOnFailure: record.retryOnFailure,
		createdAt: record.createdAt,
		updatedAt: record.updatedAt,
	};
}

/**
 * Token-based file access: without `?fat=` a GET needs the `appId` and `apiKey` headers and answers
 * `{data: {url}}` with a file-access-token URL; with a token handed out earlier it serves the file.
 * (CometChat's token URL redirects to a pre-signed one; the emulator serves the file directly.)
 */
function mediaRoute(store: ManagementStore, request: Incoming, segments: string[]): ManagementResult {
	const [appId, , name] = segments;
	const file = store.media.get(`${appId}/${name}`);
	const token = request.query.fat;
	if (token !== undefined) {
		if (!file || !store.fileTokens.has(token)) return { status: 403, body: { message: 'The file access token is not valid.' } };
		return { status: 200, body: file.data, headers: { 'Content-Type': file.mimeType }, delayMs: file.delayMs };
	}
	const apiKey = request.headers['apikey'];
	if (request.headers['appid'] !== appId || !apiKey || !(apiKey in request.apiKeys)) return { status: 401, body: { message: 'Unauthorized' } };
	if (!file) return { status: 404, body: { message: 'The file does not exist.' } };
	const fat = randomHex(32);
	store.fileTokens.add(fat);
	return { status: 200, body: { data: { url: `http://${request.headers.host ?? '127.0.0.1'}/${appId}/media/${encodeURIComponent(name)}?fat=${fat}` } } };
}
