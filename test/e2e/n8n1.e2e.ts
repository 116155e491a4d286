/**
 * The README says the package works on n8n 1.x from 1.85: the same tarball, installed the same way into
 * the newest n8n 1.x (on Node.js 20), loads and runs the moderation example with the same assertions,
 * and Send and Wait waits and resumes; 1.x generates no Human review tool.
 */
import { untilServed } from './n8n/instance';
import { exampleId } from './n8n/setup';
import { SEND_AND_WAIT_WORKFLOWS, sendAndWaitTests } from './n8n/send-and-wait';
import { e2eTest, liveContext, loadCheck, useRealN8n } from './n8n/suite';

const EXAMPLE = 'moderation-webhook';
// Send and Wait on 1.x: n8n 1.x checks the resume URL's signature only when the node asks
// (setSignatureValidationRequired), and resumes through the node's webhook() as 2.x does.
const WAITING = 'moderation-approval';
const suite = useRealN8n('n8n1', [EXAMPLE, WAITING], undefined, SEND_AND_WAIT_WORKFLOWS);

describe('n8n 1.x', () => {
	e2eTest(suite, `runs ${EXAMPLE} headless with the same results as on n8n 2.x`, async () => {
		expect(suite.n8n.runtime.n8nVersion).toMatch(/^1\./);
		const version = await suite.n8n.cli(['--version']);
		expect(version.stdout.trim()).toBe(suite.n8n.runtime.n8nVersion);
		suite.emulator.reset();
		const run = await suite.n8n.execute(exampleId(EXAMPLE));
		const headless = loadCheck(EXAMPLE)?.headless;
		if (!headless) throw new Error(`test/e2e/examples/${EXAMPLE}.ts has no headless check`);
		await headless(run, suite);
	});
});

describe('n8n 1.x: Send and Wait', () => {
	beforeAll(async () => {
		await suite.n8n.start();
		await untilServed(() => suite.n8n.setupOwner());
	}, 600000);

	// n8n 1.x has no tool generation for send-and-wait nodes (packages/cli/src/tool-generation/ came with
	// 2.x): no Human review tool, so an agent cannot ask through CometChat there.
	e2eTest(suite, 'offers no Human review (HITL) tool: that is n8n 2.x', async () => {
		const nodes = await suite.n8n.rest<Array<{ name: string }>>('GET', '/types/nodes.json');
		const ours = nodes.map((n) => n.name).filter((n) => n.startsWith('n8n-nodes-cometchat.'));
		expect(ours).toContain('n8n-nodes-cometchat.cometChatSendAndWait');
		expect(ours).toContain('n8n-nodes-cometchat.cometChatTool');
		expect(nodes.filter((n) => n.name.endsWith('HitlTool'))).toEqual([]);
	});

	e2eTest(suite, `${WAITING}: the execution waits, the answer from the chat resumes it once`, async () => {
		suite.emulator.reset();
		const live = loadCheck(WAITING)?.live;
		if (!live) throw new Error(`test/e2e/examples/${WAITING}.ts has no live check`);
		await live(liveContext(suite, WAITING));
	});

	// The same scenarios as in n8n 2.x (test/e2e/n8n/send-and-wait.ts); n8n's own answers differ where noted there.
	sendAndWaitTests(suite, 1);
});
