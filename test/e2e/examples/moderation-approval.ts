// examples/moderation-approval.json: a flagged message reaches the workflow, CometChat Send and Wait asks a
// moderator in the chat (an interactive card: Ban / Dismiss) and the execution waits; the test then answers
// as a CometChat UI Kit does (a browser's CORS preflight, then the apiAction POST to the button's URL) and
// the execution goes on: Dismiss reviews the flag, Ban bans the sender. Forged URLs and link previews
// resume nothing; a second click resumes nothing. After each answer the node marks the message interacted
// for the moderator (Mark as Interacted, on by default) and edits it to show the outcome (Edit Message to
// Show Outcome), which needs the message's ID at resume: kept with the waiting execution in real n8n (see
// the node), so this checks it survives n8n's save and load; the edit keeps the same signed URLs.
import { messageExtras } from '../../emulator/routes/messages';
import { addReason } from '../../emulator/routes/moderation';
import type { Emulator, MessageRecord } from '../../emulator';
import { type ExampleCheck, requestLines } from '../n8n/checks';
import type { N8n } from '../n8n/instance';
import { exampleId } from '../n8n/setup';

const ID = exampleId('moderation-approval');
const ORIGIN = 'https://chat.example.com';

/** The newest message of the demo group from cometchat-uid-2, flagged by cometchat-uid-1 through CometChat's API. */
async function flaggedMessage(emulator: Emulator): Promise<string> {
	if (!emulator.state.messages.some((m) => m.data?.text === 'Cheap pills, 90% off: pm me')) {
		const now = emulator.state.now();
		emulator.state.messages.push({
			id: emulator.state.nextMessageId(),
			conversationId: 'group_cometchat-guid-1',
			sender: 'cometchat-uid-2',
			receiverType: 'group',
			receiver: 'cometchat-guid-1',
			category: 'message',
			type: 'text',
			data: { text: 'Cheap pills, 90% off: pm me' },
			sentAt: now,
			updatedAt: now,
		} as MessageRecord);
	}
	const message = emulator.state.messages.filter((m) => m.data?.text === 'Cheap pills, 90% off: pm me').at(-1)!;
	addReason(emulator.state, { id: 'spam', name: 'Spam' });
	const flagged = await fetch(`${emulator.url}/messages/${message.id}/flagged`, {
		method: 'POST',
		headers: { apikey: emulator.apiKey, onBehalfOf: 'cometchat-uid-1', 'content-type': 'application/json', accept: 'application/json' },
		body: JSON.stringify({ reasonId: 'spam', remark: 'selling pills' }),
	});
	expect(flagged.status).toBe(200);
	return String(message.id);
}

/** Waits until the example's newest execution is waiting; returns the interactive message it sent. */
async function question(emulator: Emulator, n8n: N8n): Promise<{ message: MessageRecord; url: (elementId: string) => string }> {
	const deadline = Date.now() + 60000;
	for (;;) {
		const page = await n8n.rest<{ results: Array<{ id: string; status: string }> }>('GET', `/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId: ID }))}`);
		const message = emulator.state.messages.filter((m) => m.category === 'interactive').at(-1);
		if (page.results[0]?.status === 'waiting' && message) {
			const actions = ((message.data as { interactiveData: { cardActions: Array<{ elementId: string; action: { url: string } }> } }).interactiveData.cardActions);
			return { message, url: (id) => actions.find((a) => a.elementId === id)!.action.url };
		}
		if (Date.now() > deadline) throw new Error(`The execution did not wait within 60 s (newest: ${JSON.stringify(page.results[0])})`);
		await new Promise((r) => setTimeout(r, 500));
	}
}

/** The elements `uid` has interacted with on `message`, as CometChat keeps them. */
const interactedBy = (emulator: Emulator, message: MessageRecord, uid: string) =>
	(messageExtras(emulator.state).interactions.get(message.id) ?? []).filter((entry) => entry.uid === uid).map((entry) => entry.elementId);

/** The edit the node sent: the message as it was sent, its text followed by `outcome`. */
function expectEdit(emulator: Emulator, message: MessageRecord, outcome: string): void {
	const sent = (emulator.requests[0].body as { data: { text: string; interactiveData: object } }).data;
	const text = `${sent.text}\n\n${outcome}`;
	const edit = emulator.requests.find((r) => r.method === 'PUT');
	expect(edit).toMatchObject({ path: `/v3/messages/${message.id}`, body: { data: { ...sent, text, interactiveData: { ...sent.interactiveData, text } } } });
	expect(edit?.headers.onbehalfof).toBeUndefined();
	expect(message.data).toMatchObject({ text, interactiveData: { text } });
}

/** What a web UI Kit does for an apiAction button: the CORS preflight, then the POST with its body. */
async function click(url: string, uid: string): Promise<Response> {
	const preflight = await fetch(url, { method: 'OPTIONS', headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
	expect(preflight.status).toBeLessThan(300);
	expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
	expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
	return await fetch(url, { method: 'POST', headers: { Origin: ORIGIN, 'Content-Type': 'application/json' }, body: JSON.stringify({ approved: true, answer: {}, cometchatSenderUid: uid }) });
}

export const check: ExampleCheck = {
	async live({ activate, webhook, lastExecution, executionCount, emulator, n8n }) {
		const messageId = await flaggedMessage(emulator);
		emulator.requests.length = 0;
		await activate();
		const report = { messageId, sender: 'cometchat-uid-2', guid: 'cometchat-guid-1', text: 'Cheap pills, 90% off: pm me', reason: 'spam' };

		// 1. The moderator dismisses the flag.
		expect((await webhook('cometchat-flagged', report)).status).toBe(200);
		const first = await question(emulator, n8n);
		expect(first.message).toMatchObject({ sender: 'app_system', receiver: 'mod-olivia', category: 'interactive', type: 'card' });
		const dismiss = first.url('decline');
		// A forged answer (the signed query changed) and a link preview's visit resume nothing.
		expect((await fetch(dismiss.replace('approved=false', 'approved=true'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(401);
		const preview = await fetch(dismiss, { headers: { 'User-Agent': 'facebookexternalhit/1.1' } });
		expect(preview.status).toBe(200);
		expect(await preview.text()).toContain('Dismiss</button>');
		const answered = await click(dismiss, 'mod-olivia');
		expect(answered.status).toBe(200);
		expect(await answered.json()).toEqual({ message: 'Your answer was recorded. You can close this page.' });
		const dismissed = await lastExecution();
		expect(dismissed.error).toBeUndefined();
		expect(dismissed.output('Ask a moderator')).toEqual([
			{ data: { approved: false }, respondedAt: expect.any(String), respondedBy: 'mod-olivia', answeredIn: 'chat', messageId: first.message.id, interacted: true, edited: true, outcomeMessageId: expect.any(String) },
		]);
		expect(dismissed.output('Dismiss the flag')).toMatchObject([{ messageId, status: 'approved', success: true }]);
		expect(dismissed.output('Ban the sender')).toEqual([]);
		const lines = requestLines(emulator);
		expect(lines).toHaveLength(5);
		expect(lines[0]).toMatch(/^POST \/messages \{"receiver":"mod-olivia","receiverType":"user","category":"interactive","type":"card",/);
		expect(lines.slice(1)).toEqual([
			`PATCH /messages/${first.message.id}/interacted {"interactions":["decline"]} [mod-olivia]`,
			expect.stringMatching(`^PUT /messages/${first.message.id} \\{"data":`),
			'POST /messages {"receiver":"mod-olivia","receiverType":"user","category":"message","type":"text","data":{"text":"Declined by mod-olivia"}}',
			`PATCH /moderation/flagged-messages/${messageId} {"status":"approved"}`,
		]);
		// A second click, on either button, resumes nothing.
		await fetch(first.url('approve'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
		expect(requestLines(emulator)).toHaveLength(5);
		expect(await executionCount()).toBe(1);
		// The moderator's client now shows the card answered (Dismiss), as it would after a click in the chat.
		expect(interactedBy(emulator, first.message, 'mod-olivia')).toEqual(['decline']);
		expectEdit(emulator, first.message, 'Declined by mod-olivia');

		// 2. The next report: the moderator bans.
		emulator.requests.length = 0;
		expect((await webhook('cometchat-flagged', report)).status).toBe(200);
		const second = await question(emulator, n8n);
		expect(second.message.id).not.toBe(first.message.id);
		expect((await click(second.url('approve'), 'mod-olivia')).status).toBe(200);
		const banned = await lastExecution();
		expect(banned.error).toBeUndefined();
		expect(banned.output('Ban the sender')).toEqual([
			{ success: true, message: 'The user with uid cometchat-uid-2 has been banned from the Group with cometchat-guid-1.' },
		]);
		expect(banned.output('Ask a moderator')).toMatchObject([{ data: { approved: true }, messageId: second.message.id, interacted: true, edited: true }]);
		expectEdit(emulator, second.message, 'Approved by mod-olivia');
		expect(interactedBy(emulator, second.message, 'mod-olivia')).toEqual(['approve']);
		expect(requestLines(emulator).slice(1)).toEqual([
			`PATCH /messages/${second.message.id}/interacted {"interactions":["approve"]} [mod-olivia]`,
			expect.stringMatching(`^PUT /messages/${second.message.id} \\{"data":`),
			'POST /messages {"receiver":"mod-olivia","receiverType":"user","category":"message","type":"text","data":{"text":"Approved by mod-olivia"}}',
			'POST /groups/cometchat-guid-1/bannedusers/cometchat-uid-2 [mod-olivia]',
		]);
		expect(emulator.state.getGroup('cometchat-guid-1')?.bans.has('cometchat-uid-2')).toBe(true);
	},
};
