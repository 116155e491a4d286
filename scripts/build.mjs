// `npm run build`: type-check (tsc), bundle (scripts/bundle.mjs), copy the icons (gulp), into a new dist/.
// Skipped when neither what goes into the build nor dist/ itself changed since the last one: CI builds four
// times (its build step, then `npm test`, the demo and the e2e tests each build first), about 25 s each
// on 2 cores. What the last build read and wrote is fingerprinted in .cache/build-stamp.json (git-ignored,
// outside dist/, so never packed); `npm run dev`, an edit or a deleted file in dist/ makes the next build
// a real one. `npm run build -- --force` always builds; `node scripts/build.mjs --check` only says whether a
// build is due (exit code 1 if so). One build at a time (.cache/build.lock): a second one waits, then decides.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const STAMP = '.cache/build-stamp.json';
const LOCK = '.cache/build.lock';
// Everything the three steps read from the checkout (node_modules through the lockfile).
const INPUTS = ['nodes', 'credentials', 'icons', 'scripts/build.mjs', 'scripts/bundle.mjs', 'package.json', 'package-lock.json', 'tsconfig.json', 'gulpfile.js'];

const require = createRequire(import.meta.url);
// The tools as installed, found as the build finds them: another esbuild, TypeScript, gulp or n8n-workflow
// (`npm install --no-save`, `npm link`) leaves the lockfile as it was. esbuild may also run another binary.
const TOOLS = ['esbuild', 'typescript', 'gulp', 'n8n-workflow'];
const manifest = (name) => require.resolve.paths(name).map((dir) => join(dir, name, 'package.json')).find((path) => existsSync(path));
const tools = () =>
	[...TOOLS.map((name) => [name, manifest(name)]).map(([name, path]) => `${name} ${path ? readFileSync(path, 'utf8') : 'missing'}`), `ESBUILD_BINARY_PATH=${process.env.ESBUILD_BINARY_PATH ?? ''}`].join('\0');

/**
 * A SHA-256 over each entry under `paths` (folders walked, in name order): its path, its kind and mode, and a
 * file's size and content. The mode because gulp copies an icon's mode into dist/ and npm pack keeps it; a
 * folder even when empty, and a symlink as such (a build writes neither) and then as what it points to.
 */
function fingerprint(paths, extra = '') {
	const hash = createHash('sha256').update(`${extra}\0`);
	const add = (path) => {
		if (existsSync(path) && lstatSync(path).isSymbolicLink()) hash.update(`link ${path} ${readlinkSync(path)}\0`);
		if (!existsSync(path)) return hash.update(`missing ${path}\0`);
		const stat = statSync(path);
		const mode = (stat.mode & 0o7777).toString(8);
		if (stat.isDirectory()) {
			hash.update(`folder ${path} ${mode}\0`);
			return readdirSync(path).sort().forEach((name) => add(join(path, name)));
		}
		hash.update(`file ${path} ${mode} ${stat.size}\0`).update(readFileSync(path));
	};
	paths.forEach(add);
	return hash.digest('hex');
}

/** Waits while another live build holds the lock (its process id in it); a dead one's lock is taken over. */
function lock() {
	mkdirSync(dirname(LOCK), { recursive: true });
	let told = false;
	for (;;) {
		try {
			writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
			process.on('exit', () => rmSync(LOCK, { force: true }));
			return;
		} catch (error) {
			if (error.code !== 'EEXIST') throw error;
		}
		const holder = Number.parseInt(readFileSync(LOCK, 'utf8'), 10);
		if (holder > 0 && !alive(holder)) {
			rmSync(LOCK, { force: true }); // Ctrl+C or a crash left it
			continue;
		}
		if (!told) console.log(`Waiting for the build of process ${holder} to end (${LOCK}; delete it if no build runs).`);
		told = true;
		Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
	}
}
function alive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return error.code === 'EPERM';
	}
}

const check = process.argv.includes('--check');
// A build running meanwhile could bless a dist/ it is still writing (or another deleted) with its stamp.
if (!check) lock();
const inputs = fingerprint(INPUTS, tools());
const previous = (() => {
	try {
		return JSON.parse(readFileSync(STAMP, 'utf8'));
	} catch {
		return undefined; // none, or unreadable: build
	}
})();
const built = existsSync('dist') && previous?.inputs === inputs && previous?.dist === fingerprint(['dist']);
if (check) {
	console.log(built ? 'dist/ is up to date.' : 'dist/ is not the build of these sources: npm run build.');
	process.exit(built ? 0 : 1);
}
if (built && !process.argv.includes('--force')) {
	console.log(`dist/ is the build of these sources, unchanged since (${STAMP}): not built again. npm run build -- --force builds anyway.`);
	process.exit(0);
}

// A package's own bin script, by the folder of its main module (gulp exports no other path).
const bin = (name, script) => join(dirname(require.resolve(name)), script);
const run = (script, args) => execFileSync(process.execPath, [script, ...args], { stdio: 'inherit' });
rmSync(STAMP, { force: true });
rmSync('dist', { recursive: true, force: true });
run(bin('typescript', '../bin/tsc'), ['-p', 'tsconfig.json']);
run('scripts/bundle.mjs', []);
run(bin('gulp', 'bin/gulp.js'), ['build:icons']);
mkdirSync(dirname(STAMP), { recursive: true });
// The inputs as read before building: a file saved during the build makes the next one real.
writeFileSync(STAMP, JSON.stringify({ inputs, dist: fingerprint(['dist']) }, null, '\t') + '\n');
