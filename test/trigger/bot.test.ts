/**
 * CometChat Trigger in bot mode: CometChat relays messages sent to a Custom Bot to the trigger as the
 * bot's callback URL, with the bot's Basic Auth (the trigger's webhook auth credential). Payload as on
 * CometChat's bot page: {"trigger": "after_message", "data": <message>}.
 */
import type { INodeParameters } from 'n8n-workflow';
import { deliver } from '../emulator/webhooks';
import { startTrigger, type TriggerHarness } from '../harness/trigger';

const AUTH = { username: 'supportbot', password: 'Hq4Vn8Rt2Kz6Lm9Pw3Xs7Bd1' };
const harnesses: TriggerHarness[] = [];
afterEach(async () => {
	await Promise.all(harnesses.splice(0).map(async (harness) => await harness.close()));
});

async function bot(options: INodeParameters = {}) {
	const harness = await startTrigger({
		parameters: { registration: 'bot', botUid: 'support-bot', events: [], options },
		credentials: { cometChatWebhookAuthApi: AUTH },
	});
	harnesses.push(harness);
	return harness;
}

const ada = { uid: 'cometchat-uid-1', name: 'Andrew Joseph', role: 'default' };
const botUser = { uid: 'support-bot', name: 'Support Bot', role: 'default' };
const hiking = { guid: 'cometchat-guid-1', name: 'Hiking Group', type: 'public' };
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
