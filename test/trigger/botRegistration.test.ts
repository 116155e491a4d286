/**
 * CometChat Trigger, Registration → Bot Conversations, Automatic (REST API): activation points the bot's
 * callback at the trigger (PUT /bots/{uid}: its production URL, a Basic Auth pair it makes, enabled),
 * keeping what the bot had before in the node's static data; deactivation puts that back. Against the
 * emulator's /bots routes, through n8n's real hook and webhook contexts.
 */
import type { IDataObject, INodeType } from 'n8n-workflow';
import { type BotCallback, botStore, setBotCallback } from '../emulator/routes/bots';
import { deliver } from '../emulator/webhooks';
import { startTrigger, type TriggerHarness, type TriggerSetup } from '../harness/trigger';
import { faultOnce, useEmulator } from '../helpers';

const chat = useEmulator();
const harnesses: TriggerHarness[] = [];
afterEach(async () => {
	await Promise.all(harnesses.splice(0).map((harness) => harness.close()));
});

const ORIGINAL = {
	webhookURL: 'https://bots.example.com/support',
	useBasicAuth: true,
	username: 'legacy',
	password: 'legacyPassword0123456789',
} as const;
// As CometChat answers it: sparse, so `enabled: false` is left out (B.0); the password sealed (AES-GCM under
// the REST API Key): static data is plain JSON in n8n's database and in workflow exports.
const CLEAR = { webhookURL: ORIGINAL.webhookURL, useBasicAuth: ORIGINAL.useBasicAuth, username: ORIGINAL.username };
const SAVED = { uid: 'support-bot', ...CLEAR, sealedPassword: expect.stringMatching(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/) };

const bot = () => botStore(chat.emulator.state).callbacks.get('support-bot') as BotCallback;
const seedBot = (extra: Partial<BotCallback> = {}) => {
	chat.emulator.seedUser({ uid: 'support-bot' });
	botStore(chat.emulator.state).uids.add('support-bot');
	setBotCallback(chat.emulator.state, 'support-bot', { ...ORIGINAL, enabled: false, groupChatSetting: 'mentionedMessages', createdAt: 1763472000, ...extra });
};
const calls = () => chat.emulator.requests.map((r) => `${r.method} ${r.path}`);
const pairOf = (record: BotCallback) => ({ username: String(record.username), password: String(record.password) });

async function trigger(extra: Partial<TriggerSetup> = {}) {
	const harness = await startTrigger({
		...extra,
		parameters: { registration: 'botAutomatic', botUid: 'support-bot', events: [] },
		credentials: { cometChatApi: chat.credentials() },
	});
	harnesses.push(harness);
	return harness;
}

const message = (id: string, text: string) => ({
	trigger: 'after_message',
	data: { id, conversationId: 'ada_user_support-bot', sender: 'ada', receiverType: 'user', receiver: 'support-bot', category: 'message', type: 'text', data: { text }, sentAt: 1791285309 },
	bot: 'support-bot',
});

describe('CometChat Trigger: bot conversations, registered automatically', () => {
	it('activation points the bot at the trigger with its own pair; callbacks carrying it start the workflow; deactivation puts back what was there', async () => {
		seedBot();
		const t = await trigger();
		expect(await t.activate()).toEqual({ existed: false, created: true });
		expect(calls()).toEqual(['GET /v3/bots/support-bot', 'PUT /v3/bots/support-bot']);
		expect(chat.emulator.requests[1].body).toEqual({
			webhookURL: t.webhookUrl,
			useBasicAuth: true,
			username: expect.stringMatching(/^n8n[0-9a-f]{16}$/),
			password: expect.stringMatching(/^[0-9a-f]{48}$/),
			enabled: true,
		});
		// Which group messages are relayed is the bot owner's choice: untouched.
		expect(bot()).toMatchObject({ webhookURL: t.webhookUrl, enabled: true, groupChatSetting: 'mentionedMessages' });
		expect(t.staticData().botOriginal).toEqual(SAVED);
		expect(JSON.stringify(t.savedStaticData())).not.toContain(ORIGINAL.password);
		const pair = pairOf(bot());

		const started = await deliver(t.url, message('601', 'Where is my order?'), { auth: pair });
		expect(started).toMatchObject({ status: 200, body: { message: 'Workflow was started' } });
		const [execution] = await t.executions();
		expect(execution.items[0].json).toMatchObject({ botUid: 'support-bot', text: 'Where is my order?', replyTo: { receiverType: 'user', receiver: 'ada' } });
		// A message quoting a password: the workflow never sees it.
		await deliver(t.url, message('605', `my passwords: ${ORIGINAL.password} ${pair.password}`), { auth: pair });
		expect((await t.executions())[1].items[0].json.text).toBe('my passwords: [redacted] [redacted]');
		expect((await deliver(t.url, message('602', 'hi'), { auth: { ...pair, password: 'wrongPassword0123456789' } })).status).toBe(401);
		expect((await deliver(t.url, message('603', 'hi'), { auth: ORIGINAL })).status).toBe(401);
		expect(await t.executions()).toHaveLength(2);

		chat.emulator.requests.length = 0;
		expect(await t.deactivate()).toBe(true);
		expect(calls()).toEqual(['GET /v3/bots/support-bot', 'PUT /v3/bots/support-bot']);
		expect(chat.emulator.requests[1].body).toEqual({ ...ORIGINAL, enabled: false });
		expect(bot()).toMatchObject({ ...ORIGINAL, enabled: false, groupChatSetting: 'mentionedMessages' });
		expect(t.staticData().botOriginal).toBeUndefined();
		expect((await deliver(t.url, message('604', 'hi'), { auth: pair })).status).toBe(401);
	});

	it('activating twice, or again after n8n restarted, keeps the saved original rather than the trigger\'s own URL', async () => {
		seedBot({ enabled: true, useBasicAuth: undefined, username: undefined, password: undefined });
		const t = await trigger({ persistence: 'n8n' });
		await t.activate();
		const pair = pairOf(bot());
		const original = { uid: 'support-bot', webhookURL: ORIGINAL.webhookURL, enabled: true };
		expect(t.staticData().botOriginal).toEqual(original);
		// Already pointing here with this pair: nothing to change.
		chat.emulator.requests.length = 0;
		expect(await t.activate()).toEqual({ existed: false, created: true });
		expect(calls()).toEqual(['GET /v3/bots/support-bot']);

		let restarted: INodeType | undefined;
		jest.isolateModules(() => {
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			const { CometChatTrigger } = require('../../dist/nodes/CometChatTrigger/CometChatTrigger.node.js') as { CometChatTrigger: new () => INodeType };
			restarted = new CometChatTrigger();
		});
		const after = await trigger({ persistence: 'n8n', nodeType: restarted, workflowId: t.workflow.id, webhookId: t.node.webhookId, staticData: t.savedStaticData() });
		chat.emulator.requests.length = 0;
		await after.activate();
		expect(calls()).toEqual(['GET /v3/bots/support-bot']);
		expect(after.staticData().botOriginal).toEqual(original);
		expect((await deliver(after.url, message('611', 'still here?'), { auth: pair })).status).toBe(200);

		await after.deactivate();
		// The bot had no Basic Auth: switched off again, the pair CometChat keeps is never sent.
		expect(chat.emulator.requests.at(-1)?.body).toEqual({ webhookURL: ORIGINAL.webhookURL, useBasicAuth: false, enabled: true });
		expect(bot()).toMatchObject({ webhookURL: ORIGINAL.webhookURL, useBasicAuth: false, enabled: true });
	});

	it('activated again after n8n\'s URL changed (a tunnel\'s, at a restart), the bot at the old URL with the trigger\'s own pair: the saved original is kept and put back', async () => {
		seedBot();
		const t = await trigger();
		await t.activate();
		bot().webhookURL = 'https://old-tunnel.example.com/webhook/support';
		await t.activate();
		expect(t.staticData().botOriginal).toEqual(SAVED);
		expect(bot()).toMatchObject({ webhookURL: t.webhookUrl, useBasicAuth: true, enabled: true });
		expect((await deliver(t.url, message('621', 'moved?'), { auth: pairOf(bot()) })).status).toBe(200);
		await t.deactivate();
		expect(bot()).toMatchObject({ ...ORIGINAL, enabled: false });
	});

	it('a second trigger of the same bot is refused while the first has it, so the bot\'s original is never lost', async () => {
		seedBot();
		const first = await trigger();
		await first.activate();
		const taken = { ...bot() };
		const second = await trigger();
		chat.emulator.requests.length = 0;
		await expect(second.activate()).rejects.toThrow(
			'Bot "support-bot" is registered by another CometChat Trigger (its callback carries that trigger\'s Basic Auth pair), and a bot has one callback. Deactivate that trigger\'s workflow first (which puts the bot back), or point the bot elsewhere in CometChat, then activate this workflow again.',
		);
		expect(calls()).toEqual(['GET /v3/bots/support-bot']);
		expect(bot()).toEqual(taken);
		expect(second.staticData().botOriginal).toBeUndefined();
		await first.deactivate();
		expect(bot()).toMatchObject({ ...ORIGINAL, enabled: false });
		// Once the first let go, the second registers and keeps the bot's real original.
		await second.activate();
		expect(second.staticData().botOriginal).toEqual(SAVED);
		await second.deactivate();
		expect(bot()).toMatchObject({ ...ORIGINAL, enabled: false });
	});

	it('deactivation leaves a bot someone pointed elsewhere meanwhile (with Basic Auth of their own) as it is', async () => {
		seedBot();
		const t = await trigger();
		await t.activate();
		Object.assign(bot(), { webhookURL: 'https://elsewhere.example.com/hook', username: 'theirs', password: 'their-own-pass' });
		chat.emulator.requests.length = 0;
		expect(await t.deactivate()).toBe(true);
		expect(calls()).toEqual(['GET /v3/bots/support-bot']);
		expect(bot().webhookURL).toBe('https://elsewhere.example.com/hook');
		expect(t.staticData().botOriginal).toBeUndefined();
	});

	it('with its static data lost, deactivation switches the bot off rather than leave it relaying to nobody', async () => {
		seedBot();
		const t = await trigger();
		await t.activate();
		delete (t.staticData() as IDataObject).botOriginal;
		await t.deactivate();
		expect(chat.emulator.requests.at(-1)?.body).toEqual({ enabled: false });
		expect(bot()).toMatchObject({ webhookURL: t.webhookUrl, enabled: false });
	});

	it('a bot that does not exist fails the activation saying so, and nothing is changed', async () => {
		chat.emulator.seedUser({ uid: 'support-bot' });
		const t = await trigger();
		await expect(t.activate()).rejects.toThrow(
			'CometChat has no bot "support-bot" in this app (ERR_BOT_NOT_FOUND). Create it first (CometChat node → Bot → Create, or the dashboard\'s AI Agents → Custom Bots), then activate the workflow again.',
		);
		expect(calls()).toEqual(['GET /v3/bots/support-bot']);
		expect(t.staticData().botOriginal).toBeUndefined();
	});

	it('a failed restore is logged without any password, and done on the next deactivation', async () => {
		seedBot();
		const t = await trigger();
		await t.activate();
		const pair = pairOf(bot());
		faultOnce(chat.emulator, 'PUT', '/v3/bots/support-bot', {
			status: 500,
			body: { error: { code: 'ERR_EXCEPTION', message: `Could not store ${ORIGINAL.password} for ${pair.password} with ${chat.emulator.apiKey}` } },
		});
		expect(await t.deactivate()).toBe(false);
		const warnings = t.warnings.join('\n');
		expect(warnings).toContain("could not put back the bot's callback");
		expect(warnings).toContain('Could not store [redacted] for [redacted] with [redacted]');
		expect(t.staticData().botOriginal).toEqual(SAVED);
		// Activated again meanwhile (the bot still points here): the original is kept, not replaced by this trigger.
		await t.activate();
		expect(t.staticData().botOriginal).toEqual(SAVED);
		await t.deactivate();
		expect(bot()).toMatchObject({ ...ORIGINAL, enabled: false });
	});

	it('a password kept in clear text by an earlier version is put back; one whose seal cannot be opened (the REST API Key changed) is not sent, and the log says so', async () => {
		seedBot();
		const legacy = await trigger();
		await legacy.activate();
		(legacy.staticData() as IDataObject).botOriginal = { uid: 'support-bot', ...ORIGINAL };
		await legacy.deactivate();
		expect(chat.emulator.requests.at(-1)?.body).toEqual({ ...ORIGINAL, enabled: false });

		seedBot({ password: 'anotherPassword0123456789' });
		const t = await trigger();
		await t.activate();
		const sealed = (t.staticData().botOriginal as IDataObject).sealedPassword as string;
		// Sealed under another key: the authentication tag does not match.
		(t.staticData().botOriginal as IDataObject).sealedPassword = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
		await t.deactivate();
		expect(chat.emulator.requests.at(-1)?.body).toEqual({ ...CLEAR, enabled: false });
		expect(t.warnings.join('\n')).toContain('the password bot "support-bot" had before cannot be put back (the credential\'s REST API Key changed since activation)');
		expect(t.warnings.join('\n')).not.toContain('anotherPassword0123456789');
	});

	it('a seal whose authentication tag was cut short (4 of its 16 bytes) is not opened: its password is not sent', async () => {
		seedBot();
		const t = await trigger();
		await t.activate();
		const saved = t.staticData().botOriginal as IDataObject;
		const [version, iv, tag, data] = String(saved.sealedPassword).split('.');
		// A tag of 4 bytes is a prefix of the real one: AES-GCM checks only as many bytes as it is given.
		saved.sealedPassword = [version, iv, Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url'), data].join('.');
		await t.deactivate();
		expect(chat.emulator.requests.at(-1)?.body).toEqual({ ...CLEAR, enabled: false });
		expect(t.warnings.join('\n')).toContain('the password bot "support-bot" had before cannot be put back');
	});
});
