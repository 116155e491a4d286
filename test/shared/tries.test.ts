import { createEmulator, type Emulator } from '../emulator';
import { engineToolCalls, toolCall } from '../harness/tool';
import { byId, derivedMuid } from '../helpers';

describe('one identity for a send across n8n\'s retries: the AI tool wrapper', () => {
	let emulator: Emulator;
	afterEach(async () => emulator?.close());

	const asTool = () => toolCall(emulator, { resource: 'message', operation: 'send', receiverType: 'user', receiver: byId('alice'), text: 'Hello' });

	it('Retry On Fail of a tool call after a lost answer looks the message up under the first try\'s MUID instead of sending it again', async () => {
		// The first try's message is stored but its answer lost, and the lookup is refused: the try fails "outcome
		// unknown" and the wrapper tries again with run index 1. Today's main derived a new MUID and sent it again.
		emulator = await createEmulator();
		emulator.seedUser({ uid: 'alice' });
		emulator.failNext({ drop: true, handle: true });
		emulator.failNext({ status: 403, body: { error: { message: 'No access.', devMessage: '', source: 'chat-api', code: 'ERR_NO_ACCESS' } } });
		const handle = asTool();
		const answer = JSON.parse(await handle({ text: 'Hello' })) as Array<{ muid: string; id: string }>;
		expect(emulator.requests.map((r) => `${r.method} ${r.path} ${r.status ?? 'lost'}`)).toEqual([
			'POST /v3/messages lost',
			'GET /v3/users/alice/messages 403',
			'GET /v3/users/alice/messages 200',
		]);
		expect(emulator.state.messages).toHaveLength(1);
		expect(answer).toEqual([expect.objectContaining({ id: emulator.state.messages[0].id, muid: derivedMuid(0, { runIndex: 0 }) })]);
	});

	it('each tool call is its own message: two calls, two MUIDs', async () => {
		emulator = await createEmulator();
		emulator.seedUser({ uid: 'alice' });
		const handle = asTool();
		await handle({ text: 'Hello' });
		await handle({ text: 'Hello' });
		expect(emulator.state.messages.map((m) => m.muid)).toEqual([derivedMuid(0, { runIndex: 0 }), derivedMuid(0, { runIndex: 1 })]);
	});
});

describe('one identity for a send across n8n\'s retries: AI Agent v3\'s engine requests (n8n 2.x)', () => {
	let emulator: Emulator;
	afterEach(async () => emulator?.close());

	const send = { resource: 'message', operation: 'send', receiverType: 'user', receiver: byId('alice'), text: 'Hello' };

	it('Retry On Fail of a tool the engine runs after a lost answer looks the message up under the first try\'s MUID instead of sending it again', async () => {
		emulator = await createEmulator();
		emulator.seedUser({ uid: 'alice' });
		emulator.failNext({ drop: true, handle: true });
		emulator.failNext({ status: 403, body: { error: { message: 'No access.', devMessage: '', source: 'chat-api', code: 'ERR_NO_ACCESS' } } });
		const { answers } = await engineToolCalls(emulator, send, [{ text: 'Hello' }]);
		expect(emulator.requests.map((r) => `${r.method} ${r.path} ${r.status ?? 'lost'}`)).toEqual([
			'POST /v3/messages lost',
			'GET /v3/users/alice/messages 403',
			'GET /v3/users/alice/messages 200',
		]);
		expect(emulator.state.messages).toHaveLength(1);
		expect(answers).toEqual([[expect.objectContaining({ id: emulator.state.messages[0].id, muid: derivedMuid(0, { runIndex: 0 }) })]]);
	});

	it('each tool call is its own message: two calls, two MUIDs', async () => {
		emulator = await createEmulator();
		emulator.seedUser({ uid: 'alice' });
		const { answers } = await engineToolCalls(emulator, send, [{ text: 'Hello' }, { text: 'Hello' }]);
		expect(emulator.state.messages.map((m) => m.muid)).toEqual([derivedMuid(0, { runIndex: 0 }), derivedMuid(0, { runIndex: 1 })]);
		expect(answers).toHaveLength(2);
	});
});
