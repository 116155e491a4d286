// The scanner's second leg: lint what npm would publish (compiled JS + package.json) with the
// scanner's rules, so nothing the build emits can slip past review of the TypeScript sources.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { scanConfig } from '../eslint.config.mjs';

const work = mkdtempSync(join(tmpdir(), 'cometchat-pack-'));
try {
	execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { stdio: ['ignore', 'ignore', 'inherit'] });
	const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
	execFileSync('tar', ['-xzf', join(work, tarball), '-C', work]);
	const pkgDir = join(work, 'package');
	const files = readdirSync(pkgDir, { recursive: true }).map(String);
	const unexpected = files.filter((f) => !(f === 'package.json' || f === 'README.md' || f === 'LICENSE' || f.startsWith('dist')));
	if (unexpected.length) throw new Error(`The tarball holds files outside dist/: ${unexpected.join(', ')}`);
	const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
	const declared = [...pkg.n8n.nodes, ...pkg.n8n.credentials];
	const missing = declared.filter((f) => !files.includes(f));
	if (missing.length) throw new Error(`The tarball lacks ${missing.join(', ')}: run npm run build first.`);
	const leaked = files.filter((f) => /(^|\/)(test|emulator|bench|examples)(\/|$)|\.test\.js$/.test(f));
	if (leaked.length) throw new Error(`The tarball holds development files: ${leaked.join(', ')}`);

	const eslint = new ESLint({ cwd: pkgDir, allowInlineConfig: false, overrideConfigFile: true, overrideConfig: scanConfig });
	const targets = files.filter((f) => f.endsWith('.js') || f === 'package.json').map((f) => join(pkgDir, f));
	const results = await eslint.lintFiles(targets);
	const errors = results.reduce((n, r) => n + r.errorCount, 0);
	const output = (await eslint.loadFormatter('stylish')).format(results);
	if (output) process.stdout.write(output);
	if (errors > 0) process.exit(1);
	process.stdout.write(`tarball lint: ${targets.length} files clean (${tarball})\n`);
} finally {
	rmSync(work, { recursive: true, force: true });
}
