/**
 * CometChat Send and Wait in a real n8n, the same scenarios for n8n 2.x (n8n2.e2e.ts) and 1.x
 * (n8n1.e2e.ts), in the n8n those files start: each response type (Approval, Free Text, Custom Form)
 * answered from the chat (the JSON POST a UI Kit sends) and from the page (GET shows it, POST urlencoded
 * answers), each resuming the execution once with every field in the output; a late click; forged URLs;
 * Limit Wait Time; n8n restarted while an execution waits.
 *
 * Where the majors differ (n8n's own answers, not the node's):
 * - 2.x gives the execution a resume token: the buttons point at `/<node ID>-answer?…&signature=<token>&s=<node HMAC>`,
 *   and n8n answers a click on a finished execution there with 409 ("has finished already").
 * - 1.x has no resume token: the buttons point at `/<node ID>?…&signature=<n8n HMAC>`, where n8n 1.x answers
 *   a click on a finished execution with its own 200 "No action required" page. That is the documented
 *   1.x limit (docs/send-and-wait.md): nothing resumes, but the client shows the click accepted.
 */
import type { Emulator, MessageRecord } from '../../emulator';
import { requestLines } from './checks';
import { untilServed, type WorkflowFile, type WorkflowNode } from './instance';
import { UI_KIT_ORIGIN } from './live-examples';
import { e2eTest, readExecution, registered, type Suite } from './suite';

export type Kind = 'approval' | 'freeText' | 'form';
const KINDS: Kind[] = ['approval', 'freeText', 'form'];
const COMETCHAT = { cometChatApi: { id: 'cometchat-demo', name: 'CometChat demo' } };
const THANKS = 'Your answer was recorded. You can close this page.';

/** The form of the Custom Form workflow: a few of the field types n8n's Form node has. */
const FORM_FIELDS = [
	{ fieldLabel: 'Reason', fieldType: 'text', requiredField: true },
	{ fieldLabel: 'Days', fieldType: 'number' },
	{ fieldLabel: 'Action', fieldType: 'dropdown', fieldOptions: { values: [{ option: 'Warn' }, { option: 'Mute' }] }, requiredField: true },
	{ fieldLabel: 'Notify', fieldType: 'checkbox', fieldOptions: { values: [{ option: 'Group' }, { option: 'Sender' }] } },
	{ fieldLabel: 'Until', fieldType: 'date' },
	{ fieldLabel: 'Note', fieldType: 'textarea' },
];

const SUFFIX: Record<Kind, string> = { approval: 'a', freeText: 'f', form: 'c' };
export const workflowId = (kind: Kind): string => `sendAndWait${kind === 'freeText' ? 'Free' : kind === 'form' ? 'Form' : 'Appr'}001`;
const pathOf = (kind: Kind) => `send-and-wait-${kind.toLowerCase()}`;
const nodeId = (kind: Kind, n: number) => `6b1d2e3f-000${SUFFIX[kind]}-4c5d-8e00-00000000000${n}`;

/** Webhook "Start" → CometChat Send and Wait "Ask" (to mod-olivia, Limit Wait Time from the body's waitSeconds, 1 hour by default) → No Op "After". */
function workflow(kind: Kind): WorkflowFile {
	const ask: WorkflowNode = {
		id: nodeId(kind, 2),
		name: 'Ask',
		type: 'n8n-nodes-cometchat.cometChatSendAndWait',
		typeVersion: 1,
		position: [240, 0],
		parameters: {
			resource: 'message',
			operation: 'sendAndWait',
			sendAs: 'app',
			receiverType: 'user',
			receiver: 'mod-olivia',
			message: '=Question {{ $json.body.question }}',
			responseType: kind,
			...(kind === 'approval' ? { approvalOptions: { values: { approvalType: 'double', approveLabel: 'Yes', disapproveLabel: 'No' } } } : {}),
			...(kind === 'form' ? { formFields: { values: FORM_FIELDS } } : {}),
			options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: '={{ $json.body.waitSeconds ?? 3600 }}', resumeUnit: 'seconds' } } },
		},
		credentials: COMETCHAT,
	};
	return {
		id: workflowId(kind),
		name: `Send and Wait e2e: ${kind}`,
		nodes: [
			{ id: nodeId(kind, 1), name: 'Start', type: 'n8n-nodes-base.webhook', typeVersion: 2.1, position: [0, 0], parameters: { httpMethod: 'POST', path: pathOf(kind), options: {} }, webhookId: nodeId(kind, 4) },
			ask,
			{ id: nodeId(kind, 3), name: 'After', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [480, 0], parameters: {} },
		],
		connections: {
			Start: { main: [[{ node: 'Ask', type: 'main', index: 0 }]] },
			Ask: { main: [[{ node: 'After', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** The test workflows to import (useRealN8n's `workflows`). */
export const SEND_AND_WAIT_WORKFLOWS: WorkflowFile[] = KINDS.map(workflow);

/** An answer of each kind: what the chat posts under `answer`, what the page posts, and the output's `data`. */
const ANSWERS: Record<Kind, { chat: Record<string, unknown>; page: string; data: Record<string, unknown> }> = {
	approval: { chat: {}, page: '', data: { approved: true } },
	freeText: { chat: { response: 'Ban them, it is spam.' }, page: 'response=Ban+them%2C+it+is+spam.', data: { text: 'Ban them, it is spam.' } },
	form: {
		chat: { 'field-0': 'spam', 'field-1': '3', 'field-2': 'Mute', 'field-3': ['Group', 'Sender'], 'field-4': '2026-12-01', 'field-5': 'Second time\nthis week' },
		page: 'field-0=spam&field-1=3&field-2=Mute&field-3=Group&field-3=Sender&field-4=2026-12-01&field-5=Second+time%0D%0Athis+week',
		data: { Reason: 'spam', Days: 3, Action: 'Mute', Notify: ['Group', 'Sender'], Until: '2026-12-01', Note: 'Second time\nthis week' },
	},
};
// A browser's textarea posts CRLF line breaks.
const PAGE_DATA: Record<Kind, Record<string, unknown>> = { approval: ANSWERS.approval.data, freeText: ANSWERS.freeText.data, form: { ...ANSWERS.form.data, Note: 'Second time\r\nthis week' } };

/** What the page shows for each kind (GET): its form and the fields' inputs. */
const PAGE_SHOWS: Record<Kind, string[]> = {
	approval: ['<p>Question q</p>', '<form method="post" action=""><button type="submit">Yes</button></form>'],
	freeText: ['<textarea id="response" name="response" rows="5" required></textarea>', '<button type="submit">Submit</button>'],
	form: [
		'<input id="field-0" name="field-0" type="text" required>',
		'<input id="field-1" name="field-1" type="number">',
		'<select id="field-2" name="field-2" required><option value=""></option><option>Warn</option><option>Mute</option></select>',
		'<input type="checkbox" name="field-3" value="Group">',
		'<input id="field-4" name="field-4" type="date">',
		'<textarea id="field-5" name="field-5" rows="5"></textarea>',
	],
};

interface Asked {
	executionId: string;
	message: MessageRecord;
	/** The URL that answers: Approval's approve button, a form's submit. */
	url: string;
	/** Approval's decline button. */
	declineUrl?: string;
	/** The webhook's output item (the node's input). */
	input?: Record<string, unknown>;
}

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The URL of each element of the question: card buttons, or a form's submit. */
function urlsOf(message: MessageRecord): Record<string, string> {
	const data = (message.data as { interactiveData: { cardActions?: Array<{ elementId: string; action: { url: string } }>; submitElement?: { elementId: string; action: { url: string } } } }).interactiveData;
	const elements = [...(data.cardActions ?? []), ...(data.submitElement ? [data.submitElement] : [])];
	return Object.fromEntries(elements.map((e) => [e.elementId, e.action.url]));
}

const NO_ACTION = '<title>No action required</title>';

export function sendAndWaitTests(suite: Suite, major: 1 | 2): void {
	const active = new Set<Kind>();
	const executions = (kind: Kind) => suite.n8n.executions(workflowId(kind));

	/** Activates the workflow (once), posts to its webhook, waits until the execution waits; the question. */
	async function ask(kind: Kind, body: Record<string, unknown> = {}): Promise<Asked> {
		if (!active.has(kind)) {
			const wf = await suite.n8n.rest<{ versionId: string }>('GET', `/rest/workflows/${workflowId(kind)}`);
			await suite.n8n.rest('POST', `/rest/workflows/${workflowId(kind)}/activate`, { versionId: wf.versionId });
			active.add(kind);
		}
		await registered(suite.n8n, pathOf(kind));
		const before = (await executions(kind))[0]?.id;
		const sent = suite.emulator.state.messages.length;
		const started = await fetch(`${suite.n8n.url}/webhook/${pathOf(kind)}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question: 'q', ...body }) });
		expect(started.status).toBe(200);
		const deadline = Date.now() + 60000;
		for (;;) {
			const [newest] = await executions(kind);
			const message = suite.emulator.state.messages.slice(sent).find((m) => m.category === 'interactive');
			if (newest && newest.id !== before && newest.status === 'waiting' && message) {
				const urls = urlsOf(message);
				return { executionId: newest.id, message, url: kind === 'approval' ? urls.approve : urls.submit, declineUrl: urls.decline };
			}
			if (Date.now() > deadline) throw new Error(`${kind}: no waiting execution with a question within 60 s (newest: ${JSON.stringify(newest)})`);
			await pause(300);
		}
	}

	/** A UI Kit's apiAction POST: the button's payload, the form's values under `answer`, the clicker. */
	const fromChat = (url: string, kind: Kind, uid = 'mod-olivia') =>
		fetch(url, {
			method: 'POST',
			headers: { Origin: UI_KIT_ORIGIN, 'Content-Type': 'application/json' },
			body: JSON.stringify({ ...(kind === 'approval' ? { approved: true } : {}), answer: ANSWERS[kind].chat, cometchatSenderUid: uid }),
		});
	/** A browser submitting the page's form (action="": the same URL). */
	const fromPage = (url: string, kind: Kind) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: ANSWERS[kind].page });

	/** The finished execution `id` (waits for it). */
	async function finished(id: string) {
		const deadline = Date.now() + 120000;
		for (;;) {
			const summary = (await suite.n8n.executions()).find((e) => e.id === id);
			if (summary && !['new', 'running', 'waiting'].includes(summary.status)) return readExecution(suite.n8n, id);
			if (Date.now() > deadline) throw new Error(`execution ${id} did not finish within 120 s (${JSON.stringify(summary)})`);
			await pause(500);
		}
	}

	/** The status of execution `id` now. */
	const statusOf = async (id: string) => (await suite.n8n.executions()).find((e) => e.id === id)?.status;

	/** How many times node `name` ran in execution `id` (runData entries). */
	const runs = async (id: string, name: string): Promise<number> => (await readExecution(suite.n8n, id)).runs(name);

	/** A click after the execution finished: n8n's answer by major (see the header), and nothing resumes. */
	async function expectLateClickRefused(response: Response): Promise<void> {
		const text = await response.text();
		if (major === 2) {
			expect(response.status).toBe(409);
			expect(text).toContain('has finished already');
		} else {
			// n8n 1.x: its own "No action required" page with 200 at the node-ID URL — the documented 1.x limit
			// (no resume token in 1.x, so the node cannot move its URLs where n8n would answer 409).
			expect(response.status).toBe(200);
			expect(text).toContain(NO_ACTION);
		}
	}

	/** Only the question was sent to CometChat, and the mark of `answered` (element) if given. */
	function expectRequests(emulator: Emulator, asked: Asked, element?: string): void {
		const lines = requestLines(emulator);
		expect(lines[0]).toMatch(/^POST \/messages \{"receiver":"mod-olivia","receiverType":"user","category":"interactive",/);
		expect(lines.slice(1)).toEqual(element ? [`PATCH /messages/${asked.message.id}/interacted {"interactions":["${element}"]} [mod-olivia]`] : []);
	}

	describe(`Send and Wait in n8n ${major}.x: every response type, from the chat and from the page`, () => {
		e2eTest(suite, `the buttons point at n8n ${major}.x's resume URL, signed`, async () => {
			suite.emulator.reset();
			const asked = await ask('approval');
			const node = nodeId('approval', 2);
			const base = `${suite.n8n.url}/webhook-waiting/${asked.executionId}`;
			if (major === 2) {
				expect(asked.url).toMatch(new RegExp(`^${base}/${node}-answer\\?approved=true&w=[0-9a-f]{24}&signature=[^&]+&s=[0-9a-f]{64}$`));
			} else {
				expect(asked.url).toMatch(new RegExp(`^${base}/${node}\\?approved=true&w=[0-9a-f]{24}&signature=[0-9a-f]{64}$`));
			}
			// Answer it so that it does not wait on.
			expect((await fromChat(asked.url, 'approval')).status).toBe(200);
			await finished(asked.executionId);
		});

		for (const kind of KINDS) {
			e2eTest(suite, `${kind}: answered from the chat (JSON, as a UI Kit posts), resumed once; a late click resumes nothing`, async () => {
				suite.emulator.reset();
				const asked = await ask(kind);
				// The browser's CORS preflight that a web UI Kit sends first: n8n answers it.
				const preflight = await fetch(asked.url, { method: 'OPTIONS', headers: { Origin: UI_KIT_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
				expect(preflight.status).toBe(204);
				expect(preflight.headers.get('access-control-allow-origin')).toBe(UI_KIT_ORIGIN);
				const count = (await executions(kind)).length;
				const answer = await fromChat(asked.url, kind);
				expect(answer.status).toBe(200);
				expect(await answer.json()).toEqual({ message: THANKS });
				const run = await finished(asked.executionId);
				expect(run.status).toBe('success');
				expect(run.error).toBeUndefined();
				const output = { data: ANSWERS[kind].data, answered: true, respondedAt: expect.any(String), respondedBy: 'mod-olivia', answeredIn: 'chat', messageId: asked.message.id, interacted: true };
				expect(run.output('Ask')).toEqual([output]);
				expect(run.output('After')).toEqual([output]);
				expect(await runs(asked.executionId, 'After')).toBe(1);
				expectRequests(suite.emulator, asked, kind === 'approval' ? 'approve' : 'submit');

				// Late: the same click from the chat, then the page, after the execution finished.
				await expectLateClickRefused(await fromChat(asked.url, kind));
				await expectLateClickRefused(await fetch(asked.url));
				await expectLateClickRefused(await fromPage(asked.url, kind));
				await pause(1000);
				expect((await executions(kind)).length).toBe(count);
				expect(await runs(asked.executionId, 'After')).toBe(1);
				expectRequests(suite.emulator, asked, kind === 'approval' ? 'approve' : 'submit');
			});

			e2eTest(suite, `${kind}: answered from the page (GET shows it, POST urlencoded answers), resumed once; a late post resumes nothing`, async () => {
				suite.emulator.reset();
				const asked = await ask(kind);
				const page = await fetch(asked.url);
				expect(page.status).toBe(200);
				expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
				const html = await page.text();
				for (const part of PAGE_SHOWS[kind]) expect(html).toContain(part);
				// Showing the page answers nothing.
				expect(await statusOf(asked.executionId)).toBe('waiting');
				const answer = await fromPage(asked.url, kind);
				expect(answer.status).toBe(200);
				expect(await answer.text()).toContain(`<h1>Thank you</h1><p>${THANKS}</p>`);
				const run = await finished(asked.executionId);
				expect(run.status).toBe('success');
				// No clicker is named on the page; the one-to-one message is marked for its receiver.
				const output = { data: PAGE_DATA[kind], answered: true, respondedAt: expect.any(String), answeredIn: 'page', messageId: asked.message.id, interacted: true };
				expect(run.output('Ask')).toEqual([output]);
				expect(run.output('After')).toEqual([output]);
				expectRequests(suite.emulator, asked, kind === 'approval' ? 'approve' : 'respond');

				await expectLateClickRefused(await fromPage(asked.url, kind));
				await expectLateClickRefused(await fromChat(asked.url, kind));
				await pause(1000);
				expect(await runs(asked.executionId, 'After')).toBe(1);
				expect(requestLines(suite.emulator)).toHaveLength(2);
			});
		}

		e2eTest(suite, 'forged URLs (approved changed, a signature changed) are refused 401 and resume nothing', async () => {
			suite.emulator.reset();
			const asked = await ask('approval');
			const flip = (hex: string) => hex.slice(0, -1) + (hex.endsWith('0') ? '1' : '0');
			const param = (url: string, name: string) => new URL(url).searchParams.get(name) ?? '';
			const withParam = (url: string, name: string, value: string) => {
				const u = new URL(url);
				u.searchParams.set(name, value);
				return u.toString();
			};
			// The decline the approve URL does not sign: in 2.x the node refuses (n8n checked only its token),
			// in 1.x n8n refuses (it checks its HMAC over the whole URL once the node asked for it).
			const flipped = await fromChat(asked.url.replace('approved=true', 'approved=false'), 'approval');
			expect(flipped.status).toBe(401);
			expect(await flipped.json()).toEqual(major === 2 ? { message: 'This link is not valid.' } : { error: 'Invalid token' });
			const flippedPage = await fetch(asked.url.replace('approved=true', 'approved=false'), { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '' });
			expect(flippedPage.status).toBe(401);
			expect(await flippedPage.text()).toContain(major === 2 ? 'This link is not valid.' : 'Invalid token');
			if (major === 2) {
				// The node's HMAC changed: the node refuses.
				const badS = await fromChat(withParam(asked.url, 's', flip(param(asked.url, 's'))), 'approval');
				expect(badS.status).toBe(401);
				expect(await badS.json()).toEqual({ message: 'This link is not valid.' });
				// n8n's resume token changed: n8n refuses before the node runs.
				const badToken = await fromChat(withParam(asked.url, 'signature', flip(param(asked.url, 'signature'))), 'approval');
				expect(badToken.status).toBe(401);
				expect(await badToken.json()).toEqual({ error: 'Invalid token' });
			} else {
				// n8n 1.x's HMAC changed.
				const badSignature = await fromChat(withParam(asked.url, 'signature', flip(param(asked.url, 'signature'))), 'approval');
				expect(badSignature.status).toBe(401);
				expect(await badSignature.json()).toEqual({ error: 'Invalid token' });
			}
			await pause(1000);
			expect(await statusOf(asked.executionId)).toBe('waiting');
			expect(requestLines(suite.emulator)).toHaveLength(1);
			// The genuine decline still answers, once.
			expect((await fromChat(String(asked.declineUrl), 'approval')).status).toBe(200);
			const run = await finished(asked.executionId);
			expect(run.output('Ask')).toMatchObject([{ data: { approved: false }, answered: true, respondedBy: 'mod-olivia' }]);
			expectRequests(suite.emulator, asked, 'decline');
		});

		e2eTest(suite, 'Limit Wait Time: after the limit an answer is refused 410; n8n resumes with the input, messageId and answered: false', async () => {
			suite.emulator.reset();
			const started = Date.now();
			const asked = await ask('approval', { waitSeconds: 3 });
			await pause(Math.max(0, started + 4000 - Date.now()));
			// The limit has passed; n8n's wait tracker has not resumed it yet (it looks every 60 s).
			// (If the tracker happened to look just after the limit, the execution has finished: n8n's answer then.)
			const expired = await fromChat(asked.url, 'approval');
			const stillWaiting = expired.status !== 409 && expired.status !== 200;
			if (stillWaiting || major === 2) {
				expect(expired.status).toBe(stillWaiting ? 410 : 409);
				if (stillWaiting) expect(await expired.json()).toEqual({ message: 'This question has expired.' });
			} else {
				expect(await expired.text()).toContain(NO_ACTION);
			}
			process.stderr.write(`n8n ${major}.x: an answer 1 s after the limit got ${expired.status}\n`);
			const run = await finished(asked.executionId);
			const seconds = Math.round((Date.now() - started) / 1000);
			process.stderr.write(`n8n ${major}.x: Limit Wait Time 3 s, resumed after ${seconds} s\n`);
			expect(run.status).toBe('success');
			const input = run.output('Start');
			expect(input).toEqual([expect.objectContaining({ body: { question: 'q', waitSeconds: 3 }, headers: expect.any(Object) })]);
			expect(run.output('Ask')).toEqual([{ ...input[0], messageId: asked.message.id, answered: false }]);
			expect(run.output('After')).toEqual(run.output('Ask'));
			expect(requestLines(suite.emulator)).toHaveLength(1);
			// A click after that: n8n's answer for a finished execution.
			await expectLateClickRefused(await fromChat(asked.url, 'approval'));
			expect(requestLines(suite.emulator)).toHaveLength(1);
		});

		e2eTest(suite, 'n8n restarted while an execution waits: the answer resumes it once', async () => {
			suite.emulator.reset();
			const asked = await ask('form');
			await suite.n8n.stop();
			await suite.n8n.start();
			// The session cookie outlives the restart; n8n 1.x's REST API answers 404 for a moment.
			await untilServed(() => suite.n8n.executions());
			expect(await statusOf(asked.executionId)).toBe('waiting');
			const answer = await fromChat(asked.url, 'form');
			expect(answer.status).toBe(200);
			const run = await finished(asked.executionId);
			expect(run.status).toBe('success');
			expect(run.output('Ask')).toEqual([
				{ data: ANSWERS.form.data, answered: true, respondedAt: expect.any(String), respondedBy: 'mod-olivia', answeredIn: 'chat', messageId: asked.message.id, interacted: true },
			]);
			expect(await runs(asked.executionId, 'After')).toBe(1);
			await expectLateClickRefused(await fromChat(asked.url, 'form'));
			expect(await runs(asked.executionId, 'After')).toBe(1);
			expectRequests(suite.emulator, asked, 'submit');
		});
	});
}
