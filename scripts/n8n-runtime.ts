/**
 * Installs the real n8n versions the demo and the end-to-end tests run, and the PostgreSQL of the
 * queue-mode test, unless already installed:
 *
 *   npx ts-node --transpile-only scripts/n8n-runtime.ts [n8n2] [n8n1] [postgres]
 *
 * n8n2 = n8n 2.x on Node.js 24, n8n1 = the newest n8n 1.x on Node.js 20, postgres = PostgreSQL 17, all
 * from the npm registry, into the cache outside the checkout (CACHE_DIR in test/e2e/n8n/runtime.ts).
 */
import { ensurePostgres, ensureRuntime } from '../test/e2e/n8n/runtime';

const names = process.argv.slice(2);

async function main(): Promise<void> {
	const log = (line: string): void => void process.stdout.write(`${line}\n`);
	for (const name of names.length ? names : ['n8n2']) {
		if (name === 'postgres') await ensurePostgres(log);
		else if (name === 'n8n2' || name === 'n8n1') await ensureRuntime(name, log);
		else throw new Error(`Unknown runtime ${name}: use n8n2, n8n1 and/or postgres`);
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
	process.exit(1);
});
