import type { IDataObject } from 'n8n-workflow';

// CometChat retries after 10 s and 30 s (webhook guide), so fifteen minutes covers every retry with
// a wide margin; 1000 entries bound the memory (INFERRED sizes: enough for a busy app's retry window
// of one workflow, small enough to live in the workflow's static data, about 50 KB at most).
export const DEDUPE_WINDOW_MS = 15 * 60 * 1000;
export const DEDUPE_MAX_ENTRIES = 1000;

interface Seen {
	k: string;
	t: number;
}

/**
 * Remembers recently seen event identities in the node's static data, which n8n keeps with the
 * workflow between deliveries (and saves after each one). Returns the identities not seen before,
 * in order, and records them; one seen twice in the same request counts once.
 */
export function admitNew(staticData: IDataObject, identities: string[], now = Date.now()): Set<string> {
	const stored = Array.isArray(staticData.recentEvents) ? (staticData.recentEvents as unknown as Seen[]) : [];
	const recent = stored.filter((entry) => typeof entry?.k === 'string' && typeof entry.t === 'number' && now - entry.t < DEDUPE_WINDOW_MS);
	const known = new Set(recent.map((entry) => entry.k));
	const admitted = new Set<string>();
	for (const identity of identities) {
		if (known.has(identity)) continue;
		known.add(identity);
		admitted.add(identity);
		recent.push({ k: identity, t: now });
	}
	// Assigning only when something changed keeps n8n from saving unchanged static data.
	if (admitted.size > 0 || recent.length !== stored.length) {
		staticData.recentEvents = recent.slice(-DEDUPE_MAX_ENTRIES) as unknown as IDataObject[];
	}
	return admitted;
}
