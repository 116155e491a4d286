/**
 * `npm run bench`: the CometChat node against n8n's HTTP Request node and raw `fetch` loops, side by
 * side in one run, on loopback against the emulator (in its own process, rate limiting off).
 *
 *   npm run bench                      build, then every leg, 5 runs each; prints medians and ratios
 *   npm run bench -- --quick           small sizes, 1 run: a smoke test of the benchmark itself
 *   npm run bench -- --runs=3 --only=throughput,list,footprint --save --profile
 *   npm run bench -- --only=resources --resource-runs=2   one typical operation of every resource against its floor
 *
 * --save writes the table and the machine into BENCHMARKS.md (between its "bench:results" markers);
 * --profile writes a CPU profile of each measured node run to .bench/profiles/ and prints its summary.
 * n8n's HTTP Request node (n8n-nodes-base) is installed into .bench/ on first use, never as a
 * dependency of the package.
 */
import { execFileSync, fork, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import type { EmulatorCommand, EmulatorConfig, EmulatorStats } from './emulator-process';
import type { Kind, LegResult, LegSpec, Task } from './leg';
import { summarise } from './profile-summary';
import { RESOURCE_TASKS } from './resources';

const ROOT = join(__dirname, '..');
const BENCH_DIR = join(ROOT, '.bench');
const HTTP_NODE_VERSION = '2.41.1';

interface Options {
	runs: number;
	/** Runs of the per-resource leg (49 legs a run): fewer than `runs` keeps a full benchmark short. */
	resourceRuns: number;
	count: number;
	listSize: number;
	warmup: number;
	concurrency: number[];
	only: Set<string>;
	save: boolean;
	profile: boolean;
	quick: boolean;
}

function parseOptions(argv: string[]): Options {
	const flag = (name: string) => argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
	const value = (name: string) => flag(name)?.split('=')[1];
	const quick = Boolean(flag('quick'));
	return {
		runs: Number(value('runs') ?? (quick ? 1 : 5)),
		resourceRuns: Number(value('resource-runs') ?? value('runs') ?? (quick ? 1 : 2)),
		count: Number(value('count') ?? (quick ? 500 : 5000)),
		listSize: Number(value('list-size') ?? (quick ? 10000 : 100000)),
		warmup: quick ? 50 : 200,
		concurrency: (value('concurrency') ?? '10').split(',').map(Number),
		only: new Set((value('only') ?? 'footprint,throughput,resources,list,ratelimit').split(',')),
		save: Boolean(flag('save')),
		profile: Boolean(flag('profile')),
		quick,
	};
}

const out = (line = '') => process.stdout.write(`${line}\n`);
const median = (values: number[]) => {
	const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
	if (!sorted.length) return NaN;
	const mid = sorted.length >> 1;
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const fmt = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** n8n-nodes-base for the HTTP Request node, in the git-ignored .bench/ folder. */
function ensureHttpRequestNode(): void {
	if (existsSync(join(BENCH_DIR, 'node_modules/n8n-nodes-base/package.json'))) return;
	out(`Installing n8n-nodes-base@${HTTP_NODE_VERSION} into .bench/ for the HTTP Request node (once; about 2 minutes, 800 MB)…`);
	mkdirSync(BENCH_DIR, { recursive: true });
	const result = spawnSync(
		'npm',
		['install', '--prefix', BENCH_DIR, '--ignore-scripts', '--no-audit', '--no-fund', '--save-exact', `n8n-nodes-base@${HTTP_NODE_VERSION}`],
		{ stdio: 'inherit' },
	);
	if (result.status !== 0) throw new Error('Installing n8n-nodes-base into .bench/ failed');
}

const TS_NODE = ['-r', require.resolve('ts-node/register/transpile-only')];

class EmulatorProcess {
	private next = 1;
	private pending = new Map<number, (value: { stats?: EmulatorStats }) => void>();
	info!: { url: string; appId: string; apiKey: string };
	private child!: ChildProcess;

	async start(config: EmulatorConfig = {}): Promise<void> {
		this.child = fork(join(__dirname, 'emulator-process.ts'), [JSON.stringify(config)], { execArgv: TS_NODE, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
		await new Promise<void>((resolve, reject) => {
			this.child.once('error', reject);
			this.child.on('message', (message: { id?: number; ready?: boolean; stats?: EmulatorStats }) => {
				if (message.ready) {
					this.info = message as never;
					resolve();
				} else if (message.id) {
					this.pending.get(message.id)?.({ stats: message.stats });
					this.pending.delete(message.id);
				}
			});
		});
	}

	async send(command: EmulatorCommand): Promise<{ stats?: EmulatorStats }> {
		const id = this.next++;
		return await new Promise((resolve) => {
			this.pending.set(id, resolve);
			this.child.send({ ...command, id });
		});
	}

	async stats(): Promise<EmulatorStats> {
		return (await this.send({ cmd: 'stats' })).stats!;
	}

	stop(): void {
		this.child.disconnect();
	}
}

async function runLeg(spec: LegSpec, onMeasuring: () => Promise<unknown>): Promise<LegResult> {
	const child = fork(join(__dirname, 'leg.ts'), [], {
		execArgv: ['--expose-gc', '--max-old-space-size=4096', ...TS_NODE],
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	return await new Promise((resolve) => {
		let result: LegResult | undefined;
		child.on('message', (message: LegResult | { measuring: true }) => {
			if ('measuring' in message) void onMeasuring().then(() => child.send({ go: true }));
			else result = message;
		});
		child.on('exit', (code) => resolve(result ?? { ms: 0, cpuMs: 0, peakMb: 0, items: 0, error: `leg exited with ${code}` }));
		child.send(spec);
	});
}

interface Measured extends LegResult {
	emulator: EmulatorStats;
}

const LABEL: Record<Kind, string> = {
	node: 'CometChat node',
	trimmed: 'RoutingNode, own fields only',
	routing: 'RoutingNode, whole node',
	http: 'HTTP Request node',
	raw: 'raw fetch loop',
};

/** Runs one leg with a fresh emulator log and returns it with the emulator's side of it. */
async function measure(emulator: EmulatorProcess, spec: LegSpec, tag: string): Promise<Measured> {
	// The emulator's counters restart when the leg, warmed up, starts its measured run.
	const result = await runLeg(spec, () => emulator.stats());
	const stats = await emulator.stats();
	if (result.error) out(`  ! ${tag}: ${result.error.split('\n')[0]}`);
	if (spec.profile && existsSync(spec.profile)) {
		out(`  CPU profile ${spec.profile}:`);
		out(summarise(spec.profile, 15).replace(/^/gm, '    '));
	}
	return { ...result, emulator: stats };
}

interface Row {
	section: string;
	leg: string;
	cells: string[];
}

async function throughput(emulator: EmulatorProcess, options: Options, rows: Row[]) {
	const tasks: Task[] = ['sendMessage', 'createUser'];
	for (const concurrency of options.concurrency) {
		const results = new Map<string, Measured[]>();
		for (let run = 0; run < options.runs; run++) {
			for (const task of tasks) {
				// A different order every run, so that no leg always runs first or on a warmer machine.
				const kinds: Kind[] = (['node', 'http', 'raw', 'trimmed', 'routing'] as Kind[]).map((_, i, all) => all[(i + run) % all.length]);
				for (const kind of kinds) {
					await emulator.send({ cmd: 'clear' });
					await emulator.send({ cmd: 'seedUsers', count: 0 });
					await emulator.send({ cmd: 'seedMessages', count: 0 }); // the receiver, bob
					const profile = options.profile && kind === 'node' && run === 0 ? join(BENCH_DIR, 'profiles', `${task}-c${concurrency}.cpuprofile`) : undefined;
					const spec: LegSpec = { task, kind, count: options.count, concurrency, warmup: options.warmup, emulator: emulator.info, benchDir: BENCH_DIR, profile };
					const measured = await measure(emulator, spec, `${task} ${kind}`);
					const key = `${task}/${kind}`;
					results.set(key, [...(results.get(key) ?? []), measured]);
					out(`  run ${run + 1} c=${concurrency} ${task.padEnd(11)} ${LABEL[kind].padEnd(28)} ${fmt(measured.items / (measured.ms / 1000)).padStart(6)} items/s  ${fmt(measured.cpuMs / Math.max(1, measured.items), 2)} CPU ms/item  emulator ${fmt((100 * measured.emulator.cpuMs) / measured.emulator.wallMs)}% busy, ${measured.emulator.maxInFlight} in flight`);
				}
			}
		}
		for (const task of tasks) {
			const get = (kind: Kind) => results.get(`${task}/${kind}`) ?? [];
			const rate = (m: Measured) => (m.error ? NaN : m.items / (m.ms / 1000));
			// Ratios per run (legs of one run ran minutes apart at most), then their median.
			const ratio = (kind: Kind) => median(get('node').map((m, i) => rate(m) / rate(get(kind)[i])));
			for (const kind of ['node', 'http', 'raw', 'trimmed', 'routing'] as Kind[]) {
				const legs = get(kind);
				const capacity = median(legs.map((m) => m.emulator.requests / (m.emulator.cpuMs / 1000)));
				rows.push({
					section: `Throughput: ${options.count} × ${task === 'sendMessage' ? 'Send Message' : 'Create User'}, ${concurrency} in flight (HTTP Request node: n8n starts all items at once)`,
					leg: LABEL[kind],
					cells: [
						`${fmt(median(legs.map(rate)))} items/s`,
						`${fmt(median(legs.map((m) => m.ms / 1000)), 2)} s`,
						`${fmt(median(legs.map((m) => m.cpuMs / Math.max(1, m.items))), 2)} ms`,
						`${fmt(median(legs.map((m) => m.emulator.requests)))} (≤ ${fmt(Math.max(...legs.map((m) => m.emulator.maxInFlight)))} at once)`,
						`${fmt(median(legs.map((m) => m.peakMb)))} MB`,
						`${fmt(median(legs.map((m) => (100 * m.emulator.cpuMs) / m.emulator.wallMs)))}% (${fmt(capacity)} req/s per core)`,
						kind === 'node' ? '1.00' : fmt(ratio(kind), 2),
					],
				});
			}
		}
	}
}

/**
 * One typical operation of every resource (bench/resources.ts): the node's CPU per item against its
 * floor, the same node with only the properties that operation shows. The emulator holds its demo data.
 */
async function perResource(emulator: EmulatorProcess, options: Options, rows: Row[]) {
	const count = Math.min(options.count, options.quick ? 200 : 1000);
	const results = new Map<string, Measured[]>();
	for (let run = 0; run < options.resourceRuns; run++) {
		for (const task of RESOURCE_TASKS) {
			const kinds: Kind[] = (['node', 'trimmed', 'routing'] as Kind[]).map((_, i, all) => all[(i + run) % all.length]);
			for (const kind of kinds) {
				await emulator.send({ cmd: 'clear' });
				await emulator.send({ cmd: 'seedDemo' });
				const spec: LegSpec = { task: `resource:${task.id}`, kind, count, concurrency: 10, warmup: options.warmup, emulator: emulator.info, benchDir: BENCH_DIR };
				const measured = await measure(emulator, spec, `${task.id} ${kind}`);
				const key = `${task.id}/${kind}`;
				results.set(key, [...(results.get(key) ?? []), measured]);
				out(`  run ${run + 1} ${task.id.padEnd(22)} ${LABEL[kind].padEnd(28)} ${fmt(measured.cpuMs / count, 2)} CPU ms/item  ${measured.emulator.requests} requests, ${measured.items} output items`);
			}
		}
	}
	for (const task of RESOURCE_TASKS) {
		const get = (kind: Kind) => results.get(`${task.id}/${kind}`) ?? [];
		// Per input item: a list operation may answer with none or several.
		const perItem = (m: Measured) => (m.error ? NaN : m.cpuMs / count);
		const ratio = median(get('node').map((m, i) => perItem(m) / perItem(get('trimmed')[i])));
		rows.push({
			section: `Per resource: ${count} items, one typical operation each, fields as expressions over the item (CPU per input item, median of ${options.resourceRuns} run(s))`,
			leg: task.id,
			cells: [
				task.operation,
				`${fmt(median(get('node').map(perItem)), 2)} ms`,
				`${fmt(median(get('trimmed').map(perItem)), 2)} ms`,
				`${fmt(ratio, 2)}×`,
				Number.isFinite(ratio) ? (ratio <= 1.2 ? 'met' : 'missed') : 'failed',
				`${fmt(median(get('routing').map(perItem)), 2)} ms`,
				'',
			],
		});
	}
}

async function returnAll(emulator: EmulatorProcess, options: Options, rows: Row[]) {
	await emulator.send({ cmd: 'clear' });
	// The messages' two users (alice and bob) make the user list exactly listSize long.
	await emulator.send({ cmd: 'seedUsers', count: options.listSize - 2 });
	await emulator.send({ cmd: 'seedMessages', count: options.listSize });
	const tasks: Task[] = ['listUsers', 'listMessages'];
	const results = new Map<string, Measured[]>();
	for (let run = 0; run < options.runs; run++) {
		for (const task of tasks) {
			const kinds: Kind[] = (['node', 'raw', 'routing'] as Kind[]).map((_, i, all) => all[(i + run) % all.length]);
			for (const kind of kinds) {
				const profile = options.profile && kind === 'node' && run === 0 ? join(BENCH_DIR, 'profiles', `${task}.cpuprofile`) : undefined;
				const spec: LegSpec = { task, kind, count: 0, concurrency: 0, warmup: 0, emulator: emulator.info, benchDir: BENCH_DIR, profile };
				const measured = await measure(emulator, spec, `${task} ${kind}`);
				const key = `${task}/${kind}`;
				results.set(key, [...(results.get(key) ?? []), measured]);
				out(`  run ${run + 1} ${task.padEnd(12)} ${LABEL[kind].padEnd(23)} ${fmt(measured.ms / 1000, 2)} s  ${measured.items} items  ${measured.emulator.requests} requests  peak ${fmt(measured.peakMb)} MB for ${fmt(measured.jsonMb ?? NaN, 1)} MB of JSON`);
			}
		}
	}
	for (const task of tasks) {
		const get = (kind: Kind) => results.get(`${task}/${kind}`) ?? [];
		const section = `Return All: ${options.listSize} ${task === 'listUsers' ? 'users (page/perPage)' : 'messages (cursor)'}`;
		for (const kind of ['node', 'raw', 'routing'] as Kind[]) {
			const legs = get(kind);
			const ratio = median(get(kind).map((m, i) => (m.error ? NaN : m.ms / get('raw')[i].ms)));
			const pages = Object.entries(legs[0].emulator.byRoute)
				.map(([route, n]) => `${n} × ${route}`)
				.join(', ');
			rows.push({
				section,
				leg: LABEL[kind],
				cells: [
					`${fmt(median(legs.map((m) => m.items)))} items`,
					`${fmt(median(legs.map((m) => m.ms / 1000)), 2)} s`,
					`${fmt(median(legs.map((m) => m.cpuMs / 1000)), 2)} s CPU (emulator ${fmt(median(legs.map((m) => (100 * m.emulator.cpuMs) / m.emulator.wallMs)))}% busy)`,
					`${fmt(median(legs.map((m) => m.emulator.requests)))} (${pages})`,
					`${fmt(median(legs.map((m) => m.peakMb)))} MB`,
					`${fmt(median(legs.map((m) => m.peakMb / (m.jsonMb ?? NaN))), 2)}× of ${fmt(median(legs.map((m) => m.jsonMb ?? NaN)), 1)} MB JSON`,
					kind === 'raw' ? '' : `${fmt(ratio, 2)} (time ÷ raw)`,
				],
			});
		}
	}
}

/**
 * What Max Concurrent Requests does against CometChat's budgets: the emulator answers 100 ms late (a
 * request's round trip from an n8n host, with the new TLS connection n8n opens for each) and applies
 * CometChat's per-app budgets (10,000 user creations, 20,000 other requests a minute) pressed into
 * 6-second windows with the same per-second rates. The node sends Create User items at several
 * concurrencies; 429 answers are the requests beyond one per item (the node retries them).
 */
async function rateLimited(options: Options, rows: Row[], notes: string[]) {
	const emulator = new EmulatorProcess();
	const windowSeconds = 6;
	const perWindow = (perMinute: number) => Math.round((perMinute * windowSeconds) / 60);
	await emulator.start({ latencyMs: 100, rateWindowSeconds: windowSeconds, rateLimits: { core: perWindow(10000), standard: perWindow(20000), app: perWindow(100000) } });
	const count = options.quick ? 300 : 1000;
	try {
		for (const concurrency of [5, 10, 25, 50, count]) {
			const legs: Measured[] = [];
			for (let run = 0; run < Math.min(options.runs, 2); run++) {
				await emulator.send({ cmd: 'clear' });
				const spec: LegSpec = { task: 'createUser', kind: 'node', count, concurrency, warmup: 10, emulator: emulator.info, benchDir: BENCH_DIR };
				const measured = await measure(emulator, spec, `rate-limited c=${concurrency}`);
				legs.push(measured);
				out(`  run ${run + 1} c=${String(concurrency).padEnd(5)} ${fmt(measured.items / (measured.ms / 1000)).padStart(5)} items/s  ${measured.emulator.requests - measured.items} × 429  ${measured.emulator.maxInFlight} in flight`);
			}
			rows.push({
				section: `Under CometChat's rate limits: ${count} × Create User, 100 ms latency`,
				leg: concurrency === count ? `all at once (${count})` : `${concurrency}`,
				cells: [
					`${fmt(median(legs.map((m) => (m.error ? NaN : m.items / (m.ms / 1000)))))} items/s`,
					`${fmt(median(legs.map((m) => m.ms / 1000)), 1)} s`,
					`${fmt(median(legs.map((m) => m.emulator.requests - m.items)))}`,
					`${fmt(median(legs.map((m) => m.emulator.maxInFlight)))}`,
					`${fmt(median(legs.map((m) => m.peakMb)))} MB`,
					legs.some((m) => m.error) ? `failed: ${legs.find((m) => m.error)?.error?.split('\n')[0]}` : '',
					'',
				],
			});
		}
	} finally {
		emulator.stop();
	}
	notes.push(`Rate-limit leg: CometChat's per-minute budgets pressed into ${windowSeconds}-second windows (${perWindow(10000)} user creations, ${perWindow(20000)} other requests, ${perWindow(100000)} in all per window), every answer 100 ms late.`);
}

/** Tarball, files, and the cost of loading the built nodes and credentials in a fresh process. */
function footprint(options: Options, rows: Row[]) {
	const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' })) as Array<{ size: number; unpackedSize: number; entryCount: number }>;
	// What n8n loads: every file package.json's "n8n" section lists, each class instantiated once.
	const { n8n } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { n8n: { nodes: string[]; credentials: string[] } };
	const probe = (files: string[]) => `
		require('n8n-workflow'); // n8n has it loaded before any community node
		global.gc(); global.gc();
		const heap = process.memoryUsage().heapUsed;
		const start = process.hrtime.bigint();
		const cpu = process.cpuUsage();
		const held = ${JSON.stringify(files)}.flatMap((file) => Object.values(require('./' + file)).map((Class) => new Class()));
		const ms = Number(process.hrtime.bigint() - start) / 1e6;
		const spent = process.cpuUsage(cpu);
		const cpuMs = (spent.user + spent.system) / 1e3;
		global.gc(); global.gc();
		process.stdout.write(JSON.stringify({ ms, cpuMs, heapMb: (process.memoryUsage().heapUsed - heap) / 2 ** 20, held: held.length }));
	`;
	const measure = (files: string[]) => Array.from({ length: Math.max(5, options.runs) }, () => JSON.parse(execFileSync(process.execPath, ['--expose-gc', '-e', probe(files)], { cwd: ROOT, encoding: 'utf8' })) as { ms: number; cpuMs: number; heapMb: number });
	const budget = 200;
	rows.push({ section: 'Footprint', leg: 'Packed tarball', cells: [`${fmt(pack.size / 1024, 1)} KB`, `${pack.entryCount} files`, `${fmt(pack.unpackedSize / 1024)} KB unpacked`, '', '', '', pack.size < budget * 1024 ? `target < ${budget} KB: met` : `target < ${budget} KB: MISSED`] });
	const legs: Array<[string, string[]]> = [
		['require CometChat node + credential', ['dist/nodes/CometChat/CometChat.node.js', 'dist/credentials/CometChatApi.credentials.js']],
		[`require all ${n8n.nodes.length} nodes + ${n8n.credentials.length} credentials`, [...n8n.nodes, ...n8n.credentials]],
	];
	for (const [leg, files] of legs) {
		const loads = measure(files);
		// CPU time is the target's measure: wall time of a synchronous require is the same on a quiet machine, but
		// grows with whatever else the machine runs.
		const cpuMs = median(loads.map((l) => l.cpuMs));
		rows.push({ section: 'Footprint', leg, cells: [`${fmt(cpuMs, 1)} ms CPU`, `${fmt(median(loads.map((l) => l.ms)), 1)} ms wall`, '', '', `${fmt(median(loads.map((l) => l.heapMb)), 2)} MB heap`, '', cpuMs < 50 ? 'target < 50 ms: met' : 'target < 50 ms: MISSED'] });
	}
}

function table(rows: Row[]): string {
	const lines: string[] = [];
	let section = '';
	const headers: Record<string, string[]> = {
		Throughput: ['Leg', 'Throughput', 'Wall time', 'CPU per item', 'Requests', 'Peak memory', 'Emulator busy (its ceiling)', 'node ÷ this'],
		'Return All': ['Leg', 'Items', 'Wall time', 'Client CPU (emulator)', 'Requests', 'Peak memory', 'Peak ÷ JSON size', 'node ÷ raw'],
		'Per resource': ['Resource', 'Operation', 'CometChat node', 'RoutingNode, own fields only (floor)', 'node ÷ floor', 'target ≤ 1.2×', 'RoutingNode, whole node (before)', ''],
		'Under CometChat': ['Max Concurrent Requests', 'Throughput', 'Wall time', '429 answers', 'Most in flight', 'Peak memory', 'Note', ''],
		Footprint: ['What', 'Size / time', '', '', '', 'Memory', '', 'Target'],
	};
	for (const row of rows) {
		if (row.section !== section) {
			section = row.section;
			const header = headers[Object.keys(headers).find((k) => section.startsWith(k)) ?? 'Footprint'];
			lines.push('', `**${section}**`, '', `| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`);
		}
		lines.push(`| ${row.leg} | ${row.cells.join(' | ')} |`);
	}
	return lines.join('\n');
}

function machine(startLoad: number[]): string {
	const cpu = cpus();
	return [
		`- Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${fmt(totalmem() / 2 ** 30)} GiB, Linux; Node.js ${process.version}; n8n-core 2.41.1 engine; HTTP Request node from n8n-nodes-base ${HTTP_NODE_VERSION}.`,
		`- Load average (1 min) at start ${fmt(startLoad[0], 2)}, at end ${fmt(loadavg()[0], 2)} — other work on the machine shows here.`,
		`- Date: ${new Date().toISOString()}`,
	].join('\n');
}

async function main() {
	const options = parseOptions(process.argv.slice(2));
	const startLoad = loadavg();
	if (!existsSync(join(ROOT, 'dist/nodes/CometChat/CometChat.node.js'))) throw new Error('dist/ is missing: run `npm run build` (npm run bench does)');
	const rows: Row[] = [];
	const notes: string[] = [];
	if (options.only.has('footprint')) {
		out('Footprint…');
		footprint(options, rows);
	}
	if (options.only.has('throughput') || options.only.has('resources') || options.only.has('list')) {
		if (options.only.has('throughput')) ensureHttpRequestNode();
		mkdirSync(join(BENCH_DIR, 'profiles'), { recursive: true });
		const emulator = new EmulatorProcess();
		await emulator.start();
		try {
			if (options.only.has('throughput')) {
				out(`Throughput: ${options.count} items, ${options.runs} run(s)…`);
				await throughput(emulator, options, rows);
			}
			if (options.only.has('resources')) {
				out(`Per resource: ${RESOURCE_TASKS.length} operations, ${options.resourceRuns} run(s)…`);
				await perResource(emulator, options, rows);
			}
			if (options.only.has('list')) {
				out(`Return All: ${options.listSize} records, ${options.runs} run(s)…`);
				await returnAll(emulator, options, rows);
			}
		} finally {
			emulator.stop();
		}
	}
	if (options.only.has('ratelimit')) {
		out('Under CometChat\'s rate limits…');
		await rateLimited(options, rows, notes);
	}
	const report = [`Medians of ${options.runs} run(s); ratios are the median of each run's ratio.`, table(rows), '', ...notes.map((n) => `- ${n}`), machine(startLoad)].join('\n');
	out();
	out(report);
	if (options.save) {
		const file = join(ROOT, 'BENCHMARKS.md');
		const text = existsSync(file) ? readFileSync(file, 'utf8') : '<!-- bench:results -->\n<!-- /bench:results -->\n';
		writeFileSync(file, text.replace(/<!-- bench:results -->[\s\S]*<!-- \/bench:results -->/, `<!-- bench:results -->\n${report}\n<!-- /bench:results -->`));
		out('\nBENCHMARKS.md updated.');
	}
}

main().catch((error: Error) => {
	process.stderr.write(`${error.stack ?? error}\n`);
	process.exit(1);
});
