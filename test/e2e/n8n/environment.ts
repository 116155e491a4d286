/**
 * The e2e suite's global setup: before any n8n starts, whether this machine can run the selected files:
 * the prerequisites (scripts/prerequisites.mjs: Chromium, Redis, who runs PostgreSQL), the installs
 * (n8n 2.x, 1.x, PostgreSQL 17), and for queue mode PostgreSQL and Redis really started once and
 * stopped. Anything missing fails the run with one message, one line each, instead of every test of a
 * file failing in its beforeAll with the same stack trace.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '@jest/types';
import { startServices } from './queue';
import { installedPostgres, installedRuntime, ROOT, type RuntimeName, WORK_DIR } from './runtime';

const INSTALL = 'npm run test:e2e installs it first (or: npx ts-node --transpile-only scripts/n8n-runtime.ts';

/** Lines for what is missing to run `files` (the e2e files' names), empty when nothing is. */
export async function missingForE2e(files: string[]): Promise<string[]> {
	const queue = files.includes('queue.e2e.ts');
	const runtimes = new Set<RuntimeName>(files.map((f) => (f.includes('n8n1') ? 'n8n1' : 'n8n2')));
	if (queue) runtimes.add('n8n2');
	const prerequisites = ['node', ...(files.includes('n8n2.e2e.ts') ? ['chromium'] : []), ...(queue ? ['redis', 'postgres-user'] : [])];
	const lines: string[] = [];
	try {
		execFileSync(process.execPath, [join(ROOT, 'scripts', 'prerequisites.mjs'), ...prerequisites], { stdio: ['ignore', 'ignore', 'pipe'] });
	} catch (error) {
		lines.push(...String((error as { stderr?: Buffer }).stderr ?? error).split('\n').filter(Boolean));
	}
	for (const name of runtimes) if (!installedRuntime(name)) lines.push(`Missing: n8n (${name}) is not installed: ${INSTALL} ${name}).`);
	if (queue && !installedPostgres()) lines.push(`Missing: PostgreSQL 17 is not installed: ${INSTALL} postgres).`);
	const n8n2 = installedRuntime('n8n2');
	if (queue && !lines.length && n8n2) {
		try {
			await (await startServices(join(WORK_DIR, 'e2e-queue', 'services-check'), n8n2)).stop();
		} catch (error) {
			lines.push(`PostgreSQL or Redis cannot start here (queue mode): ${error instanceof Error ? error.message : String(error)}`);
		}
	}
	return lines;
}

export default async function environment(globalConfig: Config.GlobalConfig): Promise<void> {
	const folder = join(ROOT, 'test', 'e2e');
	const patterns = globalConfig.testPathPatterns.toExecutor({ rootDir: globalConfig.rootDir });
	const files = readdirSync(folder).filter((f) => f.endsWith('.e2e.ts') && (!patterns.isSet() || patterns.isMatch(join(folder, f))));
	const lines = await missingForE2e(files);
	if (!lines.length) return;
	const error = new Error(`This machine cannot run the e2e tests (${files.join(', ')}) yet:\n${lines.map((l) => `  ${l}`).join('\n')}\ndocs/development.md, "What the e2e tests need", says more.`);
	// The message is the whole story: no stack trace of this file.
	error.stack = error.message;
	throw error;
}
