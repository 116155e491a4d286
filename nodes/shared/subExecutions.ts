import { createHash } from 'crypto';
import type { IExecuteSingleFunctions } from 'n8n-workflow';

/**
 * The id of the execution that started this one as a sub-workflow (a Call n8n Workflow Tool's call, an
 * Execute Workflow node), as n8n 2.x tells a node in its execution context; undefined in a top-level
 * execution and where n8n does not tell it (n8n 1.84's contexts have no getExecutionContext).
 */
export function parentExecutionOf(context: IExecuteSingleFunctions): string | undefined {
	const { getExecutionContext } = context as { getExecutionContext?: () => { parentExecutionId?: unknown } | undefined };
	const id = getExecutionContext?.call(context)?.parentExecutionId;
	return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * A memory of this process bounded in count and age: what is older than `maxAgeMs` is let go of, and
 * beyond `maxEntries` the oldest. Keys are kept as a SHA-256 of the key given, so an entry's size does not
 * grow with the key (a message's content is part of the key of a send).
 */
export class BoundedMemory<V> {
	private readonly entries = new Map<string, { at: number; value: V }>();

	constructor(
		private readonly maxEntries: number,
		private readonly maxAgeMs: number,
		private readonly now: () => number = Date.now,
	) {}

	get size(): number {
		this.dropStale();
		return this.entries.size;
	}

	get(key: string): V | undefined {
		this.dropStale();
		return this.entries.get(hashOf(key))?.value;
	}

	set(key: string, value: V): void {
		const hashed = hashOf(key);
		// Re-inserted, so the Map's order stays the order of age.
		this.entries.delete(hashed);
		this.entries.set(hashed, { at: this.now(), value });
		this.dropStale();
		for (const oldest of this.entries.keys()) {
			if (this.entries.size <= this.maxEntries) break;
			this.entries.delete(oldest);
		}
	}

	delete(key: string): void {
		this.entries.delete(hashOf(key));
	}

	private dropStale(): void {
		const before = this.now() - this.maxAgeMs;
		for (const [key, entry] of this.entries) {
			if (entry.at > before) break;
			this.entries.delete(key);
		}
	}
}

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');
