/**
 * One real n8n: its user folder (database, config, community packages), its CLI (`import:*`, `execute`)
 * and its server (`start`), all run with the runtime's own Node.js. Processes run in their own process
 * group and are stopped with it (n8n starts a task-runner child), also when the parent exits abruptly.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Runtime } from './runtime';

export interface CredentialFile {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

export interface WorkflowNode {
	id?: string;
	name: string;
	type: string;
	typeVersion?: number;
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	webhookId?: string;
	position?: [number, number];
}

export interface WorkflowFile {
	id?: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	pinData?: Record<string, unknown>;
	settings?: Record<string, unknown>;
	active?: boolean;
}

export interface CliResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

type Json = Record<string, unknown>;

/** What `n8n execute --rawOutput` printed, read. */
export interface Execution {
	status: string;
	/** The workflow error's message, if the run failed. */
	error?: string;
	/** The JSON of each item a node output (first run, all outputs of the node concatenated). */
	output(node: string): Json[];
	/** Items per output index, for nodes with several outputs (Switch, IF). */
	outputs(node: string): Json[][];
	/** The nodes that ran, in order. */
	ran: string[];
	/** How many times a node ran (its runs in the run data). */
	runs(node: string): number;
	/** A node's error message, if it failed. */
	nodeError(node: string): string | undefined;
}

interface RunData {
	[node: string]: Array<{ data?: { main?: Array<Array<{ json: Json }> | null> }; error?: { message?: string }; startTime?: number }>;
}

export interface RunLike {
	status?: string;
	finished?: boolean;
	data: { resultData: { runData: RunData; error?: { message?: string } } };
}

/** Reads an IRun (from the CLI or from the REST API). */
export function readRun(run: RunLike): Execution {
	const runData = run.data.resultData.runData;
	const outputs = (node: string): Json[][] => (runData[node]?.[0]?.data?.main ?? []).map((items) => (items ?? []).map((i) => i.json));
	return {
		status: run.status ?? (run.finished ? 'success' : 'error'),
		error: run.data.resultData.error?.message,
		outputs,
		output: (node) => outputs(node).flat(),
		ran: Object.entries(runData)
			.sort(([, a], [, b]) => (a[0]?.startTime ?? 0) - (b[0]?.startTime ?? 0))
			.map(([name]) => name),
		runs: (node) => runData[node]?.length ?? 0,
		nodeError: (node) => runData[node]?.[0]?.error?.message,
	};
}

/** n8n 1.x reports ready before its REST routes exist: a call answered 404 is tried again, for up to 60 s. */
export async function untilServed<T>(call: () => Promise<T>): Promise<T> {
	const deadline = Date.now() + 60000;
	for (;;) {
		try {
			return await call();
		} catch (error) {
			if (!String((error as Error).message).includes('→ 404') || Date.now() > deadline) throw error;
			await new Promise((r) => setTimeout(r, 1000));
		}
	}
}

/** Whether `port` on 127.0.0.1 can be bound now (bound, then released). */
function bindable(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const server = createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}

let nextPort = 0;
/**
 * A free TCP port on 127.0.0.1 for n8n, PostgreSQL or Redis, which bind it seconds later (after pack, install
 * and import). Not one the system hands out (port 0): in between, any outgoing connection or server on port 0,
 * such as the other e2e file's, running at the same time, could take that one. So from 20000–31999, below the
 * ephemeral ports of Linux (32768–60999) and macOS (49152–65535), a slice of 3,000 per Jest worker.
 */
export async function freePort(): Promise<number> {
	const base = 20000 + ((Number(process.env.JEST_WORKER_ID ?? '1') - 1) % 4) * 3000;
	nextPort ||= base + Math.floor(Math.random() * 3000);
	for (let tried = 0; tried < 3000; tried++) {
		const port = base + ((nextPort++ - base) % 3000);
		if (await bindable(port)) return port;
	}
	throw new Error(`No free TCP port on 127.0.0.1 in ${base}–${base + 2999}`);
}

const running = new Set<ChildProcess>();
// If the parent dies without stopping its n8n (uncaught error, process.exit), take the groups with it.
process.on('exit', () => {
	for (const child of running) killGroup(child, 'SIGKILL');
});

/** A detached child (own process group) that is killed with its group if this process exits first. */
export function track(child: ChildProcess): ChildProcess {
	running.add(child);
	child.on('exit', () => running.delete(child));
	return child;
}

export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		// already gone
	}
}

export interface N8nOptions {
	runtime: Runtime;
	/** The user folder (N8N_USER_FOLDER): n8n keeps .n8n/{database.sqlite,config,nodes} in it. */
	home: string;
	/** The editor and webhooks. */
	port: number;
	/** The task broker (the server and every CLI command open one). */
	brokerPort: number;
	/** Extra environment, e.g. N8N_LOG_LEVEL. */
	env?: Record<string, string>;
	/**
	 * What `start()` runs (queue mode: `webhook` and `worker` beside the main `start`); the default is
	 * `start`. A worker answers its health check (QUEUE_HEALTH_CHECK_PORT) on `port`.
	 */
	command?: 'start' | 'webhook' | 'worker';
	/** The log file's name in the user folder (processes of one queue-mode n8n share the folder). */
	logName?: string;
}

export interface Owner {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

export const DEMO_OWNER: Owner = { email: 'demo@example.com', password: 'CometChat-demo-1', firstName: 'Demo', lastName: 'Owner' };

export class N8n {
	readonly url: string;
	readonly logFile: string;
	private server?: ChildProcess;
	private cookie = '';
	/** The last CLI command's output, for diagnostics. */
	lastCli = '';
	/** n8n ties its auth cookie to this header. */
	readonly browserId = 'cometchat-e2e';

	constructor(readonly options: N8nOptions) {
		this.url = `http://localhost:${options.port}`;
		this.logFile = join(options.home, options.logName ?? 'n8n.log');
	}

	get runtime(): Runtime {
		return this.options.runtime;
	}

	/** Starts from an empty user folder (no database, no packages). */
	reset(): void {
		rmSync(this.options.home, { recursive: true, force: true });
		mkdirSync(this.options.home, { recursive: true });
	}

	env(): NodeJS.ProcessEnv {
		const env: NodeJS.ProcessEnv = {};
		// npm's and jest's variables (npm_config_*, NODE_ENV=test) would change how n8n behaves.
		for (const [k, v] of Object.entries(process.env)) {
			if (!/^(npm_|N8N_|DB_|QUEUE_|NODE_ENV$|NODE_OPTIONS$|WEBHOOK_URL$|EXECUTIONS_)/.test(k)) env[k] = v;
		}
		return {
			...env,
			PATH: this.runtime.path,
			N8N_USER_FOLDER: this.options.home,
			N8N_ENCRYPTION_KEY: 'cometchat-e2e-encryption-key-0001',
			DB_TYPE: 'sqlite',
			N8N_PORT: String(this.options.port),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: 'localhost',
			N8N_SECURE_COOKIE: 'false',
			N8N_RUNNERS_BROKER_PORT: String(this.options.brokerPort),
			...(this.options.command === 'worker'
				? { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(this.options.port), N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' }
				: {}),
			// --rawOutput goes through the info logger: a higher level prints no result at all.
			N8N_LOG_LEVEL: 'info',
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
			// The emulator listens on 127.0.0.1; n8n must be allowed to call it.
			N8N_SSRF_PROTECTION_ENABLED: 'false',
			...this.runtime.env,
			...this.options.env,
		};
	}

	/** Installs the packed package the way n8n installs community packages: npm in <user folder>/.n8n/nodes. */
	installPackage(tarball: string): void {
		const nodes = join(this.options.home, '.n8n', 'nodes');
		mkdirSync(nodes, { recursive: true });
		writeFileSync(join(nodes, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true }));
		// --omit=peer: the n8n-workflow peer dependency is n8n's own; n8n provides it at run time.
		execFileSync('npm', ['install', '--omit=peer', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], {
			cwd: nodes,
			env: Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_'))),
			stdio: ['ignore', 'ignore', 'pipe'],
		});
	}

	private spawn(args: string[], stdio: ['ignore', number | 'pipe', number | 'pipe']): ChildProcess {
		const child = spawn(this.runtime.nodeBin, [this.runtime.n8nScript, ...args], {
			cwd: this.options.home,
			env: this.env(),
			detached: true,
			stdio,
		});
		return track(child);
	}

	/** Runs `n8n <args>` to the end (killed after `timeoutMs`). */
	cli(args: string[], timeoutMs = 180000): Promise<CliResult> {
		return new Promise((resolve, reject) => {
			const child = this.spawn(args, ['ignore', 'pipe', 'pipe']);
			let stdout = '';
			let stderr = '';
			child.stdout?.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
			child.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
			const timer = setTimeout(() => killGroup(child, 'SIGKILL'), timeoutMs);
			child.on('error', reject);
			child.on('close', (code) => {
				clearTimeout(timer);
				// The task runner child may outlive the CLI's main process.
				killGroup(child, 'SIGKILL');
				this.lastCli = `$ n8n ${args.join(' ')}  → exit ${String(code)}\n${stdout}${stderr}`;
				resolve({ code, stdout, stderr });
			});
		});
	}

	private async cliOk(args: string[]): Promise<CliResult> {
		const result = await this.cli(args);
		if (result.code !== 0) throw new Error(`n8n ${args.join(' ')} failed (exit ${String(result.code)}):\n${tail(result.stdout + result.stderr, 30)}`);
		return result;
	}

	/** `n8n import:credentials`; plain `data` is encrypted with the instance's key on import. */
	async importCredentials(credentials: CredentialFile[]): Promise<void> {
		const file = join(this.options.home, 'credentials.json');
		writeFileSync(file, JSON.stringify(credentials, null, 2));
		await this.cliOk(['import:credentials', `--input=${file}`]);
		rmSync(file);
	}

	/** `n8n import:workflow --separate` over a folder with one file per workflow (each with an id). */
	async importWorkflows(workflows: WorkflowFile[]): Promise<void> {
		const folder = join(this.options.home, 'import');
		rmSync(folder, { recursive: true, force: true });
		mkdirSync(folder);
		workflows.forEach((w, i) => writeFileSync(join(folder, `${i}.json`), JSON.stringify(w, null, 2)));
		await this.cliOk(['import:workflow', '--separate', `--input=${folder}`]);
	}

	/** `n8n execute --id --rawOutput`: runs the workflow from its Manual Trigger, headless. */
	async execute(id: string): Promise<Execution> {
		const result = await this.cli(['execute', `--id=${id}`, '--rawOutput']);
		const json = extractJson(result.stdout);
		if (!json) throw new Error(`n8n execute --id=${id} printed no run data (exit ${String(result.code)}):\n${tail(result.stdout + result.stderr, 30)}`);
		return readRun(json as RunLike);
	}

	/**
	 * `n8n start` (or the `command` given), resolved once it answers its readiness check (the editor and
	 * webhooks; a worker's health check). Its output goes to `logFile`.
	 */
	async start(timeoutMs = 240000): Promise<void> {
		const log = openSync(this.logFile, 'a');
		const command = this.options.command ?? 'start';
		const server = this.spawn([command], ['ignore', log, log]);
		closeSync(log);
		this.server = server;
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			if (server.exitCode !== null || server.signalCode !== null) {
				throw new Error(`n8n ${command} exited (${String(server.exitCode ?? server.signalCode)}):\n${this.logTail(30)}`);
			}
			try {
				const response = await fetch(`${this.url}/healthz/readiness`);
				if (response.ok) return;
			} catch {
				// not listening yet
			}
			await new Promise((r) => setTimeout(r, 500));
		}
		await this.stop();
		throw new Error(`n8n ${command} did not get ready within ${timeoutMs / 1000} s:\n${this.logTail(30)}`);
	}

	get serverRunning(): boolean {
		return this.server !== undefined && this.server.exitCode === null && this.server.signalCode === null;
	}

	/** Waits until the server process ends (Ctrl-C handling, for the demo). */
	waitForExit(): Promise<void> {
		const server = this.server;
		if (!server || !this.serverRunning) return Promise.resolve();
		return new Promise((resolve) => server.once('exit', () => resolve()));
	}

	/** SIGTERM to n8n's process group (n8n and its task runner), SIGKILL after 20 s. */
	async stop(): Promise<void> {
		const server = this.server;
		this.server = undefined;
		if (!server || server.exitCode !== null || server.signalCode !== null) return;
		const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
		killGroup(server, 'SIGTERM');
		const timer = setTimeout(() => killGroup(server, 'SIGKILL'), 20000);
		await exited;
		clearTimeout(timer);
		// The task runner, should it linger.
		if (server.pid !== undefined) {
			try {
				process.kill(-server.pid, 'SIGKILL');
			} catch {
				// the group is empty
			}
		}
	}

	logTail(lines = 60): string {
		return existsSync(this.logFile) ? tail(readFileSync(this.logFile, 'utf8'), lines) : '(no n8n log)';
	}

	/** Creates the owner account (a fresh n8n has none) and keeps its session cookie for `rest()`. */
	async setupOwner(owner: Owner = DEMO_OWNER): Promise<void> {
		await this.rest('POST', '/rest/owner/setup', owner);
	}

	/** A call to the editor's REST API with the owner's session; returns `data` of n8n's envelope. */
	async rest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		const send = (): Promise<Response> =>
			fetch(`${this.url}${path}`, {
				method,
				headers: { 'content-type': 'application/json', 'browser-id': this.browserId, cookie: this.cookie },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
		// A kept-alive connection the server closed meanwhile fails before anything was sent (seen under
		// load): send again once. Every call made here may be repeated safely.
		const response = await send().catch(() => send());
		const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('n8n-auth='));
		if (setCookie) this.cookie = setCookie.split(';')[0];
		const text = await response.text();
		if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text.slice(0, 500)}`);
		const parsed = text ? (JSON.parse(text) as { data?: T }) : {};
		return (parsed.data ?? parsed) as T;
	}

	/**
	 * The newest executions (of `workflowId`, or of every workflow), newest first by ID. Every status is
	 * asked for: without a status filter n8n reads running and finished executions in two parallel queries,
	 * so an execution changing status between them (a resumed one: waiting → running → success) is in
	 * neither, and the "newest" would be an older one. With a filter it is one query.
	 */
	async executions(workflowId?: string): Promise<ExecutionSummary[]> {
		const filter = { ...(workflowId === undefined ? {} : { workflowId }), status: [...EXECUTION_STATUSES] };
		const page = await this.rest<{ results: ExecutionSummary[] }>('GET', `/rest/executions?limit=100&filter=${encodeURIComponent(JSON.stringify(filter))}`);
		return page.results.sort((a, b) => Number(b.id) - Number(a.id));
	}
}

/** n8n's execution statuses (n8n-workflow's ExecutionStatusList, the same in 1.x and 2.x). */
const EXECUTION_STATUSES = ['canceled', 'crashed', 'error', 'new', 'running', 'success', 'unknown', 'waiting'] as const;

export interface ExecutionSummary {
	id: string;
	status: string;
	/** How it started: "webhook", "trigger", "manual", "integrated" (a sub-execution), … */
	mode?: string;
}

/** The pretty-printed JSON n8n logs after its log lines: from the first line that is `{` to the next `}`. */
export function extractJson(stdout: string): unknown {
	const lines = stdout.split('\n');
	const start = lines.indexOf('{');
	if (start < 0) return undefined;
	const end = lines.indexOf('}', start);
	if (end < 0) return undefined;
	return JSON.parse(lines.slice(start, end + 1).join('\n'));
}

export function tail(text: string, lines: number): string {
	return text.trimEnd().split('\n').slice(-lines).join('\n');
}
