/**
 * What the demo and the end-to-end tests both put into a real n8n: the packed package, a credential per
 * credential type the examples use (pointing at the local CometChat emulator and the scripted model), and
 * every workflow in examples/, each under a stable id.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Emulator } from '../../emulator';
import { DEFAULT_MANAGEMENT_KEY, DEFAULT_MANAGEMENT_SECRET } from '../../emulator/management';
import type { CredentialFile, N8n, WorkflowFile } from './instance';
import { ROOT, WORK_DIR } from './runtime';

export const PACKAGE_NAME = 'n8n-nodes-cometchat';
export const WEBHOOK_AUTH = { username: 'cometchat', password: 'demoWebhookPassword2024' };

/** The example files, sorted: examples/<name>.json → <name>. */
export function exampleNames(): string[] {
	return readdirSync(join(ROOT, 'examples'))
		.filter((f) => f.endsWith('.json'))
		.map((f) => f.slice(0, -'.json'.length))
		.sort();
}

/** A stable workflow id per example (n8n takes 1–21 characters). */
export function exampleId(name: string): string {
	return `ex${createHash('sha1').update(name).digest('hex').slice(0, 14)}`;
}

export function loadExample(name: string): WorkflowFile {
	const workflow = JSON.parse(readFileSync(join(ROOT, 'examples', `${name}.json`), 'utf8')) as WorkflowFile;
	return { ...workflow, id: exampleId(name), active: false };
}

/** The credentials the examples reference, by the ids written in them. */
export function exampleCredentials(emulator: Emulator, modelUrl: string): CredentialFile[] {
	return [
		{
			id: 'cometchat-demo',
			name: 'CometChat demo',
			type: 'cometChatApi',
			data: { appId: emulator.appId, region: 'us', apiKey: emulator.apiKey, baseUrl: emulator.url },
		},
		{
			id: 'cometchat-management-demo',
			name: 'CometChat Management demo',
			type: 'cometChatManagementApi',
			// The emulator serves the management host too, at its root (no /v3).
			data: { key: DEFAULT_MANAGEMENT_KEY, secret: DEFAULT_MANAGEMENT_SECRET, baseUrl: emulator.url.replace(/\/v3$/, '') },
		},
		{ id: 'cometchat-webhook-auth', name: 'CometChat webhook auth', type: 'cometChatWebhookAuthApi', data: { ...WEBHOOK_AUTH } },
		{
			id: 'openai-demo',
			name: 'OpenAI (scripted stand-in, no key needed)',
			type: 'openAiApi',
			data: { apiKey: 'not-needed-for-the-scripted-model', url: modelUrl, header: false },
		},
	];
}

/** `npm pack` of the built package into .n8n-e2e/pack-<user>/ (one per user: runs may overlap); returns the tarball's path. */
export function packPackage(user: string): string {
	const folder = join(WORK_DIR, `pack-${user}`);
	rmSync(folder, { recursive: true, force: true });
	mkdirSync(folder, { recursive: true });
	const name = execFileSync('npm', ['pack', '--silent', '--pack-destination', folder], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n').pop();
	if (!name) throw new Error('npm pack printed no file name');
	return join(folder, name);
}

/**
 * A fresh user folder with the package installed as a community package, the credentials and the given
 * examples (and other workflows a test brings) imported (CLI: `n8n import:credentials`, `n8n import:workflow`).
 */
export async function prepareInstance(
	n8n: N8n,
	options: { tarball: string; credentials: CredentialFile[]; examples: string[]; workflows?: WorkflowFile[]; log?: (line: string) => void },
): Promise<void> {
	const log = options.log ?? ((): void => undefined);
	n8n.reset();
	n8n.installPackage(options.tarball);
	log(`  ✓ installed ${PACKAGE_NAME} into ${join('<user folder>', '.n8n', 'nodes')} as a community package`);
	await n8n.importCredentials(options.credentials);
	log(`  ✓ n8n import:credentials: ${options.credentials.map((c) => c.name).join(', ')}`);
	await n8n.importWorkflows([...options.examples.map(loadExample), ...(options.workflows ?? [])]);
	log(`  ✓ n8n import:workflow: ${options.examples.length} example workflow(s) from examples/`);
}
