/**
 * `npm run demo`: the package in a real n8n, on this machine, with nothing installed by hand.
 *
 * 1. Installs n8n 2.x and the Node.js 24 it needs from the npm registry into .n8n-e2e/n8n2 (first run only).
 * 2. Installs this package's tarball the way n8n installs community packages (<user folder>/.n8n/nodes).
 * 3. Starts the CometChat emulator (demo users, groups, messages) and a scripted stand-in for OpenAI.
 * 4. Imports a credential for each and every workflow in examples/, then runs the moderation example
 *    headless (`n8n execute`) and prints what it did.
 * 5. Starts n8n (`n8n start`), activates the two chat examples and runs them as their users would
 *    (test/e2e/n8n/live-examples.ts, as the e2e checks do): a moderator answers a Send and Wait question in
 *    the chat (Dismiss, then Ban), and a user writes to the AI support bot; prints what happened.
 * 6. Leaves the n8n editor on http://localhost:5678 with all of it in place, until Ctrl-C.
 *
 *   npm run demo [-- --no-editor] [--port 5678] [--emulator-port 8787]
 */
import { join } from 'node:path';
import { createEmulator, type Emulator } from '../test/emulator';
import { DEMO_OWNER, N8n, type Execution, freePort } from '../test/e2e/n8n/instance';
import { addSupportBot, FLAGGED_PATH, flaggedMessage, moderationApproval, moderationUnanswered, supportBotConversation } from '../test/e2e/n8n/live-examples';
import { moderationStore } from '../test/emulator/routes/moderation';
import { ensureRuntime, relative, WORK_DIR } from '../test/e2e/n8n/runtime';
import { createScriptedModel, type ScriptedModel } from '../test/e2e/n8n/scripted-model';
import { exampleCredentials, exampleId, exampleNames, loadExample, packPackage, prepareInstance } from '../test/e2e/n8n/setup';
import { liveContext } from '../test/e2e/n8n/suite';

const HEADLESS_EXAMPLE = 'moderation-webhook';
const out = (line = ''): void => void process.stdout.write(`${line}\n`);
const clip = (raw: string, max = 150): string => {
	const text = raw.replace(/\s+/g, ' ');
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

function option(name: string, fallback: number): number {
	const args = process.argv.slice(2);
	const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
	if (i < 0) return fallback;
	const raw = args[i].includes('=') ? args[i].split('=')[1] : args[i + 1];
	const value = Number(raw);
	if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`--${name} needs a port number, not ${String(raw)}`);
	return value;
}

/** Awaits `work`, printing a line every 15 s while it lasts (n8n's CLI and start take a while on 2 cores). */
async function progress<T>(what: string, work: Promise<T>): Promise<T> {
	const started = Date.now();
	const ticker = setInterval(() => out(`  … ${what}: ${Math.round((Date.now() - started) / 1000)} s`), 15000);
	try {
		return await work;
	} finally {
		clearInterval(ticker);
	}
}

/** Messages read better as "sender → receiver: text"; everything else as JSON. */
function summary(item: Record<string, unknown>): string {
	const data = item.data as { text?: string } | undefined;
	if (item.category === 'message' && typeof data?.text === 'string') {
		return `message ${String(item.id)}: ${String(item.sender)} → ${String(item.receiver)}: "${data.text}"`;
	}
	return JSON.stringify(item);
}

function printRun(example: string, run: Execution, emulator: Emulator): void {
	const workflow = loadExample(example);
	// Tool nodes answer the agent, not the workflow (their items are not in the run's main output).
	const cometChatNodes = new Set(workflow.nodes.filter((n) => n.type.startsWith('n8n-nodes-cometchat.') && !n.type.endsWith('Tool')).map((n) => n.name));
	for (const node of run.ran.filter((n) => cometChatNodes.has(n))) {
		const items = run.output(node);
		out(`  ${node}: ${items.length} item${items.length === 1 ? '' : 's'}`);
		for (const item of items) out(`    ${clip(summary(item))}`);
	}
	out('  CometChat (the emulator) received:');
	for (const r of emulator.requests) {
		const query = new URLSearchParams(r.query).toString();
		const behalf = r.headers.onbehalfof ? `  [onBehalfOf: ${r.headers.onbehalfof}]` : '';
		out(`    ${r.method} ${r.path}${query ? `?${query}` : ''}${r.body === undefined ? '' : ` ${clip(JSON.stringify(r.body), 110)}`}${behalf}`);
	}
}

/**
 * examples/moderation-approval.json (Dismiss, then Ban, then no answer) and examples/ai-support-bot.json, activated in the
 * running n8n and used the way the e2e checks use them; prints what happened. Returns what went wrong, if anything.
 */
async function runChatExamples(running: { emulator: Emulator; model: ScriptedModel; n8n: N8n }): Promise<string | undefined> {
	const { emulator } = running;
	const approval = liveContext(running, 'moderation-approval');
	const bot = liveContext(running, 'ai-support-bot');
	await approval.activate();
	await bot.activate();
	out('  ✓ activated: moderation-approval, ai-support-bot');

	out();
	// Step 4 banned cometchat-uid-2 from the group already: here the flagged message is John Paul's.
	const sender = 'cometchat-uid-5';
	out(`  moderation-approval (examples/moderation-approval.json): cometchat-uid-1 flags a message of ${sender};`);
	out(`  the report reaches POST /webhook/${FLAGGED_PATH}; CometChat Send and Wait asks mod-olivia in the chat and waits;`);
	out('  mod-olivia clicks a button, as a CometChat UI Kit does (CORS preflight, then POST to the signed resume URL)');
	const messageId = await flaggedMessage(emulator, sender);
	for (const [button, label] of [['decline', 'Dismiss'], ['approve', 'Ban']] as const) {
		emulator.requests.length = 0;
		const { question, answer, run } = await progress(`moderator clicks ${label}`, moderationApproval(approval, messageId, button, sender));
		out(`  · question ${String(question.message.id)} to mod-olivia: "${clip(String((question.message.data as { text?: string }).text), 100)}"`);
		out(`  · ${label} clicked → ${answer.status}; the execution resumed`);
		printRun('moderation-approval', run, emulator);
		if (run.error || run.status !== 'success') return `moderation-approval failed: ${String(run.error ?? run.status)}`;
		if (button === 'decline') {
			if (run.output('Dismiss the flag').length !== 1) return 'moderation-approval: Dismiss did not review the flag';
			out(`  ✓ moderation-approval: moderator dismissed → flag on message ${messageId} reviewed, nobody banned`);
		} else {
			if (!emulator.state.getGroup('cometchat-guid-1')?.bans.has(sender)) return `moderation-approval: Ban did not ban ${sender}`;
			out(`  ✓ moderation-approval: moderator approved → ${sender} banned from cometchat-guid-1`);
		}
	}
	// Silence never approves: a report with a 3-second limit (the report's waitMinutes) that nobody answers.
	const silentSender = 'cometchat-uid-3';
	const silentId = await flaggedMessage(emulator, silentSender);
	emulator.requests.length = 0;
	out(`  nobody answers: a message of ${silentSender} is flagged and reported with waitMinutes 0.05 (Limit Wait Time 3 s;`);
	out("  n8n's wait tracker resumes the execution within about a minute of the limit)");
	const silent = await progress('nobody answers; n8n resumes the execution after the limit', moderationUnanswered(approval, silentId, silentSender));
	out(`  · question ${String(silent.question.message.id)} to mod-olivia, unanswered; resumed after ${silent.seconds} s`);
	printRun('moderation-approval', silent.run, emulator);
	if (silent.run.error || silent.run.status !== 'success') return `moderation-approval (unanswered) failed: ${String(silent.run.error ?? silent.run.status)}`;
	if (silent.run.output('Ask a moderator')[0]?.answered !== false) return 'moderation-approval: the unanswered question did not output answered: false';
	if (silent.run.output('Leave the flag for review').length !== 1 || silent.run.ran.includes('Dismiss the flag') || silent.run.ran.includes('Ban the sender')) {
		return 'moderation-approval: an unanswered question did not leave the flag for review';
	}
	if (!moderationStore(emulator.state).flagged.has(silentId)) return `moderation-approval: the flag on message ${silentId} was reviewed without an answer`;
	const closed = emulator.state.messages.find((m) => m.id === silent.question.message.id);
	if (!String(closed?.data?.text ?? '').endsWith('Expired: nobody answered in time; the flag is left for review.')) return 'moderation-approval: the unanswered question was not closed as expired';
	out(`  ✓ moderation-approval: nobody answered → question closed as expired, flag on message ${silentId} left for review, mod-olivia told, nobody banned`);

	out();
	out('  ai-support-bot (examples/ai-support-bot.json): cometchat-uid-1 writes to the Custom Bot support-bot; CometChat');
	out('  relays the message to the trigger; the AI Agent (scripted model) uses its CometChat tools; the reply goes back as the bot');
	emulator.requests.length = 0;
	running.model.reset();
	const { text, run } = await progress('the AI Agent answers', supportBotConversation(bot));
	out(`  · cometchat-uid-1 → support-bot: "${text}"`);
	out(`  · the model called: ${[...new Set(running.model.requests.flatMap((r) => r.messages.flatMap((m) => m.tool_calls ?? []).map((c) => c.function.name)))].join(', ') || '(nothing)'}`);
	printRun('ai-support-bot', run, emulator);
	const reply = emulator.state.messages.at(-1);
	if (run.error || run.status !== 'success') return `ai-support-bot failed: ${String(run.error ?? run.status)}`;
	if (reply?.sender !== 'support-bot' || reply.receiver !== 'cometchat-uid-1') return 'ai-support-bot: the bot did not reply to cometchat-uid-1';
	out(`  ✓ ai-support-bot: user asked → AI Agent looked the user up and flagged the message → support-bot replied in the conversation ${String(reply.conversationId)}`);
	return undefined;
}

async function main(): Promise<void> {
	const editor = !process.argv.includes('--no-editor');
	const port = option('port', 5678);
	const emulatorPort = option('emulator-port', 8787);
	// What is running, for Ctrl-C at any step.
	const running: { n8n?: N8n; emulator?: Emulator; model?: ScriptedModel } = {};
	let stopping = false;
	const stop = async (code: number): Promise<never> => {
		stopping = true;
		await running.n8n?.stop();
		await running.emulator?.close();
		await running.model?.close();
		process.exit(code);
	};
	process.on('SIGINT', () => {
		if (stopping) return;
		out('\nCtrl-C: stopping n8n and the emulator…');
		void stop(130);
	});
	process.on('SIGTERM', () => void stop(143));

	out('CometChat node demo: the package in a real n8n, against a local CometChat emulator');
	out();
	out('1. n8n');
	const runtime = await ensureRuntime('n8n2', (line) => out(`  ${line}`));
	out();
	out('2. CometChat emulator and scripted model');
	const emulator = await createEmulator({ seed: true, port: emulatorPort });
	running.emulator = emulator;
	// For the AI support bot and moderation approval examples: the bot `support-bot` and the reason `spam`.
	addSupportBot(emulator);
	const model = await createScriptedModel();
	running.model = model;
	out(`  ✓ CometChat emulator on ${emulator.url} (App ID ${emulator.appId}; demo users, groups and messages)`);
	out(`  ✓ scripted stand-in for OpenAI on ${model.url} (for the AI Agent example; no key, no network)`);
	out();
	out('3. The package and the examples in n8n');
	const tarball = packPackage('demo');
	out(`  ✓ npm pack: ${relative(tarball)}`);
	const n8n = new N8n({ runtime, home: join(WORK_DIR, 'demo'), port, brokerPort: await freePort() });
	running.n8n = n8n;
	const examples = exampleNames();
	await progress('importing', prepareInstance(n8n, { tarball, credentials: exampleCredentials(emulator, model.url), examples, log: out }));
	out();
	out(`4. n8n execute --id=${exampleId(HEADLESS_EXAMPLE)}  (examples/${HEADLESS_EXAMPLE}.json, headless, from its "Try it" trigger)`);
	const run = await progress('running the workflow', n8n.execute(exampleId(HEADLESS_EXAMPLE)));
	printRun(HEADLESS_EXAMPLE, run, emulator);
	if (run.error || run.status !== 'success') {
		out(`  ✗ the workflow failed: ${String(run.error ?? run.status)}`);
		await stop(1);
	}
	out('  ✓ workflow succeeded');
	out();
	out(`5. n8n start  (log: ${relative(n8n.logFile)}), then the chat examples, activated, used as in production`);
	const started = Date.now();
	await progress('starting n8n', n8n.start());
	await n8n.setupOwner(DEMO_OWNER);
	out(`  ✓ ready in ${Math.round((Date.now() - started) / 1000)} s`);
	const failed = await runChatExamples({ emulator, model, n8n });
	if (failed) {
		out(`  ✗ ${failed}`);
		out(`  n8n's log: ${relative(n8n.logFile)}`);
		await stop(1);
	}
	if (!editor) {
		out();
		out('Done (--no-editor). Run npm run demo without it to open the n8n editor.');
		await stop(0);
	}
	out();
	out(`The n8n editor is running: ${n8n.url}`);
	out(`  sign in as ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
	out('  the example workflows, with their credentials pointing at the emulator:');
	for (const name of examples) out(`    ${n8n.url}/workflow/${exampleId(name)}   ${loadExample(name).name}`);
	out(`  the emulator keeps its state while the demo runs: curl -s -H 'apikey: ${emulator.apiKey}' ${emulator.url}/users`);
	out('  moderation approval is active: ask the moderator again (the answer buttons are in the message CometChat stored):');
	out(`    curl -X POST ${n8n.url}/webhook/${FLAGGED_PATH} -H 'content-type: application/json' -d '{"messageId":"3","sender":"cometchat-uid-2","guid":"cometchat-guid-1","text":"Cheap pills","reason":"spam"}'`);
	out('    the execution waits; POST {} (content-type: application/json) to a button\'s action.url in the interactive message the emulator stored');
	out('Press Ctrl-C to stop n8n and the emulator.');
	await n8n.waitForExit();
	if (!stopping) {
		out(`n8n stopped by itself; last lines of its log:\n${n8n.logTail(20)}`);
		await stop(1);
	}
}

main().catch((error: unknown) => {
	process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
	process.exit(1);
});
