/**
 * Installs the real n8n versions the demo and the end-to-end tests run, unless already installed:
 *
 *   npx ts-node --transpile-only scripts/n8n-runtime.ts [n8n2] [n8n1]
 *
 * n8n2 = n8n 2.x on Node.js 24, n8n1 = the newest n8n 1.x on Node.js 20, both from the npm registry,
 * into .n8n-e2e/<name>/ (git-ignored). See test/e2e/n8n/runtime.ts.
 */
import { ensureRuntime, type RuntimeName } from '../test/e2e/n8n/runtime';

const names = process.argv.slice(2) as RuntimeName[];

async function main(): Promise<void> {
	for (const name of names.length ? names : (['n8n2'] as RuntimeName[])) {
		if (name !== 'n8n2' && name !== 'n8n1') throw new Error(`Unknown runtime ${String(name)}: use n8n2 and/or n8n1`);
		await ensureRuntime(name, (line) => process.stdout.write(`${line}\n`));
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
	process.exit(1);
});
