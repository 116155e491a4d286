/**
 * Jest wiring for a real n8n: one instance per test file, with the emulator and the scripted model,
 * the package installed from its tarball and the examples imported; stopped in afterAll. `test()` wraps a
 * test so that a failure also prints n8n's log tail, the last CLI output and the emulator's request log.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createEmulator, type Emulator } from '../../emulator';
import type { CheckContext, ExampleCheck, LiveContext } from './checks';
import { type Execution, freePort, N8n, readRun, type RunLike, tail, type WorkflowFile } from './instance';
import { CACHE_DIR, installedRuntime, relative, type RuntimeName, WORK_DIR } from './runtime';
import { createScriptedModel, type ScriptedModel } from './scripted-model';
import { exampleCredentials, exampleId, packPackage, prepareInstance } from './setup';

export interface Suite extends CheckContext {
	emulator: Emulator;
	model: ScriptedModel;
	n8n: N8n;
}

/** `workflows`: test workflows (not examples) imported beside the examples. */
export function useRealN8n(runtimeName: RuntimeName, examples: string[], env?: Record<string, string>, workflows: WorkflowFile[] = []): Suite {
	const suite = {} as Suite;
	beforeAll(async () => {
		const runtime = installedRuntime(runtimeName);
		if (!runtime) throw new Error(`n8n (${runtimeName}) is not installed in ${CACHE_DIR}: run npm run test:e2e, which installs it first.`);
		suite.emulator = await createEmulator({ seed: true });
		suite.model = await createScriptedModel();
		// A user folder (and pack folder) per test file, named after it: two files may run at once.
		const name = `e2e-${basename(expect.getState().testPath ?? runtimeName, '.e2e.ts')}`;
		suite.n8n = new N8n({ runtime, home: join(WORK_DIR, name), port: await freePort(), brokerPort: await freePort(), env });
		await prepareInstance(suite.n8n, { tarball: packPackage(name), credentials: exampleCredentials(suite.emulator, suite.model.url), examples, workflows });
	}, 600000);
	afterAll(async () => {
		await suite.n8n?.stop();
		await suite.emulator?.close();
		await suite.model?.close();
	}, 60000);
	return suite;
}

/** What to print when a test fails: the places to look, newest last. */
export function diagnostics(suite: Suite): string {
	const requests = suite.emulator?.requests ?? [];
	const lines = requests.slice(-30).map((r) => {
		const query = new URLSearchParams(r.query).toString();
		const body = r.body === undefined ? '' : ` ${JSON.stringify(r.body).slice(0, 200)}`;
		return `  ${r.method} ${r.path}${query ? `?${query}` : ''}${body}${r.headers.onbehalfof ? `  [onBehalfOf ${r.headers.onbehalfof}]` : ''}`;
	});
	return [
		`── n8n log (${suite.n8n ? relative(suite.n8n.logFile) : '-'}), last lines:`,
		suite.n8n ? suite.n8n.logTail(40) : '(n8n not created)',
		'── last n8n CLI command:',
		suite.n8n ? tail(suite.n8n.lastCli || '(none)', 40) : '(none)',
		`── CometChat emulator: ${requests.length} request(s) since its last reset${requests.length > 30 ? ', the last 30' : ''}:`,
		lines.length ? lines.join('\n') : '  (none)',
		`── scripted model: ${suite.model?.requests.length ?? 0} request(s)`,
	].join('\n');
}

/** `it`, printing diagnostics when the test fails. */
export function e2eTest(suite: Suite, name: string, fn: () => Promise<void>, timeout = 600000): void {
	it(
		name,
		async () => {
			try {
				await fn();
			} catch (error) {
				process.stderr.write(`\n✗ ${name}\n${diagnostics(suite)}\n\n`);
				throw error;
			}
		},
		timeout,
	);
}

/** The check file of an example, test/e2e/examples/<name>.ts, if there is one. */
export function loadCheck(name: string): ExampleCheck | undefined {
	const file = join(__dirname, '..', 'examples', `${name}.ts`);
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	return existsSync(file) ? (require(file) as { check: ExampleCheck }).check : undefined;
}

/**
 * Waits until n8n serves a production webhook: activation returns before the webhooks are registered.
 * Asking with another method tells without running anything: a registered POST webhook answers
 * "not registered for PATCH requests", an unknown path "The requested webhook … is not registered".
 */
export async function registered(n8n: N8n, path: string): Promise<void> {
	const deadline = Date.now() + 60000;
	for (;;) {
		const answer = await (await fetch(`${n8n.url}/webhook/${path}`, { method: 'PATCH' })).text();
		if (!answer.includes('The requested webhook')) return;
		if (Date.now() > deadline) throw new Error(`n8n did not register the webhook ${path} within 60 s: ${answer.slice(0, 200)}`);
		await new Promise((r) => setTimeout(r, 500));
	}
}

/**
 * Whether a webhook's answer promises an execution: the trigger's (and n8n's) "Workflow was started".
 * The trigger answers before n8n saves that execution, so a test waits for it before reading executions.
 */
export const startsExecution = (status: number, text: string): boolean => status === 200 && text === JSON.stringify({ message: 'Workflow was started' });

/** One execution, read through n8n's REST API as the owner. */
export async function readExecution(n8n: N8n, id: string): Promise<Execution> {
	const full = await n8n.rest<{ data: string; status: string }>('GET', `/rest/executions/${id}`);
	// n8n stores run data in "flatted" form; read it with n8n's own copy of the library.
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const flatted = require(join(n8n.runtime.dir, 'node_modules', 'flatted')) as { parse(text: string): unknown };
	return readRun({ status: full.status, data: flatted.parse(full.data) } as RunLike);
}

/** The live context of one example in a running n8n (REST calls as the owner). */
export function liveContext(suite: Suite, name: string): LiveContext {
	return workflowContext(suite, exampleId(name), name);
}

/** The live context of the workflow `id` (`name` for messages). */
export function workflowContext(suite: Suite, id: string, name: string): LiveContext {
	const { n8n } = suite;
	const executions = () => n8n.executions(id);
	return {
		...suite,
		async activate() {
			const workflow = await n8n.rest<{ versionId: string }>('GET', `/rest/workflows/${id}`);
			await n8n.rest('POST', `/rest/workflows/${id}/activate`, { versionId: workflow.versionId });
		},
		async webhook(path, body, headers = {}) {
			await registered(n8n, path);
			// Any workflow's: the path may be another workflow's than this context's.
			const [before] = await n8n.executions();
			const response = await fetch(`${n8n.url}/webhook/${path}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...headers },
				body: JSON.stringify(body),
			});
			const text = await response.text();
			let parsed: unknown = text;
			try {
				parsed = JSON.parse(text);
			} catch {
				// not JSON: keep the text
			}
			// Wait for the execution to be saved, so that what the test reads next (the last execution,
			// the count) includes it.
			if (startsExecution(response.status, text)) {
				const deadline = Date.now() + 60000;
				while ((await n8n.executions())[0]?.id === before?.id) {
					if (Date.now() > deadline) throw new Error(`${name}: no execution saved within 60 s of "Workflow was started"`);
					await new Promise((r) => setTimeout(r, 200));
				}
			}
			return { status: response.status, body: parsed };
		},
		async executionCount() {
			return (await executions()).length;
		},
		async lastExecution(): Promise<Execution> {
			const deadline = Date.now() + 120000;
			while (Date.now() < deadline) {
				// Not a sub-execution (mode "integrated"): n8n saves those of a Define Below tool under the same
				// workflow, and a failed first try can be the newest while the workflow still runs its second
				// (one CI run under load read such a try).
				const [newest] = (await executions()).filter((e) => e.mode !== 'integrated');
				if (newest && !['new', 'running', 'waiting'].includes(newest.status)) {
					return readExecution(n8n, newest.id);
				}
				await new Promise((r) => setTimeout(r, 500));
			}
			throw new Error(`No finished execution of ${name} within 120 s`);
		},
	};
}

/** The built node's description, to compare with what the editor shows. */
export function builtNode(): { description: string; resources: string[]; actions: string[]; events: string[] } {
	const root = join(__dirname, '..', '..', '..');
	const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };
	type Built = { description: { description: string; properties: Array<{ name: string; options?: Array<{ name: string; action?: string }> }> } };
	const load = <T>(suffix: string, className: string) => {
		const file = pkg.n8n.nodes.find((f) => f.endsWith(suffix)) ?? '';
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		return new (require(join(root, file)) as Record<string, new () => T>)[className]();
	};
	const { description, properties } = { ...load<Built>('/CometChat.node.js', 'CometChat').description };
	const trigger = load<Built>('/CometChatTrigger.node.js', 'CometChatTrigger').description;
	return {
		description,
		resources: properties.find((p) => p.name === 'resource')?.options?.map((o) => o.name) ?? [],
		actions: properties.filter((p) => p.name === 'operation').flatMap((p) => p.options?.map((o) => o.action ?? o.name) ?? []),
		events: trigger.properties.find((p) => p.name === 'events')?.options?.map((o) => o.name) ?? [],
	};
}
