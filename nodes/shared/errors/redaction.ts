import type {
	DeclarativeRestApiSettings,
	IAuthenticateRuleResponseCode,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { isPlainObject } from '../validate';

/**
 * The one place that knows what a secret (the REST API key, the management key and secret, a
 * webhook password) looks like wherever it may come back: CometChat echoes keys in error messages,
 * and any answer may repeat one (a group's metadata, a per-UID message). Everything the nodes show —
 * output items, error items, errors, log lines — passes through here.
 * INFERRED: CometChat documents no echo at all; recorded answers repeat the key as received
 * (AUTH_ERR_APIKEY_NOT_FOUND: "The key … does not exist"). Which other forms it, a proxy or a
 * gateway page may repeat is unknown, so every form a request carries the secret in is cut.
 */

export const REDACTED = '[redacted]';

/**
 * Shorter secrets are not searched for: a value of a few characters also occurs in ordinary text
 * (a 3-letter key would cut every word containing those letters). CometChat's keys are 40 characters;
 * a webhook password may be as short as 1, so a password under this length is not hidden — the
 * credential's description asks for a long one.
 */
export const SECRET_MIN_LENGTH = 6;

/**
 * A key whose value is a secret in settings a user types for a provider (a Campaigns channel's metadata, an
 * agent's or API tool's headers): key, secret, token, pass(word), pwd, pw, auth(orization), credentials, private
 * key, service account, certificate, JWT, bearer, cookie, signature. Such a value is hidden in outputs and cut from errors however short
 * (down to SECRET_MIN_LENGTH): a provider's password or token is often under 20 characters.
 */
export const SECRET_KEY = /key|secret|token|pass|pwd|(?:^|[^a-z])pw(?:$|[^a-z])|auth|credential|private|service_?account|cert|jwt|bearer|cookie|signature/i;

/** A Basic Auth pair as it travels (`user:password`, trimmed as sent), so its base64 form is known too. */
export function basicAuthSecret(user: unknown, password: unknown): string {
	return `${String(user ?? '').trim()}:${String(password ?? '').trim()}`;
}

/**
 * Every form in which a secret can appear: as stored and trimmed (HTTP trims a header value, so
 * CometChat sees and echoes the trimmed key), URL-encoded (encodeURIComponent, encodeURI, and form
 * encoding with `+` for spaces), JSON-escaped, and base64 (Basic Auth). Forms shorter than
 * SECRET_MIN_LENGTH are left out; no form is ever a fragment of the secret.
 */
export function secretForms(secret: string): string[] {
	const forms = new Set<string>();
	for (const value of new Set([secret, secret.trim()])) {
		if (value.trim().length < SECRET_MIN_LENGTH) continue;
		const encoded = encodeURIComponent(value);
		const base64 = Buffer.from(value, 'utf8').toString('base64');
		for (const form of [
			value,
			encoded,
			encoded.replace(/%20/g, '+'),
			new URLSearchParams([['', value]]).toString().slice(1),
			encodeURI(value),
			JSON.stringify(value).slice(1, -1),
			base64,
			base64.replace(/=+$/, ''),
		]) {
			if (form.length >= SECRET_MIN_LENGTH) forms.add(form);
		}
	}
	return [...forms];
}

interface Matcher {
	/** The text with every form replaced by "[redacted]". */
	replace(text: string): string;
	/** Whether the text holds a form. */
	test(text: string): boolean;
	/** The length of the shortest form: a shorter string cannot hold one. */
	shortest: number;
}

// The secrets of a run are the same for every item: compile their pattern once.
const matchers = new Map<string, Matcher | undefined>();

/*
 * One regular expression per part of the forms, at most MAX_PATTERN characters each: V8 refuses a larger
 * one ("Regular expression too large") with the whole pattern, every secret in it, in its message, which
 * would then replace CometChat's error uncut (a channel's metadata of 40 KB did). A form too large for a
 * pattern of its own, or a part V8 still refuses, is cut as plain text (exactly as written).
 */
const MAX_PATTERN = 8000;
type Part = { all: RegExp; any: RegExp } | string;

function partsOf(forms: string[]): Part[] {
	const escape = (form: string) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	const parts: Part[] = [];
	let chunk: string[] = [];
	let escaped: string[] = [];
	let size = 0;
	const flush = () => {
		if (chunk.length === 0) return;
		const source = escaped.join('|');
		try {
			// Case-insensitive: percent-encoding may come back in either case, and CometChat lower-cases ids.
			parts.push({ all: new RegExp(source, 'gi'), any: new RegExp(source, 'i') });
		} catch {
			parts.push(...chunk);
		}
		chunk = [];
		escaped = [];
		size = 0;
	};
	for (const form of forms) {
		const pattern = escape(form);
		if (pattern.length + 1 > MAX_PATTERN) {
			flush();
			parts.push(form);
			continue;
		}
		if (size + pattern.length + 1 > MAX_PATTERN) flush();
		chunk.push(form);
		escaped.push(pattern);
		size += pattern.length + 1;
	}
	flush();
	return parts;
}

function matcherFor(secrets: readonly string[]): Matcher | undefined {
	const key = secrets.join('\u0000');
	if (matchers.has(key)) return matchers.get(key);
	const forms = [...new Set(secrets.filter((secret) => typeof secret === 'string').flatMap(secretForms))];
	// Longest first: an alternation takes the first alternative that matches, so a secret that
	// contains another (the raw key around the trimmed one) is cut out whole; parts keep that order.
	forms.sort((a, b) => b.length - a.length);
	const parts = partsOf(forms);
	const matcher: Matcher | undefined = parts.length
		? {
				replace: (text) => parts.reduce<string>((cut, part) => (typeof part === 'string' ? cut.split(part).join(REDACTED) : cut.replace(part.all, REDACTED)), text),
				test: (text) => parts.some((part) => (typeof part === 'string' ? text.includes(part) : part.any.test(text))),
				shortest: forms[forms.length - 1].length,
			}
		: undefined;
	if (matchers.size >= 50) matchers.delete(matchers.keys().next().value as string);
	matchers.set(key, matcher);
	return matcher;
}

/** Whether any form of these secrets occurs in the text. */
export function containsSecret(text: string, secrets: readonly string[]): boolean {
	const matcher = matcherFor(secrets);
	return matcher !== undefined && matcher.test(text);
}

/** A copy of the value with every form of every secret replaced by "[redacted]", in strings and object keys. */
export function redactAll<T>(value: T, secrets: readonly string[]): T {
	const matcher = matcherFor(secrets);
	return matcher ? scrub(value, matcher) : value;
}

/** An array or a plain object: what scrub copies; anything else (a date, a buffer) is kept as it is. */
const isContainer = (value: unknown): value is unknown[] | IDataObject => Array.isArray(value) || isPlainObject(value);

/**
 * The copy redactAll makes. Depth first with a stack of its own, not by recursion: a value nested
 * thousands of levels deep (an event's metadata) must not overflow the call stack. A value that
 * contains itself (a cycle) is left as it is at the point it repeats.
 */
function scrub<T>(root: T, matcher: Matcher): T {
	const clean = (text: string) => matcher.replace(text);
	if (typeof root === 'string') return clean(root) as T;
	if (!isContainer(root)) return root;
	const copyOf = (value: unknown[] | IDataObject): unknown[] | IDataObject => (Array.isArray(value) ? new Array<unknown>(value.length) : {});
	const copy = copyOf(root);
	const onPath = new Set<object>();
	const work: Array<{ source: unknown[] | IDataObject; target: unknown[] | IDataObject } | { leave: object }> = [{ source: root, target: copy }];
	while (work.length > 0) {
		const frame = work.pop() as { source: unknown[] | IDataObject; target: unknown[] | IDataObject } | { leave: object };
		if ('leave' in frame) {
			onPath.delete(frame.leave);
			continue;
		}
		const { source, target } = frame;
		onPath.add(source);
		work.push({ leave: source });
		for (const key of Object.keys(source)) {
			const entry = (source as Record<string, unknown>)[key];
			let out: unknown = entry;
			if (typeof entry === 'string') out = clean(entry);
			else if (isContainer(entry) && !onPath.has(entry)) {
				out = copyOf(entry);
				work.push({ source: entry, target: out as unknown[] | IDataObject });
			}
			(target as Record<string, unknown>)[Array.isArray(source) ? key : clean(key)] = out;
		}
	}
	return copy as T;
}

/**
 * Output items without any form of the secrets: a quick look at each item first (most hold none). The
 * look walks the item's strings (and keys and numbers) long enough to hold a secret, rather than making
 * its JSON: for a Return All of 100,000 messages that is 0.03 s instead of 0.3 s, and no 100 MB string.
 */
export function redactItems(items: INodeExecutionData[], secrets: readonly string[]): INodeExecutionData[] {
	const matcher = matcherFor(secrets);
	if (!matcher) return items;
	if (!items.some((item) => holdsSecret(item.json, matcher))) return items;
	return items.map((item) => (holdsSecret(item.json, matcher) ? { ...item, json: scrub(item.json, matcher) } : item));
}

/**
 * Whether a form of a secret shows in the value: in one of its strings, keys or numbers. Walked with a
 * stack of its own (no recursion, so any depth), each object once (so a cycle ends).
 */
function holdsSecret(root: unknown, matcher: Matcher): boolean {
	const shows = (text: string) => text.length >= matcher.shortest && matcher.test(text);
	const seen = new Set<object>();
	const work: unknown[] = [root];
	while (work.length > 0) {
		const value = work.pop();
		if (typeof value === 'string') {
			if (shows(value)) return true;
		} else if (typeof value === 'number' || typeof value === 'bigint') {
			if (shows(String(value))) return true;
		} else if (isContainer(value) && !seen.has(value)) {
			// Other objects are left by scrub as they are, so they are not looked into either.
			seen.add(value);
			if (Array.isArray(value)) for (const entry of value) work.push(entry);
			else {
				for (const key of Object.keys(value)) {
					if (shows(key)) return true;
					work.push(value[key]);
				}
			}
		}
	}
	return false;
}

// Parts of an n8n error that are the workflow itself, not what CometChat or the node said.
const NOT_SCRUBBED = new Set(['node', 'workflow']);

/**
 * Cuts every form of the secrets out of an error in place (message, description, stack, the
 * CometChat answer and anything nested), keeping its class, code and status. In place because n8n
 * reads the error object itself: its message becomes the continue-on-fail item, the whole object
 * the execution's error.
 */
export function redactError<T>(error: T, secrets: readonly string[]): T {
	const matcher = matcherFor(secrets);
	if (!matcher) return error;
	if (typeof error === 'string') return scrub(error, matcher);
	scrubInPlace(error, matcher, new WeakSet());
	return error;
}

function scrubInPlace(value: unknown, matcher: Matcher, seen: WeakSet<object>, depth = 0): void {
	if (value === null || typeof value !== 'object' || seen.has(value) || depth > 12 || ArrayBuffer.isView(value)) return;
	// Sockets, requests and agents (event emitters) are the machinery, not what was said: left alone.
	if (typeof (value as { on?: unknown }).on === 'function') return;
	seen.add(value);
	for (const key of Object.getOwnPropertyNames(value)) {
		if (NOT_SCRUBBED.has(key)) continue;
		const property = Object.getOwnPropertyDescriptor(value, key);
		if (!property) continue;
		// An error's stack may be an accessor (newer V8): read and written through it.
		const entry: unknown = 'value' in property ? property.value : key === 'stack' && property.get ? (value as Error).stack : undefined;
		if (typeof entry === 'string') {
			const clean = matcher.replace(entry);
			if (clean !== entry && (property.writable || property.set)) (value as Record<string, unknown>)[key] = clean;
		} else {
			scrubInPlace(entry, matcher, seen, depth + 1);
		}
	}
}


// ---- credential tests -------------------------------------------------------------------------------

/**
 * Credential-test messages for the statuses a host may answer besides those a credential explains
 * itself. For a status without a rule n8n shows the answer's HTTP reason phrase, which a proxy or a
 * gateway could fill with the key it was sent; a fixed text shows nothing of it.
 */
export function credentialTestFallbacks(host: string): IAuthenticateRuleResponseCode[] {
	const messages: Array<[number, string]> = [
		[400, `${host} refused the test request (HTTP 400). Check the credential's fields and its Base URL Override.`],
		[429, `${host} is rate-limiting these credentials (HTTP 429). Wait a minute, then test again.`],
		...[500, 502, 503, 504].map((status): [number, string] => [status, `${host} could not answer (HTTP ${status}). Try again later.`]),
	];
	return messages.map(([value, message]) => ({ type: 'responseCode', properties: { value, message } }));
}

// ---- every operation of a declarative node ---------------------------------------------------------

/** Where a node's secrets come from. */
export interface SecretSource {
	/** The credential's secrets: kept out of everything. */
	credential: (context: IExecuteSingleFunctions) => Promise<string[]>;
	/** Secrets typed into this item's parameters: kept out of errors (an output may show them on purpose). */
	typed?: (context: IExecuteSingleFunctions) => string[];
}

type Paginate = (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

// The credential's secrets as the credential check (the first pre-send of every item) read them, by
// item context: n8n reads a credential from its store on every call, so they are not read again.
const known = new WeakMap<object, string[]>();

/** Called by the credential pre-send with the credential's secrets. */
export function rememberSecrets(context: IExecuteSingleFunctions, secrets: string[]): void {
	known.set(context, secrets);
}

async function credentialSecrets(context: IExecuteSingleFunctions, source: SecretSource): Promise<string[]> {
	// n8n hands the paginator an object made from the item's context (Object.create).
	for (let at: object | null = context, depth = 0; at && depth < 4; at = Object.getPrototypeOf(at) as object | null, depth++) {
		const found = known.get(at);
		if (found) return found;
	}
	return await source.credential(context);
}

// A field shared by several operations carries the same paginator: wrap each once.
const wrapped = new WeakMap<Paginate, Paginate>();

/**
 * An operation's whole run for one item (its requests, retries, pages, batches and every
 * post-receive step) with the secrets cut out of the items it returns and the error it throws.
 */
export function keepingSecretsOut(paginate: Paginate, source: SecretSource): Paginate {
	const existing = wrapped.get(paginate);
	if (existing) return existing;
	const guarded: Paginate = async function keepSecretsOut(this: IExecutePaginationFunctions, requestData) {
		let items: INodeExecutionData[];
		try {
			items = await paginate.call(this, requestData);
		} catch (error) {
			const secrets = await credentialSecrets(this, source).catch(() => []);
			let typed: string[] = [];
			try {
				typed = source.typed?.(this) ?? [];
			} catch {
				// a parameter that cannot be read holds nothing to hide
			}
			throw redactError(error, [...secrets, ...typed]);
		}
		return redactItems(items, await credentialSecrets(this, source));
	};
	wrapped.set(paginate, guarded);
	wrapped.set(guarded, guarded);
	return guarded;
}

/**
 * The node's properties with every operation's paginator guarded by keepingSecretsOut. Applied to
 * the whole description, so an operation added later cannot forget it.
 */
export function guardPaginators(properties: INodeProperties[], source: SecretSource): INodeProperties[] {
	return properties.map((property) => guardProperty(property, source));
}

function guardProperty<T extends object>(property: T, source: SecretSource): T {
	let copy = property;
	const routing = (property as { routing?: INodeProperties['routing'] }).routing;
	const paginate = routing?.operations?.pagination;
	if (typeof paginate === 'function') {
		const guarded = keepingSecretsOut(paginate as Paginate, source);
		copy = { ...copy, routing: { ...routing, operations: { ...routing?.operations, pagination: guarded } } };
	}
	for (const key of NESTED) {
		const nested = (property as Record<string, unknown>)[key];
		if (!Array.isArray(nested)) continue;
		// Copied only where an entry changed: this walk runs over every property at every load.
		let guarded: unknown[] | undefined;
		nested.forEach((entry: unknown, index) => {
			if (entry === null || typeof entry !== 'object') return;
			const done = guardProperty(entry, source);
			if (done !== entry) (guarded ??= [...nested])[index] = done;
		});
		if (guarded) copy = { ...copy, [key]: guarded };
	}
	return copy;
}
const NESTED = ['options', 'values'] as const;
