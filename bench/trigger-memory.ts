/**
 * `npm run bench:trigger`: what the CometChat Trigger's duplicate check costs (issue #25, case 6), measured
 * in this process with the check's own code (nodes/CometChatTrigger/dedupe.ts):
 *
 * - memory: the heap one full trigger scope takes (a trigger node whose seen-set is at its byte cap),
 *   filled for many workflows, the garbage collected before and after; and the process memory's own
 *   count (memoryUsage()) against its cap;
 * - time: the synchronous work of one delivery as n8n runs it for a workflow with two CometChat Triggers
 *   whose sets are full: n8n parses the saved static data, the trigger admits the event, n8n serialises
 *   the static data to save it. The median over many deliveries, in microseconds.
 *
 * Run with the garbage collector exposed (the script does so): node --expose-gc.
 */
import { admit, memoryUsage, MEMORY_MAX_BYTES, STORE_MAX_BYTES, type DedupeScope } from '../nodes/CometChatTrigger/dedupe';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc (npm run bench:trigger does).');
const heap = () => {
	gc();
	gc();
	return process.memoryUsage().heapUsed;
};

const t0 = Date.now();
const batch = (prefix: string, count: number) => Array.from({ length: count }, (_, n) => ({ dedupeKey: `bench-app:hook:message_sent:${prefix}-${n}`, windowed: false }));

// Memory: full scopes, each its own workflow, fewer than the cap holds so that none is forgotten.
const scopes = Math.floor((MEMORY_MAX_BYTES / STORE_MAX_BYTES) * 0.9);
const globals: object[] = [];
const before = heap();
for (let w = 0; w < scopes; w += 1) {
	const global = {};
	// Deliveries of 100 events each until the set is past its cap (and trimmed), as a busy app fills it.
	for (let d = 0; d < 13; d += 1) admit({ workflow: `bench\nmemory ${w}`, node: 'node-1', global } as DedupeScope, {}, batch(`${w}-${d}`, 100), t0 + d * 1000);
	// The static data n8n would hold is dropped: only the process memory remains.
	globals.push(JSON.parse(JSON.stringify(global)) as object);
}
globals.length = 0;
const after = heap();
const counted = memoryUsage();
const perScope = (after - before) / scopes;

// Time: one delivery of a workflow with two full trigger nodes, as n8n runs it.
let saved = '{}';
for (const node of ['messages', 'moderation']) {
	const global = JSON.parse(saved) as Record<string, unknown>;
	admit({ workflow: 'bench\ntime', node, global } as DedupeScope, {}, batch(`fill-${node}`, 1300), t0);
	saved = JSON.stringify(global);
}
const deliveries = 2000;
const admitOnly: number[] = [];
const whole: number[] = [];
for (let n = 0; n < deliveries; n += 1) {
	const node = n % 2 === 0 ? 'messages' : 'moderation';
	const start = process.hrtime.bigint();
	const global = JSON.parse(saved) as Record<string, unknown>;
	const admitted = process.hrtime.bigint();
	admit({ workflow: 'bench\ntime', node, global } as DedupeScope, {}, batch(`event-${n}`, 1), t0 + 10_000 + n);
	const done = process.hrtime.bigint();
	saved = JSON.stringify(global);
	const end = process.hrtime.bigint();
	admitOnly.push(Number(done - admitted) / 1000);
	whole.push(Number(end - start) / 1000);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`Node ${process.version}`);
console.log(`full trigger scopes held:           ${scopes} (cap ${kb(MEMORY_MAX_BYTES)} counted, ${kb(STORE_MAX_BYTES)} per set)`);
console.log(`heap per full trigger scope:        ${kb(perScope)}`);
console.log(`counted by the process memory:      ${kb(counted.bytes)} for ${counted.workflows} workflow(s) (${kb(counted.bytes / Math.max(1, counted.workflows))} each)`);
console.log(`heap at the cap (×${(MEMORY_MAX_BYTES / STORE_MAX_BYTES).toFixed(0)} full scopes): about ${kb((perScope * MEMORY_MAX_BYTES) / STORE_MAX_BYTES)}`);
console.log(`static data of two full nodes:      ${kb(saved.length)}`);
console.log(`per delivery, the trigger's admit:  ${median(admitOnly).toFixed(0)} µs (median of ${deliveries})`);
console.log(`per delivery, with n8n's parse and serialisation of that static data: ${median(whole).toFixed(0)} µs`);
