import { createHash } from 'crypto';
import { type IDataObject, type IWebhookFunctions, sleep } from 'n8n-workflow';

/** What makes two deliveries the same event (see eventIdentity in payload.ts). */
export interface Identity {
	/** Readable; every output item carries it. */
	dedupeKey: string;
	/**
	 * True when the key is a hash of the event's data, not a key CometChat documents: such a key
	 * counts as a duplicate only within the retry window, so a real repeat (blocked, unblocked,
	 * blocked again) always starts the workflow.
	 */
	windowed: boolean;
	/**
	 * Keys this event makes stale (the opposite event with the same data: unblocked after blocked): a
	 * copy of those within the window is then a real repeat, not a retry (see eventIdentity).
	 */
	supersedes?: string[];
}

// CometChat retries a failed delivery after 10 s and again after 30 s (webhooks overview, "Handle
// Retries Gracefully"); with its 2 s answer timeout the last copy arrives well within 2 minutes.
export const RETRY_WINDOW_MS = 2 * 60 * 1000;
// The seen-set in the workflow's static data: n8n writes the whole static data to its database on
// every change, so it stays small. 32 KB hold about 950 events; the oldest go first (INFERRED size:
// far more than the events of a retry horizon, across a restart, even for a busy app).
export const STORE_MAX_BYTES = 32 * 1024;
// The in-process memory: per trigger node, and the number of trigger nodes (INFERRED sizes; a few
// hundred KB at most).
export const MEMORY_MAX_ENTRIES = 5000;
export const MEMORY_MAX_SCOPES = 200;
// How far apart two saves of a workflow's static data must be submitted for the database to write them
// in that order (see saveTurn). INFERRED: the reorder seen on n8n 1.x's SQLite was of statements
// submitted 2 ms apart; a statement held 250 ms behind a later one is far beyond that.
export const SAVE_SPACING_MS = 250;
// The longest a delivery waits for its turn (a steady stream of events); the execution starts then.
export const SAVE_WAIT_MAX_MS = 1000;

interface Entry {
	/** Seconds since the epoch when first seen. */
	t: number;
	windowed: boolean;
}

/**
 * Events seen by this process, per trigger node. n8n loads the workflow's static data from its
 * database for every delivery and saves it afterwards, so two deliveries arriving together both read
 * the set before either is saved: only this process-wide memory, checked and written without an
 * await in between, catches the second one.
 *
 * `store` keeps the saves whole: n8n writes the whole static data (last writer wins), and a delivery
 * returns (and is saved) after later deliveries have admitted (the node awaits after admitting). So
 * every delivery's static data points at the same two objects of this process, kept up to date in
 * place: a save serialises everything this process has admitted (and read) by then, not a snapshot of
 * its own moment. That a save serialised earlier is not written after a later one is saveTurn's part.
 */
interface Scope {
	entries: Map<string, Entry>;
	store: { seen: Record<string, number>; recent: Record<string, number> };
}
const memory = new Map<string, Scope>();

function memoryOf(scope: string): Scope {
	let entries = memory.get(scope);
	if (entries) {
		// Most recently used last, so the least used scope goes first.
		memory.delete(scope);
	} else {
		entries = { entries: new Map(), store: { seen: {}, recent: {} } };
		if (memory.size >= MEMORY_MAX_SCOPES) memory.delete(memory.keys().next().value as string);
	}
	memory.set(scope, entries);
	return entries;
}

/** A fixed-size stand-in for a key: 80 bits, so a collision (a lost event) is out of reach. */
function hashOf(dedupeKey: string): string {
	return createHash('sha256').update(dedupeKey).digest('hex').slice(0, 20);
}

function storedMap(value: unknown): Record<string, number> {
	const out: Record<string, number> = {};
	if (value === null || typeof value !== 'object' || Array.isArray(value)) return out;
	for (const [key, t] of Object.entries(value as Record<string, unknown>)) if (typeof t === 'number') out[key] = t;
	return out;
}

/**
 * The seen-set's scope: this trigger node of this workflow, per mode (test deliveries apart from
 * production ones); `kind` keeps one mode's keys (bot messages) apart from another's.
 */
export function dedupeScope(ctx: IWebhookFunctions, kind = ''): string {
	return `${ctx.getMode()}\n${String(ctx.getWorkflow().id)}\n${ctx.getNode().id}${kind ? `\n${kind}` : ''}`;
}

export interface Admission {
	/** Per identity, whether it starts the workflow. */
	fresh: boolean[];
	/** Whether the static data was changed: n8n saves it when the delivery returns (see saveTurn). */
	changed: boolean;
}

/**
 * Which of `identities` start the workflow: those neither this process nor the node's static data
 * has seen (windowed ones: within the retry window); one repeated inside the list counts once.
 * Records them in both, synchronously. `staticData` is n8n's getWorkflowStaticData('node'), saved as
 * `seen` (keyed events, until the byte cap drops the oldest) and `recent` (windowed ones), each a
 * map of hashed key → seconds.
 */
export function admit(scope: string, staticData: IDataObject, identities: Identity[], now = Date.now()): Admission {
	const nowSeconds = Math.floor(now / 1000);
	const windowSeconds = RETRY_WINDOW_MS / 1000;
	const live = (entry: { t: number; windowed: boolean }) => !entry.windowed || nowSeconds - entry.t < windowSeconds;

	const { entries, store } = memoryOf(scope);
	const seen = storedMap(staticData.seen);
	const recent = storedMap(staticData.recent);

	// Superseded by an event of this delivery: forgotten everywhere (memory, store, static data).
	const forgotten = new Set<string>();
	const fresh = identities.map(({ dedupeKey, windowed, supersedes }) => {
		const hash = hashOf(dedupeKey);
		const remembered = entries.get(hash);
		if (remembered && live(remembered)) return false;
		if (!forgotten.has(hash) && seen[hash] !== undefined) return false;
		if (!forgotten.has(hash) && recent[hash] !== undefined && live({ t: recent[hash], windowed: true })) return false;
		forgotten.delete(hash);
		entries.delete(hash);
		entries.set(hash, { t: nowSeconds, windowed });
		for (const stale of supersedes ?? []) {
			entries.delete(hashOf(stale));
			forgotten.add(hashOf(stale));
		}
		return true;
	});

	for (const [hash, entry] of entries) if (!live(entry)) entries.delete(hash);
	while (entries.size > MEMORY_MAX_ENTRIES) entries.delete(entries.keys().next().value as string);

	// The store: what it held plus what this process remembers, expired windowed entries dropped,
	// then the oldest dropped until it fits the byte cap.
	const all = new Map<string, Entry>();
	// The newest sighting of a key wins (a windowed event seen again after its window).
	const add = (hash: string, entry: Entry) => {
		if (forgotten.has(hash)) return;
		const known = all.get(hash);
		if (!known || known.t < entry.t || (known.t === entry.t && !entry.windowed)) all.set(hash, entry);
	};
	for (const [hash, t] of Object.entries(seen)) add(hash, { t, windowed: false });
	for (const [hash, t] of Object.entries(recent)) add(hash, { t, windowed: true });
	// What this process's earlier deliveries read and kept: a stale read here must not drop it.
	for (const [hash, t] of Object.entries(store.seen)) add(hash, { t, windowed: false });
	for (const [hash, t] of Object.entries(store.recent)) add(hash, { t, windowed: true });
	for (const [hash, entry] of entries) add(hash, entry);
	const kept = [...all].filter(([, entry]) => live(entry)).sort(([, a], [, b]) => b.t - a.t);
	// `"<hash>":<seconds>,` per entry, plus the two keys and braces.
	let bytes = 40;
	const nextSeen: Record<string, number> = {};
	const nextRecent: Record<string, number> = {};
	for (const [hash, entry] of kept) {
		bytes += hash.length + String(entry.t).length + 4;
		if (bytes > STORE_MAX_BYTES) break;
		(entry.windowed ? nextRecent : nextSeen)[hash] = entry.t;
	}
	const differs = (before: Record<string, number>, after: Record<string, number>) =>
		Object.keys(before).length !== Object.keys(after).length || Object.keys(after).some((hash) => before[hash] !== after[hash]);
	const seenChanged = differs(seen, nextSeen) || staticData.seen === undefined;
	const recentChanged = differs(recent, nextRecent) || staticData.recent === undefined;
	refill(store.seen, nextSeen);
	refill(store.recent, nextRecent);
	// Assigned only when something changed: an assignment is what makes n8n save the static data.
	if (seenChanged) staticData.seen = store.seen;
	if (recentChanged) staticData.recent = store.recent;
	// The list earlier versions kept (other hashes, 15 minutes): nothing in it can match any more.
	const legacy = staticData.recentEvents !== undefined;
	if (legacy) delete staticData.recentEvents;
	const changed = seenChanged || recentChanged || legacy;
	if (changed) savesOf(scope).changes += 1;
	return { fresh, changed };
}

/**
 * The saves of one workflow's static data by this process: when the last was submitted, and how many
 * changes (`changes` counts them) it carried.
 */
interface Saves {
	changes: number;
	savedChanges: number;
	savedAt: number;
	/** Settles when the last delivery that asked for its turn has had it. */
	queue: Promise<void>;
}
const saves = new Map<string, Saves>();

/** Per workflow (and mode): n8n saves a workflow's static data whole, all its trigger nodes in one. */
function savesOf(scope: string): Saves {
	const workflow = scope.split('\n', 2).join('\n');
	let entry = saves.get(workflow);
	if (entry) saves.delete(workflow);
	else {
		entry = { changes: 0, savedChanges: 0, savedAt: 0, queue: Promise.resolve() };
		if (saves.size >= MEMORY_MAX_SCOPES) saves.delete(saves.keys().next().value as string);
	}
	saves.set(workflow, entry);
	return entry;
}

/** Time, injectable so that the waits are tested without waiting. */
export interface Clock {
	now(): number;
	sleep(ms: number): Promise<void>;
}
const realClock: Clock = { now: () => Date.now(), sleep: async (ms) => await sleep(ms) };

/**
 * `result`, once the delivery may return it, when its admission changed the static data: n8n saves the
 * static data as soon as webhook() returns, so webhook() returns what this gives.
 *
 * The database can write two saves submitted moments apart in either order: on n8n 1.x's SQLite a save
 * submitted 2 ms before another was written after it, and dropped the key the later one carried (seen in
 * `test/e2e`, four events arriving together). So a save goes only once no save still in flight can be
 * missing a change it carries: when nothing has changed since the last save was submitted (both hold the
 * same), or that save was submitted SAVE_SPACING_MS ago. An event on its own never waits; events
 * arriving together start their executions up to SAVE_SPACING_MS later (at most SAVE_WAIT_MAX_MS).
 */
export async function saveTurn<T>(scope: string, admission: Admission | undefined, result: T, clock: Clock = realClock): Promise<T> {
	if (!admission?.changed) return result;
	const entry = savesOf(scope);
	const deadline = clock.now() + SAVE_WAIT_MAX_MS;
	const previous = entry.queue;
	let done!: () => void;
	entry.queue = new Promise<void>((resolve) => (done = resolve));
	// Turns go in the order they are asked for, so executions waiting together start in that order.
	await previous;
	for (;;) {
		const wait = Math.min(entry.savedAt + SAVE_SPACING_MS, deadline) - clock.now();
		if (entry.changes === entry.savedChanges || wait <= 0) break;
		await clock.sleep(wait);
	}
	entry.savedAt = clock.now();
	entry.savedChanges = entry.changes;
	done();
	return result;
}

/** Makes `target` hold exactly `source`, in place (other deliveries' static data point at it). */
function refill(target: Record<string, number>, source: Record<string, number>): void {
	for (const key of Object.keys(target)) if (!(key in source)) delete target[key];
	Object.assign(target, source);
}
