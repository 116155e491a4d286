import { DateTime } from 'luxon';
import type { INodeParameters } from 'n8n-workflow';
import { createEmulator, type Emulator } from '../emulator';
import { seedCall } from '../emulator/routes/calls';
import type { MessageRecord } from '../emulator/state';
import { runNode } from '../harness';
import { expectRefused, expectRequest, httpCode, run, useEmulator, whereRequestsGo } from '../helpers';

const ZONE = process.env.GENERIC_TIMEZONE ?? 'America/New_York';
const T0 = 1714557600; // 2024-05-01T10:00:00Z
const MS = (seconds: number) => seconds * 1000;

/** A text message as POST /messages stores it, sent at `sentAt` (Unix seconds). */
function message(emulator: Emulator, sender: string, receiver: string, sentAt: number, category = 'message'): void {
	const id = emulator.state.nextMessageId();
	const record: MessageRecord = {
		id,
		conversationId: `${sender}_user_${receiver}`,
		sender,
		receiverType: 'user',
		receiver,
		category,
		type: 'text',
		data: { text: `message ${id}` },
		sentAt,
		updatedAt: sentAt,
	};
	emulator.state.messages.push(record);
}

describe('Metric → Get Usage Metrics', () => {
	const ctx = useEmulator();
	const usage = (extra: Record<string, unknown> = {}) =>
		({ resource: 'metric', operation: 'getUsageMetrics', fromDate: '2024-05-01T00:00:00Z', toDate: '2024-05-02T00:00:00Z', ...extra }) as INodeParameters;
	const DAY_START = T0 - 10 * 3600; // 2024-05-01T00:00:00Z
	const DAY_END = DAY_START + 86400;

	beforeEach(() => {
		for (const uid of ['alice', 'bob', 'carol', 'dave', 'erin']) ctx.emulator.seedUser({ uid, status: uid === 'erin' ? 'available' : 'offline' });
		ctx.emulator.seedUser({ uid: 'frank', status: 'available' });
		ctx.emulator.seedGroup({ guid: 'team', owner: 'alice' });
		const state = ctx.emulator.state;
		// In the range: a 1-minute audio call of two, a 2-minute recorded video call of three (one never joined).
		seedCall(state, { initiator: 'alice', receiver: 'bob', initiatedAt: T0, startedAt: T0, endedAt: T0 + 60 });
		seedCall(state, {
			type: 'video',
			initiator: 'alice',
			receiver: 'team',
			receiverType: 'group',
			initiatedAt: T0 + 600,
			startedAt: T0 + 600,
			endedAt: T0 + 720,
			participants: ['alice', 'carol', { uid: 'dave', joined: false }],
			hasRecording: true,
		});
		// The day before: not counted.
		seedCall(state, { type: 'video', initiator: 'dave', receiver: 'erin', initiatedAt: DAY_START - 3600, startedAt: DAY_START - 3600, endedAt: DAY_START - 60, hasRecording: true });
		message(ctx.emulator, 'dave', 'alice', T0 + 30);
		message(ctx.emulator, 'erin', 'alice', DAY_END + 1);
	});

	it('sends GET /stats with the range in Unix milliseconds and returns CometChat\'s metrics as one item', async () => {
		const { items, error } = await run(ctx, usage());
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/stats', query: { fromDate: String(MS(DAY_START)), toDate: String(MS(DAY_END)) }, body: undefined },
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([
			{
				metrics: { audio_minutes: 2, video_minutes: 4, recorded_minutes: 2, active_users: 4, concurrent_users: 2 },
				time_range: { fromDate: MS(DAY_START), toDate: MS(DAY_END) },
			},
		]);
	});

	it('counts what falls in a narrower range only', async () => {
		const { items } = await run(ctx, usage({ fromDate: '2024-05-01T10:05:00Z', toDate: '2024-05-01T11:00:00Z' }));
		expect(ctx.emulator.requests[0].query).toEqual({ fromDate: String(MS(T0 + 300)), toDate: String(MS(T0 + 3600)) });
		expect(items[0].json.metrics).toEqual({ audio_minutes: 0, video_minutes: 4, recorded_minutes: 2, active_users: 2, concurrent_users: 2 });
	});

	it('takes n8n dates: DateTimes from expressions, dates without an offset in the workflow\'s time zone, Unix timestamps', async () => {
		const cases: Array<[unknown, unknown, number, number]> = [
			['={{ DateTime.fromISO("2024-05-01T10:00:00Z").minus({ days: 1 }) }}', '={{ DateTime.fromISO("2024-05-01T10:00:00Z") }}', MS(T0 - 86400), MS(T0)],
			['2024-05-01T09:00:00', '2024-05-01T18:30:00', DateTime.fromISO('2024-05-01T09:00:00', { zone: ZONE }).toMillis(), DateTime.fromISO('2024-05-01T18:30:00', { zone: ZONE }).toMillis()],
			['={{ 1714557600 }}', '={{ 1714557600999 }}', MS(T0), MS(T0) + 999],
			['={{ $json.from }}', '={{ $json.to }}', MS(T0), MS(T0 + 1)],
		];
		for (const [fromDate, toDate, from, to] of cases) {
			ctx.emulator.requests.length = 0;
			const { error } = await run(ctx, usage({ fromDate, toDate }), { input: [{ json: { from: '2024-05-01T10:00:00Z', to: '2024-05-01T12:00:01+02:00' } }] });
			expect({ fromDate, error: error?.message }).toEqual({ fromDate, error: undefined });
			expect({ fromDate, query: ctx.emulator.requests[0].query }).toEqual({ fromDate, query: { fromDate: String(from), toDate: String(to) } });
		}
	});

	it('accepts a range of one instant', async () => {
		const { error } = await run(ctx, usage({ fromDate: '2024-05-01T10:00:00Z', toDate: '2024-05-01T10:00:00Z' }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests[0].query).toEqual({ fromDate: String(MS(T0)), toDate: String(MS(T0)) });
	});

	it.each([
		['To Date before From Date', { toDate: '2024-04-30T00:00:00Z' }, 'To Date: is before From Date (2024-04-30T00:00:00.000Z < 2024-05-01T00:00:00.000Z) [item 0]'],
		['an empty From Date', { fromDate: '={{ $json.v }}' }, 'From Date: is empty [item 0]'],
		['a From Date that is no date', { fromDate: '={{ "soon" }}' }, 'From Date: "soon" is not a date [item 0]'],
		['a To Date that is a list', { toDate: '={{ [1, 2] }}' }, 'To Date: must be a date, not an array [item 0]'],
		['a To Date that is true', { toDate: '={{ true }}' }, 'To Date: must be a date, not a boolean [item 0]'],
		['a From Date before 1970', { fromDate: '={{ -5 }}' }, 'From Date: is before 1970'],
	])('stops %s before any request', async (_case, extra, message) => {
		await expectRefused(ctx, usage(extra), { v: '' }, message);
	});

	it('lets n8n refuse an empty static date before the run starts', async () => {
		const { error } = await run(ctx, usage({ toDate: '' }));
		expect(error?.message).toContain("The 'CometChat' node has issues");
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('fails with CometChat\'s code and message for a key it does not know', async () => {
		const { error } = await runNode({ parameters: usage(), credentials: { ...ctx.credentials(), apiKey: 'not-a-key' } });
		expect(error?.message).toBe('AUTH_ERR_APIKEY_NOT_FOUND: The key [redacted] does not exist. Please use correct apiKey. [item 0]');
		expect(httpCode(error)).toBe('404');
	});

	it('goes to the chat host, not the calls host, without an override', async () => {
		let error: Error | undefined;
		const seen = await whereRequestsGo(ctx.emulator.url, async () => {
			({ error } = await runNode({ parameters: usage(), credentials: { appId: 'abc123', region: 'in', apiKey: ctx.emulator.apiKey } }));
		});
		expect(error).toBeUndefined();
		expect(seen.map((request) => request.baseURL)).toEqual(['https://abc123.api-in.cometchat.io/v3']);
	});
});

describe('Metric → Get Message Metrics', () => {
	// A fixed clock: the answer covers the hour up to the current five-minute interval.
	const NOW = T0 + 7 * 60 + 30; // 10:07:30Z, in the 10:05–10:10 interval
	const holder: { emulator?: Emulator } = {};
	beforeAll(async () => {
		holder.emulator = await createEmulator({ now: () => NOW });
	});
	beforeEach(() => holder.emulator!.reset());
	afterAll(async () => {
		await holder.emulator?.close();
	});
	const emulator = () => holder.emulator!;
	const credentials = () => ({ appId: emulator().appId, region: 'us', apiKey: emulator().apiKey, baseUrl: emulator().url });
	const metrics = { resource: 'metric', operation: 'getMessageMetrics' } as INodeParameters;

	it('sends GET /stats/messages with nothing else and returns the hour in five-minute data points as one item', async () => {
		for (const uid of ['alice', 'bob']) emulator().seedUser({ uid });
		const end = T0 + 600; // 10:10Z, the end of the current interval
		const start = end - 3600; // 09:10Z
		message(emulator(), 'alice', 'bob', start - 1); // before the hour
		message(emulator(), 'alice', 'bob', start); // first interval
		message(emulator(), 'bob', 'alice', start + 299); // first interval
		message(emulator(), 'bob', 'alice', start + 300); // second interval
		message(emulator(), 'alice', 'bob', T0 + 10); // 10:00–10:05
		message(emulator(), 'alice', 'bob', NOW, 'action'); // an action message is not a message sent
		message(emulator(), 'alice', 'bob', NOW); // the current interval

		const { items, error } = await runNode({ parameters: metrics, credentials: credentials() });
		expect(error).toBeUndefined();
		expect(emulator().requests).toHaveLength(1);
		expectRequest(emulator().requests[0], { method: 'GET', path: '/v3/stats/messages', body: undefined }, emulator().apiKey);
		const sent = [2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1];
		expect(items.map((item) => item.json)).toEqual([
			{
				startTime: String(MS(start)),
				endTime: String(MS(end)),
				dataPoints: sent.map((messagesSent, i) => ({
					messagesSent,
					readReceipts: 0,
					deliveryReceipts: 0,
					startTime: String(MS(start + i * 300)),
					endTime: String(MS(start + (i + 1) * 300)),
				})),
			},
		]);
	});

	it('runs once per input item', async () => {
		const { items, error } = await runNode({ parameters: metrics, credentials: credentials(), input: [{ json: {} }, { json: {} }] });
		expect(error).toBeUndefined();
		expect(emulator().requests).toHaveLength(2);
		expect(items).toHaveLength(2);
		expect(items[0].json.dataPoints).toHaveLength(12);
	});

	it('fails with CometChat\'s code and message when the credential has no key', async () => {
		const { error } = await runNode({ parameters: metrics, credentials: { ...credentials(), apiKey: '' } });
		expect(error?.message).toBe('AUTH_ERR_EMPTY_APIKEY: The apiKey is missing in the headers. Please provide a valid apiKey. [item 0]');
		expect(httpCode(error)).toBe('401');
	});
});
