// n8n's community-package scanner (@n8n/scan-community-package) on this checkout, the way n8n's
// verification runs it on a published version, minus the provenance download (that needs a published
// package): its analysis of the source (package.json, nodes/, credentials/) and of the unpacked npm
// tarball (compiled JS and the published package.json). The scanner fails on errors only; this also fails
// on warnings. Before it, the checks the tarball must pass here: dist/ only, every entry point present,
// no development files, under 200 KB. Run `npm run build` first.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import glob from 'fast-glob';
import { analyzePackage, buildScanConfig, SOURCE_FILE_PATTERNS } from '@n8n/scan-community-package/scanner/scanner.mjs';

const MAX_TARBALL_BYTES = 200 * 1024;

/** The scanner's verdict (its own analyzePackage), then the warnings it does not fail on. */
async function scan(label, dir, patterns) {
	const verdict = await analyzePackage(dir, patterns);
	// The same lint analyzePackage runs (its config, its file list), kept whole to count warnings.
	const eslint = new ESLint({ cwd: dir, allowInlineConfig: false, overrideConfigFile: true, overrideConfig: await buildScanConfig() });
	const files = glob.sync(patterns, { cwd: dir, absolute: true, ignore: ['node_modules/**', '**/package-lock.json'] });
	const results = await eslint.lintFiles(files);
	const errors = results.reduce((n, r) => n + r.errorCount, 0);
	const warnings = results.reduce((n, r) => n + r.warningCount, 0);
	const output = (await eslint.loadFormatter('stylish')).format(results);
	if (output) process.stdout.write(output);
	if (!verdict.passed) process.stdout.write(`${verdict.message}\n${verdict.details ?? ''}\n`);
	process.stdout.write(`scanner, ${label}: ${files.length} files, ${errors} errors, ${warnings} warnings, ${verdict.passed ? 'passed' : 'FAILED'}\n`);
	return verdict.passed && errors === 0 && warnings === 0;
}

function checkTarball(work) {
	execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { stdio: ['ignore', 'ignore', 'inherit'] });
	const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
	const size = statSync(join(work, tarball)).size;
	execFileSync('tar', ['-xzf', join(work, tarball), '-C', work]);
	const pkgDir = join(work, 'package');
	const files = readdirSync(pkgDir, { recursive: true }).map(String);
	const unexpected = files.filter((f) => !(f === 'package.json' || f === 'README.md' || f === 'LICENSE' || f === 'CHANGELOG.md' || f.startsWith('dist')));
	if (unexpected.length) throw new Error(`The tarball holds files outside dist/: ${unexpected.join(', ')}`);
	const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
	const missing = [...pkg.n8n.nodes, ...pkg.n8n.credentials].filter((f) => !files.includes(f));
	if (missing.length) throw new Error(`The tarball lacks ${missing.join(', ')}: run npm run build first.`);
	const leaked = files.filter((f) => /(^|\/)(test|emulator|bench|examples)(\/|$)|\.test\.js$/.test(f));
	if (leaked.length) throw new Error(`The tarball holds development files: ${leaked.join(', ')}`);
	process.stdout.write(`tarball: ${tarball}, ${(size / 1024).toFixed(1)} KB, ${files.length} entries\n`);
	return { pkgDir, size };
}

const work = mkdtempSync(join(tmpdir(), 'cometchat-scan-'));
try {
	const { pkgDir, size } = checkTarball(work);
	const source = await scan('source', process.cwd(), SOURCE_FILE_PATTERNS);
	const tarball = await scan('tarball', pkgDir, ['**/*.js', 'package.json']);
	const small = size < MAX_TARBALL_BYTES;
	if (!small) process.stdout.write(`The tarball is ${(size / 1024).toFixed(1)} KB, over the 200 KB budget.\n`);
	if (!source || !tarball || !small) process.exitCode = 1;
} finally {
	rmSync(work, { recursive: true, force: true });
}
