/**
 * One measured leg of the benchmark, in a process of its own (started by bench/run.ts with
 * --expose-gc): the CometChat node or n8n's HTTP Request node in n8n's engine, or a raw `fetch` loop,
 * doing one task against the emulator. It warms up first, then measures one run: wall time, CPU time
 * of this process, and peak memory (the kernel's high-water mark of resident memory, VmHWM, reset
 * just before the run, minus the resident memory at that moment). The result goes back over IPC.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import type { IDataObject, INodeExecutionData, INodeParameters, INodeType } from 'n8n-workflow';
import { RESOURCE_TASKS, type ResourceTask } from './resources';

/** `resource:<name>`: that resource's typical operation (bench/resources.ts). */
export type Task = 'sendMessage' | 'createUser' | 'listUsers' | 'listMessages' | `resource:${string}`;
/**
 * `trimmed`: the CometChat node's description with only the properties its operation shows, run by n8n's
 * RoutingNode: the floor of a declarative node. `routing`: the whole description run by RoutingNode, as
 * the node ran before it had its own routing runner (nodes/shared/router.ts). See BENCHMARKS.md.
 */
export type Kind = 'node' | 'trimmed' | 'routing' | 'http' | 'raw';

export interface LegSpec {
	task: Task;
	kind: Kind;
	/** Items to send (throughput tasks). */
	count: number;
	/** Requests in flight: the node's Concurrency setting, the raw loop's workers (HTTP Request: all items at once). */
	concurrency: number;
	warmup: number;
	emulator: { url: string; appId: string; apiKey: string };
	benchDir: string;
	/** Write a CPU profile of the measured run here. */
	profile?: string;
}

export interface LegResult {
	ms: number;
	cpuMs: number;
	peakMb: number;
	items: number;
	/** Size of the output items' JSON (list tasks). */
	jsonMb?: number;
	error?: string;
	/** Request of the list tasks' first page, as the emulator saw it (set by the runner). */
	sample?: IDataObject;
}

const MB = 2 ** 20;
const RECEIVER = 'bob';

function residentKb(field: 'VmHWM' | 'VmRSS'): number {
	const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'));
	return match ? Number(match[1]) : 0;
}

/** The input items of a throughput run: what a previous node (a sheet, a CSV) would hand over. */
function inputItems(task: Task, count: number, prefix: string): INodeExecutionData[] {
	const resourceTask = resourceTaskOf(task);
	if (resourceTask) return Array.from({ length: count }, (_, i) => ({ json: resourceTask.input(i, prefix) }));
	return Array.from({ length: count }, (_, i) =>
		task === 'createUser'
			? { json: { uid: `${prefix}-${i}`, name: `Bench User ${i}` } }
			: { json: { text: `Hello from the benchmark, message ${prefix}-${i}` } },
	);
}

/** The request body CometChat expects, as the raw loop and the HTTP Request node send it. */
function rawBody(task: Task, json: IDataObject): object {
	return task === 'createUser'
		? { uid: json.uid, name: json.name }
		: { receiver: RECEIVER, receiverType: 'user', category: 'message', type: 'text', data: { text: json.text } };
}

const PATH: Record<Task, string> = { sendMessage: '/messages', createUser: '/users', listUsers: '/users', listMessages: '/messages' };

function resourceTaskOf(task: Task): ResourceTask | undefined {
	return task.startsWith('resource:') ? RESOURCE_TASKS.find((t) => `resource:${t.id}` === task) : undefined;
}

function nodeParameters(task: Task, concurrency: number): INodeParameters {
	const tuning = { retry: { concurrency } };
	const resourceTask = resourceTaskOf(task);
	if (resourceTask) return { ...resourceTask.parameters, ...tuning };
	switch (task) {
		case 'sendMessage':
			return { resource: 'message', operation: 'send', messageType: 'text', receiverType: 'user', receiver: { __rl: true, mode: 'id', value: RECEIVER }, text: '={{ $json.text }}', ...tuning };
		case 'createUser':
			return { resource: 'user', operation: 'create', uid: '={{ $json.uid }}', name: '={{ $json.name }}', ...tuning };
		case 'listUsers':
			// Simplify off: the same full records the raw loop keeps.
			return { resource: 'user', operation: 'getAll', returnAll: true, simplify: false };
		case 'listMessages':
			return { resource: 'message', operation: 'getAll', returnAll: true, simplify: false };
		default:
			throw new Error(`No task ${task}`);
	}
}

function httpParameters(task: Task, url: string): INodeParameters {
	const body =
		task === 'createUser'
			? '={{ JSON.stringify({ uid: $json.uid, name: $json.name }) }}'
			: `={{ JSON.stringify({ receiver: "${RECEIVER}", receiverType: "user", category: "message", type: "text", data: { text: $json.text } }) }}`;
	return {
		method: 'POST',
		url: `${url}${PATH[task]}`,
		// The same credential as the CometChat node (n8n applies its apikey header the same way).
		authentication: 'predefinedCredentialType',
		nodeCredentialType: 'cometChatApi',
		sendBody: true,
		specifyBody: 'json',
		jsonBody: body,
		options: {},
	};
}

async function rawThroughput(spec: LegSpec, input: INodeExecutionData[]): Promise<number> {
	const { url, apiKey } = spec.emulator;
	const headers = { apikey: apiKey, accept: 'application/json', 'content-type': 'application/json' };
	let next = 0;
	let done = 0;
	const worker = async () => {
		while (next < input.length) {
			const item = input[next++];
			const response = await fetch(`${url}${PATH[spec.task]}`, { method: 'POST', headers, body: JSON.stringify(rawBody(spec.task, item.json)) });
			const body = (await response.json()) as { data?: unknown };
			if (!response.ok || !body.data) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body)}`);
			done++;
		}
	};
	await Promise.all(Array.from({ length: Math.min(spec.concurrency || input.length, input.length) }, worker));
	return done;
}

/** The raw paginated loops: page/perPage for users, the `next` cursor for messages; 1000 a request. */
async function rawList(spec: LegSpec, limit = Infinity): Promise<IDataObject[]> {
	const { url, apiKey } = spec.emulator;
	const headers = { apikey: apiKey, accept: 'application/json' };
	const records: IDataObject[] = [];
	const get = async (query: Record<string, string | number>) => {
		const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
		const response = await fetch(`${url}${PATH[spec.task]}?${qs}`, { headers });
		if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
		return (await response.json()) as { data: IDataObject[]; meta: IDataObject };
	};
	if (spec.task === 'listUsers') {
		for (let page = 1; records.length < limit; page++) {
			const { data, meta } = await get({ page, perPage: 1000 });
			for (const record of data) records.push(record);
			const pagination = meta.pagination as { current_page: number; total_pages: number };
			if (pagination.current_page >= pagination.total_pages) break;
		}
	} else {
		let cursor: Record<string, string | number> = {};
		while (records.length < limit) {
			const { data, meta } = await get({ limit: 1000, ...cursor });
			for (const record of data) records.push(record);
			// A short page is the last one; an empty page ends the list too ([REC] current.count == 0).
			if (data.length < 1000) break;
			const next = meta.next as { affix: string; id: string; sentAt: number };
			cursor = { affix: next.affix, id: next.id, sentAt: next.sentAt };
		}
	}
	return records.slice(0, limit);
}

async function main(spec: LegSpec): Promise<LegResult> {
	const engine = await import('./engine');
	const credentials = { appId: spec.emulator.appId, region: 'us', apiKey: spec.emulator.apiKey, baseUrl: spec.emulator.url };
	const list = spec.task === 'listUsers' || spec.task === 'listMessages';
	let http: INodeType | undefined;
	if (spec.kind === 'http') http = engine.loadHttpRequestNode(spec.benchDir);
	// The same description without execute(): n8n runs it with its RoutingNode, as any declarative node.
	let routed: INodeType | undefined;
	if (spec.kind === 'trimmed' || spec.kind === 'routing') {
		const description = { ...engine.cometChatNode.description };
		if (spec.kind === 'trimmed') {
			// What RoutingNode would cost if the node had no properties of other operations: it walks every
			// property, and evaluates each expression once per property of the same name, per item.
			const { NodeHelpers } = await import('n8n-workflow');
			// With the defaults n8n fills in (as its Workflow does): they decide what shows too (Limit with Return All off).
			const node = { typeVersion: 1 } as never;
			const parameters = NodeHelpers.getNodeParameters(description.properties, nodeParameters(spec.task, spec.concurrency), true, false, node, description) ?? {};
			description.properties = description.properties.filter((property) => NodeHelpers.displayParameter(parameters, property, node, description));
		}
		routed = { description, methods: engine.cometChatNode.methods };
	}

	const runOnce = async (input: INodeExecutionData[], warm: boolean): Promise<{ items: number; output?: IDataObject[]; error?: string }> => {
		if (spec.kind === 'raw') {
			if (list) {
				const records = await rawList(spec, warm ? 10 : Infinity);
				return { items: records.length, output: records };
			}
			return { items: await rawThroughput(spec, input) };
		}
		const ours = spec.kind === 'node' || spec.kind === 'trimmed' || spec.kind === 'routing';
		let parameters = ours ? nodeParameters(spec.task, spec.concurrency) : httpParameters(spec.task, spec.emulator.url);
		if (list && warm) parameters = { ...parameters, returnAll: false, limit: 10 };
		const run =
			ours
				? await engine.runInEngine(engine.COMETCHAT_TYPE, routed ?? engine.cometChatNode, parameters, 1, input, credentials)
				: await engine.runInEngine(engine.HTTP_TYPE, http!, parameters, 4.5, input, credentials);
		return { items: run.items.length, output: list ? run.items.map((item) => item.json) : undefined, error: run.error?.message };
	};

	// Warm up the JIT, n8n's lazily loaded modules and the connections on a small run of the same task.
	const warm = await runOnce(list ? [{ json: {} }] : inputItems(spec.task, spec.warmup, 'warm'), true);
	if (warm.error) return { ms: 0, cpuMs: 0, peakMb: 0, items: 0, error: `warm-up: ${warm.error}` };

	const input = list ? [{ json: {} }] : inputItems(spec.task, spec.count, 'item');
	// The runner resets the emulator's request count now, so that it counts the measured run only.
	await new Promise<void>((resolve) => {
		process.once('message', () => resolve());
		process.send?.({ measuring: true });
	});
	global.gc?.();
	global.gc?.();
	writeFileSync('/proc/self/clear_refs', '5'); // resets VmHWM to the current resident size
	const baseKb = residentKb('VmRSS');
	let session: Session | undefined;
	if (spec.profile) {
		session = new Session();
		session.connect();
		await new Promise<void>((resolve) => session!.post('Profiler.enable', () => session!.post('Profiler.start', () => resolve())));
	}
	const cpu = process.cpuUsage();
	const start = process.hrtime.bigint();
	const result = await runOnce(input, false);
	const ms = Number(process.hrtime.bigint() - start) / 1e6;
	const used = process.cpuUsage(cpu);
	const peakMb = (residentKb('VmHWM') - baseKb) / 1024;
	if (session) {
		await new Promise<void>((resolve) =>
			session!.post('Profiler.stop', (error, { profile }) => {
				if (!error) writeFileSync(spec.profile!, JSON.stringify(profile));
				resolve();
			}),
		);
	}
	let jsonMb: number | undefined;
	if (result.output) jsonMb = result.output.reduce((sum, record) => sum + Buffer.byteLength(JSON.stringify(record)), 0) / MB;
	return { ms, cpuMs: (used.user + used.system) / 1000, peakMb, items: result.items, jsonMb, error: result.error };
}

if (require.main === module) {
	process.on('disconnect', () => process.exit(1)); // the runner went away: stop too
	process.once('message', (spec: LegSpec) => {
		main(spec).then(
			(result) => process.send?.(result, () => process.exit(0)),
			(error: Error) => process.send?.({ ms: 0, cpuMs: 0, peakMb: 0, items: 0, error: error.stack ?? String(error) }, () => process.exit(1)),
		);
	});
}
