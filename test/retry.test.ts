import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { createEmulator, type Emulator } from './emulator';
import { runNode } from './harness';
import { byId } from './helpers';

// The retry policy of shared/retry.ts, end to end in n8n's engine against a throttling, failing emulator.
describe('rate limits and retries', () => {
	let emulator: Emulator;
	const credentials = () => ({ appId: emulator.appId, apiKey: emulator.apiKey, baseUrl: emulator.url });
	const run = (parameters: INodeParameters, input?: INodeExecutionData[]) =>
		runNode({ parameters, credentials: credentials(), input });
	const tooMany = (retryAfter: string) => ({
		status: 429,
		headers: { 'Retry-After': retryAfter },
		body: { error: { message: 'Too many requests.', devMessage: '', source: 'chat-api', code: 'ERR_TOO_MANY_REQUESTS' } },
	});
	const serverError = { status: 500, body: { error: { message: 'Boom.', devMessage: '', source: 'chat-api', code: 'ERR_EXCEPTION' } } };
	const getUser = { resource: 'user', operation: 'get', uid: byId('alice') };
	const send = (extra: Record<string, unknown> = {}) => ({
		resource: 'message',
		operation: 'send',
		receiverType: 'user',
		receiver: byId('alice'),
		text: 'Hello',
		...extra,
	});

	afterEach(async () => emulator?.close());
	const start = async (options: Parameters<typeof createEmulator>[0] = {}) => {
		emulator = await createEmulator(options);
		emulator.seedUser({ uid: 'alice', name: 'Alice' });
	};

	it('waits as long as Retry-After says after a 429, then succeeds', async () => {
		await start();
		emulator.failNext(tooMany('1'));
		const started = Date.now();
		const { items, error } = await run(getUser);
		expect(error).toBeUndefined();
		expect(Date.now() - started).toBeGreaterThanOrEqual(950);
		expect(emulator.requests.map((r) => r.path)).toEqual(['/v3/users/alice', '/v3/users/alice']);
		expect(items.map((item) => item.json.uid)).toEqual(['alice']);
	});

	it('retries a throttled create too: CometChat did not carry it out', async () => {
		await start();
		emulator.failNext(tooMany('1'));
		const { items, error } = await run({ resource: 'user', operation: 'create', uid: 'bob', name: 'Bob' });
		expect(error).toBeUndefined();
		expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
		expect(items[0].json.uid).toBe('bob');
		expect([...emulator.state.users.keys()].filter((uid) => uid === 'bob')).toHaveLength(1);
	});

	it('returns every one of 10,000 users exactly once while CometChat throttles the walk', async () => {
		// 4 requests a second: the 10 pages of 1000 hit the limit twice and resume at the page that failed.
		await start({ rateWindowSeconds: 1, rateLimits: { standard: 4 } });
		for (let i = 0; i < 9_999; i++) emulator.seedUser({ uid: `user-${i}` });
		const { items, error } = await run({ resource: 'user', operation: 'getAll', returnAll: true, simplify: false });
		expect(error).toBeUndefined();
		const throttled = emulator.requests.length - 10;
		expect(throttled).toBeGreaterThan(0);
		expect(items).toHaveLength(10_000);
		expect(new Set(items.map((item) => item.json.uid)).size).toBe(10_000);
		const pages = emulator.requests.map((r) => Number(r.query.page));
		expect([...new Set(pages)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
	}, 60_000);

	it('repeats a read after a 5xx, with backoff', async () => {
		await start();
		emulator.failNext(serverError, 2);
		const { items, error } = await run(getUser);
		expect(error).toBeUndefined();
		expect(emulator.requests).toHaveLength(3);
		expect(items[0].json.uid).toBe('alice');
	});

	it('repeats a read after the connection broke', async () => {
		await start();
		emulator.failNext({ drop: true });
		const { items, error } = await run(getUser);
		expect(error).toBeUndefined();
		expect(emulator.requests).toHaveLength(2);
		expect(items[0].json.uid).toBe('alice');
	});

	it('repeats a read whose answer was too slow for the request timeout', async () => {
		await start();
		emulator.failNext({ delayMs: 1500 });
		const { items, error } = await run({ ...getUser, requestOptions: { timeout: 300 } });
		expect(error).toBeUndefined();
		expect(emulator.requests).toHaveLength(2);
		expect(items[0].json.uid).toBe('alice');
	});

	it('never repeats a message without MUID whose answer was lost: one message, and the item says the outcome is unknown', async () => {
		await start();
		emulator.failNext({ drop: true, handle: true });
		const { error } = await run(send());
		expect(error?.message).toBe(
			'CometChat did not confirm POST /messages (the connection broke before the answer came): it may or may not have taken effect, so it was not repeated [item 0]',
		);
		expect(error?.description).toContain('Message UID (MUID)');
		expect(emulator.requests).toHaveLength(1);
		expect(emulator.state.messages).toHaveLength(1);
	});

	it('does not repeat a create after a 5xx either', async () => {
		await start();
		emulator.failNext(serverError);
		const { error } = await run({ resource: 'user', operation: 'create', uid: 'bob', name: 'Bob' });
		expect(error?.message).toBe('CometChat did not confirm POST /users (HTTP 500): it may or may not have taken effect, so it was not repeated [item 0]');
		expect((error as { httpCode?: string }).httpCode).toBe('500');
		expect(emulator.requests).toHaveLength(1);
	});

	it('repeats a message with a MUID after a lost answer, and it is still sent once', async () => {
		await start();
		emulator.failNext({ drop: true, handle: true });
		const { items, error } = await run(send({ options: { muid: 'n8n-42' } }));
		expect(error).toBeUndefined();
		expect(emulator.requests).toHaveLength(2);
		expect(emulator.state.messages).toHaveLength(1);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ muid: 'n8n-42', data: { text: 'Hello' } });
	});

	it('leaves 5xx alone when Retry Server Errors is off, and retries nothing with Max Wait 0', async () => {
		await start();
		emulator.failNext(serverError);
		const noServerRetries = await run({ ...getUser, retry: { serverErrors: false } });
		expect(noServerRetries.error?.message).toBe('ERR_EXCEPTION: Boom. [item 0]');
		expect(emulator.requests).toHaveLength(1);
		emulator.failNext(tooMany('1'));
		const noWaiting = await run({ ...getUser, retry: { maxWait: 0 } });
		expect(noWaiting.error?.message).toBe('ERR_TOO_MANY_REQUESTS: Too many requests. [item 0]');
		expect(emulator.requests).toHaveLength(2);
	});

	it('gives up when retries would exceed Max Wait, saying so', async () => {
		await start();
		emulator.failNext(tooMany('1'), 5);
		const { error } = await run({ ...getUser, retry: { maxWait: 2 } });
		expect(error?.message).toBe('ERR_TOO_MANY_REQUESTS: Too many requests. [item 0]');
		expect(error?.description).toMatch(/Retried 2 times over 2 s; CometChat still refused\. Raise Rate Limits and Retries → Max Wait \(now 2 s\) to wait longer\./);
		expect(emulator.requests).toHaveLength(3);
	});

	it('retries only the batch that was throttled, not the ones already done', async () => {
		await start();
		const uids = Array.from({ length: 30 }, (_, i) => `new-${i}`);
		for (const uid of uids) emulator.seedUser({ uid });
		emulator.seedGroup({ guid: 'hiking', owner: 'alice' });
		const { items, error } = await run({ resource: 'groupMember', operation: 'add', guid: byId('hiking'), participants: uids.join(',') });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(30);
		// Now with the second batch throttled once.
		emulator.reset();
		for (const uid of ['alice', ...uids]) emulator.seedUser({ uid });
		emulator.seedGroup({ guid: 'hiking', owner: 'alice' });
		// The first batch goes through, the fault then answers the second, which is sent again.
		emulator.failNext({ ...tooMany('1'), after: 1 });
		const result = await run({ resource: 'groupMember', operation: 'add', guid: byId('hiking'), participants: uids.join(',') });
		expect(result.error).toBeUndefined();
		const bodies = emulator.requests.map((r) => (r.body as { participants: string[] }).participants.length);
		expect(bodies[0]).toBe(25);
		expect(bodies.slice(1).every((n) => n === 5)).toBe(true);
		expect(result.items.map((item) => [item.json.uid, item.json.success])).toEqual(uids.map((uid) => [uid, true]));
		expect(emulator.state.getGroup('hiking')?.members.size).toBe(31);
	});

	it('creates 600 users and sends them 600 messages through repeated throttling: each exactly once, in order', async () => {
		// A 429 after every 50 requests, counted by the emulator rather than timed, so that every run is
		// throttled the same 23 times (the 24th would need a 1,224th request) however fast or busy the machine is. Requests waiting to retry keep
		// their place among the 10 in flight (Max Concurrent Requests' default).
		await start();
		emulator.failNext({ ...tooMany('1'), after: 50 }, 23);
		const input = Array.from({ length: 600 }, (_, i) => ({ json: { uid: `load-${i}`, name: `Load ${i}` } }));
		const created = await run({ resource: 'user', operation: 'create', uid: '={{ $json.uid }}', name: '={{ $json.name }}' }, input);
		expect(created.error).toBeUndefined();
		expect(created.items.map((item) => item.json.uid)).toEqual(input.map((i) => i.json.uid));
		const sent = await run(send({ receiver: byId('={{ $json.uid }}'), text: '=Welcome {{ $json.name }}' }), input);
		expect(sent.error).toBeUndefined();
		expect(sent.items.map((item) => item.json.receiver)).toEqual(input.map((i) => i.json.uid));
		expect(emulator.requests.length).toBe(1_223); // 1,200 requests and the 23 throttled ones sent again
		expect(emulator.inFlight.max).toBeLessThanOrEqual(10);
		expect(emulator.state.users.size).toBe(601);
		expect(emulator.state.messages).toHaveLength(600);
		expect(new Set(emulator.state.messages.map((m) => m.receiver)).size).toBe(600);
	}, 300_000);
});
