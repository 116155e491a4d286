/**
 * `npm run build` builds again only when something it reads or writes changed (scripts/build.mjs): CI
 * builds four times, and a skipped build must never leave a dist/ that is not the build of the sources.
 * Runs `node scripts/build.mjs --check` on a copy of the checkout (under the git-ignored .cache/), after
 * `npm test`'s own build.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const COPY = join(ROOT, '.cache', `build-stamp-test-${process.pid}`);
const PARTS = ['nodes', 'credentials', 'icons', 'dist', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json', 'gulpfile.js', '.cache/build-stamp.json'];

/** Whether the copy's dist/ is taken as the build of its sources (exit code 0 of --check). */
function upToDate(): boolean {
	try {
		execFileSync(process.execPath, ['scripts/build.mjs', '--check'], { cwd: COPY, stdio: 'pipe' });
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
	const edit = (path: string) => ({ path, change: () => appendFileSync(join(COPY, path), '\n') });
	const remove = (path: string) => ({ path, change: () => rmSync(join(COPY, path), { recursive: true }) });
	const add = (path: string) => ({ path, change: () => writeFileSync(join(COPY, path), 'export const added = 1;\n'), added: true });
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
		['the stamp deleted (a build that failed half-way)', remove('.cache/build-stamp.json')],
	])('builds again after %s', (_, { path, change, added }: { path: string; change: () => void; added?: boolean }) => {
		change();
		expect(upToDate()).toBe(false);
		if (added) rmSync(join(COPY, path));
		else cpSync(join(ROOT, path), join(COPY, path), { recursive: true });
		expect(upToDate()).toBe(true);
	});
});
