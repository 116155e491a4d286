// `npm run build`: type-check (tsc), bundle (scripts/bundle.mjs), copy the icons (gulp), into a new dist/.
// Skipped when neither what goes into the build nor dist/ itself changed since the last one: CI builds four
// times (its build step, then `npm test`, the demo and the e2e tests each build first), about 25 s each
// on 2 cores. What the last build read and wrote is fingerprinted in .cache/build-stamp.json (git-ignored,
// outside dist/, so never packed); `npm run dev`, an edit or a deleted file in dist/ makes the next build
// a real one. `npm run build -- --force` always builds; `node scripts/build.mjs --check` only says whether a
// build is due (exit code 1 if so).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const STAMP = '.cache/build-stamp.json';
// Everything the three steps read from the checkout (node_modules through the lockfile).
const INPUTS = ['nodes', 'credentials', 'icons', 'scripts/build.mjs', 'scripts/bundle.mjs', 'package.json', 'package-lock.json', 'tsconfig.json', 'gulpfile.js'];

/** A SHA-256 over each file's path and content under `paths` (folders walked, in name order). */
function fingerprint(paths) {
	const hash = createHash('sha256');
	const add = (path) => {
		if (!existsSync(path)) return hash.update(`missing ${path}\0`);
		if (statSync(path).isDirectory()) return readdirSync(path).sort().forEach((name) => add(join(path, name)));
		hash.update(`${path}\0`).update(readFileSync(path)).update('\0');
	};
	paths.forEach(add);
	return hash.digest('hex');
}

const inputs = fingerprint(INPUTS);
const previous = (() => {
	try {
		return JSON.parse(readFileSync(STAMP, 'utf8'));
	} catch {
		return undefined; // none, or unreadable: build
	}
})();
const built = existsSync('dist') && previous?.inputs === inputs && previous?.dist === fingerprint(['dist']);
if (process.argv.includes('--check')) {
	console.log(built ? 'dist/ is up to date.' : 'dist/ is not the build of these sources: npm run build.');
	process.exit(built ? 0 : 1);
}
if (built && !process.argv.includes('--force')) {
	console.log(`dist/ is the build of these sources, unchanged since (${STAMP}): not built again. npm run build -- --force builds anyway.`);
	process.exit(0);
}

const require = createRequire(import.meta.url);
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
