/**
 * The package in a real n8n 2.x (Node.js 24), installed from its tarball as a community package:
 * every example executes headless and/or live against the CometChat emulator and its check file asserts
 * the output and CometChat's state; the node types and credentials are loaded; and a real browser finds
 * the node in the editor. Screenshots go to test/e2e/output/ (and docs/images/ with UPDATE_DOCS_IMAGES=1).
 */
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DOCS_IMAGES, launchBrowser, OUTPUT_DIR, openWorkflow, signIn } from './n8n/browser';
import { requestLines } from './n8n/checks';
import { HUMAN_REVIEW, HUMAN_REVIEW_PATH } from './n8n/human-review';
import { SEND_AND_WAIT_WORKFLOWS, sendAndWaitTests } from './n8n/send-and-wait';
import { clickInChat, waitingQuestion } from './n8n/live-examples';
import { exampleId, exampleNames, loadExample, PACKAGE_NAME } from './n8n/setup';
import { SUB_WORKFLOW_TOOL_WORKFLOWS, subWorkflowToolTests } from './n8n/sub-workflow-tool';
import { builtNode, e2eTest, liveContext, loadCheck, useRealN8n, workflowContext } from './n8n/suite';

const examples = exampleNames();
const checks = Object.fromEntries(examples.map((name) => [name, loadCheck(name)]));
const suite = useRealN8n('n8n2', examples, undefined, [HUMAN_REVIEW, ...SEND_AND_WAIT_WORKFLOWS, ...SUB_WORKFLOW_TOOL_WORKFLOWS]);
const NODE = `${PACKAGE_NAME}.cometChat`;

describe('every example has a check', () => {
	it.each(examples)('%s', (name) => {
		const check = checks[name];
		if (!check) throw new Error(`examples/${name}.json has no check: add test/e2e/examples/${name}.ts (see test/e2e/n8n/checks.ts)`);
		expect(Boolean(check.headless || check.live)).toBe(true);
	});
});

describe('headless: n8n import:workflow, then n8n execute --id', () => {
	for (const name of examples.filter((n) => checks[n]?.headless)) {
		e2eTest(suite, name, async () => {
			suite.emulator.reset();
			suite.model.reset();
			const run = await suite.n8n.execute(exampleId(name));
			await checks[name]?.headless?.(run, suite);
		});
	}
});

describe('n8n start: editor, REST API and webhooks', () => {
	beforeAll(async () => {
		await suite.n8n.start();
		await suite.n8n.setupOwner();
	}, 600000);

	// Started by webhooks (n8n execute cannot run beside n8n start).
	subWorkflowToolTests(suite);

	e2eTest(suite, 'loads the node, its AI tool variant, the trigger and the credentials with their tests', async () => {
		const nodes = await suite.n8n.rest<Array<{ name: string; displayName: string; usableAsTool?: unknown; codex?: { categories?: string[] } }>>('GET', '/types/nodes.json');
		const ours = Object.fromEntries(nodes.filter((n) => n.name.startsWith(`${PACKAGE_NAME}.`)).map((n) => [n.name, n]));
		// n8n 2.x adds a Human review (HITL) tool for a node with webhooks and a sendAndWait operation (hitl-tools.ts).
		expect(Object.keys(ours).sort()).toEqual([
			NODE,
			`${NODE}AiAgents`,
			`${NODE}AiAgentsTool`,
			`${NODE}Campaigns`,
			`${NODE}CampaignsTool`,
			`${NODE}Management`,
			`${NODE}ManagementTool`,
			`${NODE}SendAndWait`,
			`${NODE}SendAndWaitHitlTool`,
			`${NODE}SendAndWaitTool`,
			`${NODE}Tool`,
			`${NODE}Trigger`,
		]);
		expect(ours[NODE].displayName).toBe('CometChat');
		expect(ours[`${NODE}Tool`].displayName).toBe('CometChat Tool');
		expect(ours[`${NODE}Tool`].codex?.categories).toContain('AI');
		expect(ours[`${NODE}Trigger`].displayName).toBe('CometChat Trigger');
		const hitl = ours[`${NODE}SendAndWaitHitlTool`] as unknown as { outputs: Array<{ displayName?: string }>; properties: Array<{ name: string; type: string; default?: unknown }>; codex?: { subcategories?: Record<string, string[]> } };
		expect(hitl.outputs).toEqual([expect.objectContaining({ displayName: 'Human review', type: 'ai_tool' })]);
		expect(hitl.properties.find((p) => p.name === 'operation')).toMatchObject({ type: 'hidden', default: 'sendAndWait' });
		// n8n 2.41's hitl-tools.js (filterHitlToolProperties) replaces Response Type by a hidden "approval":
		// a Human review tool can only approve or decline; a Custom Form (or Free Text) one is not possible.
		// The Form Fields stay, shown only for Response Type "form", which the hidden value never is.
		expect(hitl.properties.find((p) => p.name === 'responseType')).toEqual({ displayName: 'Response Type', name: 'responseType', type: 'hidden', default: 'approval' });
		expect(hitl.properties.find((p) => p.name === 'formFields')).toMatchObject({ displayOptions: { show: { responseType: ['form'] } } });
		const credentials = await suite.n8n.rest<Array<{ name: string; test?: { request?: { url?: string } } }>>('GET', '/types/credentials.json');
		const byName = Object.fromEntries(credentials.map((c) => [c.name, c]));
		expect(byName.cometChatApi?.test?.request?.url).toBe('/users');
		expect(byName.cometChatManagementApi?.test?.request?.url).toBe('/apps');
		expect(byName.cometChatWebhookAuthApi).toBeDefined();
	});

	e2eTest(suite, "the credential's Test succeeds against the emulator and explains a wrong key", async () => {
		suite.emulator.reset();
		const test = (apiKey: string) =>
			suite.n8n.rest<{ status: string; message: string }>('POST', '/rest/credentials/test', {
				credentials: { id: 'cometchat-demo', name: 'CometChat demo', type: 'cometChatApi', data: { appId: suite.emulator.appId, region: 'us', apiKey, baseUrl: suite.emulator.url } },
			});
		expect(await test(suite.emulator.apiKey)).toMatchObject({ status: 'OK' });
		expect(await test('not-a-key-of-this-app')).toMatchObject({
			status: 'Error',
			message: expect.stringContaining('CometChat does not know this REST API key for this app') as unknown,
		});
		expect(suite.emulator.requests.map((r) => `${r.method} ${r.path}?${new URLSearchParams(r.query).toString()} ${r.headers.apikey}`)).toEqual([
			`GET /v3/users?perPage=1 ${suite.emulator.apiKey}`,
			'GET /v3/users?perPage=1 not-a-key-of-this-app',
		]);
	});

	describe('live: activated workflows called as in production', () => {
		for (const name of examples.filter((n) => checks[n]?.live)) {
			e2eTest(suite, name, async () => {
				suite.emulator.reset();
				suite.model.reset();
				await checks[name]?.live?.(liveContext(suite, name));
			});
		}
	});

	// n8n 2.x's generated Human review tool (hitl-tools.ts) gates the tool connected to it: n8n runs the
	// HITL node (CometChat Send and Wait, Approval) when the agent calls the gated tool, the execution
	// waits, and the gated tool runs only if the answer is approved (n8n's processHitlResponses).
	e2eTest(suite, 'the Human review tool in an AI Agent: the ban waits for a moderator in the chat; Ban runs it, Dismiss tells the agent no', async () => {
		suite.emulator.reset();
		suite.model.reset();
		const live = workflowContext(suite, String(HUMAN_REVIEW.id), 'the Human review workflow');
		await live.activate();
		const { emulator, model } = suite;
		const reportAndWait = async (uid: string) => {
			emulator.requests.length = 0;
			model.reset();
			const started = await live.webhook(HUMAN_REVIEW_PATH, { text: `Please ban uid: ${uid}, guid: cometchat-guid-1` });
			expect(started).toEqual({ status: 200, body: { message: 'Workflow was started' } });
			return await waitingQuestion(emulator, suite.n8n, String(HUMAN_REVIEW.id));
		};

		// 1. The agent wants to ban cometchat-uid-2: the moderator is asked first; nothing is banned yet.
		const first = await reportAndWait('cometchat-uid-2');
		// The model sees the gated tool with the tool's own parameters and the HITL layer's (none here).
		const offered = model.requests[0].tools?.map((t) => ({ name: t.function.name, parameters: Object.keys(t.function.parameters?.properties ?? {}) }));
		expect(offered).toEqual([{ name: 'Ban_from_group', parameters: ['toolParameters', 'hitlParameters'] }]);
		expect(first.message).toMatchObject({ sender: 'app_system', receiver: 'mod-olivia', category: 'interactive', type: 'card' });
		// n8n's default message of the HITL tool names the tool.
		expect((first.message.data as { text: string }).text).toMatch(/^The agent wants to run this tool: Ban_from_group\n\nInput:\n/);
		expect(requestLines(emulator)).toHaveLength(1);
		expect(emulator.state.getGroup('cometchat-guid-1')?.bans.has('cometchat-uid-2')).toBe(false);
		const approved = await clickInChat(first.url('approve'), 'mod-olivia');
		expect(approved.answer.status).toBe(200);
		const banned = await live.lastExecution();
		expect(banned.error).toBeUndefined();
		expect([...banned.ran].sort()).toEqual(['AI Agent', 'Ban from group', 'Moderator review', 'OpenAI Chat Model', 'Report']);
		expect(banned.output('AI Agent')).toEqual([
			{
				output: 'Done. The tools answered:\n- Ban_from_group: [{"success":true,"message":"The user with uid cometchat-uid-2 has been banned from the Group with cometchat-guid-1."}]',
			},
		]);
		// The card is marked answered for the moderator (Mark as Interacted, on by default), then the gated tool runs.
		expect(requestLines(emulator).slice(1)).toEqual([
			`PATCH /messages/${first.message.id}/interacted {"interactions":["approve"]} [mod-olivia]`,
			'POST /groups/cometchat-guid-1/bannedusers/cometchat-uid-2 [mod-olivia]',
		]);
		expect(emulator.state.getGroup('cometchat-guid-1')?.bans.has('cometchat-uid-2')).toBe(true);
		// A second click resumes nothing and bans nothing twice.
		await clickInChat(first.url('decline'), 'mod-olivia');
		expect(requestLines(emulator)).toHaveLength(3);
		expect(await live.executionCount()).toBe(1);

		// 2. cometchat-uid-5: the moderator dismisses; the ban does not run and the agent is told so.
		const second = await reportAndWait('cometchat-uid-5');
		expect((await clickInChat(second.url('decline'), 'mod-olivia')).answer.status).toBe(200);
		const dismissed = await live.lastExecution();
		expect(dismissed.error).toBeUndefined();
		expect(dismissed.ran).not.toContain('Ban from group');
		// n8n's denial (processHitlResponses.getDenialMessage) reaches the model as the tool's answer.
		const denial = 'User rejected the tool call to Ban from group (id: call_1). STOP what you are doing and wait for the user to tell you how to proceed. The tool is still available if needed.';
		expect(dismissed.output('AI Agent')).toEqual([{ output: `Done. The tools answered:\n- Ban_from_group: ${JSON.stringify([{ output: denial }])}` }]);
		expect(requestLines(emulator).slice(1)).toEqual([`PATCH /messages/${second.message.id}/interacted {"interactions":["decline"]} [mod-olivia]`]);
		expect(emulator.state.getGroup('cometchat-guid-1')?.bans.has('cometchat-uid-5')).toBe(false);
	});

	// Every response type from the chat and the page, late and forged clicks, Limit Wait Time, a restart
	// (test/e2e/n8n/send-and-wait.ts, the same scenarios as in n8n1.e2e.ts). Before the browser signs in: the restart.
	sendAndWaitTests(suite, 2);

	describe('in a real browser (Debian Chromium, playwright-core)', () => {
		let browser: Browser;
		let page: Page;
		/** What `read` gives once it equals `expected`, or after 30 s what it gives then (the editor renders in steps). */
		const settled = async <T>(read: () => Promise<T>, expected: T): Promise<T> => {
			let value = await read();
			for (let i = 0; i < 60 && JSON.stringify(value) !== JSON.stringify(expected); i += 1) {
				await page.waitForTimeout(500);
				value = await read();
			}
			return value;
		};
		const shot = async (file: string) => {
			const path = join(OUTPUT_DIR, file);
			await page.screenshot({ path });
			expect(statSync(path).size).toBeGreaterThan(10000);
			return path;
		};
		beforeAll(async () => {
			browser = await launchBrowser();
			page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
			await signIn(page, suite.n8n);
		}, 600000);
		afterAll(async () => {
			await browser?.close();
		});

		e2eTest(suite, "the nodes panel shows CometChat as n8n shows Slack: one entry with the node's description, its actions and its trigger's events", async () => {
			suite.emulator.reset();
			const { description, resources, actions, events } = builtNode();
			// A workflow of its own: the node added below is saved by the editor, and must not land in an example.
			const scratch = await suite.n8n.rest<{ id: string }>('POST', '/rest/workflows', {
				name: 'Nodes panel check',
				nodes: [{ id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }],
				connections: {},
				settings: { executionOrder: 'v1' },
			});
			await openWorkflow(page, suite.n8n, scratch.id);
			await page.locator('[data-test-id="node-creator-plus-button"]').click();
			const panel = page.locator('[data-test-id="node-creator"]');
			const search = page.locator('[data-test-id="node-creator-search-bar"]');
			/** A search's entry of this name: its description, then (opened) the panel's Actions and Triggers counts. */
			const entry = async (name: string) => {
				await search.fill(name);
				const item = panel.locator('[data-test-id="item-iterator-item"]', { has: page.locator('[data-test-id="node-creator-item-name"]', { hasText: new RegExp(`^${name}$`) }) }).first();
				await item.waitFor();
				const text = (await item.locator('[data-test-id="node-creator-item-description"]').textContent())?.trim();
				return { item, text };
			};
			const counts = async () => (await panel.innerText()).split('\n').filter((line) => /^(Actions|Triggers) \(\d+\)$/.test(line.trim())).map((l) => l.trim());

			// n8n's own merged entry first: Slack shows its trigger's description (n8n gives a node and its
			// trigger, one entry, the trigger's description) and lists actions and triggers. Should n8n change
			// that rule, this fails, and the trigger need not carry the node's description any more.
			const nodeTypes = await suite.n8n.rest<Array<{ name: string; description: string }>>('GET', '/types/nodes.json');
			const slackTrigger = nodeTypes.find((n) => n.name === 'n8n-nodes-base.slackTrigger');
			const slack = await entry('Slack');
			expect(slack.text).toBe(slackTrigger?.description);
			await slack.item.click();
			await panel.getByText(/^Triggers \(\d+\)$/).waitFor();
			expect((await counts()).map((c) => c.replace(/\d+/, 'n'))).toEqual(['Actions (n)', 'Triggers (n)']);
			// Escape leaves Slack's view, then closes the panel; which of the two a press does depends on
			// where n8n has put the focus (one CI run needed two presses). Press until the panel is gone.
			for (let press = 0; press < 4 && (await panel.isVisible()); press++) {
				await page.keyboard.press('Escape');
				await panel.waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
			}
			await page.locator('[data-test-id="node-creator-plus-button"]').click();

			// CometChat: one entry (not one per node), with the CometChat node's description.
			const cometChat = await entry('CometChat');
			expect(cometChat.text).toBe(description);
			await shot('nodes-panel-search.png');
			await cometChat.item.click();
			await panel.getByText(`Actions (${actions.length})`).waitFor();
			// Every operation as an action, every event (and All Events) as a trigger.
			expect(await counts()).toEqual([`Actions (${actions.length})`, `Triggers (${events.length})`]);
			await expect(panel.getByText(description).first().isVisible()).resolves.toBe(true);
			await shot('nodes-panel-cometchat.png');
			// Every resource is a section ("Blocked User Actions"), every operation's action an entry.
			// The panel renders its long list in chunks: read it until it is complete (or time runs out).
			const action = `[data-keyboard-nav-type="action"][data-keyboard-nav-id^="${NODE}-"]`;
			const shown = async () => ({
				sections: (await panel.locator('[data-test-id="item-iterator-item"][data-keyboard-nav-id$=" Actions"]').allTextContents()).map((s) => s.trim().replace(/ Actions$/, '')).sort(),
				actions: (await panel.locator(`${action} [data-test-id="node-creator-item-name"]`).allTextContents()).map((e) => e.trim()).sort(),
			});
			const expected = { sections: [...resources].sort(), actions: [...actions].sort() };
			expect(await settled(shown, expected)).toEqual(expected);

			// Choosing an action opens the node with that resource and operation, and the demo credential.
			await panel.locator(`${action} [data-test-id="node-creator-item-name"]`, { hasText: /^Ban a user from a group$/ }).click();
			const ndv = page.locator('[data-test-id="ndv"]');
			await ndv.waitFor();
			const fields = async () => ({
				resource: await ndv.locator('[data-test-id="parameter-input-resource"] input').inputValue(),
				operation: await ndv.locator('[data-test-id="parameter-input-operation"] input').inputValue(),
				credential: await ndv.locator('[data-test-id="node-credentials-select"] input').first().inputValue(),
			});
			const chosen = { resource: 'Banned User', operation: 'Ban', credential: 'CometChat demo' };
			expect(await settled(fields, chosen)).toEqual(chosen);
			// The Group picker lists the groups it loads from CometChat (here: the emulator) through n8n.
			await ndv.locator('[data-test-id="parameter-input-guid"]').getByPlaceholder('Select a group...').click();
			await page.getByText('Hiking Group').first().waitFor();
			await shot('node-ban-a-user.png');
			expect(suite.emulator.requests.some((r) => r.method === 'GET' && r.path === '/v3/groups')).toBe(true);
			await page.keyboard.press('Escape');
			await ndv.locator('[data-test-id="ndv-close-button"]').click().catch(() => undefined);
		});

		e2eTest(suite, 'an AI Agent is offered the CometChat Tool', async () => {
			await openWorkflow(page, suite.n8n, exampleId('ai-agent-moderator'));
			const agent = page.locator('[data-test-id="canvas-node"][data-node-name="AI Agent"]');
			await agent.locator('[data-test-id="canvas-node-input-handle"][data-connection-type="ai_tool"] [data-test-id="canvas-handle-plus"]').click();
			const panel = page.locator('[data-test-id="node-creator"]');
			await panel.locator('[data-test-id="node-creator-search-bar"]').fill('CometChat');
			await panel.locator('[data-test-id="node-creator-item-name"]', { hasText: /^CometChat Tool$/ }).first().waitFor();
			await shot('ai-agent-tools-cometchat.png');
			await page.keyboard.press('Escape');
		});

		for (const name of examples) {
			e2eTest(suite, `the canvas of ${name} shows every node, with CometChat's icon`, async () => {
				const workflow = loadExample(name);
				await openWorkflow(page, suite.n8n, exampleId(name));
				const onCanvas = await page.locator('[data-test-id="canvas-node"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-node-name')));
				// Sticky notes are not nodes on the canvas (no name label); every other node is.
				expect(onCanvas.sort()).toEqual(workflow.nodes.filter((n) => n.type !== 'n8n-nodes-base.stickyNote').map((n) => n.name).sort());
				for (const node of workflow.nodes.filter((n) => n.type.startsWith(`${PACKAGE_NAME}.`))) {
					// The icon comes from the installed package: it loaded, so the editor knows the node type.
					const icon = page.locator(`[data-test-id="canvas-node"][data-node-name="${node.name}"] img[src*="/icons/${PACKAGE_NAME}/"]`);
					await expect(icon.evaluate((img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
				}
				const path = await shot(`canvas-${name}.png`);
				if (process.env.UPDATE_DOCS_IMAGES === '1') {
					mkdirSync(DOCS_IMAGES, { recursive: true });
					copyFileSync(path, join(DOCS_IMAGES, `${name}.png`));
				}
			});
		}
	});
});
