import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { inputError } from './validate';

/**
 * n8n's engine starts the request of every input item at once: 5,000 items would be 5,000 requests
 * in flight, each with a connection of its own, and a burst that spends CometChat's per-minute budget
 * at once (answered by 429s the app's own users then meet too). All requests of one node run (items,
 * pages, batches, and their retries) share one gate instead; a request keeps its place while it waits
 * to retry, so a throttled run slows down instead of sending more.
 */
export const DEFAULT_CONCURRENCY = 10;

class Gate {
	private active = 0;
	private readonly waiting: Array<() => void> = [];

	constructor(readonly size: number) {}

	async run<T>(task: () => Promise<T>): Promise<T> {
		if (this.active < this.size) this.active++;
		else await new Promise<void>((resolve) => this.waiting.push(resolve)); // the finishing task hands over its place
		try {
			return await task();
		} finally {
			const next = this.waiting.shift();
			if (next) next();
			else this.active--;
		}
	}
}

// One gate per node run: every item's context of a run shares the run's execute data object.
const gates = new WeakMap<object, Gate>();

/** Runs `task` (one request with its retries) when the node run has fewer than its limit in flight. */
export async function withinConcurrency<T>(context: IExecuteSingleFunctions, task: () => Promise<T>): Promise<T> {
	const run = context.getExecuteData?.() as object | undefined;
	if (!run) return await task();
	let gate = gates.get(run);
	if (!gate) {
		// The first item's setting holds for the whole run (one gate for all items).
		const settings = context.getNodeParameter('retry', {}) as { concurrency?: unknown };
		const size = settings.concurrency ?? DEFAULT_CONCURRENCY;
		if (typeof size !== 'number' || !Number.isInteger(size) || size < 1) {
			throw inputError(context, 'Max Concurrent Requests', `must be a whole number of at least 1, not ${JSON.stringify(size)}`);
		}
		gate = new Gate(size);
		gates.set(run, gate);
	}
	return await gate.run(task);
}
