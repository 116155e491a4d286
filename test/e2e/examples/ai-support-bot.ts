// examples/ai-support-bot.json: CometChat relays a message sent to the Custom Bot `support-bot` to the
// trigger (bot mode, Basic Auth); the AI Agent (the scripted stand-in model) looks the user up and flags
// the message with CometChat Tool nodes, and the reply goes back as the bot into the same conversation.
// The bot's own reply, relayed back by CometChat, starts nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addReason } from '../../emulator/routes/moderation';
import { addBot } from '../../emulator/routes/messages';
import { type ExampleCheck, requestLines } from '../n8n/checks';
import { WEBHOOK_AUTH } from '../n8n/setup';
import { ROOT } from '../n8n/runtime';

const workflow = JSON.parse(readFileSync(join(ROOT, 'examples', 'ai-support-bot.json'), 'utf8')) as { nodes: Array<{ name: string; webhookId?: string }> };
const path = `${String(workflow.nodes.find((n) => n.name === 'Support bot')?.webhookId)}/webhook`;
const authorization = `Basic ${Buffer.from(`${WEBHOOK_AUTH.username}:${WEBHOOK_AUTH.password}`).toString('base64')}`;

const relayed = (id: string, sender: string, receiver: string, text: string) => ({
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

export const check: ExampleCheck = {
	async live({ activate, webhook, lastExecution, executionCount, emulator, model }) {
		emulator.seedUser({ uid: 'support-bot', name: 'Support Bot' });
		addBot(emulator.state, 'support-bot');
		addReason(emulator.state, { id: 'spam', name: 'Spam' });
		// The message the user complains about: the demo data's newest conversation message from cometchat-uid-2.
		const reported = emulator.state.messages.filter((m) => m.sender === 'cometchat-uid-2').at(-1)!;
		emulator.requests.length = 0;
		await activate();

		const text = `Please check uid: cometchat-uid-2, messageId: ${reported.id}, remark: sends me spam links`;
		const started = await webhook(path, relayed('9001', 'cometchat-uid-1', 'support-bot', text), { authorization });
		expect(started).toEqual({ status: 200, body: { message: 'Workflow was started' } });
		const run = await lastExecution();
		expect(run.error).toBeUndefined();
		expect(run.output('Support bot')).toMatchObject([{ botUid: 'support-bot', text, sender: { uid: 'cometchat-uid-1' }, replyTo: { receiverType: 'user', receiver: 'cometchat-uid-1' } }]);
		// The model was offered both CometChat tools and called them with the values of the message.
		const tools = (model.requests[0].tools ?? []).map((t) => t.function.name).sort();
		expect(tools).toEqual(['Flag_a_message', 'Look_up_a_user']);
		const lines = requestLines(emulator);
		expect(lines.slice(0, 2).sort()).toEqual([
			'GET /users/cometchat-uid-2',
			`POST /messages/${reported.id}/flagged {"reasonId":"spam","remark":"sends me spam links"} [support-bot]`,
		]);
		const [{ output }] = run.output('AI Agent') as Array<{ output: string }>;
		expect(output).toMatch(/^Done\. The tools answered:/);
		// The answer went back as the bot, to the user who wrote, in the same conversation.
		expect(lines[2]).toBe(
			`POST /bots/support-bot/messages ${JSON.stringify({ category: 'message', type: 'text', receiverType: 'user', receiver: 'cometchat-uid-1', muid: 'n8n-<derived>', data: { text: output } })}`,
		);
		const reply = emulator.state.messages.at(-1)!;
		expect(reply).toMatchObject({ sender: 'support-bot', receiver: 'cometchat-uid-1', conversationId: 'cometchat-uid-1_user_support-bot' });

		// CometChat relays the bot's own reply too: it starts nothing (no reply loop); a repeat neither.
		const own = await webhook(path, relayed(String(reply.id), 'support-bot', 'cometchat-uid-1', output), { authorization });
		expect(own).toEqual({ status: 200, body: { message: "The bot's own message; ignored" } });
		const again = await webhook(path, relayed('9001', 'cometchat-uid-1', 'support-bot', text), { authorization });
		expect(again).toEqual({ status: 200, body: { message: 'Message already received; ignored' } });
		expect(await executionCount()).toBe(1);
	},
};
