/**
 * `npm run build` builds again only when something it reads or writes changed (scripts/build.mjs): CI
 * builds four times, and a skipped build must never leave a dist/ that is not the build of the sources.
 * Runs `node scripts/build.mjs --check` on a copy of the checkout (under the git-ignored .cache/), after
 * `npm test`'s own build.
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const COPY = join(ROOT, '.cache', `build-stamp-test-${process.pid}`);
const PARTS = ['nodes', 'credentials', 'icons', 'dist', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json', 'gulpfile.js', '.cache/build-stamp.json'];

/** Whether the copy's dist/ is taken as the build of its sources (exit code 0 of --check). */
function upToDate(env: NodeJS.ProcessEnv = process.env): boolean {
	try {
		execFileSync(process.execPath, ['scripts/build.mjs', '--check'], { cwd: COPY, stdio: 'pipe', env });
		return true;
	} catch (error) {
		if ((error as { status?: number }).status === 1) return false;
		throw error;
	}
}

describe('npm run build skips only a build that would change nothing', () => {
	beforeAll(() => {
		if (!existsSync(join(ROOT, '.cache', 'build-stamp.json'))) throw new Error('No .cache/build-stamp.json: run npm run build first (npm test does).');
		rmSync(COPY, { recursive: true, force: true });
		for (const part of PARTS) cpSync(join(ROOT, part), join(COPY, part), { recursive: true });
	});
	afterAll(() => rmSync(COPY, { recursive: true, force: true }));

	it('takes the dist/ the last build wrote as the build of unchanged sources', () => {
		expect(upToDate()).toBe(true);
	});

	// Each change is undone from the checkout afterwards (and the copy checked to be up to date again).
	type Change = { path: string; change: () => void; added?: boolean };
	const edit = (path: string): Change => ({ path, change: () => appendFileSync(join(COPY, path), '\n') });
	const remove = (path: string): Change => ({ path, change: () => rmSync(join(COPY, path), { recursive: true }) });
	const add = (path: string): Change => ({ path, change: () => writeFileSync(join(COPY, path), 'export const added = 1;\n'), added: true });
	const chmod = (path: string): Change => ({ path, change: () => chmodSync(join(COPY, path), 0o755) });
	const folder = (path: string): Change => ({ path, change: () => mkdirSync(join(COPY, path)), added: true });
	const symlink = (path: string): Change => ({
		path,
		change: () => {
			rmSync(join(COPY, path));
			symlinkSync(join(ROOT, path), join(COPY, path)); // the same bytes, through a link
		},
	});
	// Found before the checkout's own node_modules (the copy lies inside the checkout), as `npm install
	// --no-save typescript@…` would put it: the lockfile stays as it was.
	const otherTypeScript: Change = {
		path: 'node_modules',
		change: () => {
			const manifest = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'typescript', 'package.json'), 'utf8'));
			mkdirSync(join(COPY, 'node_modules', 'typescript'), { recursive: true });
			writeFileSync(join(COPY, 'node_modules', 'typescript', 'package.json'), JSON.stringify({ ...manifest, version: '5.0.0' }));
		},
		added: true,
	};
	it.each([
		['a source edited', edit('nodes/shared/fold.ts')],
		['a source added', add('nodes/shared/added.ts')],
		['a source deleted', remove('credentials/CometChatApi.credentials.ts')],
		['an icon changed', edit('icons/cometchat.svg')],
		['the bundler changed', edit('scripts/bundle.mjs')],
		['the lockfile changed (another esbuild or TypeScript)', edit('package-lock.json')],
		['package.json changed (its n8n entry points)', edit('package.json')],
		['a built file edited (npm run dev, by hand)', edit('dist/nodes/shared.js')],
		['a built file deleted', remove('dist/credentials/CometChatApi.credentials.js')],
		['a file put into dist/', add('dist/extra.js')],
		['dist/ deleted', remove('dist')],
		['an empty folder put into dist/', folder('dist/extra')],
		['a built file replaced by a symlink to the same bytes', symlink('dist/nodes/CometChat/CometChat.node.json')],
		["an icon's mode changed (gulp copies it into dist/, npm pack keeps it)", chmod('icons/cometchat.svg')],
		["a built file's mode changed", chmod('dist/nodes/shared.js')],
		['another TypeScript installed without the lockfile (npm install --no-save)', otherTypeScript],
		['the stamp deleted (a build that failed half-way)', remove('.cache/build-stamp.json')],
	])('builds again after %s', (_, { path, change, added }: Change) => {
		change();
		expect(upToDate()).toBe(false);
		rmSync(join(COPY, path), { recursive: true, force: true });
		if (!added) cpSync(join(ROOT, path), join(COPY, path), { recursive: true });
		expect(upToDate()).toBe(true);
	});

	it('builds again when esbuild is told to run another binary (ESBUILD_BINARY_PATH)', () => {
		expect(upToDate({ ...process.env, ESBUILD_BINARY_PATH: '/opt/esbuild/bin/esbuild' })).toBe(false);
		expect(upToDate()).toBe(true);
	});

	it('waits for a build that is running before it decides, and skips once that one is done', async () => {
		// This test process stands for the build running: its id in the lock.
		writeFileSync(join(COPY, '.cache', 'build.lock'), String(process.pid));
		const build = spawn(process.execPath, ['scripts/build.mjs'], { cwd: COPY });
		let output = '';
		const exited = new Promise<number | null>((resolve) => build.on('exit', resolve));
		const waiting = await new Promise<boolean>((resolve) => {
			build.stdout.on('data', (chunk: Buffer) => {
				output += chunk;
				if (output.includes('Waiting for the build of process')) resolve(true);
			});
			void exited.then(() => resolve(false));
		});
		rmSync(join(COPY, '.cache', 'build.lock'));
		expect({ waiting, output }).toEqual({ waiting: true, output: expect.stringContaining(`process ${process.pid}`) });
		expect(await exited).toBe(0);
		expect(output).toContain('not built again');
		expect(existsSync(join(COPY, '.cache', 'build.lock'))).toBe(false);
	});

	it("takes over the lock of a build that ended without removing it (Ctrl+C)", async () => {
		const ended = spawn(process.execPath, ['-e', '']);
		await new Promise((resolve) => ended.on('exit', resolve));
		writeFileSync(join(COPY, '.cache', 'build.lock'), String(ended.pid));
		const output = execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: COPY, encoding: 'utf8' });
		expect(output).toContain('not built again');
		expect(existsSync(join(COPY, '.cache', 'build.lock'))).toBe(false);
	});
});
