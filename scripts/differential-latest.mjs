#!/usr/bin/env node
// Runs the routing runner's differential test (test/shared/differentialSuite.ts) against the newest
// n8n-core in the npm registry and the n8n-workflow it depends on, installed into .cache/ (scripts off),
// without touching package.json: `npm run differential:latest` [-- <n8n-core version>].
// A difference fails with the request, item or error that differs; see docs/development.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const npm = (...args) => execFileSync('npm', args, { cwd: root, encoding: 'utf8' }).trim();
const wanted = process.argv[2] ?? 'latest';
const core = npm('view', `n8n-core@${wanted}`, 'version').split('\n').pop().replace(/^.*'(.+)'$/, '$1');
const workflowRange = npm('view', `n8n-core@${core}`, 'dependencies.n8n-workflow');
const workflow = workflowRange.startsWith('workspace:') || workflowRange === '' ? core : workflowRange;
const dir = join(root, '.cache', 'differential', `n8n-core-${core}`);
if (!existsSync(join(dir, 'node_modules', 'n8n-core'))) {
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true }));
	console.log(`Installing n8n-core@${core} and n8n-workflow@${workflow} into ${dir}`);
	execFileSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--prefix', dir, `n8n-core@${core}`, `n8n-workflow@${workflow}`], { stdio: 'inherit' });
}
console.log(`Differential test against n8n-core ${core} (n8n-workflow ${workflow})`);
execFileSync('npx', ['jest', '--testMatch', '**/differential.latest.check.ts', '--', 'test/shared/differential.latest.check.ts'], {
	cwd: root,
	stdio: 'inherit',
	env: { ...process.env, DIFFERENTIAL_N8N_DIR: dir },
});
