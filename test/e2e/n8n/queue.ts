/**
 * n8n in queue mode, the way n8n scales: a throw-away PostgreSQL 17 cluster (from the npm registry, see
 * runtime.ts) and a Redis without persistence, on 127.0.0.1 at free ports, then one user folder and one
 * encryption key shared by `n8n start` (editor, REST API, activation), two `n8n webhook` processes
 * (production webhooks, each at its own port) and one `n8n worker` (runs every execution, manual ones too).
 * Everything started here is stopped by process id, in afterAll and, should the test process exit first,
 * by the exit handler in instance.ts. Not on a signal: Ctrl+C or SIGTERM ends the process without that
 * handler, and PostgreSQL, Redis, the n8n processes and the temporary folder stay (found by the #28 review;
 * not yet handled).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, closeSync, cpSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmulator } from '../../emulator';
import { type CredentialFile, freePort, killGroup, N8n, track, type WorkflowFile } from './instance';
import { CACHE_DIR, installedPostgres, installedRuntime, type Postgres, relative, type Runtime, WORK_DIR } from './runtime';
import { createScriptedModel } from './scripted-model';
import { exampleCredentials, packPackage, prepareInstance } from './setup';
import type { Suite } from './suite';

/**
 * Who runs PostgreSQL, which refuses to run as root: the current user, or as root an unprivileged
 * system user (`nobody`, no login, no home) that needs nothing of root's but the temporary folder.
 */
export function postgresUser(): { uid: number; gid: number; name: string } | undefined {
	if (process.getuid?.() !== 0) return undefined;
	const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim()));
	return { uid, gid, name: 'nobody' };
}

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls `ready` every 250 ms until it holds; fails with `what` if the process ended or time ran out. */
async function until(what: string, child: ChildProcess, ready: () => boolean | Promise<boolean>, timeoutMs = 60000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited (${String(child.exitCode ?? child.signalCode)})`);
		if (await Promise.resolve().then(ready).catch(() => false)) return;
		await pause(250);
	}
	throw new Error(`${what} was not ready within ${timeoutMs / 1000} s`);
}

/** Stops a detached child: `signal` to its pid, SIGKILL to its group after `graceMs`. */
async function stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs = 15000): Promise<void> {
	if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	process.kill(child.pid, signal);
	const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
	await exited;
	clearTimeout(timer);
}

export interface Services {
	postgresPort: number;
	redisPort: number;
	/** PostgreSQL's server_version_num, e.g. 170010 (17.10). */
	postgresVersion: number;
	/** One SQL statement in n8n's database (or another): each row's columns joined by |, one row a line. */
	sql(statement: string, database?: string): string;
	stop(): Promise<void>;
}

/**
 * One statement through the `pg` client of the n8n runtime (the PostgreSQL package brings no psql), in a
 * child process so that the tests' polling stays synchronous.
 */
const SQL_CLIENT = `
const [pg, port, database, statement] = process.argv.slice(1);
const client = new (require(pg).Client)({ host: '127.0.0.1', port: Number(port), user: 'postgres', database });
client.connect()
	.then(() => client.query({ text: statement, rowMode: 'array' }))
	.then((result) => {
		process.stdout.write((result.rows ?? []).map((row) => row.map((v) => (v === null ? '' : String(v))).join('|')).join('\\n'));
		return client.end();
	})
	.catch((error) => { process.stderr.write(String(error.message)); process.exit(1); });
`;

/**
 * PostgreSQL 17 (trust on 127.0.0.1 only, no Unix socket, no fsync) with its programs and data in a new
 * temporary folder outside the checkout, which another user can enter (a checkout in a home folder of
 * mode 700 cannot be), and Redis (no persistence). Their logs go to `logDir`.
 */
export async function startServices(logDir: string, runtime: Runtime, pg: Postgres | undefined = installedPostgres()): Promise<Services> {
	if (!pg) throw new Error('PostgreSQL 17 is not installed: run npm run test:e2e, which installs it first (or npx ts-node --transpile-only scripts/n8n-runtime.ts postgres).');
	rmSync(logDir, { recursive: true, force: true });
	mkdirSync(logDir, { recursive: true });
	const user = postgresUser();
	const ids = user ? { uid: user.uid, gid: user.gid } : {};
	const temp = mkdtempSync(join(tmpdir(), 'n8n-nodes-cometchat-postgres-'));
	chmodSync(temp, 0o755);
	// As root the cache is in root's home, which `nobody` cannot enter: the programs go along (60 MB).
	const bin = user ? join(temp, 'postgresql', 'bin') : join(pg.dir, 'bin');
	if (user) cpSync(pg.dir, join(temp, 'postgresql'), { recursive: true, verbatimSymlinks: true });
	const data = join(temp, 'data');
	mkdirSync(data, { mode: 0o700 });
	if (user) chownSync(data, user.uid, user.gid);
	const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', TZ: 'UTC' };
	try {
		execFileSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'], { ...ids, env, cwd: temp, stdio: 'pipe' });
	} catch (error) {
		rmSync(temp, { recursive: true, force: true });
		const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
		throw new Error(`initdb of PostgreSQL ${pg.version} as ${user?.name ?? 'the current user'} in ${temp} failed: ${stderr || String(error)}`);
	}

	const [postgresPort, redisPort] = [await freePort(), await freePort()];
	const pgLog = openSync(join(logDir, 'postgres.log'), 'a');
	const postgres = track(
		spawn(
			join(bin, 'postgres'),
			['-D', data, '-p', String(postgresPort), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
			{ ...ids, env, cwd: temp, detached: true, stdio: ['ignore', pgLog, pgLog] },
		),
	);
	closeSync(pgLog);
	const redisLog = openSync(join(logDir, 'redis.log'), 'a');
	const redisServer = track(
		spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(redisPort), '--save', '', '--appendonly', 'no', '--dir', temp, '--daemonize', 'no'], {
			detached: true,
			stdio: ['ignore', redisLog, redisLog],
		}),
	);
	closeSync(redisLog);
	// No redis-server on PATH: the error goes to its log, and the wait below reports that it exited.
	redisServer.on('error', (error) => appendFileSync(join(logDir, 'redis.log'), `${error.message}\n`));

	const pgClient = join(runtime.dir, 'node_modules', 'pg');
	const query = (database: string, statement: string): string =>
		execFileSync(process.execPath, ['-e', SQL_CLIENT, pgClient, String(postgresPort), database, statement], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
	const services: Services = {
		postgresPort,
		redisPort,
		postgresVersion: 0,
		sql: (statement, database = 'n8n') => query(database, statement),
		async stop() {
			// SIGINT is PostgreSQL's fast shutdown (ends the sessions, then exits); SIGTERM ends Redis.
			await Promise.all([stopChild(postgres, 'SIGINT'), stopChild(redisServer, 'SIGTERM')]);
			rmSync(temp, { recursive: true, force: true });
		},
	};
	try {
		await until(`PostgreSQL (log: ${relative(join(logDir, 'postgres.log'))})`, postgres, () => query('postgres', 'SELECT 1') === '1');
		services.postgresVersion = Number(query('postgres', 'SHOW server_version_num'));
		query('postgres', 'CREATE DATABASE n8n');
		await until(`Redis (log: ${relative(join(logDir, 'redis.log'))})`, redisServer, () => redisPing(redisPort));
	} catch (error) {
		await services.stop();
		throw error;
	}
	return services;
}

function redisPing(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
		socket.setTimeout(2000, () => socket.destroy());
		socket.once('data', (d: Buffer) => {
			resolve(d.toString().startsWith('+PONG'));
			socket.end();
		});
		socket.once('error', () => resolve(false));
		socket.once('close', () => resolve(false));
	});
}

export interface QueueSuite extends Suite {
	/** The two `n8n webhook` processes. */
	webhooks: [N8n, N8n];
	worker: N8n;
	services: Services;
	/** Seconds from the first service started to the last n8n process ready (n8n's part only in `n8n`). */
	startup: { services: number; prepare: number; n8n: number };
}

/**
 * Jest wiring: services, the package installed in one user folder, credentials (the examples' and
 * `credentials()`, read once the services run) and the examples (and `workflows`) imported, then the
 * main process, and the two webhook processes and the worker together.
 */
export function useQueueN8n(examples: string[], workflows: WorkflowFile[] = [], credentials: () => CredentialFile[] = () => []): QueueSuite {
	const suite = { startup: {} } as QueueSuite;
	const dir = join(WORK_DIR, 'e2e-queue');
	beforeAll(async () => {
		const runtime = installedRuntime('n8n2');
		if (!runtime) throw new Error(`n8n (n8n2) is not installed in ${CACHE_DIR}: run npm run test:e2e, which installs it first.`);
		let started = Date.now();
		const lap = (): number => {
			const s = Math.round((Date.now() - started) / 100) / 10;
			started = Date.now();
			return s;
		};
		suite.services = await startServices(join(dir, 'services'), runtime);
		suite.startup.services = lap();
		suite.emulator = await createEmulator({ seed: true });
		suite.model = await createScriptedModel();
		const home = join(dir, 'home');
		// Webhook process A stands for the load balancer: n8n writes WEBHOOK_URL into resume URLs (Send and
		// Wait, on the worker), and only webhook processes (and main) serve /webhook-waiting/.
		const webhookPorts = [await freePort(), await freePort()];
		const env: Record<string, string> = {
			WEBHOOK_URL: `http://localhost:${webhookPorts[0]}/`,
			EXECUTIONS_MODE: 'queue',
			OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(suite.services.redisPort),
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(suite.services.postgresPort),
			DB_POSTGRESDB_DATABASE: 'n8n',
			DB_POSTGRESDB_USER: 'postgres',
			DB_POSTGRESDB_PASSWORD: 'trust-on-loopback',
		};
		const n8nProcess = async (command: 'start' | 'webhook' | 'worker', logName: string, port?: number): Promise<N8n> =>
			new N8n({ runtime, home, port: port ?? (await freePort()), brokerPort: await freePort(), env, command, logName });
		suite.n8n = await n8nProcess('start', 'n8n-main.log');
		suite.webhooks = [await n8nProcess('webhook', 'n8n-webhook-a.log', webhookPorts[0]), await n8nProcess('webhook', 'n8n-webhook-b.log', webhookPorts[1])];
		suite.worker = await n8nProcess('worker', 'n8n-worker.log');
		await prepareInstance(suite.n8n, {
			tarball: packPackage('e2e-queue'),
			credentials: [...exampleCredentials(suite.emulator, suite.model.url), ...credentials()],
			examples,
			workflows,
		});
		suite.startup.prepare = lap();
		await suite.n8n.start();
		await Promise.all([...suite.webhooks, suite.worker].map((n) => n.start()));
		await suite.n8n.setupOwner();
		suite.startup.n8n = lap();
	}, 600000);
	afterAll(async () => {
		await Promise.all([suite.n8n, ...(suite.webhooks ?? []), suite.worker].map((n) => n?.stop()));
		await suite.services?.stop();
		await suite.emulator?.close();
		await suite.model?.close();
	}, 120000);
	return suite;
}
