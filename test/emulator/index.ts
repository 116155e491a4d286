/**
 * A local, in-memory emulator of CometChat's REST API v3 (chat host), for tests and manual runs.
 *
 *   const emu = await createEmulator();
 *   // credential: base URL emu.url, App ID emu.appId, REST API key emu.apiKey
 *   ...
 *   await emu.close();
 *
 * Behaviour follows /work/shared/reference/cometchat-api.md; choices it leaves open are commented
 * where they are made (recorded [REC] behaviour first, then [PHPFIX]/[REIMPL], then INFERRED).
 */
import type { AddressInfo } from 'node:net';
import {
	type ApiKeyScope,
	type Fault,
	type FaultPlan,
	type RateLimits,
	type RecordedRequest,
	DEFAULT_RATE_LIMITS,
	RateLimiter,
	type ServerContext,
	createHttpServer,
} from './server';
import { seedDemoData } from './seed';
import { DEFAULT_API_KEY, EmulatorState, type MemberScope } from './state';

export { EmulatorState } from './state';
export type {
	AuthTokenRecord,
	BanRecord,
	BlockRecord,
	GroupRecord,
	GroupType,
	MemberRecord,
	MemberScope,
	MessageRecord,
	UserRecord,
	UserStatus,
} from './state';
export type { ApiKeyScope, Fault, FaultPlan, RateLimits, RecordedRequest } from './server';
export { CometError, cometError, errorBody, type CometErrorBody, type ErrorDetails } from './errors';
export { DEMO_USERS, seedDemoData } from './seed';

export const DEFAULT_APP_ID = 'demo-app';
export { DEFAULT_API_KEY } from './state';

export interface EmulatorOptions {
	/** Default 0 (a random free port). */
	port?: number;
	/** Default 'demo-app'. */
	appId?: string;
	/** Default { 'test-rest-api-key-0123456789abcdef': 'fullAccess' }. */
	apiKeys?: Record<string, ApiKeyScope>;
	/** Default false: empty store; true: the demo data of seed.ts. */
	seed?: boolean;
	/** Unix seconds; default Math.floor(Date.now() / 1000). */
	now?: () => number;
	/** With the default `now`: CometChat's clock this many seconds ahead of the machine's (negative: behind); timestamps and the Date header follow it. */
	clockOffsetSeconds?: number;
	/** Message lists answer at most this many messages a page (see EmulatorState.messagePageCap). */
	messagePageCap?: number;
	/** Per-minute budgets; default { core: 10000, standard: 20000, app: 100000 }. Lower them to test 429s. */
	rateLimits?: Partial<RateLimits>;
	/** Length of a rate-limit window in seconds; default 60 as CometChat's. */
	rateWindowSeconds?: number;
	/** Delay every answer by this many milliseconds (network latency); default 0. */
	latencyMs?: number;
}

export interface SeedUserInput {
	uid: string;
	name?: string;
	role?: string;
	status?: 'available' | 'offline';
	tags?: string[];
	metadata?: object;
	deactivated?: boolean;
}

export interface SeedGroupInput {
	guid: string;
	name?: string;
	type?: 'public' | 'private' | 'password';
	owner?: string;
	members?: Record<string, MemberScope>;
}

export interface Emulator {
	/** 'http://127.0.0.1:<port>/v3', the base address a credential override uses. */
	url: string;
	port: number;
	appId: string;
	/** The first fullAccess key (the first key of any scope if there is no fullAccess key). */
	apiKey: string;
	/** Every request received, in order, including rejected ones. */
	requests: RecordedRequest[];
	/** Requests being answered now, and the most answered at once since the last reset. */
	inFlight: { now: number; max: number };
	state: EmulatorState;
	seedUser(u: SeedUserInput): void;
	seedGroup(g: SeedGroupInput): void;
	/** Put a user in a group's ban list directly (drops their membership). Throws if the group is unknown. */
	ban(guid: string, uid: string): void;
	/** The next `count` (default 1) requests get this response instead (they are still recorded). */
	failNext(fault: Fault, count?: number): void;
	/**
	 * From now on, every request no queued fault answers is offered to `plan`, which may answer it with a
	 * fault (undefined: handled normally); `undefined` ends the plan. Kept across reset().
	 */
	planFaults(plan: FaultPlan | undefined): void;
	/** Clear state, request log, pending faults and rate-limit counters (then re-seed if `seed: true`). */
	reset(): void;
	close(): Promise<void>;
}

export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
	const appId = options.appId ?? DEFAULT_APP_ID;
	const apiKeys: Record<string, ApiKeyScope> = { ...(options.apiKeys ?? { [DEFAULT_API_KEY]: 'fullAccess' }) };
	const offset = options.clockOffsetSeconds ?? 0;
	const now = options.now ?? ((): number => Math.floor(Date.now() / 1000) + offset);
	const state = new EmulatorState(now);
	state.messagePageCap = options.messagePageCap;
	state.appId = appId;
	const requests: RecordedRequest[] = [];
	const faults: Fault[] = [];
	const rateLimiter = new RateLimiter({ ...DEFAULT_RATE_LIMITS, ...options.rateLimits }, now, options.rateWindowSeconds);

	const initialise = (): void => {
		if (options.seed) seedDemoData(state);
	};
	initialise();

	const inFlight = { now: 0, max: 0 };
	const context: ServerContext = { state, apiKeys, requests, faults, rateLimiter, inFlight, latencyMs: options.latencyMs };
	const server = createHttpServer(context);
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		// n8n sends a declarative node's items at once (2,000 items = 2,000 connections); the default
		// backlog of 511 overflows on a busy machine and the kernel resets connections CometChat would take.
		server.listen({ port: options.port ?? 0, host: '127.0.0.1', backlog: 4096 }, () => {
			server.off('error', reject);
			resolve();
		});
	});
	const port = (server.address() as AddressInfo).port;
	const keys = Object.keys(apiKeys);
	const apiKey = keys.find((k) => apiKeys[k] === 'fullAccess') ?? keys[0] ?? '';

	return {
		url: `http://127.0.0.1:${port}/v3`,
		port,
		appId,
		apiKey,
		requests,
		inFlight,
		state,
		seedUser(u) {
			state.addUser({ ...u, metadata: u.metadata as Record<string, unknown> | undefined });
		},
		seedGroup(g) {
			state.addGroup(g);
		},
		ban(guid, uid) {
			state.banUser(guid, uid);
		},
		failNext(fault, count = 1) {
			for (let i = 0; i < count; i += 1) faults.push(fault);
		},
		planFaults(plan) {
			context.faultPlan = plan;
		},
		reset() {
			state.clear();
			requests.length = 0;
			inFlight.max = inFlight.now;
			faults.length = 0;
			rateLimiter.reset();
			initialise();
		},
		close() {
			return new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
		},
	};
}
