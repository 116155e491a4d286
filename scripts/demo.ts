/**
 * `npm run demo`: runs the example workflows (examples/*.json) through n8n's own engine
 * (WorkflowExecute + RoutingNode from n8n-core 2.41) with the built node, against the local
 * CometChat emulator seeded with demo data, and shows each node's output and the calls CometChat got.
 * No CometChat account and no n8n install needed.
 */
import '../test/harness/setup-env';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEmulator } from '../test/emulator';
import { DEFAULT_MANAGEMENT_KEY, DEFAULT_MANAGEMENT_SECRET } from '../test/emulator/management';
import { ROOT, runWorkflow, type WorkflowFile } from '../test/harness';

const out = (line = '') => process.stdout.write(`${line}\n`);
const clip = (text: string, max = 150) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Messages read better as "sender → receiver: text"; everything else as JSON. */
function summary(item: Record<string, unknown>): string {
	const data = item.data as { text?: string } | undefined;
	if (item.category === 'message' && typeof data?.text === 'string') {
		return `message ${String(item.id)}: ${String(item.sender)} → ${String(item.receiver)}: "${data.text}"`;
	}
	return JSON.stringify(item);
}

async function main() {
	const emulator = await createEmulator({ seed: true });
	const credentials = { appId: emulator.appId, apiKey: emulator.apiKey, baseUrl: emulator.url };
	// The CometChat Management node's credential: the emulator's management host (no /v3).
	const management = { key: DEFAULT_MANAGEMENT_KEY, secret: DEFAULT_MANAGEMENT_SECRET, baseUrl: emulator.url.replace(/\/v3$/, '') };
	let failed = 0;
	out('CometChat node demo: example workflows in n8n\'s engine, against the local CometChat emulator');
	out(`(emulator at ${emulator.url}, demo data loaded)`);
	try {
		for (const file of readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.json')).sort()) {
			emulator.reset();
			const workflow = JSON.parse(readFileSync(join(ROOT, 'examples', file), 'utf8')) as WorkflowFile;
			out();
			out(`▶ ${workflow.name}  (examples/${file})`);
			const { error, output } = await runWorkflow(workflow, credentials, management);
			for (const node of workflow.nodes.filter((n) => /\.cometChat(Management)?$/.test(n.type))) {
				const items = output(node.name);
				out(`  ${node.name}: ${items.length} item${items.length === 1 ? '' : 's'}`);
				for (const item of items) out(`    ${clip(summary(item))}`);
			}
			out('  CometChat received:');
			for (const r of emulator.requests) {
				const query = new URLSearchParams(r.query).toString();
				const behalf = r.headers.onbehalfof ? `  [onBehalfOf: ${r.headers.onbehalfof}]` : '';
				out(`    ${r.method} ${r.path}${query ? `?${query}` : ''}${r.body === undefined ? '' : ` ${clip(JSON.stringify(r.body), 110)}`}${behalf}`);
			}
			if (error) {
				failed++;
				out(`  ✗ ${error.message}`);
			} else out('  ✓ workflow succeeded');
		}
	} finally {
		await emulator.close();
	}
	out();
	out(failed ? `${failed} example workflow(s) failed` : 'All example workflows succeeded. Import them into n8n from examples/.');
	process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(1);
});
