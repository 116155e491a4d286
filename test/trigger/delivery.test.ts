/**
 * CometChat Trigger, hostile and unusual deliveries in n8n's engine (test/harness/trigger.ts): deeply
 * nested data, CometChat's documented idempotency keys of call, meeting and recording events, a real
 * repeat of a hashed event inside the retry window, and messages with very many attachments.
 */
import type { IDataObject } from 'n8n-workflow';
import { deliver, envelope } from '../emulator/webhooks';
import * as dedupe from '../../nodes/CometChatTrigger/dedupe';
import * as payload from '../../nodes/CometChatTrigger/payload';
import { startTrigger, type TriggerHarness, type TriggerSetup } from '../harness/trigger';

const AUTH = { username: 'n8nhooks', password: 'Wq7Zr2Lp9Xk4Vb8Nm3Ty6Hs1' };
const george = { uid: 'cometchat-uid-2', name: 'George Alan' };

const open: TriggerHarness[] = [];
async function trigger(extra: Partial<TriggerSetup> = {}): Promise<TriggerHarness> {
	const harness = await startTrigger({
		...extra,
		parameters: { registration: 'manual', events: ['*'], ...extra.parameters },
		credentials: { cometChatWebhookAuthApi: AUTH },
	});
	open.push(harness);
	return harness;
}
afterEach(async () => {
	await Promise.all(open.splice(0).map((h) => h.close()));
});

/** `{level: {level: … {bottom: true}}}`, `depth` objects deep, built without recursion. */
function nested(depth: number): IDataObject {
	let value: IDataObject = { bottom: true };
	for (let n = 0; n < depth; n += 1) value = { level: value };
	return value;
}
function depthOf(value: unknown): number {
	let depth = 0;
	for (let at = value as IDataObject; at && typeof at.level === 'object'; at = at.level as IDataObject) depth += 1;
	return depth;
}

const blockedMessage = (id: string, metadata: IDataObject) => ({
	message: { id, sender: george.uid, receiverType: 'group', receiver: 'cometchat-guid-1', category: 'message', type: 'text', data: { text: 'buy pills', metadata } },
	moderation: [{ status: 'blocked' }],
	reviewed: false,
});

describe('CometChat Trigger: deeply nested data', () => {
	/** The delivery as CometChat's JSON text, made by hand: JSON.stringify itself overflows on such depth. */
	const deepBody = (trigger_: string, id: string, depth: number, extra = '') =>
		`{"trigger":"${trigger_}","appId":"demo-app","region":"us","webhook":"n8n-hook","data":{"message":{"id":"${id}","sender":"${george.uid}","receiverType":"group","receiver":"cometchat-guid-1","category":"message","type":"text","data":{"text":"buy pills","metadata":${'{"level":'.repeat(depth)}{"bottom":true${extra}}${'}'.repeat(depth)}}},"moderation":[{"status":"blocked"}],"reviewed":false}}`;
	// metadata sits 4 levels below `data` (data → message → data → metadata): 252 of its levels are kept.
	const KEPT = payload.MAX_NESTING - 4;

	// 4,000 levels (about 24 KB, as in issue #25) and far deeper: answered once, started once, never lost.
	it.each([4_000, 100_000])('an event hashed for its identity, nested %i levels, is answered 200, starts the workflow once with the depth cut, and its retry is ignored', async (depth) => {
		const t = await trigger();
		const body = deepBody('moderation_engine_blocked', '900', depth);
		expect(await deliver(t.url, body, { auth: AUTH })).toMatchObject({ status: 200, body: { message: 'Workflow was started' } });
		expect(await deliver(t.url, body, { auth: AUTH })).toMatchObject({ status: 200, body: { message: 'Event already received; ignored' } });
		const executions = await t.executions();
		expect(t.webhookErrors).toEqual([]);
		expect(executions).toHaveLength(1);
		const item = executions[0].items[0].json as IDataObject;
		expect(item).toMatchObject({ trigger: 'moderation_engine_blocked', nestingCut: true, sender: { uid: george.uid }, group: { guid: 'cometchat-guid-1' } });
		let metadata = ((item.message as IDataObject).data as IDataObject).metadata as IDataObject;
		expect(depthOf(metadata)).toBe(KEPT);
		while (typeof metadata.level === 'object') metadata = metadata.level as IDataObject;
		expect(metadata).toEqual({ level: payload.NESTING_CUT });
		// What n8n does with an execution's data (save it as JSON, copy it) works on what the trigger gives.
		expect(() => JSON.stringify(executions[0].run.data)).not.toThrow();
	});

	it('an event within the depth limit is not cut', async () => {
		const t = await trigger();
		await deliver(t.url, deepBody('moderation_engine_blocked', '902', KEPT - 1), { auth: AUTH });
		const [execution] = await t.executions();
		expect(execution.items[0].json.nestingCut).toBeUndefined();
		expect(depthOf(((execution.items[0].json.message as IDataObject).data as IDataObject).metadata)).toBe(KEPT - 1);
	});

	it('a keyed event nested deeply, which repeats the webhook password inside the kept depth, starts the workflow with the password cut out', async () => {
		const t = await trigger();
		const metadata = nested(4_000);
		let at = metadata;
		for (let n = 0; n < 100; n += 1) at = at.level as IDataObject;
		at.note = `password ${AUTH.password}`;
		const event = envelope('message_sent', { message: blockedMessage('901', metadata).message });
		expect(await deliver(t.url, event, { auth: AUTH })).toMatchObject({ status: 200, body: { message: 'Workflow was started' } });
		expect(await deliver(t.url, event, { auth: AUTH })).toMatchObject({ status: 200, body: { message: 'Event already received; ignored' } });
		const executions = await t.executions();
		expect(t.webhookErrors).toEqual([]);
		expect(executions).toHaveLength(1);
		let out = ((executions[0].items[0].json.message as IDataObject).data as IDataObject).metadata as IDataObject;
		for (let n = 0; n < 100; n += 1) out = out.level as IDataObject;
		expect(out.note).toBe('password [redacted]');
		expect(JSON.stringify(executions[0].items)).not.toContain(AUTH.password);
	});
});

describe('CometChat Trigger: documented idempotency keys (calls, meetings, recordings)', () => {
	const call = (id: string, sentAt: number, action: string) => ({
		call: { id, conversationId: 'cometchat-uid-1_user_cometchat-uid-5', sender: 'cometchat-uid-1', receiverType: 'user', receiver: 'cometchat-uid-5', category: 'call', type: 'audio', data: { action }, sentAt, updatedAt: sentAt },
	});
	const occupant = { joined_at: 1696934573, audio_call: 'true', name: 'Andrew Joseph' };
	// Payloads and keys from CometChat's "Ringing Events" and "Call Session Events" pages (reference §9.1).
	const cases: Array<[string, IDataObject, string, IDataObject]> = [
		['call_initiated', call('52', 1696934199, 'initiated'), '52:1696934199', call('52', 1696934299, 'initiated')],
		['call_busy', call('43414', 1744960250, 'busy'), '43414:1744960250', call('43415', 1744960250, 'busy')],
		['call_cancelled', call('43408', 1744960111, 'cancelled'), '43408:1744960111', call('43409', 1744960111, 'cancelled')],
		['call_rejected', call('43406', 1744960092, 'rejected'), '43406:1744960092', call('43406', 1744960093, 'rejected')],
		['call_unanswered', call('43410', 1744960170, 'unanswered'), '43410:1744960170', call('43411', 1744960170, 'unanswered')],
		['call_started', { created_at: 1696934572, sessionId: 'v1.us.s1' }, 'v1.us.s1:1696934572', { created_at: 1696934573, sessionId: 'v1.us.s1' }],
		['call_participant_joined', { occupant, sessionId: 'v1.us.s1' }, 'v1.us.s1:1696934573', { occupant: { ...occupant, joined_at: 1696934600 }, sessionId: 'v1.us.s1' }],
		['call_participant_left', { occupant: { ...occupant, left_at: 1696934553 }, sessionId: 'v1.us.s1' }, 'v1.us.s1:1696934553', { occupant: { ...occupant, left_at: 1696934650 }, sessionId: 'v1.us.s1' }],
		['call_ended', { all_occupants: [occupant], destroyed_at: 1696934553, created_at: 1696934501, sessionId: 'v1.us.s1' }, 'v1.us.s1:1696934553', { all_occupants: [], destroyed_at: 1696934553, created_at: 1696934501, sessionId: 'v1.us.s2' }],
		['meeting_started', { created_at: 1696934692, sessionId: 'v1.us.m1' }, 'v1.us.m1:1696934692', { created_at: 1696934692, sessionId: 'v1.us.m2' }],
		['meeting_participant_joined', { occupant: { ...occupant, joined_at: 1696934692 }, sessionId: 'v1.us.m1' }, 'v1.us.m1:1696934692', { occupant: { ...occupant, joined_at: 1696934700 }, sessionId: 'v1.us.m1' }],
		['meeting_participant_left', { occupant: { ...occupant, left_at: 1696934730 }, sessionId: 'v1.us.m1' }, 'v1.us.m1:1696934730', { occupant: { ...occupant, left_at: 1696934731 }, sessionId: 'v1.us.m1' }],
		['meeting_ended', { all_occupants: [], destroyed_at: 1696934730, created_at: 1696934692, sessionId: 'v1.us.m1' }, 'v1.us.m1:1696934730', { all_occupants: [], destroyed_at: 1696934740, created_at: 1696934692, sessionId: 'v1.us.m1' }],
		['recording_generated', { recordingDate: '2023-10-10', duration: '21.433000', startTime: '1696937627', sessionId: 'v1.us.m1', recording_url: 'https://x/rec.mp4' }, 'v1.us.m1:1696937627', { recordingDate: '2023-10-10', duration: '21.433000', startTime: '1696937700', sessionId: 'v1.us.m1', recording_url: 'https://x/rec2.mp4' }],
	];

	it.each(cases)('%s: keyed by CometChat\'s fields, never expiring; another value of them is another event', async (trigger_, data, key, other) => {
		const event = envelope(trigger_, data, { type: trigger_.startsWith('meeting') ? 'meet' : 'call' });
		const identity = payload.eventIdentity(event as payload.Envelope);
		expect(identity).toEqual({ dedupeKey: `demo-app:n8n-hook:${trigger_}:${key}`, windowed: false });
		// Keyed: a copy is a duplicate long after the 2-minute window (a new process reading the saved set).
		const store: IDataObject = {};
		const t0 = 1_800_000_000_000;
		expect(dedupe.admit({ workflow: `test\nkeys ${trigger_}`, node: 'node-1', global: store }, {}, [identity], t0).fresh).toEqual([true]);
		const restarted = { workflow: `test\nkeys ${trigger_} restarted`, node: 'node-1', global: JSON.parse(JSON.stringify(store)) as IDataObject };
		expect(dedupe.admit(restarted, {}, [identity], t0 + 24 * 3600 * 1000).fresh).toEqual([false]);

		// In the engine: the retry starts nothing, the other event starts its own execution.
		const t = await trigger();
		expect((await deliver(t.url, event, { auth: AUTH })).body).toEqual({ message: 'Workflow was started' });
		expect((await deliver(t.url, { ...event, data: { ...data, extra: 'the data may differ on a retry; the key does not' } }, { auth: AUTH })).body).toEqual({
			message: 'Event already received; ignored',
		});
		expect((await deliver(t.url, { ...event, data: other }, { auth: AUTH })).body).toEqual({ message: 'Workflow was started' });
		const executions = await t.executions();
		expect(executions.map((e) => e.items[0].json.dedupeKey)).toEqual([identity.dedupeKey, payload.eventIdentity({ ...event, data: other } as payload.Envelope).dedupeKey]);
	});

	it('an event missing a field of its key falls back to the hash of its data, within the retry window', () => {
		const identity = payload.eventIdentity(envelope('call_busy', { call: { id: '43414' } }) as payload.Envelope);
		expect(identity).toEqual({ dedupeKey: expect.stringMatching(/^demo-app:n8n-hook:call_busy:data-[0-9a-f]{32}$/) as unknown, windowed: true });
		const noSession = payload.eventIdentity(envelope('meeting_ended', { destroyed_at: 1 }) as payload.Envelope);
		expect(noSession.windowed).toBe(true);
		// Every other event keeps the hash window: user_mentioned, receipts, moderation, …
		for (const trigger_ of ['user_mentioned', 'transcription_generated', 'moderation_engine_blocked', 'user_blocked']) {
			expect(payload.eventIdentity(envelope(trigger_, { sessionId: 's', created_at: 1, message: { id: '1' } }) as payload.Envelope).windowed).toBe(true);
		}
	});
});

describe('CometChat Trigger: a hashed event repeated for real inside the retry window', () => {
	it('blocked, unblocked and blocked again within 2 minutes start the workflow three times; a retry still starts nothing', async () => {
		const andrew = { uid: 'cometchat-uid-1', name: 'Andrew Joseph' };
		const t = await trigger();
		const data = { users: { [george.uid]: george }, by: andrew };
		const blocked = envelope('user_blocked', data);
		for (const event of [blocked, blocked, envelope('user_unblocked', data), blocked, blocked]) {
			await deliver(t.url, event, { auth: AUTH });
		}
		const executions = await t.executions();
		expect(executions.map((e) => e.items[0].json.trigger)).toEqual(['user_blocked', 'user_unblocked', 'user_blocked']);
	});
});


describe('CometChat Trigger: messages with very many attachments', () => {
	it('duplicate URLs are dropped in one pass: first occurrence kept, order kept, no search of the list per attachment', () => {
		const urls = Array.from({ length: 20_000 }, (_, n) => `https://files-us.cometchat.io/demo-app/media/f${n % 5_000}.png`);
		const message = { data: { attachments: urls.map((url, n) => ({ url, name: `n${n}.png` })) } };
		// The quadratic version searched the list found so far once per attachment (findIndex).
		const searches = ['findIndex', 'indexOf', 'includes', 'some', 'find', 'lastIndexOf'] as const;
		const spies = searches.map((name) => jest.spyOn(Array.prototype, name));
		let found: ReturnType<typeof payload.attachmentsOf> = [];
		let calls = 0;
		try {
			found = payload.attachmentsOf(message);
			calls = spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
		} finally {
			spies.forEach((spy) => spy.mockRestore());
		}
		expect(calls).toBeLessThan(10);
		expect(found.map((file) => file.url)).toEqual(urls.slice(0, 5_000));
		expect(found[4_999]).toEqual({ url: urls[4_999], name: 'n4999.png', mimeType: undefined });
	});
});
