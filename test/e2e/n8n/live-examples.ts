/**
 * The two chat examples run live, as their users would, shared by the demo (scripts/demo.ts) and the e2e
 * checks (test/e2e/examples/, queue.e2e.ts): the CometChat side is the emulator, and the answer to a
 * waiting execution is given the way a CometChat UI Kit gives it (a browser's CORS preflight, then the
 * apiAction POST to the button's URL). No jest here: the demo runs these too; the checks assert.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Emulator, MessageRecord } from '../../emulator';
import { addBot } from '../../emulator/routes/messages';
import { addReason } from '../../emulator/routes/moderation';
import type { LiveContext } from './checks';
import type { Execution, N8n } from './instance';
import { ROOT } from './runtime';
import { exampleId, WEBHOOK_AUTH } from './setup';

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

// ── examples/moderation-approval.json ────────────────────────────────────────────────────────────────

export const FLAGGED_PATH = 'cometchat-flagged';
export const FLAGGED_TEXT = 'Cheap pills, 90% off: pm me';
export const UI_KIT_ORIGIN = 'https://chat.example.com';

/**
 * The report the example's webhook takes for a flagged message of `sender` in the demo group.
 * `waitMinutes`: how long the moderator has to answer (the example's Limit Wait Time; 60 when absent).
 */
export const flagReport = (messageId: string, sender = 'cometchat-uid-2', waitMinutes?: number) => ({
	messageId,
	sender,
	guid: 'cometchat-guid-1',
	text: FLAGGED_TEXT,
	reason: 'spam',
	...(waitMinutes === undefined ? {} : { waitMinutes }),
});

/** What the example tells mod-olivia when nobody answered within `waitMinutes`. */
export const leftForReviewText = (messageId: string, sender: string, waitMinutes: number) =>
	`Nobody answered within ${waitMinutes} minutes: the flag on message ${messageId} (${sender} in cometchat-guid-1, reason: spam) is left for review.`;

/** The newest message `sender` wrote to the demo group, flagged by cometchat-uid-1 through CometChat's API. */
export async function flaggedMessage(emulator: Emulator, sender = 'cometchat-uid-2'): Promise<string> {
	const mine = (m: MessageRecord): boolean => m.data?.text === FLAGGED_TEXT && m.sender === sender;
	if (!emulator.state.messages.some(mine)) {
		const now = emulator.state.now();
		emulator.state.messages.push({
			id: emulator.state.nextMessageId(),
			conversationId: 'group_cometchat-guid-1',
			sender,
			receiverType: 'group',
			receiver: 'cometchat-guid-1',
			category: 'message',
			type: 'text',
			data: { text: FLAGGED_TEXT },
			sentAt: now,
			updatedAt: now,
		} as MessageRecord);
	}
	const message = emulator.state.messages.filter(mine).at(-1)!;
	addReason(emulator.state, { id: 'spam', name: 'Spam' });
	const flagged = await fetch(`${emulator.url}/messages/${message.id}/flagged`, {
		method: 'POST',
		headers: { apikey: emulator.apiKey, onBehalfOf: 'cometchat-uid-1', 'content-type': 'application/json', accept: 'application/json' },
		body: JSON.stringify({ reasonId: 'spam', remark: 'selling pills' }),
	});
	if (flagged.status !== 200) throw new Error(`flagging message ${message.id} in the emulator: ${flagged.status} ${await flagged.text()}`);
	return String(message.id);
}

export interface Question {
	/** The interactive message the waiting node sent. */
	message: MessageRecord;
	/** The action URL of the card's button `elementId` (approve, decline). */
	url(elementId: string): string;
}

/** Waits until the workflow's newest execution waits; returns the newest interactive message (the question). */
export async function waitingQuestion(emulator: Emulator, n8n: N8n, workflowId: string): Promise<Question> {
	const deadline = Date.now() + 60000;
	for (;;) {
		const [newest] = await n8n.executions(workflowId);
		const message = emulator.state.messages.filter((m) => m.category === 'interactive').at(-1);
		if (newest?.status === 'waiting' && message) {
			const actions = (message.data as { interactiveData: { cardActions: Array<{ elementId: string; action: { url: string } }> } }).interactiveData.cardActions;
			return {
				message,
				url: (id) => {
					const action = actions.find((a) => a.elementId === id);
					if (!action) throw new Error(`the question has no button ${id}: ${actions.map((a) => a.elementId).join(', ')}`);
					return action.action.url;
				},
			};
		}
		if (Date.now() > deadline) throw new Error(`The execution did not wait within 60 s (newest: ${JSON.stringify(newest)})`);
		await pause(500);
	}
}

/** What a web UI Kit does for an apiAction button: the CORS preflight, then the POST with its body. */
export async function clickInChat(url: string, uid: string): Promise<{ preflight: Response; answer: Response }> {
	const preflight = await fetch(url, { method: 'OPTIONS', headers: { Origin: UI_KIT_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
	const answer = await fetch(url, { method: 'POST', headers: { Origin: UI_KIT_ORIGIN, 'Content-Type': 'application/json' }, body: JSON.stringify({ approved: true, answer: {}, cometchatSenderUid: uid }) });
	return { preflight, answer };
}

export interface ModerationRun {
	messageId: string;
	question: Question;
	answer: Response;
	run: Execution;
}

/**
 * examples/moderation-approval.json, activated: `sender`'s flagged message (see flaggedMessage) is reported to its
 * webhook, mod-olivia is asked in the chat, clicks `button` (approve: Ban, decline: Dismiss) and the
 * execution finishes.
 */
export async function moderationApproval(ctx: LiveContext, messageId: string, button: 'approve' | 'decline', sender = 'cometchat-uid-2'): Promise<ModerationRun> {
	const reported = await ctx.webhook(FLAGGED_PATH, flagReport(messageId, sender));
	if (reported.status !== 200) throw new Error(`the report was answered ${reported.status}: ${JSON.stringify(reported.body)}`);
	const question = await waitingQuestion(ctx.emulator, ctx.n8n, exampleId('moderation-approval'));
	const { answer } = await clickInChat(question.url(button), 'mod-olivia');
	return { messageId, question, answer, run: await ctx.lastExecution() };
}

export interface UnansweredRun {
	question: Question;
	/** Seconds from the report to the finished execution (n8n's wait tracker resumes within ~60–70 s of the limit). */
	seconds: number;
	run: Execution;
}

/**
 * examples/moderation-approval.json, activated: `sender`'s flagged message is reported with a limit of
 * `waitMinutes` (3 s by default); nobody answers; n8n resumes the execution when the limit has passed and
 * the example leaves the flag for review and tells mod-olivia.
 */
export async function moderationUnanswered(ctx: LiveContext, messageId: string, sender = 'cometchat-uid-2', waitMinutes = 0.05): Promise<UnansweredRun> {
	const started = Date.now();
	const reported = await ctx.webhook(FLAGGED_PATH, flagReport(messageId, sender, waitMinutes));
	if (reported.status !== 200) throw new Error(`the report was answered ${reported.status}: ${JSON.stringify(reported.body)}`);
	const question = await waitingQuestion(ctx.emulator, ctx.n8n, exampleId('moderation-approval'));
	const run = await ctx.lastExecution();
	return { question, seconds: Math.round((Date.now() - started) / 1000), run };
}

// ── examples/ai-support-bot.json ─────────────────────────────────────────────────────────────────────

const supportBot = JSON.parse(readFileSync(join(ROOT, 'examples', 'ai-support-bot.json'), 'utf8')) as { nodes: Array<{ name: string; webhookId?: string }> };
export const SUPPORT_BOT_PATH = `${String(supportBot.nodes.find((n) => n.name === 'Support bot')?.webhookId)}/webhook`;
export const BOT_AUTHORIZATION = `Basic ${Buffer.from(`${WEBHOOK_AUTH.username}:${WEBHOOK_AUTH.password}`).toString('base64')}`;

/** A message CometChat relays to the bot's callback URL. */
export const relayed = (id: string, sender: string, receiver: string, text: string) => ({
	trigger: 'after_message',
	data: {
		id,
		conversationId: `${sender}_user_${receiver}`,
		sender,
		receiverType: 'user',
		receiver,
		category: 'message',
		type: 'text',
		data: { text, entities: { sender: { entity: { uid: sender, name: sender }, entityType: 'user' }, receiver: { entity: { uid: receiver, name: receiver }, entityType: 'user' } } },
		sentAt: Math.floor(Date.now() / 1000),
	},
});

/** A photo CometChat relays, its caption (when it has one) in data.text as for every media message. */
export function relayedPhoto(id: string, sender: string, receiver: string, caption?: string) {
	const message = relayed(id, sender, receiver, caption ?? '');
	const url = `https://data-us.cometchat.io/e2e-app/media/photo-${id}.jpg`;
	const attachments = [{ url, name: `photo-${id}.jpg`, mimeType: 'image/jpeg', extension: 'jpg', size: '48213' }];
	const data = { ...(caption === undefined ? {} : { text: caption }), url, attachments, entities: message.data.data.entities };
	return { ...message, data: { ...message.data, type: 'image', data } };
}

/** The Custom Bot `support-bot` and the flag reason `spam`, which the example needs in CometChat. */
export function addSupportBot(emulator: Emulator): void {
	emulator.seedUser({ uid: 'support-bot', name: 'Support Bot' });
	addBot(emulator.state, 'support-bot');
	addReason(emulator.state, { id: 'spam', name: 'Spam' });
}

export interface SupportBotRun {
	/** What the user wrote to the bot. */
	text: string;
	/** The message the user complains about. */
	reportedId: string;
	started: { status: number; body: unknown };
	run: Execution;
}

/**
 * examples/ai-support-bot.json, activated: cometchat-uid-1 writes to the bot about a message of
 * cometchat-uid-2 (the newest one in the demo data); CometChat relays it; the execution finishes.
 */
export async function supportBotConversation(ctx: LiveContext, messageId = '9001'): Promise<SupportBotRun> {
	const reported = ctx.emulator.state.messages.filter((m) => m.sender === 'cometchat-uid-2').at(-1)!;
	const text = `Please check uid: cometchat-uid-2, messageId: ${reported.id}, remark: sends me spam links`;
	const started = await ctx.webhook(SUPPORT_BOT_PATH, relayed(messageId, 'cometchat-uid-1', 'support-bot', text), { authorization: BOT_AUTHORIZATION });
	if (started.status !== 200) throw new Error(`the relayed message was answered ${started.status}: ${JSON.stringify(started.body)}`);
	return { text, reportedId: String(reported.id), started, run: await ctx.lastExecution() };
}
