/**
 * Independent attack on docs/trigger.md (issue #25), in n8n's engine (test/harness/trigger.ts) against
 * the emulator: idempotency keys (a retry with changed non-key data, a key field missing), the 32 KB set
 * and which entries go first, the process memory cap, a slow app-key lookup, deactivating and activating
 * while a download is in flight, test listener against production. Each test names the sentence of
 * docs/trigger.md it tried to break. Two broke the oldest-first sentence and were fixed; two that break a
 * sentence as first written stay `it.failing`, as the limits docs/trigger.md now states (a fix flips them).
 */
import type { IDataObject } from 'n8n-workflow';
import { createEmulator, type Emulator } from '../emulator';
import { DEFAULT_MANAGEMENT_KEY, DEFAULT_MANAGEMENT_SECRET, managementStore } from '../emulator/management';
import { deliver, deliverAs, envelope } from '../emulator/webhooks';
import * as dedupe from '../../nodes/CometChatTrigger/dedupe';
import * as payload from '../../nodes/CometChatTrigger/payload';
import { startTrigger, triggerType, type TriggerHarness, type TriggerSetup } from '../harness/trigger';

const AUTH = { username: 'n8nhooks', password: 'Wq7Zr2Lp9Xk4Vb8Nm3Ty6Hs1' };
const text = (id: string) => ({ id, sender: 'cometchat-uid-1', receiverType: 'user', receiver: 'cometchat-uid-2', category: 'message', type: 'text', data: { text: `m ${id}` }, sentAt: 1696934912 });
const receipt = (n: number) => envelope('message_read_receipt', { type: 'receipts', sender: 'cometchat-uid-2', receiver: 'cometchat-uid-1', receiverType: 'user', body: { messageId: String(n), user: { uid: 'cometchat-uid-2' }, readAt: 1696934912 + n } });

const open: TriggerHarness[] = [];
async function trigger(setup: Partial<TriggerSetup> = {}): Promise<TriggerHarness> {
	const harness = await startTrigger({ parameters: { registration: 'manual', events: ['*'] }, credentials: { cometChatWebhookAuthApi: AUTH }, ...setup });
	open.push(harness);
	return harness;
}
afterEach(async () => {
	await Promise.all(open.splice(0).map((h) => h.close()));
});
const message = (d: { body: unknown }) => (d.body as { message: string }).message;

describe('x25 attack: idempotency keys', () => {
	// "such an event is never started twice, however late it comes again": a retry whose non-key data changed.
	it('a call_initiated retry with every non-key field changed (and a new top-level field) starts nothing', async () => {
		const t = await trigger();
		const call = { id: '77', sentAt: 1744960250, updatedAt: 1744960250, receiverType: 'user', receiver: 'cometchat-uid-5', sender: 'cometchat-uid-1', category: 'call', type: 'audio', data: { action: 'initiated' } };
		expect(message(await deliver(t.url, envelope('call_initiated', { call }, { type: 'call' }), { auth: AUTH }))).toBe('Workflow was started');
		const changed = { ...envelope('call_initiated', { call: { ...call, updatedAt: 1744960299, data: { action: 'ongoing', extra: [1, 2, 3] } }, more: true }, { type: 'call', region: 'eu' }), retried: 1 };
		expect(message(await deliver(t.url, changed, { auth: AUTH }))).toBe('Event already received; ignored');
		expect(await t.executions()).toHaveLength(1);
	});

	// "(and one missing a field of its key) is identified by a hash of its whole data ... only within 2 minutes".
	it.each([
		['call_ended without destroyed_at', envelope('call_ended', { sessionId: 'v1.us.k1', created_at: 1 }, { type: 'call' })],
		['call_ended with destroyed_at null', envelope('call_ended', { sessionId: 'v1.us.k1', destroyed_at: null }, { type: 'call' })],
		['message_sent whose id is an object', envelope('message_sent', { message: { ...text('x'), id: { a: 1 } } })],
		['message_sent whose id is ""', envelope('message_sent', { message: { ...text('x'), id: '' } })],
		['recording_generated without sessionId', envelope('recording_generated', { startTime: '1696937627' }, { type: 'call' })],
	])('%s: hashed (windowed), the copy within 2 minutes ignored, after 2 minutes a new event', (_name, event) => {
		const identity = payload.eventIdentity(event as payload.Envelope);
		expect(identity.windowed).toBe(true);
		expect(identity.dedupeKey).toMatch(/:data-[0-9a-f]{32}$/);
		const global: IDataObject = {};
		const scope = { workflow: `test\nx25 missing ${_name}`, node: 'n', global };
		const t0 = 1_800_000_000_000;
		expect(dedupe.admit(scope, {}, [identity], t0).fresh).toEqual([true]);
		expect(dedupe.admit(scope, {}, [identity], t0 + 30_000).fresh).toEqual([false]);
		expect(dedupe.admit(scope, {}, [identity], t0 + 121_000).fresh).toEqual([true]);
	});

	it('an event missing a key field, in the engine: started once, its retry ignored', async () => {
		const t = await trigger();
		const event = envelope('call_ended', { sessionId: 'v1.us.k2', all_occupants: [] }, { type: 'call' });
		expect(message(await deliver(t.url, event, { auth: AUTH }))).toBe('Workflow was started');
		expect(message(await deliver(t.url, event, { auth: AUTH }))).toBe('Event already received; ignored');
		const [run] = await t.executions();
		expect(String(run.items[0].json.dedupeKey)).toMatch(/^demo-app:n8n-hook:call_ended:data-/);
	});
	// "within those 2 minutes the same data twice is taken for a retry": the same data re-serialised (key
	// order, whitespace, \u escapes, 1.0 for 1) must hash the same, or a retry starts a second execution.
	it('a hashed event resent with its keys reordered, other whitespace, \\u escapes and 1.0 for 1 is the same event', async () => {
		const t = await trigger();
		const first = '{"trigger":"moderation_engine_blocked","appId":"demo-app","region":"us","webhook":"n8n-hook","data":{"message":{"id":"7","text":"café","n":1},"reviewed":false}}';
		const again = ' { "data" : { "reviewed" : false , "message" : { "n" : 1.0 , "text" : "caf\\u00e9" , "id" : "7" } } , "webhook":"n8n-hook","region":"us","appId":"demo-app","trigger":"moderation_engine_blocked" } ';
		expect(message(await deliver(t.url, first, { auth: AUTH }))).toBe('Workflow was started');
		expect(message(await deliver(t.url, again, { auth: AUTH }))).toBe('Event already received; ignored');
	});
});

describe('x25 attack: the 32 KB set and which events go first', () => {
	// Broken: "its newest 1,100 to 1,170 events (the oldest go first; hashed events leave after 2 minutes)"
	// and "such an event is never started twice, however late it comes again". tidy() cuts `seen` (keyed
	// events) first, assuming every hashed entry is newer than every keyed one; a stream of hashed events
	// (read receipts of a busy app on All Events) pushes out a keyed event admitted seconds ago while
	// hashed entries older than it stay.
	it('a message_sent admitted after 1,160 receipts is still known after 20 more receipts (the oldest go first)', () => {
		const global: IDataObject = {};
		const scope = { workflow: 'test\nx25 receipts', node: 'n', global };
		const t0 = 1_800_000_000_000;
		expect(dedupe.admit(scope, {}, Array.from({ length: 1160 }, (_, n) => payload.eventIdentity(receipt(n) as payload.Envelope)), t0).fresh.every(Boolean)).toBe(true);
		const sent = payload.eventIdentity(envelope('message_sent', { message: text('5001') }) as payload.Envelope);
		expect(dedupe.admit(scope, {}, [sent], t0 + 10_000).fresh).toEqual([true]);
		dedupe.admit(scope, {}, Array.from({ length: 20 }, (_, n) => payload.eventIdentity(receipt(2000 + n) as payload.Envelope)), t0 + 11_000);
		// CometChat's retry of the message 10 s later (and the same after a restart, read from the static data).
		expect(dedupe.admit(scope, {}, [sent], t0 + 20_000).fresh).toEqual([false]);
	});

	it('in the engine: 1,160 receipts, a message, 20 receipts, the message\'s retry starts nothing', async () => {
		const t = await trigger();
		expect(message(await deliver(t.url, Array.from({ length: 1160 }, (_, n) => receipt(n)), { auth: AUTH }))).toBe('Workflow was started');
		const sent = envelope('message_sent', { message: text('5002') });
		expect(message(await deliver(t.url, sent, { auth: AUTH }))).toBe('Workflow was started');
		await deliver(t.url, Array.from({ length: 20 }, (_, n) => receipt(3000 + n)), { auth: AUTH });
		expect(message(await deliver(t.url, sent, { auth: AUTH }))).toBe('Event already received; ignored');
	});

	// A limit docs/trigger.md states ("One delivery of more events than a set holds…"), kept failing on purpose.
	// Sentence: "each at most 32 KB, its newest 1,100 to 1,170 events". One JSON-array delivery of 2,000
	// message_sent events (the docs accept an array body); CometChat retries the whole request.
	it.failing('the retry of one array delivery of 2,000 keyed events starts nothing (the set keeps only its newest ~1,100)', async () => {
		const t = await trigger();
		const batch = Array.from({ length: 2000 }, (_, n) => envelope('message_sent', { message: text(String(9000 + n)) }));
		expect(message(await deliver(t.url, batch, { auth: AUTH }))).toBe('Workflow was started');
		const retry = await deliver(t.url, batch, { auth: AUTH });
		const runs = await t.executions();
		expect(runs.map((r) => r.items.length)).toEqual([2000]);
		expect(message(retry)).toBe('Event already received; ignored');
	});
});

describe('x25 attack: the process memory cap', () => {
	// A limit docs/trigger.md states (one workflow's sets are never cut), kept failing on purpose.
	// Broken as first written: "It holds at most 4 MiB of sets, counted as their bytes (128 full sets ...)": the workflow
	// being admitted is never forgotten (withinCap keeps it), so one workflow with more than 128 full
	// trigger-node sets takes the process past the cap.
	it.failing('one workflow with 160 trigger nodes, each with a full set, stays within 4 MiB', () => {
		const global: IDataObject = {};
		const t0 = 1_800_000_000_000;
		for (let node = 0; node < 160; node += 1) {
			const ids = Array.from({ length: 1200 }, (_, n) => ({ dedupeKey: `demo-app:h:message_sent:${node}-${n}`, windowed: false }));
			dedupe.admit({ workflow: 'webhook\nx25 many nodes', node: `node-${node}`, global }, {}, ids, t0);
		}
		expect(dedupe.memoryUsage().bytes).toBeLessThanOrEqual(dedupe.MEMORY_MAX_BYTES);
	});
});

describe('x25 attack: automatic registration against the emulator', () => {
	let emulator: Emulator;
	beforeAll(async () => {
		emulator = await createEmulator();
	});
	beforeEach(() => emulator.reset());
	afterAll(() => emulator.close());
	const origin = () => emulator.url.replace(/\/v3$/, '');
	const automatic = (extra: Partial<TriggerSetup> = {}): TriggerSetup => ({
		...extra,
		parameters: { registration: 'automatic', appId: 'demo-app', events: ['message_sent'], ...extra.parameters },
		credentials: { cometChatManagementApi: { key: DEFAULT_MANAGEMENT_KEY, secret: DEFAULT_MANAGEMENT_SECRET, baseUrl: origin() } },
	});
	const store = () => managementStore(emulator.state);
	const hooks = () => [...store().appWebhooks('demo-app').values()];
	const media = (id: string, delayMs: number, hang = false) => {
		const name = `x25-${id}.png`;
		store().putMedia('demo-app', name, { mimeType: 'image/png', data: Buffer.from(`png ${id}`), delayMs, hang });
		const url = `${origin()}/demo-app/media/${name}`;
		return envelope('message_sent', { message: { ...text(id), type: 'image', data: { text: '', url, attachments: [{ url, name, mimeType: 'image/png' }] } } });
	};
	const downloading = (options: IDataObject = {}) => automatic({ persistence: 'n8n', parameters: { options: { downloadAttachments: true, ...options } } });

	// "With automatic registration the app-key lookup counts toward Attachment Time Limit per Event".
	it('a slow app-key lookup and then a file that never ends: both inside the 1 s event limit (not the 30 s per-file timeout)', async () => {
		const t = await trigger(downloading({ attachmentEventTimeout: 1 }));
		await t.activate();
		const [hook] = hooks();
		emulator.failNext({ delayMs: 700 });
		expect((await deliverAs(hook, t.url, media('h1', 0, true))).status).toBe(200);
		const [run] = await t.executions();
		expect((run.items[0].json.attachmentErrors as IDataObject[]).map((e) => e.code)).toEqual(['event_time_limit']);
	}, 10_000);

	// "Deactivating deletes that webhook and forgets the pair"; "Nothing lost": the answered delivery still starts.
	it('deactivate, activate, deactivate while a download is in flight: the delivery still starts once, its save leaves no pair', async () => {
		const t = await trigger(downloading());
		await t.activate();
		const [old] = hooks();
		expect((await deliverAs(old, t.url, media('d1', 1500))).status).toBe(200);
		expect(await t.deactivate()).toBe(true);
		expect(await t.activate()).toEqual({ existed: false, created: true });
		expect(await t.deactivate()).toBe(true);
		const runs = await t.executions();
		expect(runs).toHaveLength(1);
		expect(runs[0].items[0].binary?.attachment_0).toBeDefined();
		expect(t.staticData().basicAuth ?? {}).not.toHaveProperty('password');
		expect(t.savedStaticData()).not.toMatchObject({ 'node:CometChat Trigger': { basicAuth: { password: expect.anything() as unknown } } });
		expect(await t.activate()).toEqual({ existed: false, created: true });
		const [renewed] = hooks();
		expect(renewed.password).not.toBe(old.password);
		expect((await deliverAs(old, t.url, envelope('message_sent', { message: text('d2') }))).status).toBe(401);
	});

	it('after a restart (a fresh node type) a delivery with the pair of before the last deactivation is refused', async () => {
		const t = await trigger(downloading());
		await t.activate();
		const [old] = hooks();
		expect((await deliverAs(old, t.url, media('r1', 1000))).status).toBe(200);
		expect(await t.deactivate()).toBe(true);
		await t.executions();
		const saved = JSON.parse(JSON.stringify(t.savedStaticData())) as IDataObject;
		const again = await trigger({ ...downloading(), staticData: saved, nodeType: new (triggerType.constructor as new () => typeof triggerType)(), workflowId: t.workflow.id, webhookId: t.node.webhookId });
		expect((await deliverAs(old, again.url, envelope('message_sent', { message: text('r2') }))).status).toBe(401);
	});

	// "the production pair does not open the test URL, the test pair does not open the production URL";
	// dedupe: test deliveries are apart from production ones.
	it('test listener and production on one workflow: pairs do not cross, and an event tried on the test URL still starts production', async () => {
		const production = await trigger(automatic({ workflowId: 'wf-x25-listen' }));
		await production.activate();
		const test = await trigger({ ...automatic({ workflowId: 'wf-x25-listen' }), mode: 'manual', webhookId: production.node.webhookId });
		await test.activate();
		const live = hooks().find((h) => h.webhookURL === production.webhookUrl)!;
		const listening = hooks().find((h) => h.webhookURL === test.webhookUrl)!;
		const event = envelope('message_sent', { message: text('t1') });
		expect((await deliverAs(live, test.url, event)).status).toBe(401);
		expect((await deliverAs(listening, production.url, event)).status).toBe(401);
		expect(message(await deliverAs(listening, test.url, event))).toBe('Workflow was started');
		expect(message(await deliverAs(live, production.url, event))).toBe('Workflow was started');
		expect(message(await deliverAs(live, production.url, event))).toBe('Event already received; ignored');
		// Production's saved static data holds no test pair and no test seen-set.
		expect(JSON.stringify(production.staticData())).not.toContain(listening.password);
		await test.deactivate();
		expect(message(await deliverAs(live, production.url, envelope('message_sent', { message: text('t2') })))).toBe('Workflow was started');
	});
});
