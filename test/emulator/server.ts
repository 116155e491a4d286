/**
 * The HTTP side of the emulator: body parsing, the routing table, the `apikey` check, rate-limit
 * headers, the request log, injected faults and the error responses.
 *
 * Order of processing for each request:
 *   1. read and record it (every request, including rejected ones);
 *   2. a pending fault (failNext) answers instead of anything else;
 *   3. routing: an unknown path or method gets 404 ERR_API_NOT_FOUND with no rate-limit headers
 *      ([REC]; INFERRED from that: routing happens before the key check and the throttle);
 *   4. rate limit (429 once a budget is spent), then the `apikey` check and the key's scope;
 *   5. a body that is not JSON gets 400 ERR_BAD_REQUEST;
 *   6. the route's handler.
 */
import * as http from 'node:http';
import { CometError, errors } from './errors';
import { matchSegments, type Route, type RouteContext, type RateClass } from './routes/shared';
import { userRoutes } from './routes/users';
import { authTokenRoutes } from './routes/authTokens';
import { blockedUserRoutes } from './routes/blockedUsers';
import { bannedUserRoutes } from './routes/bannedUsers';
import { groupRoutes } from './routes/groups';
import { messageRoutes } from './routes/messages';
import { botRoutes } from './routes/bots';
import { apiKeyRoutes } from './routes/apiKeys';
import { friendRoutes } from './routes/friends';
import { groupMemberRoutes } from './routes/groupMembers';
import { roleRoutes } from './routes/roles';
import { callRoutes } from './routes/calls';
import { conversationRoutes } from './routes/conversations';
import { dataImportRoutes } from './routes/dataImport';
import { metricRoutes } from './routes/metrics';
import { moderationRoutes, parseMultipart } from './routes/moderation';
import { notificationRoutes } from './routes/notifications';
import { aiAgentRoutes } from './routes/aiAgents';
import { aiAgentToolRoutes } from './routes/aiAgentTools';
import { aiKnowledgeBaseRoutes } from './routes/aiKnowledgeBase';
import { campaignsRoutes } from './routes/campaigns';
import { handleManagement, sendManagement } from './management';
import type { EmulatorState } from './state';

export type ApiKeyScope = 'fullAccess' | 'authOnly';

export interface RecordedRequest {
	method: string;
	/** Path without the query string, exactly as sent (percent-encoding kept). */
	path: string;
	/** Parsed query; for a repeated name the last value wins. */
	query: Record<string, string>;
	/** Lower-cased names, as received. */
	headers: Record<string, string>;
	/** Parsed JSON, or the fields of a multipart/form-data body; undefined when there is no body; the raw text when it is not valid JSON. */
	body: unknown;
	/** The status answered; undefined while it is being handled and when the connection was dropped. */
	status?: number;
}

export interface Fault {
	/** Answer with this status instead of handling the request. Without it the request is handled normally (after `delayMs`). */
	status?: number;
	/** With `status`: the HTTP reason phrase instead of the standard one (a proxy or gateway may send any text). */
	statusText?: string;
	/** Sent as JSON; a string is sent as-is (e.g. an HTML gateway page); undefined sends no body. */
	body?: unknown;
	headers?: Record<string, string>;
	/** Close the connection without answering (after the request was received, and handled if `handle` is set). */
	drop?: boolean;
	/** With `drop`: handle the request first, so its effect happens but the answer is lost. */
	handle?: boolean;
	/** Wait this long before answering (a slow answer). */
	delayMs?: number;
	/** Let this many requests through normally first (a fault in the middle of a run). */
	after?: number;
	/**
	 * With `status` or `drop`: carry the request out this much later, after the answer (a CometChat still
	 * storing a write when a gateway gave up on it). Without the rate limit and key check.
	 */
	handleAfterMs?: number;
}

/** Decides, for a request no queued fault answers, whether a fault answers it (`index`: its place in the request log). */
export type FaultPlan = (request: RecordedRequest, index: number) => Fault | undefined;

export interface RateLimits {
	/** Per minute for POST /users and DELETE /users/{uid} [REC]. */
	core: number;
	/** Per minute for every other operation [REC]. */
	standard: number;
	/** Per minute for the whole app [REC]. */
	app: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { core: 10000, standard: 20000, app: 100000 };

/** `Retry-After` on a 429 [RATE]. */
const RETRY_AFTER_SECONDS = 15;

export const routes: Route[] = [
	...userRoutes,
	...authTokenRoutes,
	...blockedUserRoutes,
	...bannedUserRoutes,
	...groupRoutes,
	...messageRoutes,
	...botRoutes,
	...apiKeyRoutes,
	...friendRoutes,
	...groupMemberRoutes,
	...roleRoutes,
	...callRoutes,
	...conversationRoutes,
	...dataImportRoutes,
	...metricRoutes,
	...moderationRoutes,
	...notificationRoutes,
	...aiAgentRoutes,
	...aiAgentToolRoutes,
	...aiKnowledgeBaseRoutes,
	...campaignsRoutes,
];

interface RateDecision {
	limited: boolean;
	limit: number;
	headers: Record<string, string>;
	resetAt: number;
}

/**
 * Fixed one-minute windows (INFERRED, reference §4), one budget per class plus the app-wide one.
 * `X-RateLimit-Remaining` is what is left after this request.
 */
export class RateLimiter {
	private windowStart = Number.NaN;
	private used: Record<RateClass | 'app', number> = { core: 0, standard: 0, app: 0 };

	constructor(
		readonly limits: RateLimits,
		private readonly now: () => number,
		/** Budgets are per window; CometChat's is one minute, tests use shorter ones to run fast. */
		readonly windowSeconds = 60,
	) {}

	take(rateClass: RateClass): RateDecision {
		const window = this.windowSeconds;
		const start = Math.floor(this.now() / window) * window;
		if (start !== this.windowStart) {
			this.windowStart = start;
			this.used = { core: 0, standard: 0, app: 0 };
		}
		const limit = this.limits[rateClass];
		const limited = this.used[rateClass] >= limit || this.used.app >= this.limits.app;
		if (!limited) {
			this.used[rateClass] += 1;
			this.used.app += 1;
		}
		return {
			limited,
			limit,
			resetAt: start + window,
			headers: {
				'X-RateLimit-Limit': String(limit),
				'X-RateLimit-Remaining': String(Math.max(0, limit - this.used[rateClass])),
				'X-RateLimit-Limit-For-App': String(this.limits.app),
				'X-RateLimit-Remaining-For-App': String(Math.max(0, this.limits.app - this.used.app)),
			},
		};
	}

	reset(): void {
		this.windowStart = Number.NaN;
		this.used = { core: 0, standard: 0, app: 0 };
	}
}

export interface ServerContext {
	state: EmulatorState;
	apiKeys: Record<string, ApiKeyScope>;
	requests: RecordedRequest[];
	faults: Fault[];
	faultPlan?: FaultPlan;
	rateLimiter: RateLimiter;
	/** Requests being answered now, and the most at once since the last reset (concurrency tests, the benchmark). */
	inFlight?: { now: number; max: number };
	/** Answer every request this much later (network latency, for the benchmark). */
	latencyMs?: number;
}

const BASE_HEADERS: Record<string, string> = {
	'Content-Type': 'application/json',
	'cache-control': 'must-revalidate, no-cache, private', // on every real response [REC]
};

export function createHttpServer(ctx: ServerContext): http.Server {
	return http.createServer((req, res) => {
		// The Date header from CometChat's clock (the emulator's `now`), as a real server's follows its own.
		clocks.set(res, ctx.state.now);
		const load = ctx.inFlight;
		if (load) {
			load.now += 1;
			load.max = Math.max(load.max, load.now);
			res.once('close', () => (load.now -= 1));
		}
		handle(ctx, req, res).catch(() => {
			// Only reached if writing the response itself failed; nothing more can be sent.
			if (!res.headersSent) send(res, 500, errors.exception().body, {});
			else res.destroy();
		});
	});
}

async function handle(ctx: ServerContext, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
	const raw = await readBody(req);
	const method = (req.method ?? 'GET').toUpperCase();
	const url = req.url ?? '/';
	const queryAt = url.indexOf('?');
	const path = queryAt >= 0 ? url.slice(0, queryAt) : url;
	const query: Record<string, string> = {};
	for (const [k, val] of new URLSearchParams(queryAt >= 0 ? url.slice(queryAt + 1) : '')) query[k] = val;
	const headers: Record<string, string> = {};
	for (const [k, val] of Object.entries(req.headers)) {
		if (val !== undefined) headers[k.toLowerCase()] = Array.isArray(val) ? val.join(', ') : val;
	}
	let body: unknown;
	let badJson = false;
	// multipart/form-data (the keyword-list endpoints [SPEC]) becomes {name: value}, a repeated name a list.
	const form = /^multipart\/form-data/i.test(headers['content-type'] ?? '') ? parseMultipart(raw, headers['content-type']) : undefined;
	if (form) body = form;
	else if (raw.trim() !== '') {
		try {
			body = JSON.parse(raw);
		} catch {
			body = raw;
			badJson = true;
		}
	}
	const recorded: RecordedRequest = { method, path, query, headers, body };
	ctx.requests.push(recorded);
	if (ctx.latencyMs) await new Promise((resolve) => setTimeout(resolve, ctx.latencyMs));

	const queued = ctx.faults[0]?.after ? undefined : ctx.faults.shift();
	if (ctx.faults[0]?.after && !queued) ctx.faults[0] = { ...ctx.faults[0], after: ctx.faults[0].after - 1 };
	const fault = queued ?? ctx.faultPlan?.(recorded, ctx.requests.length - 1);
	if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
	if (fault?.handleAfterMs !== undefined && (fault.status !== undefined || fault.drop)) {
		const late = matchRoute(method, path);
		setTimeout(() => {
			try {
				if (late) late.route.handler({ method, params: late.params, query, headers, body, state: ctx.state });
				else handleManagement(ctx.state, { apiKeys: ctx.apiKeys, method, path, query, headers, body, badJson: false });
			} catch {
				// A refused write stores nothing, as it would have then.
			}
		}, fault.handleAfterMs);
	}
	if (fault?.drop && (!fault.handle || fault.handleAfterMs !== undefined)) {
		req.socket.destroy();
		return;
	}
	if (fault?.status !== undefined) {
		recorded.status = fault.status;
		send(res, fault.status, fault.body, fault.headers ?? {}, fault.statusText);
		return;
	}
	// `drop` with `handle`: the request is carried out as any other (rate limit, key, handler), then the
	// connection is closed instead of answering: the effect happened, the answer is lost.
	const reply = (status: number, replyBody: unknown, replyHeaders: Record<string, string>): void => {
		if (fault?.drop) req.socket.destroy();
		else {
			recorded.status = status;
			send(res, status, replyBody, replyHeaders);
		}
	};

	// The management and files hosts (no /v3 prefix): management.ts; /v3 requests pass on unchanged.
	const management = handleManagement(ctx.state, { apiKeys: ctx.apiKeys, method, path, query, headers, body, badJson });
	if (management) {
		recorded.status = fault?.drop ? undefined : management.status;
		if (fault?.drop) req.socket.destroy();
		else await sendManagement(res, management);
		return;
	}

	const match = matchRoute(method, path);
	if (!match) {
		const err = errors.apiNotFound();
		reply(err.status, err.body, {}); // no rate-limit headers on this one [REC]
		return;
	}

	const rate = ctx.rateLimiter.take(match.route.rateClass ?? 'standard');
	try {
		if (rate.limited) {
			// CometChat documents Retry-After: 15 for its minute windows; a short test window asks for its own rest.
			const retryAfter = ctx.rateLimiter.windowSeconds === 60 ? RETRY_AFTER_SECONDS : Math.max(1, rate.resetAt - ctx.state.now());
			const err = errors.tooManyRequests(rate.limit, retryAfter);
			throw new CometError(err.status, err.body, {
				'Retry-After': String(retryAfter),
				'X-Rate-Limit-Reset': String(rate.resetAt),
			});
		}
		// An open route (the campaigns' presigned upload URL, which S3 serves) takes no key and any body.
		if (!match.route.open) checkApiKey(ctx, headers, match.route);
		if (badJson && !match.route.open) {
			// Details text INFERRED.
			throw errors.badRequest({ body: ['The request body must be valid JSON.'] });
		}
		const routeCtx: RouteContext = { method, params: match.params, query, headers, body, state: ctx.state };
		const result = match.route.handler(routeCtx);
		reply(result.status, result.body, rate.headers);
	} catch (e) {
		const err = e instanceof CometError ? e : errors.exception();
		reply(err.status, err.body, { ...rate.headers, ...err.headers });
	}
}

function checkApiKey(ctx: ServerContext, headers: Record<string, string>, route: Route): void {
	const key = headers['apikey']?.trim();
	if (!key) throw errors.emptyApiKey();
	const scope = ctx.apiKeys[key];
	// [REIMPL] mapping: an unknown key answers 404 AUTH_ERR_APIKEY_NOT_FOUND (reference §3.3).
	if (scope === undefined) throw errors.apiKeyNotFound(key);
	// authOnly keys may only create users and auth tokens [AUTH]; else 403 AUTH_ERR_NO_ACCESS [PHPFIX].
	if (scope === 'authOnly' && !route.authOnlyAllowed) throw errors.noAccess(key);
}

interface RouteMatch {
	route: Route;
	params: Record<string, string>;
}

const compile = (list: Route[]) => list.map((route) => ({ route, segments: route.path.split('/').filter((s) => s !== '') }));
const compiled = compile(routes);

/** Match `/v3/...`; a known path with another method is as unknown as an unknown path [REC]. */
export function matchRoute(method: string, rawPath: string): RouteMatch | undefined {
	const parts = rawPath.split('/').filter((s) => s !== '');
	if (parts[0] !== 'v3') return undefined;
	let segments: string[];
	try {
		segments = parts.slice(1).map((s) => decodeURIComponent(s));
	} catch {
		return undefined;
	}
	for (const { route, segments: pattern } of compiled) {
		if (route.method !== method) continue;
		const params = matchSegments(pattern, segments);
		if (params) return { route, params };
	}
	return undefined;
}

function readBody(req: http.IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

/** The clock of the emulator answering each response. */
const clocks = new WeakMap<http.ServerResponse, () => number>();

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string>, statusText?: string): void {
	const clock = clocks.get(res);
	if (clock) res.setHeader('Date', new Date(clock() * 1000).toUTCString());
	const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
	const allHeaders = mergeHeaders(BASE_HEADERS, headers, { 'Content-Length': String(Buffer.byteLength(text)) });
	if (statusText === undefined) res.writeHead(status, allHeaders);
	else res.writeHead(status, statusText, allHeaders);
	res.end(text);
}

/** Merge header maps case-insensitively; a later map wins, keeping its spelling of the name. */
function mergeHeaders(...maps: Record<string, string>[]): Record<string, string> {
	const merged = new Map<string, [string, string]>();
	for (const map of maps) {
		for (const [name, value] of Object.entries(map)) merged.set(name.toLowerCase(), [name, value]);
	}
	return Object.fromEntries(merged.values());
}
