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
// Where the seen-sets are kept: one key of the workflow's GLOBAL static data, holding every CometChat
// Trigger node's set (by node ID). n8n writes a workflow's whole static data on every save, last writer
// wins, and a node can change only its own node static data and the global one: kept in the node's own,
// another trigger node's save would write this node's set back as that delivery had loaded it.
export const STORE_KEY = 'cometChatTrigger';
// One entry of a set: the key's hash (20 hex digits) and when it was first seen (8 hex digits, seconds
// since the epoch), one string per set: n8n parses and writes the whole static data on every delivery,
// and a string of any length costs next to nothing there (an object of a thousand keys costs milliseconds).
const HASH_CHARS = 20;
const ENTRY_CHARS = HASH_CHARS + 8;
// Per trigger node, its two strings: n8n writes the whole static data to its database on every change,
// so it stays small. 32 KB hold about 1,170 events; the oldest go first (INFERRED size: far more than
// the events of a retry horizon, across a restart, even for a busy app).
export const STORE_MAX_BYTES = 32 * 1024;
// Once over STORE_MAX_BYTES, a set is cut to this (the oldest dropped): about 70 events at a time.
export const STORE_TRIM_BYTES = STORE_MAX_BYTES - 2 * 1024;
// The process-wide memory: the sets of every workflow this process holds, counted in bytes as they are
// (one byte a character), plus WORKFLOW_OVERHEAD_BYTES a workflow; past it the least recently used
// workflows are forgotten (their sets stay in their static data, learned again by their next delivery).
// INFERRED size: 128 trigger nodes with full sets. Measured (`npm run bench:trigger`, Node 20): a full
// set takes 32 KB of heap (its strings), so the cap is about 4 MB of heap; a delivery's admission takes
// about 70 µs of synchronous work with two full sets (n8n's own parsing and serialising of that static
// data about 300 µs more). See BENCHMARKS.md.
export const MEMORY_MAX_BYTES = 4 * 1024 * 1024;
export const WORKFLOW_OVERHEAD_BYTES = 512;
// How far apart two saves of a workflow's static data must be submitted for the database to write them
// in that order (see saveTurn). INFERRED: the reorder seen on n8n 1.x's SQLite was of statements
// submitted 2 ms apart; a statement held 250 ms behind a later one is far beyond that.
export const SAVE_SPACING_MS = 250;
// The longest a delivery waits for its turn (a steady stream of events); the execution starts then.
export const SAVE_WAIT_MAX_MS = 1000;

/** One trigger node's seen-set as saved, each a string of entries, oldest first. */
interface Sets {
	/** Events with a key CometChat documents: kept until the byte cap drops them. */
	seen: string;
	/** Events identified by a hash of their data: kept for the retry window. */
	recent: string;
}

/**
 * One workflow's (and mode's) seen-sets in this process. `sets` is the object every delivery's global
 * static data points at (`STORE_KEY`), kept up to date in place: whatever n8n serialises when it saves
 * a delivery's static data holds every trigger node's set as this process knows it then.
 */
interface WorkflowMemory {
	sets: Record<string, Sets>;
	/** Counts the changes to `sets`. */
	version: number;
	/** The counted bytes of `sets` (see setBytes). */
	bytes: number;
	saves: Saves;
}
const memory = new Map<string, WorkflowMemory>();
/** Σ over `memory` of each workflow's bytes plus WORKFLOW_OVERHEAD_BYTES. */
let memoryBytes = 0;

/** What this process holds now, in counted bytes (see MEMORY_MAX_BYTES). */
export function memoryUsage(): { bytes: number; workflows: number } {
	return { bytes: memoryBytes, workflows: memory.size };
}

/** A node's set as JSON: `"<node>":{"seen":"…","recent":"…"},`. */
const setBytes = (node: string, sets: Sets) => node.length + sets.seen.length + sets.recent.length + 30;

function workflowMemory(workflow: string): WorkflowMemory {
	let entry = memory.get(workflow);
	if (entry) {
		// Most recently used last, so the least used workflow goes first.
		memory.delete(workflow);
	} else {
		entry = { sets: {}, version: 0, bytes: 0, saves: { changes: 0, savedChanges: 0, savedAt: 0, queue: Promise.resolve() } };
		memoryBytes += WORKFLOW_OVERHEAD_BYTES;
	}
	memory.set(workflow, entry);
	return entry;
}

/** Forgets the least recently used workflows until the process is within MEMORY_MAX_BYTES (never `keep`). */
function withinCap(keep: string): void {
	for (const [workflow, entry] of memory) {
		if (memoryBytes <= MEMORY_MAX_BYTES) return;
		if (workflow === keep) continue;
		memory.delete(workflow);
		memoryBytes -= WORKFLOW_OVERHEAD_BYTES + entry.bytes;
	}
}

/** Sets a node's strings, keeping the counts. */
function store(workflow: WorkflowMemory, node: string, seen: string, recent: string): void {
	const sets = workflow.sets[node];
	const before = sets ? setBytes(node, sets) : 0;
	if (sets && sets.seen === seen && sets.recent === recent) return;
	if (sets) {
		sets.seen = seen;
		sets.recent = recent;
	} else workflow.sets[node] = { seen, recent };
	const delta = setBytes(node, workflow.sets[node]) - before;
	workflow.bytes += delta;
	memoryBytes += delta;
	workflow.version += 1;
}

const timeOf = (entries: string, at: number) => parseInt(entries.slice(at + HASH_CHARS, at + ENTRY_CHARS), 16);
const entryOf = (hash: string, t: number) => hash + Math.max(0, Math.min(t, 0xffffffff)).toString(16).padStart(8, '0');

/** Where `hash` starts an entry of `entries`, or -1. */
function indexOf(entries: string, hash: string): number {
	let at = entries.indexOf(hash);
	while (at >= 0 && at % ENTRY_CHARS !== 0) at = entries.indexOf(hash, at + 1);
	return at;
}

/** An entry string as stored, if it is one (anything else counts as empty). */
function storedEntries(value: unknown): string {
	return typeof value === 'string' && value.length % ENTRY_CHARS === 0 && !/[^0-9a-f]/.test(value) ? value : '';
}

/** A set as earlier versions kept it in the node's static data: hash → seconds. */
function legacyEntries(value: unknown): string {
	if (value === null || typeof value !== 'object' || Array.isArray(value)) return '';
	return Object.entries(value as Record<string, unknown>)
		.filter(([hash, t]) => /^[0-9a-f]{20}$/.test(hash) && typeof t === 'number' && Number.isFinite(t))
		.map(([hash, t]) => entryOf(hash, t as number))
		.join('');
}

/**
 * `a` and `b` as one set: the newest sighting of each key, windowed ones expired by `windowStart` dropped,
 * oldest first.
 */
function union(a: Sets, b: Sets, windowStart: number): Sets {
	const all = new Map<string, { t: number; windowed: boolean }>();
	const add = (entries: string, windowed: boolean) => {
		for (let at = 0; at < entries.length; at += ENTRY_CHARS) {
			const hash = entries.slice(at, at + HASH_CHARS);
			const t = timeOf(entries, at);
			if (windowed && t <= windowStart) continue;
			const known = all.get(hash);
			if (!known || known.t < t || (known.t === t && !windowed)) all.set(hash, { t, windowed });
		}
	};
	add(a.seen, false);
	add(b.seen, false);
	add(a.recent, true);
	add(b.recent, true);
	const sorted = [...all].sort(([, x], [, y]) => x.t - y.t);
	return {
		seen: sorted.filter(([, e]) => !e.windowed).map(([hash, e]) => entryOf(hash, e.t)).join(''),
		recent: sorted.filter(([, e]) => e.windowed).map(([hash, e]) => entryOf(hash, e.t)).join(''),
	};
}

/** Windowed entries expired by `windowStart` dropped (they are oldest first); past STORE_MAX_BYTES, the oldest down to STORE_TRIM_BYTES. */
function tidy(sets: Sets, node: string, windowStart: number): Sets {
	let { seen, recent } = sets;
	let cut = 0;
	while (cut < recent.length && timeOf(recent, cut) <= windowStart) cut += ENTRY_CHARS;
	if (cut > 0) recent = copy(recent.slice(cut));
	if (setBytes(node, { seen, recent }) > STORE_MAX_BYTES) {
		// The oldest go first, keyed or hashed: each string is in the order its events came, so the oldest of
		// the two heads goes until the set fits; within one second (the times' resolution) hashed ones first,
		// which only matter for 2 minutes. (Keyed ones first, however new, let a stream of receipts push a
		// message just admitted out of the set.)
		const over = setBytes(node, { seen, recent }) - STORE_TRIM_BYTES;
		let fromSeen = 0;
		let fromRecent = 0;
		while (fromSeen + fromRecent < over && fromSeen + fromRecent < seen.length + recent.length) {
			const seenFirst = fromRecent >= recent.length || (fromSeen < seen.length && timeOf(seen, fromSeen) < timeOf(recent, fromRecent));
			if (seenFirst) fromSeen += ENTRY_CHARS;
			else fromRecent += ENTRY_CHARS;
		}
		seen = copy(seen.slice(fromSeen));
		recent = copy(recent.slice(fromRecent));
	}
	return { seen, recent };
}

/** A string of its own: a slice would keep the whole string it was cut from alive. */
function copy(value: string): string {
	return Buffer.from(value, 'latin1').toString('latin1');
}

/** A fixed-size stand-in for a key: 80 bits, so a collision (a lost event) is out of reach. */
function hashOf(dedupeKey: string): string {
	return createHash('sha256').update(dedupeKey).digest('hex').slice(0, HASH_CHARS);
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Whether `stored` (a delivery's static data under STORE_KEY) holds exactly `live`. */
function sameSets(stored: unknown, live: Record<string, Sets>): boolean {
	if (!isRecord(stored)) return false;
	const nodes = Object.keys(live);
	if (Object.keys(stored).length !== nodes.length) return false;
	return nodes.every((node) => {
		const sets = stored[node];
		return isRecord(sets) && sets.seen === live[node].seen && sets.recent === live[node].recent;
	});
}

/**
 * Where a delivery's events are checked and recorded: this trigger node of this workflow, per mode (test
 * deliveries apart from production ones), and the delivery's global static data.
 */
export interface DedupeScope {
	/** `<mode>\n<workflow ID>`: n8n saves a workflow's static data whole, all its trigger nodes in one. */
	workflow: string;
	/** The node's ID (its name may change), with the kind if any: its set's key under STORE_KEY. */
	node: string;
	/** The delivery's getWorkflowStaticData('global'). */
	global: IDataObject;
}

/**
 * The seen-set's scope of a delivery: this trigger node of this workflow, per mode; `kind` keeps one
 * registration's keys (bot messages) in a set of their own, next to the node's.
 */
export function dedupeScope(ctx: IWebhookFunctions, kind = ''): DedupeScope {
	const node = ctx.getNode();
	const id = node.id || node.name;
	return { workflow: `${ctx.getMode()}\n${String(ctx.getWorkflow().id)}`, node: kind ? `${id}:${kind}` : id, global: ctx.getWorkflowStaticData('global') };
}

export interface Admission {
	/** Per identity, whether it starts the workflow. */
	fresh: boolean[];
	/** Whether the static data was changed: n8n saves it when the delivery returns (see saveTurn). */
	changed: boolean;
}

/**
 * Which of `identities` start the workflow: those neither this process nor the delivery's static data
 * has seen (windowed ones: within the retry window); one repeated inside the list counts once. Records
 * them, synchronously, in this process's memory of the workflow, which first learns whatever the
 * delivery's static data holds for any of the workflow's trigger nodes (another process's saves, or
 * those before a restart). When that memory differs from what the static data holds, the static data is
 * pointed at it (`global[STORE_KEY]`, an assignment, so n8n saves it).
 * `nodeStaticData` (getWorkflowStaticData('node')) is read for the set earlier versions kept there,
 * which moves to the global one.
 */
export function admit(scope: DedupeScope, nodeStaticData: IDataObject, identities: Identity[], now = Date.now()): Admission {
	const nowSeconds = Math.floor(now / 1000);
	const windowStart = nowSeconds - RETRY_WINDOW_MS / 1000;
	const workflow = workflowMemory(scope.workflow);
	const stored = scope.global[STORE_KEY];
	const version = workflow.version;

	// Learned: what the static data holds that this process does not. Equal strings (the usual case) cost
	// a comparison; others are merged, the newest sighting of a key winning.
	const learn = (node: string, seen: unknown, recent: unknown, read = storedEntries) => {
		const live = workflow.sets[node];
		if (live && live.seen === seen && live.recent === recent) return;
		const loaded = { seen: read(seen), recent: read(recent) };
		const merged = live ? union(live, loaded, windowStart) : union(loaded, { seen: '', recent: '' }, windowStart);
		store(workflow, node, merged.seen, merged.recent);
	};
	// Nothing to learn when it already points at this memory (one static data object for several deliveries).
	if (stored !== workflow.sets && isRecord(stored)) {
		for (const [node, sets] of Object.entries(stored)) {
			if (isRecord(sets)) learn(node, sets.seen, sets.recent);
		}
	}
	// Earlier versions kept the set in the node's own static data (hash → seconds).
	const legacy = ['seen', 'recent', 'recentEvents'].filter((key) => nodeStaticData[key] !== undefined);
	if (legacy.length > 0) learn(scope.node, nodeStaticData.seen, nodeStaticData.recent, legacyEntries);

	let { seen, recent } = tidy(workflow.sets[scope.node] ?? { seen: '', recent: '' }, scope.node, windowStart);
	// A batch of many events looks its keys up in a table rather than searching the strings for each.
	const table = identities.length > 8 ? new Map<string, number>() : undefined;
	if (table) {
		for (let at = 0; at < seen.length; at += ENTRY_CHARS) table.set(seen.slice(at, at + HASH_CHARS), Infinity);
		for (let at = 0; at < recent.length; at += ENTRY_CHARS) table.set(recent.slice(at, at + HASH_CHARS), timeOf(recent, at));
	}
	const added: string[] = [];
	const addedRecent: string[] = [];
	const drop = (entries: string, hash: string) => {
		const at = indexOf(entries, hash);
		return at < 0 ? entries : entries.slice(0, at) + entries.slice(at + ENTRY_CHARS);
	};
	const fresh = identities.map(({ dedupeKey, windowed, supersedes }) => {
		const hash = hashOf(dedupeKey);
		if (table) {
			const t = table.get(hash);
			if (t !== undefined && t > windowStart) return false;
			table.set(hash, windowed ? nowSeconds : Infinity);
		} else {
			if (indexOf(seen, hash) >= 0 || added.includes(hash)) return false;
			const at = indexOf(recent, hash);
			if (at >= 0 && timeOf(recent, at) > windowStart) return false;
			if (addedRecent.includes(hash)) return false;
		}
		// A windowed key seen before its window: the newest sighting replaces it.
		recent = drop(recent, hash);
		(windowed ? addedRecent : added).push(hash);
		// Made stale by this event: forgotten, so their next copy starts the workflow.
		for (const stale of supersedes ?? []) {
			const staleHash = hashOf(stale);
			table?.delete(staleHash);
			seen = drop(seen, staleHash);
			recent = drop(recent, staleHash);
			for (const list of [added, addedRecent]) if (list.includes(staleHash)) list.splice(list.indexOf(staleHash), 1);
		}
		return true;
	});
	seen += added.map((hash) => entryOf(hash, nowSeconds)).join('');
	recent += addedRecent.map((hash) => entryOf(hash, nowSeconds)).join('');
	({ seen, recent } = tidy({ seen, recent }, scope.node, windowStart));
	store(workflow, scope.node, seen, recent);

	const changed = legacy.length > 0 || (stored === workflow.sets ? workflow.version !== version : !sameSets(stored, workflow.sets));
	// An assignment is what makes n8n save the static data.
	if (changed) scope.global[STORE_KEY] = workflow.sets;
	for (const key of legacy) delete nodeStaticData[key];
	withinCap(scope.workflow);
	const admission = { fresh, changed };
	if (changed) {
		workflow.saves.changes += 1;
		savesOfAdmission.set(admission, workflow.saves);
	}
	return admission;
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
/** The saves an admission's change counts in (its workflow's, even if the memory forgot it since). */
const savesOfAdmission = new WeakMap<Admission, Saves>();

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
export async function saveTurn<T>(scope: DedupeScope, admission: Admission | undefined, result: T, clock: Clock = realClock): Promise<T> {
	if (!admission?.changed) return result;
	// The workflow's saves as when admitted, even if the memory has forgotten the workflow since.
	const entry = savesOfAdmission.get(admission) ?? workflowMemory(scope.workflow).saves;
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
