// examples/moderation-approval.json: a flagged message reaches the workflow, CometChat Send and Wait asks a
// moderator in the chat (an interactive card: Ban / Dismiss) and the execution waits; the test then answers
// as a CometChat UI Kit does (a browser's CORS preflight, then the apiAction POST to the button's URL) and
// the execution goes on: Dismiss reviews the flag, Ban bans the sender. Forged URLs and link previews
// resume nothing; a second click resumes nothing. After each answer the node marks the message interacted
// for the moderator (Mark as Interacted, on by default) and edits it to show the outcome (Edit Message to
// Show Outcome), which needs the message's ID at resume: kept with the waiting execution in real n8n (see
// the node), so this checks it survives n8n's save and load; the edit keeps the same signed URLs.
// Silence never approves: when nobody answers within the limit (Limit Wait Time, from the report's
// waitMinutes, 60 by default), the flag is left unreviewed and mod-olivia is told so.
import type { Emulator, MessageRecord } from '../../emulator';
import { messageExtras } from '../../emulator/routes/messages';
import { DERIVED_MUID, type ExampleCheck, requestLines } from '../n8n/checks';
import { clickInChat, FLAGGED_PATH, flaggedMessage, flagReport, leftForReviewText, moderationApproval, moderationUnanswered, UI_KIT_ORIGIN, waitingQuestion } from '../n8n/live-examples';
import { moderationStore } from '../../emulator/routes/moderation';
import { exampleId } from '../n8n/setup';

const ID = exampleId('moderation-approval');

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

/** A click in the chat, with the CORS preflight a browser sends first checked. */
async function click(url: string, uid: string): Promise<Response> {
	const { preflight, answer } = await clickInChat(url, uid);
	expect(preflight.status).toBeLessThan(300);
	expect(preflight.headers.get('access-control-allow-origin')).toBe(UI_KIT_ORIGIN);
	expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
	return answer;
}

export const check: ExampleCheck = {
	async live(ctx) {
		const { activate, webhook, lastExecution, executionCount, emulator, n8n } = ctx;
		const messageId = await flaggedMessage(emulator);
		emulator.requests.length = 0;
		await activate();

		// 1. The moderator dismisses the flag.
		expect((await webhook(FLAGGED_PATH, flagReport(messageId))).status).toBe(200);
		const first = await waitingQuestion(emulator, n8n, ID);
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
			{ data: { approved: false }, answered: true, respondedAt: expect.any(String), respondedBy: 'mod-olivia', answeredIn: 'chat', messageId: first.message.id, interacted: true, edited: true, outcomeMessageId: expect.any(String) },
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

		// 2. The next report: the moderator bans (as the demo runs it).
		emulator.requests.length = 0;
		const second = await moderationApproval(ctx, messageId, 'approve');
		expect(second.question.message.id).not.toBe(first.message.id);
		expect(second.answer.status).toBe(200);
		const banned = second.run;
		expect(banned.error).toBeUndefined();
		expect(banned.output('Ban the sender')).toEqual([
			{ success: true, message: 'The user with uid cometchat-uid-2 has been banned from the Group with cometchat-guid-1.' },
		]);
		const asked = second.question.message;
		expect(banned.output('Ask a moderator')).toMatchObject([{ data: { approved: true }, messageId: asked.id, interacted: true, edited: true }]);
		expectEdit(emulator, asked, 'Approved by mod-olivia');
		expect(interactedBy(emulator, asked, 'mod-olivia')).toEqual(['approve']);
		expect(requestLines(emulator).slice(1)).toEqual([
			`PATCH /messages/${asked.id}/interacted {"interactions":["approve"]} [mod-olivia]`,
			expect.stringMatching(`^PUT /messages/${asked.id} \\{"data":`),
			'POST /messages {"receiver":"mod-olivia","receiverType":"user","category":"message","type":"text","data":{"text":"Approved by mod-olivia"}}',
			'POST /groups/cometchat-guid-1/bannedusers/cometchat-uid-2 [mod-olivia]',
		]);
		expect(emulator.state.getGroup('cometchat-guid-1')?.bans.has('cometchat-uid-2')).toBe(true);
		// 3. Nobody answers: after the limit (3 s here; n8n's wait tracker resumes within ~60–70 s) the example
		// neither bans nor dismisses; the flag stays in the queue and mod-olivia is told it is left for review.
		const third = await flaggedMessage(emulator, 'cometchat-uid-3');
		emulator.requests.length = 0;
		const silent = await moderationUnanswered(ctx, third, 'cometchat-uid-3');
		expect(silent.seconds).toBeLessThan(100);
		const timedOut = silent.run;
		expect(timedOut.error).toBeUndefined();
		expect(timedOut.status).toBe('success');
		const question = silent.question.message;
		expect((question.data as { text: string }).text).toContain('(Unanswered after 0.05 minutes, the flag is left for review.)');
		// On Limit Wait Time n8n runs no node code: the node passes on its input, messageId and answered: false.
		expect(timedOut.output('Ask a moderator')).toEqual([
			{ ...timedOut.output('Flagged message')[0], messageId: question.id, answered: false },
		]);
		expect(timedOut.output('Flagged message')).toMatchObject([{ body: flagReport(third, 'cometchat-uid-3', 0.05) }]);
		expect(timedOut.outputs('Answered?')).toEqual([[], [expect.objectContaining({ answered: false })]]);
		expect(timedOut.ran).not.toContain('Ban?');
		expect(timedOut.output('Ban the sender')).toEqual([]);
		expect(timedOut.output('Dismiss the flag')).toEqual([]);
		expect(timedOut.output('Leave the flag for review')).toMatchObject([{ receiver: 'mod-olivia', data: { text: leftForReviewText(third, 'cometchat-uid-3', 0.05) } }]);
		// Close Question edits the card to say it expired (no node code runs at the timeout itself).
		// The question as it was sent (the emulator's record of it is the edited message by now).
		const sentText = (emulator.requests[0].body as { data: { text: string } }).data.text;
		const expired = `${sentText}\n\nExpired: nobody answered in time; the flag is left for review.`;
		expect(timedOut.output('Close the question')).toMatchObject([{ category: 'action', data: { action: 'edited', entities: { on: { entity: { id: question.id, data: { text: expired } } } } } }]);
		const sent = (emulator.requests[0].body as { data: { interactiveData: object } }).data;
		expect(requestLines(emulator).slice(1)).toEqual([
			`GET /messages/${question.id}`,
			`PUT /messages/${question.id} ${JSON.stringify({ data: { text: expired, interactiveData: { ...sent.interactiveData, text: expired }, interactionGoal: { type: 'anyOf', elementIds: ['approve', 'decline'] }, allowSenderInteraction: false } })}`,
			`POST /messages {"category":"message","type":"text","receiverType":"user","receiver":"mod-olivia","muid":"${DERIVED_MUID}","data":{"text":${JSON.stringify(leftForReviewText(third, 'cometchat-uid-3', 0.05))}},"tags":["moderation"]}`,
		]);
		expect(emulator.state.messages.find((m) => m.id === question.id)?.data).toMatchObject({ text: expired, interactiveData: { text: expired } });
		expect(moderationStore(emulator.state).flagged.has(third)).toBe(true);
		expect(emulator.state.getGroup('cometchat-guid-1')?.bans.has('cometchat-uid-3')).toBe(false);
	},
};
