/**
 * CometChat Trigger in bot mode: CometChat relays messages sent to a Custom Bot to the trigger as the
 * bot's callback URL, with the bot's Basic Auth (the trigger's webhook auth credential). Payload as on
 * CometChat's bot page: {"trigger": "after_message", "data": <message>}.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeParameters } from 'n8n-workflow';
import type { Emulator } from '../emulator';
import { settledRelays } from '../emulator/routes/bots';
import { addBot } from '../emulator/routes/messages';
import { deliver } from '../emulator/webhooks';
import { ROOT } from '../harness';
import { startTrigger, TRIGGER_NAME, type TriggerHarness } from '../harness/trigger';
import { useEmulator } from '../helpers';

const AUTH = { username: 'supportbot', password: 'Hq4Vn8Rt2Kz6Lm9Pw3Xs7Bd1' };
const harnesses: TriggerHarness[] = [];
afterEach(async () => {
	// Deactivated as n8n does, so no test's bot stays known to the next test's triggers.
	await Promise.all(harnesses.splice(0).map(async (harness) => {
		await harness.deactivate();
		await harness.close();
	}));
});

async function bot(options: INodeParameters = {}, botUid = 'support-bot') {
	const harness = await startTrigger({
		parameters: { registration: 'bot', botUid, events: [], options },
		credentials: { cometChatWebhookAuthApi: AUTH },
	});
	harnesses.push(harness);
	return harness;
}

const ada = { uid: 'cometchat-uid-1', name: 'Andrew Joseph', role: 'default' };
const botUser = { uid: 'support-bot', name: 'Support Bot', role: 'default' };
const hiking = { guid: 'cometchat-guid-1', name: 'Hiking Group', type: 'public' as const };
const toBot = (id: string, text: string, sender = ada, receiver: { uid?: string; guid?: string } = botUser) => {
	const group = receiver.guid !== undefined;
	return {
		trigger: 'after_message',
		data: {
			id,
			conversationId: group ? `group_${receiver.guid}` : `${sender.uid}_user_support-bot`,
			sender: sender.uid,
			receiverType: group ? 'group' : 'user',
			receiver: group ? receiver.guid : receiver.uid,
			category: 'message',
			type: 'text',
			data: { text, entities: { sender: { entity: sender, entityType: 'user' }, receiver: { entity: receiver, entityType: group ? 'group' : 'user' } } },
			sentAt: 1791285309,
		},
	};
};

describe('CometChat Trigger: bot conversations', () => {
	it('starts the workflow with the message, its sender, the conversation, where to reply and the bot', async () => {
		const harness = await bot();
		const delivery = await deliver(harness.url, toBot('501', 'Where is my order?'), { auth: AUTH });
		expect(delivery.status).toBe(200);
		expect(delivery.body).toEqual({ message: 'Workflow was started' });
		const [execution] = await harness.executions();
		expect(execution.items.map((item) => item.json)).toEqual([
			{
				trigger: 'after_message',
				botUid: 'support-bot',
				message: toBot('501', 'Where is my order?').data,
				text: 'Where is my order?',
				messageType: 'text',
				sender: ada,
				conversationId: 'cometchat-uid-1_user_support-bot',
				receiverType: 'user',
				replyTo: { receiverType: 'user', receiver: 'cometchat-uid-1' },
				dedupeKey: ':bot:support-bot:501',
			},
		]);
	});

	it('a group message is answered in the group', async () => {
		const harness = await bot();
		await deliver(harness.url, toBot('502', '@Support Bot when do we leave?', ada, hiking), { auth: AUTH });
		const [execution] = await harness.executions();
		expect(execution.items[0].json).toMatchObject({ receiverType: 'group', group: hiking, replyTo: { receiverType: 'group', receiver: 'cometchat-guid-1' } });
	});

	it('the bot\'s own messages, repeats and bodies that are no bot message start nothing; a wrong password is refused', async () => {
		const harness = await bot();
		const own = await deliver(harness.url, toBot('503', 'Your order ships today.', { ...botUser, uid: 'Support-Bot' }, ada), { auth: AUTH });
		expect(own).toMatchObject({ status: 200, body: { message: 'The bot\'s own message; ignored' } });
		expect((await deliver(harness.url, toBot('504', 'Thanks!'), { auth: AUTH })).status).toBe(200);
		const repeated = await deliver(harness.url, toBot('504', 'Thanks!'), { auth: AUTH });
		expect(repeated).toMatchObject({ status: 200, body: { message: 'Message already received; ignored' } });
		expect((await deliver(harness.url, { trigger: 'after_message', data: { text: 'no id' } }, { auth: AUTH })).status).toBe(400);
		expect((await deliver(harness.url, toBot('505', 'hi'), { auth: { ...AUTH, password: 'wrong-password-0123456789' } })).status).toBe(401);
		const executions = await harness.executions();
		expect(executions.map((execution) => execution.items[0].json.text)).toEqual(['Thanks!']);
	});

	it('with Ignore Repeated Deliveries off, a repeat starts the workflow again', async () => {
		const harness = await bot({ deduplicate: false });
		await deliver(harness.url, toBot('506', 'again'), { auth: AUTH });
		await deliver(harness.url, toBot('506', 'again'), { auth: AUTH });
		expect(await harness.executions()).toHaveLength(2);
	});
});

// ---- the loop guard: messages from bots ---------------------------------------------------------------

const chat = useEmulator();

/** A request to the emulator's chat API, as the CometChat node would make it. */
async function cometChat(emulator: Emulator, path: string, body: object, onBehalfOf?: string): Promise<void> {
	const response = await fetch(`${emulator.url}${path}`, {
		method: 'POST',
		headers: { apikey: emulator.apiKey, 'content-type': 'application/json', ...(onBehalfOf ? { onBehalfOf } : {}) },
		body: JSON.stringify(body),
	});
	if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
}

const groupText = (text: string) => ({ receiverType: 'group', receiver: hiking.guid, category: 'message', type: 'text', data: { text } });

/**
 * The Hiking Group with ada and the given bots, each relayed every group message (groupChatSetting
 * allMessages) by the emulator to its trigger, as CometChat relays to a bot's callback URL.
 */
function groupWithBots(emulator: Emulator, bots: Record<string, TriggerHarness>): void {
	emulator.seedUser(ada);
	for (const uid of Object.keys(bots)) emulator.seedUser({ uid, name: uid });
	emulator.seedGroup({ ...hiking, owner: ada.uid, members: Object.fromEntries(Object.keys(bots).map((uid) => [uid, 'participant' as const])) });
	for (const [uid, harness] of Object.entries(bots)) {
		addBot(emulator.state, uid, { webhookURL: harness.url, groupChatSetting: 'allMessages', ...AUTH, appId: emulator.appId });
	}
}

/**
 * Every execution a trigger starts answers as its bot where replyTo says (what Send as Bot does in a
 * workflow), until no trigger starts anything new; stops at `limit` replies (a loop). Returns the replies.
 */
async function converse(emulator: Emulator, bots: Record<string, TriggerHarness>, limit = 6): Promise<number> {
	const answered: Record<string, number> = {};
	let replies = 0;
	for (;;) {
		await settledRelays(emulator.state);
		const before = replies;
		for (const [uid, harness] of Object.entries(bots)) {
			const executions = await harness.executions();
			for (const execution of executions.slice(answered[uid] ?? 0)) {
				if (replies === limit) return replies;
				const replyTo = execution.items[0].json.replyTo as { receiverType: string; receiver: string };
				await cometChat(emulator, `/bots/${uid}/messages`, { ...groupText(`${uid} answers`), ...replyTo });
				replies += 1;
			}
			answered[uid] = executions.length;
		}
		if (replies === before) return replies;
	}
}

const relayAnswers = async (emulator: Emulator) =>
	(await settledRelays(emulator.state)).map((relay) => `${relay.bot} ${relay.status} ${(relay.body as { message: string }).message}`).sort();

describe('CometChat Trigger: bot conversations, messages from bots', () => {
	it('two bots in one group answer the person once each, not each other (Ignore Messages From Bots, on by default)', async () => {
		const bots = { 'bot-a': await bot({}, 'bot-a'), 'bot-b': await bot({}, 'bot-b') };
		groupWithBots(chat.emulator, bots);
		await Promise.all(Object.values(bots).map(async (harness) => await harness.activate()));
		await cometChat(chat.emulator, '/messages', groupText('Who knows the way?'), ada.uid);
		expect(await converse(chat.emulator, bots)).toBe(2);
		expect(await relayAnswers(chat.emulator)).toEqual([
			'bot-a 200 Message from another bot; ignored',
			'bot-a 200 Workflow was started',
			'bot-b 200 Message from another bot; ignored',
			'bot-b 200 Workflow was started',
		]);
		for (const harness of Object.values(bots)) {
			expect((await harness.executions()).map((execution) => execution.items[0].json.text)).toEqual(['Who knows the way?']);
		}
	});

	it('with Ignore Messages From Bots off, the other bot\'s messages start the workflow (its own still do not)', async () => {
		const bots = { 'bot-a': await bot({ ignoreBots: false }, 'bot-a'), 'bot-b': await bot({}, 'bot-b') };
		groupWithBots(chat.emulator, bots);
		await cometChat(chat.emulator, '/messages', groupText('Who knows the way?'), ada.uid);
		// ada → both; bot-a's answer is ignored by bot-b; bot-b's answer starts bot-a, whose second answer bot-b ignores.
		expect(await converse(chat.emulator, bots)).toBe(3);
		expect((await bots['bot-a'].executions()).map((execution) => execution.items[0].json.text)).toEqual(['Who knows the way?', 'bot-b answers']);
		expect(await bots['bot-b'].executions()).toHaveLength(1);
		const own = await deliver(bots['bot-a'].url, toBot('601', 'talking to myself', { ...botUser, uid: 'bot-a' }, hiking), { auth: AUTH });
		expect(own.body).toEqual({ message: 'The bot\'s own message; ignored' });
	});

	it('a UID in Ignore Messages From UIDs starts nothing, in any case and with Ignore Messages From Bots off; others do', async () => {
		const harness = await bot({ ignoreBots: false, ignoreUids: 'helpdesk-bot,\n FAQ-Bot ' });
		const faq = await deliver(harness.url, toBot('611', 'Our opening hours are 9 to 5.', { ...botUser, uid: 'faq-bot' }, hiking), { auth: AUTH });
		expect(faq).toMatchObject({ status: 200, body: { message: 'Message from a UID in Ignore Messages From UIDs; ignored' } });
		await deliver(harness.url, toBot('612', 'Thanks, FAQ bot!', ada, hiking), { auth: AUTH });
		expect((await harness.executions()).map((execution) => execution.items[0].json.text)).toEqual(['Thanks, FAQ bot!']);
	});

	it('a bot is known per app and until its trigger is deactivated; the callback\'s "bot" is the bot\'s own', async () => {
		const other = await bot({}, 'bot-b');
		const harness = await bot();
		const inApp = (appId: string, id: string) => ({ ...toBot(id, 'Hello from bot-b', { ...botUser, uid: 'bot-b' }), appId });
		await deliver(other.url, { ...toBot('620', 'hi'), appId: 'app-one' }, { auth: AUTH });
		expect((await deliver(harness.url, inApp('app-one', '621'), { auth: AUTH })).body).toEqual({ message: 'Message from another bot; ignored' });
		// Another app's user with the same UID is a person there.
		expect((await deliver(harness.url, inApp('app-two', '622'), { auth: AUTH })).body).toEqual({ message: 'Workflow was started' });
		await other.deactivate();
		expect((await deliver(harness.url, inApp('app-one', '623'), { auth: AUTH })).body).toEqual({ message: 'Workflow was started' });
		// Activation alone makes a bot known: before it first speaks.
		await (await bot({}, 'bot-c')).activate();
		const fromC = { ...toBot('625', 'Hello from bot-c', { ...botUser, uid: 'bot-c' }), appId: 'app-one' };
		expect((await deliver(harness.url, fromC, { auth: AUTH })).body).toEqual({ message: 'Message from another bot; ignored' });
		// The callback names the bot it is for: its own message, even when the Bot UID field names another.
		const relayedFor = { ...toBot('624', 'I am the FAQ bot', { ...botUser, uid: 'faq-bot' }, hiking), bot: 'faq-bot' };
		expect((await deliver(harness.url, relayedFor, { auth: AUTH })).body).toEqual({ message: 'The bot\'s own message; ignored' });
		expect(await harness.executions()).toHaveLength(2);
	});

	it('a test listener (Listen for test event) makes no bot known, neither by its activation nor by its deliveries', async () => {
		const harness = await bot();
		const listener = await startTrigger({ parameters: { registration: 'bot', botUid: 'typo-bot', events: [], options: {} }, credentials: { cometChatWebhookAuthApi: AUTH }, mode: 'manual' });
		harnesses.push(listener);
		await listener.activate();
		expect((await deliver(listener.url, toBot('640', 'test event'), { auth: AUTH })).status).toBe(200);
		// A person whose UID was typed into a test listener still reaches the other bot's workflow.
		const fromTypo = toBot('641', 'I am a person', { ...ada, uid: 'typo-bot' });
		expect((await deliver(harness.url, fromTypo, { auth: AUTH })).body).toEqual({ message: 'Workflow was started' });
	});

	it('refuses an entry of Ignore Messages From UIDs that is no UID, at activation and on delivery, naming the field', async () => {
		const harness = await bot({ ignoreUids: 'faq-bot, help desk' });
		await expect(harness.activate()).rejects.toThrow(
			'The trigger\'s Options → Ignore Messages From UIDs: "help desk" has characters CometChat does not allow; use only letters, digits, "-" and "_"; fix it in the node',
		);
		const delivery = await deliver(harness.url, toBot('631', 'hi'), { auth: AUTH });
		expect(delivery).toMatchObject({ status: 500, body: { message: expect.stringContaining('Ignore Messages From UIDs: "help desk"') } });
		// Thrown, as a credential problem is: n8n records an error execution instead of a silent 500.
		expect(harness.webhookErrors.map((error) => error.message)).toEqual([expect.stringContaining('Ignore Messages From UIDs: "help desk"')]);
		expect(await harness.executions()).toHaveLength(0);
	});

	it('an invalid Bot UID fails each delivery visibly (an error execution), as a credential problem does', async () => {
		const harness = await bot({}, 'support bot');
		await expect(harness.activate()).rejects.toThrow('The trigger\'s Bot UID');
		const delivery = await deliver(harness.url, toBot('632', 'hi'), { auth: AUTH });
		expect(delivery.status).toBe(500);
		expect(harness.webhookErrors).toHaveLength(1);
		expect(harness.webhookErrors[0]).toMatchObject({ name: 'NodeOperationError', message: expect.stringMatching(/^The trigger's Bot UID "support bot" has characters CometChat does not allow/) });
		expect(await harness.executions()).toHaveLength(0);
	});
});

describe('CometChat Trigger: bot conversations, messages without text', () => {
	const media = (id: string, type: string, data: object, category = 'message') => {
		const relayed = toBot(id, '');
		return { ...relayed, data: { ...relayed.data, category, type, data: { ...data, entities: relayed.data.data.entities } } };
	};
	const photo = { url: 'https://data-us.cometchat.io/demo-app/media/trail.jpg', attachments: [{ url: 'https://data-us.cometchat.io/demo-app/media/trail.jpg', name: 'trail.jpg', mimeType: 'image/jpeg', extension: 'jpg', size: '48213' }] };

	it('text is the caption of a media message, or "" when there is none; messageType says which message it was', async () => {
		const harness = await bot();
		await deliver(harness.url, media('641', 'image', { ...photo, text: 'Is this trail open?' }), { auth: AUTH });
		await deliver(harness.url, media('642', 'image', photo), { auth: AUTH });
		await deliver(harness.url, media('643', 'location', { customData: { latitude: 47.37, longitude: 8.54 } }, 'custom'), { auth: AUTH });
		const items = (await harness.executions()).map((execution) => execution.items[0].json);
		expect(items.map(({ text, messageType }) => ({ text, messageType }))).toEqual([
			{ text: 'Is this trail open?', messageType: 'image' },
			{ text: '', messageType: 'image' },
			{ text: '', messageType: 'location' },
		]);
	});

	it('examples/ai-support-bot.json gives its AI Agent the text, the caption with a note, or a polite fallback: never null', async () => {
		const example = JSON.parse(readFileSync(join(ROOT, 'examples', 'ai-support-bot.json'), 'utf8')) as { nodes: Array<{ name: string; parameters: { text?: string } }> };
		const prompt = example.nodes.find((node) => node.name === 'AI Agent')?.parameters.text;
		const harness = await bot();
		await deliver(harness.url, toBot('651', 'Where is my order?'), { auth: AUTH });
		await deliver(harness.url, media('652', 'image', { ...photo, text: 'Is this trail open?' }), { auth: AUTH });
		await deliver(harness.url, media('653', 'image', photo), { auth: AUTH });
		// The AI Agent's prompt as n8n evaluates it for each item the trigger gave.
		const prompts = (await harness.executions()).map(({ items }) => harness.workflow.expression.getParameterValue(prompt, null, 0, 0, TRIGGER_NAME, items, 'manual', {}));
		expect(prompts).toEqual([
			'Where is my order?',
			'Is this trail open?\n\n(The user also sent an attachment of type image, which you cannot see.)',
			'The user sent a message of type image with no text, which you cannot see. Tell them politely that you read text only and ask them to describe their request in words.',
		]);
	});
});
