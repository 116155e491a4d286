/**
 * The emulator's management host (`https://apimgmt.cometchat.io`, reference §9.5/§10, spec
 * management-apis.json), checked with the `key` and `secret` headers; plus a files host for media
 * (`/{appId}/media/{file}`, token-based file access, CometChat's webhook guide).
 *
 * These paths have no `/v3` prefix, so server.ts hands every non-`/v3` request here first
 * (`handleManagement`); the `/v3` routes are untouched. Management requests skip the chat
 * API's rate limits (none are documented for it) but are recorded and see `failNext` faults
 * like any other request.
 *
 * Routes live in routes/management*.ts (shared pieces: routes/managementShared.ts) and are registered
 * in MANAGEMENT_ROUTES below, one line per file.
 */
import type { ServerResponse } from 'node:http';
import { errors } from './errors';
import { managementAppRoutes } from './routes/managementApps';
import { matchSegments } from './routes/shared';
import { managementExtensionRoutes } from './routes/managementExtensions';
import {
	ManagementError,
	checkBasic,
	checkPair,
	isPlainObject,
	managementStore,
	mgmtErrors,
	type ManagementRequest,
	type ManagementResult,
	type ManagementRoute,
	type ManagementStore,
} from './routes/managementShared';
import { managementTeamRoutes } from './routes/managementTeam';
import { managementWebhookRoutes } from './routes/managementWebhooks';
import { type EmulatorState, randomHex } from './state';

export {
	DEFAULT_MANAGEMENT_KEY,
	DEFAULT_MANAGEMENT_SECRET,
	KNOWN_TRIGGERS,
	MAX_WEBHOOKS,
	ManagementStore,
	managementStore,
	type AppRecord,
	type ManagementResult,
	type ManagementRoute,
	type MediaFile,
	type WebhookRecord,
} from './routes/managementShared';

/** Every management route, one line per route file. */
export const MANAGEMENT_ROUTES: ManagementRoute[] = [
	...managementAppRoutes,
	...managementExtensionRoutes,
	...managementTeamRoutes,
	...managementWebhookRoutes,
];

/** Writes a management or files-host answer: JSON, or the bytes of a file. */
export async function sendManagement(res: ServerResponse, result: ManagementResult): Promise<void> {
	if (result.delayMs) await new Promise((resolve) => setTimeout(resolve, result.delayMs));
	const bytes = Buffer.isBuffer(result.body) ? result.body : Buffer.from(JSON.stringify(result.body));
	res.writeHead(result.status, {
		'Content-Type': 'application/json',
		'cache-control': 'must-revalidate, no-cache, private',
		...result.headers,
		...(result.noLength ? {} : { 'Content-Length': String(bytes.length) }),
	});
	if (result.hang) {
		res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
		return;
	}
	if (result.noLength) {
		// In pieces, as a streaming host sends it.
		for (let at = 0; at < bytes.length; at += 64 * 1024) res.write(bytes.subarray(at, at + 64 * 1024));
	}
	res.end(result.noLength ? undefined : bytes);
}

const compiled = () => MANAGEMENT_ROUTES.map((route) => ({ route, segments: route.path.split('/').filter((s) => s !== '') }));

function match(method: string, segments: string[]): { route: ManagementRoute; params: Record<string, string> } | undefined {
	for (const { route, segments: pattern } of compiled()) {
		if (route.method !== method) continue;
		const params = matchSegments(pattern, segments);
		if (params) return { route, params };
	}
	return undefined;
}

/**
 * Answers a request for the management or files host, or returns undefined for anything else
 * (`/v3/...` and unknown paths go on to the chat routes as before).
 * Order: route (unknown path or method → 404 ERR_API_NOT_FOUND, as on the chat host), auth, JSON body,
 * the app of `/apps/:appId` (unknown → ERR_APP_NOT_FOUND, archived → ERR_APP_ARCHIVED), the handler.
 */
export function handleManagement(state: EmulatorState, request: ManagementRequest): ManagementResult | undefined {
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
		const found = match(request.method, segments);
		if (found) return run(store, request, found.route, found.params);
		if (segments.length === 3 && segments[1] === 'media' && request.method === 'GET') return mediaRoute(store, request, segments);
		if (segments[0] === 'apps' || segments[0] === 'tenants') {
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

function run(store: ManagementStore, request: ManagementRequest, route: ManagementRoute, params: Record<string, string>): ManagementResult {
	if (route.auth === 'basic') checkBasic(store, request.headers);
	else checkPair(store, request.headers);
	if (request.badJson) throw mgmtErrors.badRequest({ body: ['The request body must be valid JSON.'] });
	let app;
	if (route.app) {
		app = store.apps.get(params.appId);
		if (!app) throw mgmtErrors.appNotFound(params.appId);
		if (app.state === 'archived') throw mgmtErrors.appArchived(params.appId);
	}
	return route.handler({
		store,
		params,
		query: request.query,
		headers: request.headers,
		body: isPlainObject(request.body) ? request.body : {},
		rawBody: request.body,
		app,
	});
}

/**
 * Token-based file access (CometChat's webhook guide): without `?fat=` a GET needs the `appId` and
 * `apiKey` headers; with `redirect=0` it answers `{data: {url}}`, a file-access-token URL, otherwise
 * it redirects there (INFERRED: the guide says the token URL leads on by redirect). With a token
 * handed out earlier it serves the file. (CometChat's token URL redirects to a pre-signed one; the
 * emulator serves the file directly, unless the file says otherwise.)
 */
function mediaRoute(store: ManagementStore, request: ManagementRequest, segments: string[]): ManagementResult {
	const [appId, , name] = segments;
	const file = store.media.get(`${appId}/${name}`);
	const token = request.query.fat;
	if (token !== undefined) {
		if (!file || !store.fileTokens.has(token)) return { status: 403, body: { message: 'The file access token is not valid.' } };
		if (file.signedRedirect) return { status: 302, body: {}, headers: { Location: file.signedRedirect } };
		return { status: 200, body: file.data, headers: { 'Content-Type': file.mimeType }, delayMs: file.delayMs, hang: file.hang, noLength: file.noLength };
	}
	const apiKey = request.headers['apikey'];
	if (request.headers['appid'] !== appId || !apiKey || !(apiKey in request.apiKeys)) return { status: 401, body: { message: 'Unauthorized' } };
	if (!file) return { status: 404, body: { message: 'The file does not exist.' } };
	if (file.keyedRedirect) return { status: 302, body: {}, headers: { Location: file.keyedRedirect } };
	const fat = randomHex(32);
	store.fileTokens.add(fat);
	const url = `http://${request.headers.host ?? '127.0.0.1'}/${appId}/media/${encodeURIComponent(name)}?fat=${fat}`;
	if (request.query.redirect !== '0') return { status: 302, body: {}, headers: { Location: url } };
	return { status: 200, body: { data: { url } } };
}
