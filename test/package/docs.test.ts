/**
 * The documentation says what the built nodes do: docs/operations.md and the README's operations summary
 * are what `npm run docs` (scripts/docs.ts) makes from dist/ now, the README fits n8n's starter shape in
 * under 20 KB, and every relative link of the README and docs/ leads to a file of this repository.
 * Run after a build (npm test builds first).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { README_START, renderOperations, renderPath, renderSummary, ROOT, withSummary } from '../../scripts/docs';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

describe('generated documentation', () => {
	it('docs/operations.md is what the built nodes describe (run `npm run docs` after changing a node)', () => {
		expect(read('docs/operations.md')).toBe(renderOperations(ROOT));
	});

	it("the README's operations summary is what the built nodes describe", () => {
		const readme = read('README.md');
		expect(readme).toContain(README_START);
		expect(withSummary(readme, renderSummary(ROOT))).toBe(readme);
	});

	it('request paths name the fields that fill them', () => {
		expect(renderPath('/users')).toBe('/users');
		expect(renderPath('=/users/{{ encodeURIComponent(String($parameter["uid"]).trim()) }}')).toBe('/users/{uid}');
		expect(
			renderPath('=/{{ $parameter["conversationWith"] === "group" ? "groups/" + encodeURIComponent(String($parameter["guid"]).trim()) : "users/" + encodeURIComponent(String($parameter["uid"]).trim()) }}/conversation'),
		).toBe('/(groups/{guid} | users/{uid})/conversation');
		expect(renderPath('=/messages/{{ $parameter["id"] }}/reactions{{ $parameter["filters"]["reaction"] === undefined ? "" : "/" + encodeURIComponent(String($parameter["filters"]["reaction"]).trim()) }}')).toBe(
			'/messages/{id}/reactions[/{reaction}]',
		);
		expect(renderPath('=/notifications/{{ {"apns":"push/v1/providers/apns","fcm":"push/v1/providers/fcm"}[$parameter["provider"]] }}')).toBe('/notifications/{provider}');
		// Whatever the generator cannot read still names its fields rather than inventing a path.
		expect(renderPath('=/x/{{ Math.max($parameter["a"], 1) }}')).toBe('/x/{a}');
	});
});

describe('README in the starter shape', () => {
	const readme = read('README.md');

	it("has n8n's starter sections, in order, and stays under 20 KB", () => {
		const sections = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
		expect(sections).toEqual(['Installation', 'Operations', 'Credentials', 'Compatibility', 'Usage', 'Resources', 'Version history', 'Development', 'License']);
		expect(Buffer.byteLength(readme)).toBeLessThan(20 * 1024);
	});

	it('keeps the quick start the CI runs: install, demo, test', () => {
		const quickStart = /```bash\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Development')))?.[1] ?? '';
		expect(quickStart.split('\n').map((l) => l.split('#')[0].trim()).filter(Boolean)).toEqual(['npm install', 'npm run demo', 'npm test', 'npx jest test/chat/user.test.ts']);
		const ci = read('.ci/run');
		for (const command of ['npm ci', 'npm run build', 'npm run lint', 'npm test', 'npm run demo -- --no-editor', 'npm run test:e2e']) {
			// A line of its own, or timed: step "<name>" <command>.
			expect(ci).toMatch(new RegExp(`\\n(step "[^"\\n]+" )?${command.replace(/[-.]/g, '\\$&')}\\n`));
			expect(readme).toContain(`\`${command}\``);
		}
	});

	it('every relative link of the README and docs/ leads to a file here, and every docs page is linked', () => {
		const pages = ['README.md', 'CHANGELOG.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
		const broken: string[] = [];
		for (const page of pages) {
			for (const [, target] of read(page).matchAll(/\]\(([^)\s]+)\)/g)) {
				if (/^(https?:|mailto:|#)/.test(target)) continue;
				const file = join(ROOT, dirname(page), target.split('#')[0]);
				if (!existsSync(file)) broken.push(`${page} → ${target}`);
			}
		}
		expect(broken).toEqual([]);
		for (const page of pages.filter((p) => p.startsWith('docs/'))) expect(readme).toContain(`](${page}`);
	});
});
