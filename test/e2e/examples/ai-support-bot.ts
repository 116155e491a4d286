// examples/ai-support-bot.json: CometChat relays a message sent to the Custom Bot `support-bot` to the
// trigger (bot mode, Basic Auth); the AI Agent (the scripted stand-in model) looks the user up and flags
// the message with CometChat Tool nodes, and the reply goes back as the bot into the same conversation.
// The bot's own reply, relayed back by CometChat, starts nothing. A photo reaches the agent as its caption
// with a note, or without one as a request to write in words: never as null.
import { type ExampleCheck, requestLines } from '../n8n/checks';
import { addSupportBot, BOT_AUTHORIZATION as authorization, relayed, relayedPhoto, SUPPORT_BOT_PATH as path, supportBotConversation } from '../n8n/live-examples';
import type { ChatRequest } from '../n8n/scripted-model';

/** What the AI Agent asked the model: the user's message of its first request. */
const prompt = (request: ChatRequest) => {
	const content = request.messages.find((m) => m.role === 'user')?.content;
	return typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join('');
};

export const check: ExampleCheck = {
	async live(ctx) {
		const { activate, webhook, lastExecution, executionCount, emulator, model } = ctx;
		addSupportBot(emulator);
		emulator.requests.length = 0;
		await activate();

		// The message the user complains about: the demo data's newest conversation message from cometchat-uid-2.
		const { text, reportedId, started, run } = await supportBotConversation(ctx);
		expect(started).toEqual({ status: 200, body: { message: 'Workflow was started' } });
		expect(run.error).toBeUndefined();
		expect(run.output('Support bot')).toMatchObject([{ botUid: 'support-bot', text, sender: { uid: 'cometchat-uid-1' }, replyTo: { receiverType: 'user', receiver: 'cometchat-uid-1' } }]);
		// The model was offered both CometChat tools and called them with the values of the message.
		const tools = (model.requests[0].tools ?? []).map((t) => t.function.name).sort();
		expect(tools).toEqual(['Flag_a_message', 'Look_up_a_user']);
		const lines = requestLines(emulator);
		expect(lines.slice(0, 2).sort()).toEqual([
			'GET /users/cometchat-uid-2',
			`POST /messages/${reportedId}/flagged {"reasonId":"spam","remark":"sends me spam links"} [support-bot]`,
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

		// A photo without a caption: the agent is told what came and asked to answer politely; the bot answers.
		model.reset();
		expect(await webhook(path, relayedPhoto('9002', 'cometchat-uid-1', 'support-bot'), { authorization })).toEqual({ status: 200, body: { message: 'Workflow was started' } });
		const photo = await lastExecution();
		expect(photo.error).toBeUndefined();
		expect(photo.output('Support bot')).toMatchObject([{ text: '', messageType: 'image' }]);
		expect(prompt(model.requests[0])).toBe(
			'The user sent a message of type image with no text, which you cannot see. Tell them politely that you read text only and ask them to describe their request in words.',
		);
		const [{ output: photoAnswer }] = photo.output('AI Agent') as Array<{ output: string }>;
		expect(emulator.state.messages.at(-1)).toMatchObject({ sender: 'support-bot', receiver: 'cometchat-uid-1', data: { text: photoAnswer } });

		// A photo with a caption: the caption, with a note that a photo came too.
		model.reset();
		await webhook(path, relayedPhoto('9003', 'cometchat-uid-1', 'support-bot', 'Is this allowed here?'), { authorization });
		expect((await lastExecution()).error).toBeUndefined();
		expect(prompt(model.requests[0])).toBe('Is this allowed here?\n\n(The user also sent an attachment of type image, which you cannot see.)');
		expect(await executionCount()).toBe(3);
	},
};
