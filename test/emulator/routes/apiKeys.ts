/**
 * API keys (reference §7.1; spec tag "API Keys"): create, list, get, update, delete.
 *
 * How these records relate to the keys that authenticate requests: the emulator's server options
 * (`createEmulator({ apiKeys })`, checked in server.ts before any route runs) decide which `apikey`
 * headers are accepted. This store is separate: it holds the records the /apikeys endpoints manage.
 * It starts empty and adopts the calling key on its first /apikeys request (as a fullAccess
 * "Rest API Key": only fullAccess keys get past server.ts to these routes), so a caller always finds
 * itself in the list, as in CometChat. Keys created here are records only: they do not authenticate
 * requests, and deleting one does not revoke a configured key.
 */
import { cometError, errors, type EmulatorState, randomHex, type Route, type RouteContext, type RouteResult, Validator, bodyObject, ok, pageParams, paginate } from './prelude';

export type ApiKeyScope = 'authOnly' | 'fullAccess';

export interface ApiKeyRecord {
	apiKey: string;
	name: string;
	scope: ApiKeyScope;
	createdAt: number;
	seq: number;
}

export class ApiKeyStore {
	/** key → record. Keys are compared exactly (CometChat's are lower-case hex). */
	readonly keys = new Map<string, ApiKeyRecord>();

	constructor(private readonly state: EmulatorState) {}

	clear(): void {
		this.keys.clear();
	}

	/** Insert a key record; a 40-character hex key [CONSTR] when none is given. */
	add(input: { apiKey?: string; name: string; scope: ApiKeyScope; createdAt?: number }): ApiKeyRecord {
		const record: ApiKeyRecord = {
			apiKey: input.apiKey ?? randomHex(40),
			name: input.name,
			scope: input.scope,
			createdAt: input.createdAt ?? this.state.now(),
			seq: this.state.nextSeq(),
		};
		this.keys.set(record.apiKey, record);
		return record;
	}
}

/** The API key records of this emulator (tests read and seed them through here). */
export function apiKeyStore(state: EmulatorState): ApiKeyStore {
	return state.store('apiKeys', () => new ApiKeyStore(state));
}

const SCOPES: readonly ApiKeyScope[] = ['authOnly', 'fullAccess'];
const MAX_KEYS = 25; // per app [CONSTR]

const keyErrors = {
	// Code from [ERRGUIDE]; status 404 and text INFERRED.
	notFound: (key: string) => cometError(404, 'ERR_APIKEY_NOT_FOUND', `The apiKey ${key} does not exist. Please use a correct apiKey.`),
	// Code and meaning from [ERRGUIDE]; status 403 and text INFERRED. The text does not repeat the key.
	noSelfAction: () =>
		cometError(403, 'ERR_APIKEY_NO_SELF_ACTION', 'An API key cannot update or delete itself. Please use another API key with fullAccess scope.'),
	// Status 402 as recorded for the user quota [REC]; text INFERRED from that recording.
	quota: () =>
		cometError(402, 'ERR_PLAN_QUOTA_RESTRICTION', `You've exhausted the quota. The allowed limit of the feature Create API Key for your current plan is ${MAX_KEYS}. Please upgrade the plan to increase the limit.`),
};

/** The store, with the calling key adopted (see the file comment). */
function storeFor(ctx: RouteContext): ApiKeyStore {
	const store = apiKeyStore(ctx.state);
	const caller = callerKey(ctx);
	// Name as in the spec's list example for the fullAccess key.
	if (caller && !store.keys.has(caller)) store.add({ apiKey: caller, name: 'Rest API Key', scope: 'fullAccess' });
	return store;
}

function callerKey(ctx: RouteContext): string | undefined {
	return ctx.headers['apikey']?.trim() || undefined;
}

/** The key object, keys in the spec example's order: apiKey, name, scope, createdAt. */
function keyView(key: ApiKeyRecord): Record<string, unknown> {
	return { apiKey: key.apiKey, name: key.name, scope: key.scope, createdAt: key.createdAt };
}

function scopeField(body: Record<string, unknown>, v: Validator, required: boolean): ApiKeyScope | undefined {
	const value = body.scope;
	if (value === undefined || value === null) {
		// `scope` is in the spec's `required` list (it also gives a default, authOnly): required followed.
		if (required) v.add('scope', 'The scope field is required.');
		return undefined;
	}
	if (!SCOPES.includes(value as ApiKeyScope)) {
		v.add('scope', 'The selected scope is invalid.');
		return undefined;
	}
	return value as ApiKeyScope;
}

function requireKey(store: ApiKeyStore, key: string): ApiKeyRecord {
	const record = store.keys.get(key);
	if (!record) throw keyErrors.notFound(key);
	return record;
}

/** A key may not update or delete itself [ERRGUIDE]: compared with the calling `apikey` header. */
function refuseSelf(ctx: RouteContext): void {
	if (ctx.params.apiKey === callerKey(ctx)) throw keyErrors.noSelfAction();
}

function createKey(ctx: RouteContext): RouteResult {
	const body = bodyObject(ctx);
	const v = new Validator();
	// Name: 100 characters [CONSTR] and the create page; the api-keys overview says 50. Followed 100.
	const name = v.requiredString(body, 'name', 100);
	const scope = scopeField(body, v, true);
	if (v.failed || name === undefined || scope === undefined) throw errors.badRequest(v.details);
	const store = storeFor(ctx);
	if (store.keys.size >= MAX_KEYS) throw keyErrors.quota();
	return ok(keyView(store.add({ name, scope })));
}

function listKeys(ctx: RouteContext): RouteResult {
	const v = new Validator();
	// The spec lists only scope and searchKey; page/perPage are accepted like every page-based list.
	const paging = pageParams(ctx, v);
	const scope = ctx.query.scope;
	if (scope !== undefined && scope !== '' && !SCOPES.includes(scope as ApiKeyScope)) v.add('scope', 'The selected scope is invalid.');
	v.check();
	// searchKey: "searches for specified keyword in name" [SPEC]; INFERRED: case-insensitive, anywhere in the name.
	const searchKey = (ctx.query.searchKey ?? '').toLowerCase();
	const keys = [...storeFor(ctx).keys.values()]
		.filter((k) => (!scope || k.scope === scope) && (searchKey === '' || k.name.toLowerCase().includes(searchKey)))
		// Newest first, as in the spec's list example.
		.sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq);
	const { pageItems, pagination } = paginate(keys, paging);
	return ok(pageItems.map(keyView), { pagination });
}

function getKey(ctx: RouteContext): RouteResult {
	return ok(keyView(requireKey(storeFor(ctx), ctx.params.apiKey)));
}

function updateKey(ctx: RouteContext): RouteResult {
	refuseSelf(ctx);
	const record = requireKey(storeFor(ctx), ctx.params.apiKey);
	const body = bodyObject(ctx);
	const v = new Validator();
	const name = v.optionalString(body, 'name', 100);
	if (name === '') v.add('name', 'The name field must have a value.');
	const scope = scopeField(body, v, false);
	v.check();
	if (name) record.name = name;
	if (scope) record.scope = scope;
	return ok(keyView(record));
}

function deleteKey(ctx: RouteContext): RouteResult {
	refuseSelf(ctx);
	const store = storeFor(ctx);
	const record = requireKey(store, ctx.params.apiKey);
	store.keys.delete(record.apiKey);
	return ok({ success: true, message: `The Api Key ${record.apiKey} has been deleted successfully.` }); // [SPEC]
}

export const apiKeyRoutes: Route[] = [
	{ method: 'POST', path: '/apikeys', handler: createKey },
	{ method: 'GET', path: '/apikeys', handler: listKeys },
	{ method: 'GET', path: '/apikeys/:apiKey', handler: getKey },
	{ method: 'PUT', path: '/apikeys/:apiKey', handler: updateKey },
	{ method: 'DELETE', path: '/apikeys/:apiKey', handler: deleteKey },
];
