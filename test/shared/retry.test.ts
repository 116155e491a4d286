import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { createEmulator, type Emulator } from '../emulator';
import { runNode } from '../harness';
import { fullView, seedMessage } from '../emulator/routes/messages';
import { byId, derivedMuid, httpCode } from '../helpers';

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
	const gatewayTimeout = { status: 504, body: '<html><body>504 Gateway Time-out</body></html>' };
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

	it('looks a message whose answer was lost up by its MUID and returns the stored one instead of sending it again', async () => {
		await start();
		emulator.failNext({ drop: true, handle: true });
		const { items, error } = await run(send());
		expect(error).toBeUndefined();
		expect(emulator.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v3/messages', 'GET /v3/users/alice/messages']);
		const [sent, lookup] = emulator.requests;
		expect((sent.body as { muid: string }).muid).toBe(derivedMuid());
		// The app sends as app_system: its messages to alice, from shortly before the first try.
		expect(lookup.query).toEqual({ sender: 'app_system', limit: '1000', fromTimestamp: expect.stringMatching(/^\d+$/) });
		expect(Math.floor(Date.now() / 1000) - Number(lookup.query.fromTimestamp)).toBeGreaterThanOrEqual(300);
		expect(lookup.headers).not.toHaveProperty('onbehalfof');
		expect(emulator.state.messages).toHaveLength(1);
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual(fullView(emulator.state, emulator.state.messages[0]));
	});

	it('a message whose answer timed out while CometChat was still storing it is found by a later lookup, not sent again', async () => {
		// Request Options → Timeout 1 s; CometChat stores the message 3 s after it arrived. Today's main looked once at
		// once, found nothing and sent it again: two messages with one MUID.
		await start();
		emulator.failNext({ delayMs: 3_000 });
		const { items, error } = await run(send({ requestOptions: { timeout: 1_000 } }));
		expect(error).toBeUndefined();
		expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
		expect(emulator.requests.filter((r) => r.method === 'GET').length).toBeGreaterThan(1);
		expect(emulator.state.messages).toHaveLength(1);
		expect(items[0].json).toEqual(fullView(emulator.state, emulator.state.messages[0]));
	}, 30_000);

	it('a gateway 504 for a message CometChat stores 2 s later: one message, returned as sent', async () => {
		await start();
		emulator.failNext({ ...gatewayTimeout, handleAfterMs: 2_000 });
		const { items, error } = await run(send({ options: { muid: 'late-1' } }));
		expect(error).toBeUndefined();
		expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
		expect(emulator.state.messages.map((m) => m.muid)).toEqual(['late-1']);
		expect(items[0].json).toMatchObject({ muid: 'late-1', data: { text: 'Hello' } });
	}, 30_000);

	it('a lost answer never leads to a second send: a message never stored ends "outcome unknown" naming its MUID, after the settle time', async () => {
		await start();
		emulator.seedUser({ uid: 'bob' });
		emulator.failNext(serverError);
		const { error } = await run(send({ options: { onBehalfOf: 'bob', muid: 'order-9' }, retry: { settleTime: 2 } }));
		expect(error?.message).toBe('CometChat did not confirm POST /messages (Message UID "order-9") (HTTP 500): it may or may not have taken effect, so it was not repeated [item 0]');
		expect(error?.description).toContain('no message with Message UID "order-9" and this content reached user alice within 2 s after the answer was lost');
		expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
		// Looked up more than once over the settle time, as bob sees his conversation with alice.
		const lookups = emulator.requests.filter((r) => r.method === 'GET');
		expect(lookups.length).toBeGreaterThan(1);
		expect(lookups.every((r) => r.headers.onbehalfof === 'bob' && r.query.sender === undefined)).toBe(true);
		expect(emulator.state.messages).toHaveLength(0);
	}, 30_000);

	it('a busy sender: the lookup follows the list\'s pages until the window is read and finds the message on a later one', async () => {
		// Today's main read one page of 1000 and ended "outcome unknown".
		await start();
		for (let i = 0; i < 1000; i++) seedMessage(emulator.state, { sender: 'app_system', receiver: 'alice', text: `busy ${i}` });
		emulator.failNext({ drop: true, handle: true });
		const { items, error } = await run(send());
		expect(error).toBeUndefined();
		expect(emulator.requests.map((r) => r.method)).toEqual(['POST', 'GET', 'GET']);
		expect(emulator.requests[2].query).toMatchObject({ affix: 'append', id: '1000', limit: '1000' });
		expect(emulator.state.messages).toHaveLength(1001);
		expect(items[0].json).toMatchObject({ id: '1001', muid: derivedMuid() });
	});

	it('a CometChat that caps pages at 100: a page of 100 when 1000 was asked is not taken as the whole window', async () => {
		// Today's main took the short page as all there was, found nothing and sent again.
		await start({ messagePageCap: 100 });
		for (let i = 0; i < 150; i++) seedMessage(emulator.state, { sender: 'app_system', receiver: 'alice', text: `busy ${i}` });
		emulator.failNext({ drop: true, handle: true });
		const { items, error } = await run(send());
		expect(error).toBeUndefined();
		expect(emulator.requests.map((r) => r.method)).toEqual(['POST', 'GET', 'GET']);
		expect(emulator.state.messages).toHaveLength(151);
		expect(items[0].json).toMatchObject({ id: '151', muid: derivedMuid() });
	});

	it('CometChat\'s clock 6 minutes behind n8n\'s: the lookup window comes from its Date header, and the message is found', async () => {
		// Today's main read from n8n's clock less 300 s, missed the message and sent it again.
		await start({ clockOffsetSeconds: -360 });
		emulator.failNext({ drop: true, handle: true });
		const { items, error } = await run(send());
		expect(error).toBeUndefined();
		expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
		const [first, again] = emulator.requests.filter((r) => r.method === 'GET').map((r) => Number(r.query.fromTimestamp));
		const sentAt = emulator.state.messages[0].sentAt;
		expect(first).toBeGreaterThan(sentAt);
		expect(again).toBeLessThanOrEqual(sentAt);
		expect(sentAt - again).toBeLessThan(30);
		expect(emulator.state.messages).toHaveLength(1);
		expect(items[0].json).toMatchObject({ muid: derivedMuid(), sentAt });
	});

	it('a reused Message UID: another item\'s with other content is refused before any request; with the same content it is sent once for both', async () => {
		await start();
		const input = [{ json: { text: 'A', muid: 'x' } }, { json: { text: 'B', muid: 'x' } }, { json: { text: 'C', muid: 'y' } }, { json: { text: 'C', muid: 'y' } }];
		const { items, error } = await run(send({ text: '={{ $json.text }}', options: { muid: '={{ $json.muid }}' } }), input);
		expect(error?.message).toBe('Message UID "x" is also item 0\'s, with other content [item 1]');
		expect(items).toHaveLength(0);
		const continued = await runNode({ parameters: send({ text: '={{ $json.text }}', options: { muid: '={{ $json.muid }}' } }), credentials: credentials(), input, continueOnFail: true });
		expect(continued.items.map((item) => item.json.error ?? (item.json.data as { text: string }).text)).toEqual([
			'A',
			'Message UID "x" is also item 0\'s, with other content [item 1]',
			'C',
			'C',
		]);
		expect(continued.items[2].json.id).toBe(continued.items[3].json.id);
		// The first run sent A (and C) before item 1 failed it; the second A, C once each; B never.
		expect(emulator.state.messages.map((m) => m.data.text).filter((t) => t === 'B')).toEqual([]);
		expect(emulator.requests.filter((r) => r.method === 'POST').map((r) => (r.body as { data: { text: string } }).data.text).filter((t) => t === 'C')).toHaveLength(2);
	});

	it('a lost answer whose lookup finds the MUID on another message (an earlier execution\'s, other content) fails naming it, sends nothing more', async () => {
		// Today's main returned the earlier message as this item's, and never sent this one.
		await start();
		const earlier = seedMessage(emulator.state, { sender: 'app_system', receiver: 'alice', text: 'Yesterday' });
		earlier.muid = 'reused';
		emulator.failNext(gatewayTimeout);
		const { error, items } = await run(send({ options: { muid: 'reused' }, retry: { settleTime: 1 } }));
		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(/^CometChat did not confirm POST \/messages \(Message UID "reused"\) \(HTTP 504\)/);
		expect(error?.description).toContain(`user alice (message ${earlier.id} has this MUID, with other content)`);
		expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
		expect(emulator.state.messages).toHaveLength(1);
	}, 30_000);

	it('fails with "outcome unknown" when the lookup itself fails', async () => {
		await start();
		emulator.failNext({ drop: true, handle: true });
		emulator.failNext({ status: 403, body: { error: { message: 'No access.', devMessage: '', source: 'chat-api', code: 'ERR_NO_ACCESS' } } });
		const { error } = await run(send({ options: { muid: 'order-7' } }));
		expect(error?.message).toMatch(/^CometChat did not confirm POST \/messages/);
		expect(error?.description).toContain('reading /users/alice/messages failed (ERR_NO_ACCESS: No access.');
		expect(emulator.state.messages).toHaveLength(1);
		expect(emulator.requests).toHaveLength(2);
	});

	it('n8n\'s Retry On Fail sends nothing twice: the re-run looks up what the first run may have sent', async () => {
		// Three items; bob's answer is lost after CometChat stored it, carol's is refused once (a 4xx, so the node
		// fails and n8n runs it again). Today's main sent 5 messages here (and 6 with "outcome unknown").
		await start();
		for (const uid of ['bob', 'carol']) emulator.seedUser({ uid });
		const refused = { status: 400, body: { error: { message: 'Try later.', devMessage: '', source: 'chat-api', code: 'ERR_BAD_REQUEST' } } };
		let carolRefused = false;
		emulator.planFaults((request) => {
			const receiver = (request.body as { receiver?: string } | undefined)?.receiver;
			if (request.method !== 'POST') return undefined;
			if (receiver === 'bob' && !emulator.state.messages.some((m) => m.receiver === 'bob')) return { drop: true, handle: true };
			if (receiver === 'carol' && !carolRefused) {
				carolRefused = true;
				return refused;
			}
			return undefined;
		});
		const input = ['alice', 'bob', 'carol'].map((uid) => ({ json: { uid } }));
		const { items, error } = await runNode({
			parameters: send({ receiver: byId('={{ $json.uid }}') }),
			credentials: credentials(),
			input,
			settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 },
		});
		expect(error).toBeUndefined();
		expect(emulator.state.messages.map((m) => m.receiver).sort()).toEqual(['alice', 'bob', 'carol']);
		expect(items.map((item) => item.json.receiver)).toEqual(['alice', 'bob', 'carol']);
		expect(items.map((item) => item.json.muid)).toEqual([0, 1, 2].map((i) => derivedMuid(i)));
		// The re-run looked alice and bob up (found: not sent again) and sent carol's, whose first try was refused.
		const posts = emulator.requests.filter((r) => r.method === 'POST').map((r) => (r.body as { receiver: string }).receiver);
		expect(posts.sort()).toEqual(['alice', 'bob', 'carol', 'carol']);
	});

	it('Retry On Fail while the first run\'s sends are still under way: the re-run waits for them, then looks them up', async () => {
		// Item 2's proxy (Request Options) is not valid, which n8n finds as it builds the item's request: it fails the node at once, while
		// items 0 and 1 are still being answered (slowly), and runs it again a second later.
		await start();
		emulator.failNext({ delayMs: 2_000 }, 2);
		const input = [{ json: {} }, { json: {} }, { json: { broken: true } }];
		const { error } = await runNode({
			parameters: send({ text: '=Hello {{ $itemIndex }}', requestOptions: { proxy: '={{ $json.broken ? "not a proxy" : "" }}' } }),
			credentials: credentials(),
			input,
			settings: { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 },
		});
		expect(error?.message).toBe('The proxy is not valid');
		// The first run's two sends end after the node has failed; wait for them.
		await new Promise((resolve) => setTimeout(resolve, 2_500));
		expect(emulator.state.messages.map((m) => m.data.text).sort()).toEqual(['Hello 0', 'Hello 1']);
		expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
	}, 30_000);

	it('never repeats an edit or a message delete whose answer was lost: each makes a new action message', async () => {
		await start();
		const id = seedMessage(emulator.state, { sender: 'alice', receiver: 'alice', text: 'Typo' }).id;
		emulator.failNext(serverError);
		const edit = await run({ resource: 'message', operation: 'update', messageId: id, updateFields: { text: 'Fixed' } });
		expect(edit.error?.message).toBe(`CometChat did not confirm PUT /messages/${id} (HTTP 500): it may or may not have taken effect, so it was not repeated [item 0]`);
		emulator.failNext({ drop: true, handle: true });
		const removal = await run({ resource: 'message', operation: 'delete', messageId: id });
		expect(removal.error?.message).toBe(
			`CometChat did not confirm DELETE /messages/${id} (the connection broke before the answer came): it may or may not have taken effect, so it was not repeated [item 0]`,
		);
		expect(emulator.requests.map((r) => r.method)).toEqual(['PUT', 'DELETE']);
	});

	it('still repeats an update that sets state (PUT /users/{uid}) after a 5xx', async () => {
		await start();
		emulator.failNext(serverError);
		const { items, error } = await run({ resource: 'user', operation: 'update', uid: byId('alice'), updateFields: { name: 'Alice B.' } });
		expect(error).toBeUndefined();
		expect(emulator.requests.map((r) => r.method)).toEqual(['PUT', 'PUT']);
		expect(items[0].json.name).toBe('Alice B.');
	});

	it('does not repeat any other create after a 5xx', async () => {
		await start();
		emulator.failNext(serverError);
		const { error } = await run({ resource: 'group', operation: 'create', guid: 'hikers', name: 'Hikers', type: 'public' });
		expect(error?.message).toBe('CometChat did not confirm POST /groups (HTTP 500): it may or may not have taken effect, so it was not repeated [item 0]');
		expect(httpCode(error)).toBe('500');
		expect(emulator.requests).toHaveLength(1);
	});

	it('creates a user once whatever happens to the answer: reads it first, creates again only when it is not there', async () => {
		await start();
		const create = (uid: string, options = {}) => run({ resource: 'user', operation: 'create', uid, name: 'Bob', options });
		emulator.failNext({ drop: true, handle: true });
		const lost = await create('bob');
		expect(lost.error).toBeUndefined();
		expect(emulator.requests.map((r) => `${r.method} ${r.path} ${r.status ?? 'dropped'}`)).toEqual(['POST /v3/users dropped', 'GET /v3/users/bob 200']);
		expect(lost.items[0].json).toMatchObject({ uid: 'bob', name: 'Bob' });

		emulator.reset();
		emulator.failNext(serverError);
		const failed = await create('carol');
		expect(failed.error).toBeUndefined();
		expect(emulator.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(['POST /v3/users 500', 'GET /v3/users/carol 404', 'POST /v3/users 200']);
		expect([...emulator.state.users.keys()]).toEqual(['carol']);

		// An auth token was only in the lost answer: the item says so rather than return the user without it.
		emulator.reset();
		emulator.failNext({ drop: true, handle: true });
		const withToken = await create('dave', { withAuthToken: true });
		expect(withToken.error?.description).toContain('could not tell: the user was created by this try, but its auth token was only in the lost answer');
		expect(emulator.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v3/users', 'GET /v3/users/dave']);
	});

	it('n8n\'s Retry On Fail creates each user once: the re-run returns the users its first run created', async () => {
		// Three users; grace's create is refused once (a 4xx, so the node fails and n8n runs it again).
		await start();
		const refused = { status: 400, body: { error: { message: 'Try later.', devMessage: '', source: 'chat-api', code: 'ERR_BAD_REQUEST' } } };
		let graceRefused = false;
		emulator.planFaults((request) => {
			if (request.method !== 'POST' || (request.body as { uid?: string } | undefined)?.uid !== 'grace' || graceRefused) return undefined;
			graceRefused = true;
			return refused;
		});
		const { items, error } = await runNode({
			parameters: { resource: 'user', operation: 'create', uid: '={{ $json.uid }}', name: '={{ $json.name }}' },
			credentials: credentials(),
			input: [
				{ json: { uid: 'erin', name: 'Erin' } },
				{ json: { uid: 'frank', name: 'Frank' } },
				{ json: { uid: 'grace', name: 'Grace' } },
			],
			settings: { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 },
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.uid, item.json.name])).toEqual([
			['erin', 'Erin'],
			['frank', 'Frank'],
			['grace', 'Grace'],
		]);
		expect([...emulator.state.users.keys()].filter((uid) => ['erin', 'frank', 'grace'].includes(uid)).sort()).toEqual(['erin', 'frank', 'grace']);
		// The re-run returned the answers erin's and frank's creates got, without a request, and created only
		// grace, whose first try was refused.
		const creates = emulator.requests.filter((r) => r.method === 'POST').map((r) => `${(r.body as { uid: string }).uid} ${r.status}`);
		expect(creates.sort()).toEqual(['erin 200', 'frank 200', 'grace 200', 'grace 400']);
		expect(emulator.requests.filter((r) => r.method === 'GET')).toEqual([]);
	});

	it('keeps the user\'s own MUID and looks the message up by it after a lost answer', async () => {
		await start();
		emulator.failNext({ drop: true, handle: true });
		const { items, error } = await run(send({ options: { muid: 'n8n-42' } }));
		expect(error).toBeUndefined();
		expect(emulator.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
		expect(emulator.state.messages).toHaveLength(1);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ muid: 'n8n-42', data: { text: 'Hello' } });
	});

	it('stores a repeated MUID as CometChat does: no refusal, so the node cannot rely on one', async () => {
		await start();
		await run(send({ options: { muid: 'same' } }));
		await run(send({ options: { muid: 'same' } }));
		expect(emulator.state.messages.map((m) => m.muid)).toEqual(['same', 'same']);
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

	it('retries a 429 for as long as Max Wait allows, however many times', async () => {
		// Today's main gave up after 8 tries and told the user to raise Max Wait.
		await start();
		emulator.failNext(tooMany('1'), 9);
		const { items, error } = await run({ ...getUser, retry: { maxWait: 60 } });
		expect(error).toBeUndefined();
		expect(emulator.requests).toHaveLength(10);
		expect(items[0].json.uid).toBe('alice');
	}, 30_000);

	it('waits at least a growing backoff when CometChat asks for no wait at all, and Max Wait 0 means no retry', async () => {
		// Today's main retried a Retry-After of 0 (or an X-Rate-Limit-Reset in the past) at once, without end and
		// past Max Wait, also with Max Wait 0: 300 such answers → 301 requests.
		await start();
		const pastReset = {
			...tooMany('0'),
			headers: { 'X-Rate-Limit-Reset': String(Math.floor(Date.now() / 1000) - 60) },
		};
		for (const answer of [tooMany('0'), pastReset]) {
			emulator.reset();
			emulator.seedUser({ uid: 'alice' });
			emulator.failNext(answer, 300);
			const started = Date.now();
			const { error } = await run({ ...getUser, retry: { maxWait: 3 } });
			// Waits of 0.5 s and 1 s fit in 3 s; the next, 2 s, would not.
			expect(error?.message).toBe('ERR_TOO_MANY_REQUESTS: Too many requests. [item 0]');
			expect(error?.description).toContain('Still rate-limited after 3 tries over 2 s; CometChat asks to wait 2 s more, beyond Max Wait (3 s).');
			expect(emulator.requests).toHaveLength(3);
			expect(Date.now() - started).toBeGreaterThanOrEqual(1400);

			emulator.reset();
			emulator.seedUser({ uid: 'alice' });
			emulator.failNext(answer, 300);
			const none = await run({ ...getUser, retry: { maxWait: 0 } });
			expect(none.error?.description).toContain('Not retried: Rate Limits and Retries → Max Wait is 0.');
			expect(emulator.requests).toHaveLength(1);
		}
	}, 30_000);

	it('gives up when the next wait would pass Max Wait, naming the real reason', async () => {
		await start();
		emulator.failNext(tooMany('1'), 5);
		const { error } = await run({ ...getUser, retry: { maxWait: 2 } });
		expect(error?.message).toBe('ERR_TOO_MANY_REQUESTS: Too many requests. [item 0]');
		expect(error?.description).toContain(
			'Still rate-limited after 3 tries over 2 s; CometChat asks to wait 1 s more, beyond Max Wait (2 s). Raise Max Wait, or lower Max Concurrent Requests',
		);
		expect(emulator.requests).toHaveLength(3);
		emulator.reset();
		emulator.seedUser({ uid: 'alice' });
		emulator.failNext(serverError, 20);
		const broken = await run({ ...getUser, retry: { maxWait: 1 } });
		expect(broken.error?.description).toContain('CometChat still failed (HTTP 500) after 2 tries over 1 s; the next retry would pass Max Wait (1 s).');
		expect(broken.error?.description).not.toContain('asks to wait');
	});

	it('says a refused connection was refused, with Max Wait 0 and after retrying', async () => {
		await start();
		const closed = await createEmulator();
		const url = closed.url;
		await closed.close();
		const refused = (maxWait: number) => runNode({ parameters: { ...getUser, retry: { maxWait } }, credentials: { ...credentials(), baseUrl: url } });
		const now = await refused(0);
		expect(now.error?.description).toContain('Not retried: Rate Limits and Retries → Max Wait is 0.');
		expect(now.error?.description).not.toContain('asked to wait');
		const later = await refused(1);
		expect(later.error?.description).toMatch(/Could not connect to CometChat \(ECONNREFUSED\) in 2 tries over 1 s: nothing was sent\./);
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

	it('creates 2,000 users and sends them 2,000 messages under a time-window rate limit and mixed faults, late-storing answers too: each exactly once, in order', async () => {
		// CometChat's limit as it works: a budget per window (here 1 s, so the test runs in seconds), a 429 with
		// Retry-After to the window's end once it is spent. On top, by the request's place in the log (the
		// same every run): a 429 of its own, a 5xx before anything is stored, and a connection dropped after
		// CometChat stored the write — the answer lost, the user or message there.
		await start({ rateWindowSeconds: 1, rateLimits: { core: 150, standard: 150 } });
		const planned = { throttled: new Set<number>(), failed: 0, dropped: 0, late: 0 };
		emulator.planFaults((request, index) => {
			if (index % 97 === 7) {
				planned.throttled.add(index);
				return tooMany('1');
			}
			if (request.method !== 'POST') return undefined;
			// A 5xx before anything is stored only for user creations: a send's 5xx is a lost answer, never sent
			// again, so it would end "outcome unknown" (tested on its own above).
			if (index % 89 === 11 && request.path === '/v3/users') {
				planned.failed++;
				return serverError;
			}
			if (index % 83 === 5) {
				planned.dropped++;
				// Stored, then the connection dropped (handleAfterMs: carried out past the rate window, which under
				// load could otherwise refuse it, leaving nothing stored: a true "outcome unknown").
				return { drop: true, handle: true, handleAfterMs: 0 };
			}
			// A send whose answer is lost while CometChat still stores it: a gateway's 504, stored half a second later.
			if (index % 79 === 3 && request.path === '/v3/messages') {
				planned.late++;
				return { ...gatewayTimeout, handleAfterMs: 500 };
			}
			return undefined;
		});
		const input = Array.from({ length: 2_000 }, (_, i) => ({ json: { uid: `load-${i}`, name: `Load ${i}` } }));

		const created = await run({ resource: 'user', operation: 'create', uid: '={{ $json.uid }}', name: '={{ $json.name }}' }, input);
		expect(created.error).toBeUndefined();
		expect(created.items.map((item) => item.json.uid)).toEqual(input.map((i) => i.json.uid));
		expect(created.items.map((item) => item.json.name)).toEqual(input.map((i) => i.json.name));
		const creates = emulator.requests.length;
		// A short settle time: every late message is stored long before it ends, so none may be reported unknown.
		const sent = await run(send({ receiver: byId('={{ $json.uid }}'), text: '=Welcome {{ $json.name }}', retry: { settleTime: 10 } }), input);
		expect(sent.error).toBeUndefined();
		expect(sent.items.map((item) => item.json.receiver)).toEqual(input.map((i) => i.json.uid));
		expect(sent.items.map((item) => item.json.muid)).toEqual(input.map((_, i) => derivedMuid(i)));
		expect(sent.items.map((item) => (item.json.data as { text: string }).text)).toEqual(input.map((i) => `Welcome ${i.json.name}`));

		// Every fault happened, and CometChat's own window throttled both runs.
		const log = emulator.requests;
		expect(planned.throttled.size).toBeGreaterThan(20);
		expect(planned.failed).toBeGreaterThan(5);
		expect(planned.dropped).toBeGreaterThan(20);
		expect(planned.late).toBeGreaterThan(5);
		const windowThrottled = (from: number, to: number) =>
			log.slice(from, to).filter((r, i) => r.status === 429 && !planned.throttled.has(from + i)).length;
		expect(windowThrottled(0, creates)).toBeGreaterThan(0);
		expect(windowThrottled(creates, log.length)).toBeGreaterThan(0);
		// Lost answers were looked up (the user read, the conversation listed), never blindly repeated.
		expect(log.some((r) => r.method === 'GET' && /^\/v3\/users\/load-\d+$/.test(r.path))).toBe(true);
		expect(log.some((r) => r.method === 'GET' && /^\/v3\/users\/load-\d+\/messages$/.test(r.path))).toBe(true);
		expect(emulator.inFlight.max).toBeLessThanOrEqual(10);

		// The emulator's state: each user once, each message once, to its user, with its item's MUID.
		expect([...emulator.state.users.keys()].sort()).toEqual(['alice', ...input.map((i) => i.json.uid)].sort());
		expect(emulator.state.messages).toHaveLength(2_000);
		const byReceiver = new Map(emulator.state.messages.map((m) => [m.receiver, m]));
		expect(byReceiver.size).toBe(2_000);
		input.forEach(({ json }, i) => expect(byReceiver.get(json.uid)).toMatchObject({ muid: derivedMuid(i), sender: 'app_system', data: { text: `Welcome ${json.name}` } }));
	}, 180_000);
});
