import { networkCode } from '../../nodes/shared/retry';
import { BoundedMemory } from '../../nodes/shared/subExecutions';
import { seedMessage } from '../emulator/routes/messages';
import { byId, derivedMuid, json, run, useEmulator } from '../helpers';

// A tool that is a sub-workflow (Call n8n Workflow Tool), or an Execute Workflow node, runs the CometChat
// node in a sub-execution: each of n8n's tries of it is a new sub-execution, with a new execution id, of
// the same parent execution. The harness runs such a sub-execution as n8n's executeWorkflow starts it.
const ctx = useEmulator();
const send = (text = 'Hello') => ({ resource: 'message', operation: 'send', receiverType: 'user', receiver: byId('alice'), text });
const lines = () => ctx.emulator.requests.map((r) => `${r.method} ${r.path} ${r.status ?? 'lost'}`);
const refusedLookUp = { status: 403, body: { error: { message: 'No access.', devMessage: '', source: 'chat-api', code: 'ERR_NO_ACCESS' } } };
// The node's memory of unknown sends lives as long as this file's module: each test has its own parent.
let parent = 0;
beforeEach(() => parent++);
const sub = (id: string, parentId = `parent-${parent}`) => ({ execution: { id, parentId } });

/** The first try's send is stored, its answer lost and its lookup refused: the try fails "outcome unknown". */
async function unknownFirstTry(id: string, parentId?: string | null) {
	ctx.emulator.seedUser({ uid: 'alice' });
	ctx.emulator.failNext({ drop: true, handle: true });
	ctx.emulator.failNext(refusedLookUp);
	const first = await run(ctx, send(), parentId === null ? { execution: { id } } : sub(id, parentId));
	expect(first.error?.message).toContain('it may or may not have taken effect');
	expect(ctx.emulator.state.messages).toHaveLength(1);
}

describe('one identity for a send across n8n\'s tries of a sub-workflow tool (a new sub-execution per try)', () => {
	it('a later sub-execution of the same parent, sending the same, looks up the earlier try\'s MUID instead of sending again', async () => {
		await unknownFirstTry('sub-1');
		const second = await run(ctx, send(), sub('sub-2'));
		expect(second.error).toBeUndefined();
		expect(lines()).toEqual(['POST /v3/messages lost', 'GET /v3/users/alice/messages 403', 'GET /v3/users/alice/messages 200']);
		expect(ctx.emulator.state.messages).toHaveLength(1);
		expect(json(second.items)).toEqual([expect.objectContaining({ id: ctx.emulator.state.messages[0].id, muid: derivedMuid(0, { execution: 'sub-1' }) })]);
	});

	it('Reply in Thread (the MUID in the reply\'s metadata): the later sub-execution looks the earlier try\'s reply up', async () => {
		ctx.emulator.seedUser({ uid: 'alice' });
		ctx.emulator.seedUser({ uid: 'bob' });
		const parentId = seedMessage(ctx.emulator.state, { sender: 'alice', receiver: 'bob', text: 'Hike on Saturday?' }).id;
		const reply = { resource: 'message', operation: 'replyInThread', messageId: parentId, sender: byId('bob'), receiverType: 'user', receiver: byId('alice'), text: 'Count me in' };
		ctx.emulator.failNext({ drop: true, handle: true });
		ctx.emulator.failNext(refusedLookUp);
		expect((await run(ctx, reply, sub('sub-1'))).error?.message).toContain('it may or may not have taken effect');
		const second = await run(ctx, reply, sub('sub-2'));
		expect(second.error).toBeUndefined();
		expect(lines()).toEqual([`POST /v3/messages/${parentId}/thread lost`, 'GET /v3/users/alice/messages 403', 'GET /v3/users/alice/messages 200']);
		const replies = ctx.emulator.state.messages.filter((m) => m.parentId === parentId);
		expect(replies).toHaveLength(1);
		expect(json(second.items)).toEqual([expect.objectContaining({ id: replies[0].id, data: expect.objectContaining({ metadata: { muid: derivedMuid(0, { execution: 'sub-1' }) } }) })]);
	});

	it('a later sub-execution that does not find the earlier try\'s message fails "outcome unknown" again, and sends nothing', async () => {
		ctx.emulator.seedUser({ uid: 'alice' });
		// The first try's answer is lost before CometChat stored it, and its lookup refused.
		ctx.emulator.failNext({ drop: true });
		ctx.emulator.failNext(refusedLookUp);
		const parameters = { ...send(), retry: { settleTime: 1 } };
		expect((await run(ctx, parameters, sub('sub-1'))).error?.message).toContain('it may or may not have taken effect');
		const second = await run(ctx, parameters, sub('sub-2'));
		expect(second.error?.message).toBe(
			`This message (Message UID "${derivedMuid(0, { execution: 'sub-1' })}") may already have been sent by an earlier try of this node (n8n's Retry On Fail), and CometChat could not confirm it: no message with Message UID "${derivedMuid(0, { execution: 'sub-1' })}" and this content reached user alice within 1 s after the answer was lost; it was not sent again [item 0]`,
		);
		// Only lookups after the first try's send (as many as the rest of the settle time allows).
		expect(lines().filter((line) => line.startsWith('POST'))).toEqual(['POST /v3/messages lost']);
		expect(new Set(lines().slice(1))).toEqual(new Set(['GET /v3/users/alice/messages 403', 'GET /v3/users/alice/messages 200']));
		expect(ctx.emulator.state.messages).toHaveLength(0);
	});

	it('a sub-execution of the same parent sending other content is its own message, under its own MUID, without a lookup', async () => {
		await unknownFirstTry('sub-1');
		const second = await run(ctx, send('Bye'), sub('sub-2'));
		expect(second.error).toBeUndefined();
		expect(lines().slice(2)).toEqual(['POST /v3/messages 200']);
		expect(ctx.emulator.state.messages.map((m) => m.muid)).toEqual([derivedMuid(0, { execution: 'sub-1' }), derivedMuid(0, { execution: 'sub-2' })]);
	});

	it('another node of the same name in the same parent (a second sub-workflow given as JSON runs under its parent\'s workflow ID) is its own message', async () => {
		await unknownFirstTry('sub-1');
		const other = await run(ctx, send(), { ...sub('sub-2'), settings: { id: 'node-of-another-sub-workflow' } as never });
		expect(other.error).toBeUndefined();
		expect(lines()).toEqual(['POST /v3/messages lost', 'GET /v3/users/alice/messages 403', 'POST /v3/messages 200']);
		expect(ctx.emulator.state.messages).toHaveLength(2);
	});

	it('a sub-execution of another parent is its own message', async () => {
		await unknownFirstTry('sub-1');
		await run(ctx, send(), sub('sub-2', 'another-parent'));
		expect(lines().slice(2)).toEqual(['POST /v3/messages 200']);
		expect(ctx.emulator.state.messages).toHaveLength(2);
	});

	it('two answered identical sends in sub-executions of one parent are two messages (a second call, or n8n\'s retry of a sub-workflow that failed after its send): only an unknown outcome is remembered', async () => {
		ctx.emulator.seedUser({ uid: 'alice' });
		await run(ctx, send(), sub('sub-1'));
		await run(ctx, send(), sub('sub-2'));
		expect(lines()).toEqual(['POST /v3/messages 200', 'POST /v3/messages 200']);
		expect(ctx.emulator.state.messages.map((m) => m.muid)).toEqual([derivedMuid(0, { execution: 'sub-1' }), derivedMuid(0, { execution: 'sub-2' })]);
	});

	it('once a later try found the message, a further identical call is a deliberate one: a second message', async () => {
		await unknownFirstTry('sub-1');
		await run(ctx, send(), sub('sub-2'));
		await run(ctx, send(), sub('sub-3'));
		expect(lines().slice(3)).toEqual(['POST /v3/messages 200']);
		expect(ctx.emulator.state.messages.map((m) => m.muid)).toEqual([derivedMuid(0, { execution: 'sub-1' }), derivedMuid(0, { execution: 'sub-3' })]);
	});
});

describe('n8n\'s Retry execution of a failed execution', () => {
	it('starts a new execution, whose derived MUIDs are new: it sends without looking up what the failed one sent', async () => {
		await unknownFirstTry('execution-1', null);
		const retry = await run(ctx, send(), { execution: { id: 'execution-2' } });
		expect(retry.error).toBeUndefined();
		expect(lines().slice(2)).toEqual(['POST /v3/messages 200']);
		expect(ctx.emulator.state.messages.map((m) => m.muid)).toEqual([derivedMuid(0, { execution: 'execution-1' }), derivedMuid(0, { execution: 'execution-2' })]);
	});
});

describe('BoundedMemory (where a sub-execution\'s unknown sends are kept)', () => {
	it('lets go of the oldest entries beyond its count', () => {
		const memory = new BoundedMemory<number>(3, 60_000, () => 0);
		for (let i = 1; i <= 5; i++) memory.set(`key ${i}`, i);
		expect(memory.size).toBe(3);
		expect([1, 2, 3, 4, 5].map((i) => memory.get(`key ${i}`))).toEqual([undefined, undefined, 3, 4, 5]);
	});

	it('lets go of entries older than its age, and a set entry is new again', () => {
		let now = 0;
		const memory = new BoundedMemory<string>(10, 1000, () => now);
		memory.set('a', 'first');
		now = 600;
		memory.set('b', 'second');
		now = 900;
		memory.set('a', 'again');
		now = 1700;
		expect(memory.get('b')).toBeUndefined();
		expect(memory.get('a')).toBe('again');
		now = 1900;
		expect(memory.get('a')).toBeUndefined();
		expect(memory.size).toBe(0);
	});

	it('keeps a fixed-size hash of each key, not the key', () => {
		const memory = new BoundedMemory<number>(10, 1000, () => 0);
		memory.set('x'.repeat(100_000), 1);
		const [key] = (memory as unknown as { entries: Map<string, unknown> }).entries.keys();
		expect(key).toHaveLength(64);
		expect(memory.get('x'.repeat(100_000))).toBe(1);
	});
});

describe('a lost answer on n8n 1.x, whose NodeApiError keeps no code (n8n-workflow 1.120: only its text for the code)', () => {
	const n8n1Error = (message: string, messages: string[], httpCode: string | null = null) => Object.assign(new Error(message), { messages, httpCode });
	it('reads the code back from n8n\'s text or the original message, so the answer is looked up rather than final', () => {
		expect(networkCode(n8n1Error('The connection to the server was closed unexpectedly, perhaps it is offline. You can retry the request immediately or wait and retry later.', ['socket hang up']))).toBe('ECONNRESET');
		expect(networkCode(n8n1Error("The connection timed out, consider setting the 'Retry on Fail' option in the node settings", ['timeout']))).toBe('ETIMEDOUT');
		expect(networkCode(n8n1Error('The service refused the connection - perhaps it is offline', ['connect ECONNREFUSED 127.0.0.1:9']))).toBe('ECONNREFUSED');
		expect(networkCode(n8n1Error('Something else', ['read ECONNRESET']))).toBe('ECONNRESET');
		// As n8n 1.123 makes it of axios's error: the code taken for the HTTP code, since its status keys include "code".
		expect(networkCode(n8n1Error('The connection to the server was closed unexpectedly, perhaps it is offline. You can retry the request immediately or wait and retry later.', ['socket hang up'], 'ECONNRESET'))).toBe('ECONNRESET');
	});
	it('never from an error that carries an HTTP answer, whose own message could name anything', () => {
		expect(networkCode(n8n1Error('ERR_BAD_REQUEST: ECONNREFUSED in the text', ['ECONNREFUSED'], '400'))).toBeUndefined();
		expect(networkCode(n8n1Error('Something else', ['nothing']))).toBeUndefined();
	});
});
