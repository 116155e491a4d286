/**
 * Attack on the re-review's bot-registration fixes (issue #27), docs/trigger.md: "Activating again while the bot
 * points at another URL with the trigger's own pair (n8n's URL changed …): the bot is pointed at the new URL" and
 * the original is kept; "A bot another CometChat Trigger has registered (its callback carries that trigger's
 * pair) fails the activation … and nothing is changed … Deactivating the first puts the bot back; then the
 * second can be activated."
 */
import type { IDataObject, INodeType } from 'n8n-workflow';
import { type BotCallback, botStore, setBotCallback } from '../emulator/routes/bots';
import { startTrigger, type TriggerHarness, type TriggerSetup } from '../harness/trigger';
import { useEmulator } from '../helpers';

const chat = useEmulator();
const harnesses: TriggerHarness[] = [];
afterEach(async () => {
	await Promise.all(harnesses.splice(0).map((harness) => harness.close()));
});

const ORIGINAL = { webhookURL: 'https://bots.example.com/support', useBasicAuth: true, username: 'legacy', password: 'legacyPassword0123456789' } as const;
const bot = () => botStore(chat.emulator.state).callbacks.get('support-bot') as BotCallback;
const seedBot = () => {
	chat.emulator.seedUser({ uid: 'support-bot' });
	botStore(chat.emulator.state).uids.add('support-bot');
	setBotCallback(chat.emulator.state, 'support-bot', { ...ORIGINAL, enabled: false, groupChatSetting: 'mentionedMessages', createdAt: 1763472000 });
};

async function trigger(extra: Partial<TriggerSetup> = {}) {
	const harness = await startTrigger({ ...extra, parameters: { registration: 'botAutomatic', botUid: 'support-bot', events: [] }, credentials: { cometChatApi: chat.credentials() } });
	harnesses.push(harness);
	return harness;
}

function restartedType(): INodeType {
	let restarted: INodeType | undefined;
	jest.isolateModules(() => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { CometChatTrigger } = require('../../dist/nodes/CometChatTrigger/CometChatTrigger.node.js') as { CometChatTrigger: new () => INodeType };
		restarted = new CometChatTrigger();
	});
	return restarted as INodeType;
}

describe('CometChat Trigger, bot registration (attack)', () => {
	it('n8n\'s URL changed (a tunnel\'s, at a restart) and the workflow is deactivated before it is activated again: the bot is put back, not left at the dead URL with its original lost', async () => {
		seedBot();
		const t = await trigger({ persistence: 'n8n', webhookBaseUrl: 'https://old-tunnel.example.com' });
		await t.activate();
		expect(bot().webhookURL).toBe(t.webhookUrl);
		// n8n restarted under a new tunnel URL; its activation at start did not get through (CometChat unreachable), and
		// the user deactivates the workflow.
		const after = await trigger({ persistence: 'n8n', nodeType: restartedType(), webhookBaseUrl: 'https://new-tunnel.example.com', workflowId: t.workflow.id, webhookId: t.node.webhookId, staticData: t.savedStaticData() });
		expect(after.webhookUrl).not.toBe(t.webhookUrl);
		await after.deactivate();
		expect(bot()).toMatchObject({ ...ORIGINAL, enabled: false });
	});

	it('someone changed only the bot\'s callback URL by hand (its Basic Auth left as it was), the trigger was deactivated: the bot can be registered again afterwards', async () => {
		seedBot();
		const t = await trigger();
		await t.activate();
		bot().webhookURL = 'https://elsewhere.example.com/hook';
		await t.deactivate();
		// Still carrying the trigger's own pair, the bot is the trigger's (as after a change of n8n's URL): put back.
		expect(bot()).toMatchObject(ORIGINAL);
		// No pair is left on the bot that nobody holds: activating again is not refused.
		await expect(t.activate()).resolves.toEqual({ existed: false, created: true });
		expect(bot().webhookURL).toBe(t.webhookUrl);
	});

	it('"Listen for test event" while the same workflow is active: not told that another CometChat Trigger has the bot', async () => {
		seedBot();
		const production = await trigger();
		await production.activate();
		const test = await trigger({ mode: 'manual', workflowId: production.workflow.id, webhookId: production.node.webhookId });
		const refusal = await test.activate().then(
			() => undefined,
			(error: Error) => error.message,
		);
		expect(refusal ?? '').not.toContain('another CometChat Trigger');
	});
	// Sentence 3: "A sealed bot password opens only with its whole 16-byte GCM tag."
	it('control: seals with a tag of 12, 15 or 17 bytes, junk around the tag, or a cut ciphertext are not opened; nothing of them is sent', async () => {
		const CLEAR = { webhookURL: ORIGINAL.webhookURL, useBasicAuth: true, username: ORIGINAL.username };
		const garble: Array<(parts: string[]) => string[]> = [
			([v, iv, tag, data]) => [v, iv, Buffer.from(tag, 'base64url').subarray(0, 12).toString('base64url'), data],
			([v, iv, tag, data]) => [v, iv, Buffer.from(tag, 'base64url').subarray(0, 15).toString('base64url'), data],
			([v, iv, tag, data]) => [v, iv, Buffer.concat([Buffer.from(tag, 'base64url'), Buffer.from([0])]).toString('base64url'), data],
			([v, iv, tag, data]) => [v, iv, Buffer.from(tag, 'base64url').subarray(0, 8).toString('base64url') + '!!', data],
			([v, iv, tag, data]) => [v, iv, tag, Buffer.from(data, 'base64url').subarray(0, 10).toString('base64url')],
		];
		for (const change of garble) {
			seedBot();
			const t = await trigger();
			await t.activate();
			const saved = t.staticData().botOriginal as IDataObject;
			saved.sealedPassword = change(String(saved.sealedPassword).split('.')).join('.');
			await t.deactivate();
			expect(chat.emulator.requests.at(-1)?.body).toEqual({ ...CLEAR, enabled: false });
			expect(t.warnings.join('\n')).toContain('cannot be put back');
		}
	});

	it('a password an earlier version kept in clear text is sealed once the trigger is activated again (not left in clear text in static data)', async () => {
		seedBot();
		const t = await trigger();
		await t.activate();
		(t.staticData() as IDataObject).botOriginal = { uid: 'support-bot', ...ORIGINAL };
		// n8n restarted on the new version: activated again, the bot still points here with the trigger's pair.
		await t.activate();
		expect(JSON.stringify(t.staticData())).not.toContain(ORIGINAL.password);
	});
	it('control: a refused second trigger deactivated (as n8n removes a failed activation\'s webhooks) changes nothing; the first still puts the bot back', async () => {
		seedBot();
		const first = await trigger();
		await first.activate();
		const taken = { ...bot() };
		const second = await trigger();
		await expect(second.activate()).rejects.toThrow('is registered by another CometChat Trigger');
		await second.deactivate();
		expect(bot()).toEqual(taken);
		await first.deactivate();
		expect(bot()).toMatchObject({ ...ORIGINAL, enabled: false });
	});

	it('control: the bot deleted between activation and deactivation, then made again under the same UID: deactivation changes nothing, a new activation keeps the new bot\'s own original', async () => {
		seedBot();
		const t = await trigger();
		await t.activate();
		botStore(chat.emulator.state).uids.delete('support-bot');
		botStore(chat.emulator.state).callbacks.delete('support-bot');
		expect(await t.deactivate()).toBe(true);
		expect(t.staticData().botOriginal).toBeUndefined();
		seedBot();
		await t.activate();
		await t.deactivate();
		expect(bot()).toMatchObject({ ...ORIGINAL, enabled: false });
	});
});
