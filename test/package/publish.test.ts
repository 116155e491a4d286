/**
 * What n8n's verification looks at besides the code: n8n's toolchain in strict mode, publishing with
 * provenance from a tag, and package metadata that names one repository. Reads files of this repository only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
interface PackageJson {
	version: string;
	homepage: string;
	repository: unknown;
	bugs: unknown;
	author: { name: string; url: string };
	dependencies?: unknown;
	devDependencies: Record<string, string>;
	scripts: Record<string, string>;
	n8n: { strict?: boolean };
}
const pkg = JSON.parse(read('package.json')) as PackageJson;

describe('publishing and n8n verification', () => {
	it("uses n8n's toolchain in strict mode with n8n's default ESLint configuration, unedited", () => {
		expect(pkg.n8n.strict).toBe(true);
		expect(pkg.devDependencies['@n8n/node-cli']).toMatch(/^\d+\.\d+\.\d+$/);
		const template = read('node_modules/@n8n/node-cli/dist/template/templates/shared/default/eslint.config.mjs');
		expect(read('eslint.config.mjs').replace(/\s+/g, ' ').trim()).toBe(template.replace(/\s+/g, ' ').trim());
		expect(pkg.scripts.lint).toContain('n8n-node lint');
		expect(pkg.scripts.lint).toContain('scripts/scan.mjs');
		expect(pkg.scripts.release).toBe('n8n-node release');
	});

	it('names one GitHub repository in homepage, repository, bugs and author', () => {
		const repo = 'github.com/n8n-nodes-cometchat/n8n-nodes-cometchat';
		expect(pkg.homepage).toBe(`https://${repo}#readme`);
		expect(pkg.repository).toEqual({ type: 'git', url: `git+https://${repo}.git` });
		expect(pkg.bugs).toEqual({ url: `https://${repo}/issues` });
		expect(`https://${repo}`.startsWith(pkg.author.url)).toBe(true);
		expect(pkg.author.name).toBeTruthy();
		expect(pkg.dependencies).toBeUndefined();
	});

	it('publishes from a version tag in GitHub Actions, with npm provenance, after the tests', () => {
		const workflow = read('.github/workflows/publish.yml');
		expect(workflow).toMatch(/on:\n\s+push:\n\s+tags:\n\s+- '\*\.\*\.\*'/);
		expect(workflow).toMatch(/permissions:\n\s+# .*\n\s+id-token: write\n\s+contents: read/);
		const steps = ['npm ci', 'npm test', 'npm run release'].map((step) => workflow.indexOf(`run: ${step}`) >= 0 ? workflow.indexOf(`run: ${step}`) : workflow.indexOf(`  ${step}\n`));
		expect(steps.every((at) => at > 0)).toBe(true);
		expect([...steps].sort((a, b) => a - b)).toEqual(steps);
	});

	it('keeps a changelog with an entry for the current version or an Unreleased section', () => {
		const changelog = read('CHANGELOG.md');
		expect(changelog).toMatch(/^## \[Unreleased\]$/m);
		expect(changelog).toContain(`## [${pkg.version}]`);
	});
});
