import { sleep, type INodeExecutionData, type INodeParameters } from 'n8n-workflow';
import { createEmulator, type Emulator } from '../emulator';
import { DEFAULT_MANAGEMENT_KEY, DEFAULT_MANAGEMENT_SECRET, managementStore } from '../emulator/management';
import { apiKeyStore } from '../emulator/routes/apiKeys';
import { seedMessage } from '../emulator/routes/messages';
import { managementNode, runNode, type NodeSettings } from '../harness';
import { toolCall } from '../harness/tool';
import { byId, faultOnce } from '../helpers';

// Independent attack on docs/behaviour.md's "Rate limits and retries" (#24), by a reviewer who had not
// written the code. Each test names the sentence it tried to break; "fixed:" marks one it broke, fixed since
// (the comment above it says how it broke), "held:" one it could not break.
describe('attack #24: rate limits and retries', () => {
	let emulator: Emulator;
	const retryOnFail: NodeSettings = { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 };
	const credentials = () => ({ appId: emulator.appId, apiKey: emulator.apiKey, baseUrl: emulator.url });
	const chat = (parameters: INodeParameters, input?: INodeExecutionData[], settings?: NodeSettings, continueOnFail?: boolean) =>
		runNode({ parameters, credentials: credentials(), input, settings, continueOnFail });
	const management = (parameters: INodeParameters, input?: INodeExecutionData[], settings: NodeSettings = retryOnFail) =>
		runNode({
			parameters,
			node: managementNode,
			credentials: { key: DEFAULT_MANAGEMENT_KEY, secret: DEFAULT_MANAGEMENT_SECRET, baseUrl: emulator.url.replace(/\/v3$/, '') },
			input,
			settings,
		});
	const log = () => emulator.requests.map((r) => `${r.method} ${r.path} ${r.status ?? 'dropped'}`);
	const send = (extra: Record<string, unknown> = {}) => ({ resource: 'message', operation: 'send', receiverType: 'user', receiver: byId('alice'), text: 'Hello', ...extra });
	afterEach(async () => emulator?.close());
	const start = async (options: Parameters<typeof createEmulator>[0] = {}) => {
		emulator = await createEmulator(options);
		emulator.seedUser({ uid: 'alice', name: 'Alice' });
	};

	// Sentence: "looks a message up ... from shortly before the first try by CometChat's own clock (the Date
	// header ..., with a few seconds' margin ...)". The code reads from n8n's clock less 300 s and keeps that
	// when CometChat's clock is not behind, so a message 4 minutes older than the try, with the user's MUID and
	// the same content (an earlier execution's), is output as this item's send, whose own request was never
	// stored: a lost write reported as success.
	it('fixed: "from shortly before the first try": a 4-minute-old message with the same user MUID and content is not this send', async () => {
		await start();
		const old = seedMessage(emulator.state, { sender: 'app_system', receiver: 'alice', text: 'Hello', sentAt: emulator.state.now() - 240 });
		old.muid = 'order-1';
		emulator.failNext({ drop: true }); // the answer is lost and CometChat never stored this one
		const { items, error } = await chat(send({ options: { muid: 'order-1' }, retry: { settleTime: 1 } }));
		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(/^CometChat did not confirm POST \/messages/);
	}, 30_000);

	// Same sentence, CometChat's clock 6 minutes AHEAD of n8n's: the window starts 11 minutes before the try by CometChat's clock.
	it('fixed: "from shortly before the first try", clock ahead: a 10-minute-old (CometChat time) message with the MUID and content is not this send', async () => {
		await start({ clockOffsetSeconds: 360 });
		const old = seedMessage(emulator.state, { sender: 'app_system', receiver: 'alice', text: 'Hello', sentAt: emulator.state.now() - 600 });
		old.muid = 'order-2';
		emulator.failNext({ drop: true });
		const { items, error } = await chat(send({ options: { muid: 'order-2' }, retry: { settleTime: 1 } }));
		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(/^CometChat did not confirm POST \/messages/);
	}, 30_000);

	// Sentence held: clock 6 minutes behind, late-storing gateway answer: one message.
	it('held: CometChat 6 min behind and a 504 stored 1.5 s later: found by the settle lookups, one message', async () => {
		await start({ clockOffsetSeconds: -360 });
		emulator.failNext({ status: 504, body: 'gw', handleAfterMs: 1500 });
		const { items, error } = await chat(send({ options: { muid: 'late-1' }, retry: { settleTime: 10 } }));
		expect(error).toBeUndefined();
		expect(emulator.state.messages).toHaveLength(1);
		expect(items[0].json).toMatchObject({ id: emulator.state.messages[0].id, muid: 'late-1' });
		expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
	}, 30_000);

	// Sentence: "gives each message one MUID within a run: two items with the same Message UID and the same
	// content send one message, which both items output" — with the first item's answer lost and stored late.
	it('held: two items, same MUID and content, first answer lost and stored late: one message, both output it', async () => {
		await start();
		emulator.failNext({ drop: true, handleAfterMs: 1200 });
		const input = [{ json: {} }, { json: {} }];
		const { items, error } = await chat(send({ options: { muid: 'same' }, retry: { settleTime: 10 } }), input);
		expect(error).toBeUndefined();
		expect(emulator.state.messages).toHaveLength(1);
		expect(items.map((item) => item.json.id)).toEqual([emulator.state.messages[0].id, emulator.state.messages[0].id]);
		expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
	}, 30_000);

	// Max Concurrent Requests 1: a settle wait keeps the only place, so the next item waits the whole settle time.
	// Not contradicted by a sentence (recorded as an observation): item 1's send comes after every lookup of item 0.
	it('observed: with Max Concurrent Requests 1 a settle wait blocks the other items for the whole settle time', async () => {
		await start();
		emulator.failNext({ drop: true }); // never stored: item 0 looks over the whole settle time
		const { items } = await chat(send({ text: '={{ $json.t }}', retry: { settleTime: 2, concurrency: 1 } }), [{ json: { t: 'a' } }, { json: { t: 'b' } }], undefined, true);
		expect(items.map((item) => (item.json.error ? 'error' : 'ok'))).toEqual(['error', 'ok']);
		const methods = emulator.requests.map((r) => r.method);
		expect(methods[0]).toBe('POST');
		expect(methods.lastIndexOf('GET')).toBeLessThan(methods.lastIndexOf('POST'));
		expect(methods.filter((m) => m === 'GET').length).toBeGreaterThan(1);
	}, 30_000);

	// Sentence: "page after page until the whole window is read, at most 100 pages". The lookup stops after 100
	// pages (LOOKUP_PAGES) and ends "outcome unknown" with the message on page 101 (a CometChat capping pages
	// at 10): the sentence first said the whole window, whatever its size; it now names the limit. Nothing is
	// sent twice.
	it('held (sentence corrected): a busy sender whose message is on page 101 of a 10-a-page list: "outcome unknown", one POST', async () => {
		await start({ messagePageCap: 10 });
		for (let i = 0; i < 1000; i++) seedMessage(emulator.state, { sender: 'app_system', receiver: 'alice', text: `busy ${i}` });
		emulator.failNext({ drop: true, handle: true });
		const { items, error } = await chat(send({ retry: { settleTime: 0 } }));
		expect(error?.description).toContain('more than 100 pages');
		expect(items).toHaveLength(0);
		expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
	}, 60_000);

	// Sentence: "retries a 429 for as long as Max Wait allows, however many times ... a throttled request was not carried out".
	it('held: a 429 storm (2 requests a 1 s window) over 8 sends: each sent once, all succeed', async () => {
		await start({ rateLimits: { standard: 2 }, rateWindowSeconds: 1 });
		const input = Array.from({ length: 8 }, (_, i) => ({ json: { t: `m${i}` } }));
		const { items, error } = await chat(send({ text: '={{ $json.t }}' }), input);
		expect(error).toBeUndefined();
		expect(emulator.requests.some((r) => r.status === 429)).toBe(true);
		expect(emulator.state.messages.map((m) => m.data.text).sort()).toEqual(input.map((item) => item.json.t).sort());
		expect(new Set(items.map((item) => item.json.muid)).size).toBe(8);
	}, 60_000);

	// Sentence: "0 turns retrying off": a 429 with Max Wait 0 is not retried, and the item says it was rate-limited.
	it('held: Max Wait 0, a 429 on a send: one request, error says rate-limited', async () => {
		await start();
		emulator.failNext({ status: 429, headers: { 'Retry-After': '0' }, body: { error: { message: 'Too many requests.', devMessage: '', source: 'chat-api', code: 'ERR_TOO_MANY_REQUESTS' } } }, 5);
		const { error } = await chat(send({ retry: { maxWait: 0 } }));
		expect(emulator.requests).toHaveLength(1);
		expect(`${error?.message} ${error?.description}`).toMatch(/rate-limited|Max Wait/i);
	});

	// Sentence: "still absent at the end, the item fails "outcome unknown" with a description naming the MUID, so
	// you can check." Under Continue On Fail n8n's error item holds only the message, and the message does not
	// name the MUID (only the description does): the item output cannot tell which MUID to check. BROKEN under
	// Continue On Fail (held otherwise: the error's description names it). Nothing is sent twice either way.
	it('fixed: under Continue On Fail "a description naming the MUID, so you can check": item 1 lost and never stored: items 0 and 2 sent once, item 1 "outcome unknown" naming its MUID, no key in it', async () => {
		await start();
		emulator.planFaults((request) => ((request.body as { data?: { text?: string } } | undefined)?.data?.text === 'b' && request.method === 'POST' ? { drop: true } : undefined));
		const input = [{ json: { t: 'a' } }, { json: { t: 'b' } }, { json: { t: 'c' } }];
		const { items } = await chat(send({ text: '={{ $json.t }}', options: { muid: '=m-{{ $json.t }}' }, retry: { settleTime: 1 } }), input, undefined, true);
		expect(items.map((item) => (item.json.error ? 'error' : item.json.muid))).toEqual(['m-a', 'error', 'm-c']);
		expect(JSON.stringify(items[1].json)).toContain('m-b');
		expect(JSON.stringify(items[1].json)).not.toContain(emulator.apiKey);
		expect(emulator.state.messages.map((m) => m.data.text).sort()).toEqual(['a', 'c']);
		expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(3);
	}, 30_000);

	// Sentence: "Two items with one UID: the second gets CometChat's ERR_UID_ALREADY_EXISTS". Item 0's create
	// is lost (never stored) while item 1's create of the same UID and fields succeeds; item 0 then reads the
	// user, sees one created during its try with every field it sent, and outputs it as created: two
	// "created" items, one create.
	it('fixed: "two items with one UID: the second gets ERR_UID_ALREADY_EXISTS": a lost create of item 0 takes item 1\'s user as its own', async () => {
		await start();
		let first = true;
		emulator.planFaults((request) => {
			if (!first || request.method !== 'POST' || request.path !== '/v3/users') return undefined;
			first = false;
			return { drop: true, delayMs: 300 }; // not stored; answered (lost) after item 1's create
		});
		const input = [{ json: {} }, { json: {} }];
		const { items } = await chat({ resource: 'user', operation: 'create', uid: 'carol', name: 'Carol' }, input, undefined, true);
		expect(emulator.state.users.has('carol')).toBe(true);
		expect(items.filter((item) => !item.json.error)).toHaveLength(1);
	}, 30_000);

	// Sentence: "a user created before the try (say, elsewhere 4 minutes earlier) ... fails the item "outcome unknown"" — under Retry On Fail too.
	it('held: User → Create, lost answer (not stored), a user of that UID made 4 minutes earlier: outcome unknown, never output', async () => {
		await start();
		emulator.seedUser({ uid: 'erin', name: 'Erin' });
		const user = emulator.state.users.get('erin') as { createdAt: number };
		user.createdAt = emulator.state.now() - 240;
		emulator.failNext({ drop: true });
		const { items, error } = await chat({ resource: 'user', operation: 'create', uid: 'erin', name: 'Erin' }, undefined, retryOnFail);
		expect(items).toHaveLength(0);
		expect(error?.description ?? error?.message).toMatch(/created before this try/);
		expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
	}, 30_000);

	// Sentence: "Two items with one UID: the second gets CometChat's ERR_UID_ALREADY_EXISTS, also under Retry On Fail" (no faults).
	it('held: two items with one UID under Retry On Fail: item 1 gets ERR_UID_ALREADY_EXISTS on every try, one user', async () => {
		await start();
		const { error } = await chat({ resource: 'user', operation: 'create', uid: 'frank', name: 'Frank', retry: { concurrency: 1 } }, [{ json: {} }, { json: {} }], retryOnFail);
		expect(error?.message).toMatch(/^ERR_UID_ALREADY_EXISTS/);
		// Item 0 created once (remembered on the re-runs); item 1 refused on each of the 3 tries.
		expect(log()).toEqual(['POST /v3/users 200', 'POST /v3/users 400', 'POST /v3/users 400', 'POST /v3/users 400']);
		expect(emulator.state.users.has('frank')).toBe(true);
	}, 30_000);

	// Sentence: API Key → Create under Retry On Fail: "a key ... with the name (and scope) that CometChat created
	// since the try by its own clock is the item's output". Two items asking for a key of one name: item 0's
	// create is lost and never stored, item 1's succeeds. The re-run outputs item 1's key as item 0's: two
	// items show one key, item 0's key was never made ("nothing lost" broken, reported as success).
	it('fixed: "API Key → Create ... created since the try is the item\'s output": item 0 outputs item 1\'s key; its own was never made', async () => {
		await start();
		faultOnce(emulator, 'POST', '/v3/apikeys', { drop: true });
		const { items, error } = await chat({ resource: 'apiKey', operation: 'create', name: 'Worker', scope: 'fullAccess' }, [{ json: {} }, { json: {} }], retryOnFail);
		const made = [...apiKeyStore(emulator.state).keys.values()].filter((key) => key.name === 'Worker');
		// Item 0 cannot tell item 1's key from its own: "outcome unknown", never one key shown as two creates.
		expect(items).toHaveLength(0);
		expect(error?.description).toContain('item 1 of this run asked for a fullAccess key named "Worker" too, so the one found may be its');
		expect(made).toHaveLength(1);
	}, 30_000);

	// Same for Management App → Create.
	it('fixed: "Management App → Create ... created since the try is the item\'s output": item 0 outputs item 1\'s app', async () => {
		await start();
		faultOnce(emulator, 'POST', '/apps', { drop: true });
		const { items, error } = await management({ resource: 'app', operation: 'create', name: 'Twin', region: 'eu' }, [{ json: {} }, { json: {} }]);
		const apps = [...managementStore(emulator.state).apps.values()].filter((app) => app.name === 'Twin');
		expect(items).toHaveLength(0);
		expect(error?.description).toContain('item 1 of this run asked for an app named "Twin" in eu too, so the one found may be its');
		expect(apps).toHaveLength(1);
	}, 30_000);

	// Sentence: Retry On Fail "a write whose outcome is unknown is not sent again" — with a wait between tries.
	it('held: Retry On Fail with a 1 s wait does not send a lost Message → Update again', async () => {
		await start();
		const id = seedMessage(emulator.state, { sender: 'alice', receiver: 'alice', text: 'Typo' }).id;
		emulator.failNext({ status: 502, body: 'gw', handleAfterMs: 300 });
		const { error } = await chat({ resource: 'message', operation: 'update', messageId: id, updateFields: { text: 'Fixed' } }, undefined, { ...retryOnFail, waitBetweenTries: 1000 });
		expect(error?.message).toMatch(/^An earlier try of this node got no answer to PUT \/messages\//);
		expect(log()).toEqual([`PUT /v3/messages/${id} 502`]);
	}, 30_000);

	// Sentence: Retry On Fail keeps the MUID; a send stored after the first try gave up is found by the re-run (wait 2 s).
	it('held: a send stored after the settle time ended is found by the Retry On Fail re-run, not sent again', async () => {
		await start();
		emulator.failNext({ status: 504, body: 'gw', handleAfterMs: 1500 });
		const { items, error } = await chat(send({ retry: { settleTime: 0 } }), undefined, { ...retryOnFail, waitBetweenTries: 2000 });
		expect(error).toBeUndefined();
		expect(emulator.state.messages).toHaveLength(1);
		expect(items[0].json.id).toBe(emulator.state.messages[0].id);
		expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
	}, 30_000);

	// Sentence: User → Create with Auth Token: a user found after a lost answer fails "outcome unknown" (no token), and Retry On Fail does not change that.
	it('held: User → Create with auth token, answer lost (stored): outcome unknown, no token leaked, not created twice', async () => {
		await start();
		emulator.failNext({ drop: true, handle: true });
		const { error, items } = await chat({ resource: 'user', operation: 'create', uid: 'dave', name: 'Dave', options: { withAuthToken: true } }, undefined, retryOnFail);
		expect(items).toHaveLength(0);
		expect(error?.message).toMatch(/did not (confirm|repeat)|may or may not/);
		expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
		const text = JSON.stringify({ message: error?.message, description: error?.description });
		expect(text).not.toContain(emulator.apiKey);
	}, 30_000);
});

// The AI tool path (n8n-core's makeHandleToolInvocation, as test/shared/tries.test.ts calls it): each try a new run index.
describe('attack #24: the AI tool wrapper path', () => {
	let emulator: Emulator;
	afterEach(async () => emulator?.close());
	const asTool = (parameters: INodeParameters) => toolCall(emulator, parameters);
	const start = async () => {
		emulator = await createEmulator();
		emulator.seedUser({ uid: 'alice', name: 'Alice' });
	};
	const outcome = async (call: Promise<string>) => await call.then((answer) => ({ answer, error: undefined }), (error: Error) => ({ answer: undefined, error }));

	// Sentence: "Every other write is remembered as said above" — on the tool path too: an edit whose answer was lost is not made again by the wrapper's tries.
	it('held: tool Message → Update, answer lost (stored): the wrapper\'s tries do not edit again', async () => {
		await start();
		const id = seedMessage(emulator.state, { sender: 'alice', receiver: 'alice', text: 'Typo' }).id;
		emulator.failNext({ status: 502, body: 'gw', handleAfterMs: 100 });
		const { error } = await outcome(asTool({ resource: 'message', operation: 'update', messageId: id, updateFields: { text: 'Fixed' } })({ text: 'x' }));
		expect(error?.message).toMatch(/no answer to PUT \/messages\//);
		expect(emulator.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
	});

	// Sentence: "API Key → Create lists the app's keys by name and scope" — on the tool path: one key, returned.
	it('held: tool API Key → Create, answer lost (stored): the second try finds the key, one key made', async () => {
		await start();
		emulator.failNext({ drop: true, handle: true });
		const { answer, error } = await outcome(asTool({ resource: 'apiKey', operation: 'create', name: 'Agent key', scope: 'fullAccess' })({ q: 1 }));
		expect(error).toBeUndefined();
		const made = [...apiKeyStore(emulator.state).keys.values()].filter((key) => key.name === 'Agent key');
		expect(made).toHaveLength(1);
		expect(JSON.parse(answer ?? '[]')).toEqual([expect.objectContaining({ apiKey: made[0].apiKey })]);
	});

	// Sentence: sends on the tool path: "a retry looks up every message an earlier try may have stored ... what it cannot find it does not send again", settle 0, stored late.
	it('held: tool Send, 504 stored 1.5 s later, settle 0: the tries end "outcome unknown", never a second message', async () => {
		await start();
		emulator.failNext({ status: 504, body: 'gw', handleAfterMs: 1500 });
		const { error } = await outcome(asTool({ resource: 'message', operation: 'send', receiverType: 'user', receiver: byId('alice'), text: 'Hi', retry: { settleTime: 0 } })({ text: 'Hi' }));
		expect(error?.message).toMatch(/may already have been sent|did not confirm/);
		await sleep(2000); // let the late store land (not a timing assertion)
		expect(emulator.state.messages).toHaveLength(1);
		expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
	});
});
