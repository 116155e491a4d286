import { DateTime } from 'luxon';
import type { INodeParameters } from 'n8n-workflow';
import { resolveBaseUrl } from '../../nodes/shared/chat/baseUrl';
import { seedCall, type CallRecord } from '../emulator/routes/calls';
import { runNode } from '../harness';
import { expectRefused, expectRequest, httpCode, run, useEmulator, whereRequestsGo } from '../helpers';

// The workflow time zone n8n reads date fields without an offset in (n8n's default unless configured).
const ZONE = process.env.GENERIC_TIMEZONE ?? 'America/New_York';
const T0 = 1714557600; // 2024-05-01T10:00:00Z

function seedPeople(ctx: ReturnType<typeof useEmulator>) {
	for (const uid of ['alice', 'bob', 'carol', 'dave']) ctx.emulator.seedUser({ uid });
	ctx.emulator.seedGroup({ guid: 'team', owner: 'alice', members: { bob: 'participant', carol: 'participant', dave: 'participant' } });
}

/** Three ended calls of different kinds, oldest first. */
function seedThreeCalls(ctx: ReturnType<typeof useEmulator>) {
	const state = ctx.emulator.state;
	const oneToOne = seedCall(state, { sessionId: 'v1.us.app.1001', initiator: 'alice', receiver: 'bob', initiatedAt: T0, startedAt: T0 + 5, endedAt: T0 + 65 });
	const group = seedCall(state, {
		sessionId: 'v1.us.app.1002',
		type: 'video',
		initiator: 'alice',
		receiver: 'team',
		receiverType: 'group',
		initiatedAt: T0 + 3600,
		startedAt: T0 + 3610,
		endedAt: T0 + 3730,
		participants: ['alice', 'carol', { uid: 'dave', joined: false }],
		hasRecording: true,
		transcriptions: 2,
	});
	const rejected = seedCall(state, { sessionId: 'v1.us.app.1003', status: 'rejected', initiator: 'bob', receiver: 'carol', initiatedAt: T0 + 7200 });
	return { oneToOne, group, rejected };
}

describe('Call → the calls host', () => {
	const ctx = useEmulator();
	// The Call operations' pre-send (onCallsHost) takes its address from resolveBaseUrl(credentials, 'call').
	const calls = (credentials: Record<string, unknown>) => resolveBaseUrl(credentials as never, 'call');

	it('goes to https://{appId}.call-{region}.cometchat.io/v3 without an override, to the override with one', () => {
		expect(calls({ appId: 'abc123', region: 'eu' }).url).toBe('https://abc123.call-eu.cometchat.io/v3');
		expect(calls({ appId: ' abc123 ', region: 'in', baseUrl: '' }).url).toBe('https://abc123.call-in.cometchat.io/v3');
		expect(resolveBaseUrl({ appId: 'abc123', region: 'eu' }).url).toBe('https://abc123.api-eu.cometchat.io/v3');
		expect(calls({ appId: 'abc123', region: 'eu', baseUrl: 'http://127.0.0.1:8080/v3/' }).url).toBe('http://127.0.0.1:8080/v3');
		expect(calls({ appId: 'abc123', region: 'eu', baseUrl: 'https://proxy.example.com/v3' }).url).toBe('https://proxy.example.com/v3');
	});

	it('yields no address for what the chat host refuses too (unsafe override, bad App ID or region)', () => {
		for (const credentials of [
			{ appId: 'abc123', region: 'eu', baseUrl: 'http://evil.example.com/v3' },
			{ appId: 'abc/123', region: 'eu' },
			{ appId: 'abc123', region: 'mars' },
		]) {
			expect(calls(credentials).url).toBeUndefined();
			expect(calls(credentials).problem).toBe(resolveBaseUrl(credentials as never).problem);
			expect(calls(credentials).problem).toBeTruthy();
		}
	});

	it('routes every Call operation to the calls host in a real run without an override (and other operations to the chat host)', async () => {
		seedPeople(ctx);
		seedThreeCalls(ctx);
		const credentials = { appId: 'abc123', region: 'eu', apiKey: ctx.emulator.apiKey };
		const runs = [
			{ resource: 'call', operation: 'getAll', returnAll: true },
			{ resource: 'call', operation: 'get', sessionId: 'v1.us.app.1002' },
			{ resource: 'call', operation: 'getTranscriptions', sessionId: 'v1.us.app.1002', returnAll: true },
			{ resource: 'metric', operation: 'getMessageMetrics' },
		];
		const results: Awaited<ReturnType<typeof runNode>>[] = [];
		const seen = await whereRequestsGo(ctx.emulator.url, async () => {
			for (const parameters of runs) results.push(await runNode({ parameters, credentials }));
		});
		expect(results.map((r) => r.error?.message)).toEqual([undefined, undefined, undefined, undefined]);
		expect(results.map((r) => r.items.length)).toEqual([3, 1, 2, 1]);
		expect(seen).toEqual([
			{ baseURL: 'https://abc123.call-eu.cometchat.io/v3', url: '/calls' },
			{ baseURL: 'https://abc123.call-eu.cometchat.io/v3', url: '/calls/v1.us.app.1002' },
			{ baseURL: 'https://abc123.call-eu.cometchat.io/v3', url: '/calls/v1.us.app.1002/transcriptions' },
			{ baseURL: 'https://abc123.api-eu.cometchat.io/v3', url: '/stats/messages' },
		]);
		expect(ctx.emulator.requests.map((r) => r.path)).toEqual([
			'/v3/calls',
			'/v3/calls/v1.us.app.1002',
			'/v3/calls/v1.us.app.1002/transcriptions',
			'/v3/stats/messages',
		]);
	});

	it('explains a bad credential before sending anything, as for the chat host', async () => {
		const { error } = await runNode({
			parameters: { resource: 'call', operation: 'getAll', returnAll: true },
			credentials: { appId: 'abc123', region: 'eu', apiKey: 'k', baseUrl: 'http://evil.example.com/v3' },
		});
		expect(error?.message).toContain('The Base URL override in the CometChat credential must start with https://');
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Call → Get Many', () => {
	const ctx = useEmulator();
	const getAll = (extra: Record<string, unknown> = {}) => ({ resource: 'call', operation: 'getAll', ...extra }) as INodeParameters;
	const ids = (items: Array<{ json: Record<string, unknown> }>) => items.map((item) => item.json.sessionId);

	beforeEach(() => seedPeople(ctx));

	it('sends GET /calls with no query and returns one item per call, newest first, as CometChat gives them', async () => {
		const { oneToOne } = seedThreeCalls(ctx);
		const { items, error } = await run(ctx, getAll());
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/calls', body: undefined, headers: { onBehalfOf: undefined } }, ctx.emulator.apiKey);
		expect(ids(items)).toEqual(['v1.us.app.1003', 'v1.us.app.1002', 'v1.us.app.1001']);
		const [alice, bob] = oneToOne.participants;
		expect(items[2].json).toEqual({
			sessionId: 'v1.us.app.1001',
			totalAudioMinutes: 2,
			totalVideoMinutes: 0,
			totalDuration: '00:01:00',
			hasRecording: false,
			hasTranscription: false,
			initiatedAt: T0,
			initiator: 'alice',
			mode: 'call',
			receiver: 'bob',
			receiverType: 'user',
			status: 'ended',
			totalDurationInMinutes: 1,
			totalParticipants: 2,
			type: 'audio',
			mid: oneToOne.mid,
			startedAt: T0 + 5,
			endedAt: T0 + 65,
			participants: [
				{ uid: 'alice', totalAudioMinutes: 1, totalVideoMinutes: 0, isJoined: true, state: 'ended', totalDuration: 1, deviceId: alice.deviceId, joinedAt: T0 + 5, mid: oneToOne.mid, leftAt: T0 + 65 },
				{ uid: 'bob', totalAudioMinutes: 1, totalVideoMinutes: 0, isJoined: true, state: 'ended', totalDuration: 1, deviceId: bob.deviceId, joinedAt: T0 + 5, mid: oneToOne.mid, leftAt: T0 + 65 },
			],
		});
		expect(items[1].json.participants).toEqual([
			expect.objectContaining({ uid: 'alice', isJoined: true, totalVideoMinutes: 2 }),
			expect.objectContaining({ uid: 'carol', isJoined: true, totalVideoMinutes: 2 }),
			{ uid: 'dave', totalAudioMinutes: 0, totalVideoMinutes: 0, isJoined: false, state: 'unanswered', totalDuration: 0 },
		]);
	});

	it('sends every filter under the spec\'s names, dates as Unix seconds, and gets only the matching call', async () => {
		seedThreeCalls(ctx);
		const { items, error } = await run(
			ctx,
			getAll({
				returnAll: true,
				filters: {
					endedAt: '2024-05-01T11:10:00Z',
					hasRecording: true,
					hasTranscription: true,
					mode: 'call',
					uid: ' Carol ',
					participantsCount: 2,
					receiverType: 'group',
					startedAt: '2024-05-01T12:00:00+02:00',
					status: 'ended',
					type: 'video',
				},
			}),
		);
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'GET',
				path: '/v3/calls',
				query: {
					endedAt: String(T0 + 4200),
					hasRecording: 'true',
					hasTranscription: 'true',
					mode: 'call',
					uid: 'Carol',
					participantsCount: '2',
					receiverType: 'group',
					startedAt: String(T0),
					status: 'ended',
					type: 'video',
				},
				body: undefined,
			},
			ctx.emulator.apiKey,
		);
		expect(ids(items)).toEqual(['v1.us.app.1002']);
	});

	it('filters by each filter on its own', async () => {
		seedThreeCalls(ctx);
		const cases: Array<[Record<string, unknown>, string[]]> = [
			[{ type: 'audio' }, ['v1.us.app.1003', 'v1.us.app.1001']],
			[{ status: 'rejected' }, ['v1.us.app.1003']],
			[{ receiverType: 'user' }, ['v1.us.app.1003', 'v1.us.app.1001']],
			[{ hasRecording: false }, ['v1.us.app.1003', 'v1.us.app.1001']],
			[{ hasTranscription: true }, ['v1.us.app.1002']],
			[{ participantsCount: 0 }, ['v1.us.app.1003']],
			[{ uid: 'bob' }, ['v1.us.app.1003', 'v1.us.app.1001']],
			[{ startedAt: '2024-05-01T10:30:00Z' }, ['v1.us.app.1002']],
			[{ endedAt: '2024-05-01T10:30:00Z' }, ['v1.us.app.1001']],
		];
		for (const [filters, expected] of cases) {
			ctx.emulator.requests.length = 0;
			const { items, error } = await run(ctx, getAll({ returnAll: true, filters }));
			expect({ filters, error: error?.message, ids: ids(items) }).toEqual({ filters, error: undefined, ids: expected });
			expect(Object.keys(ctx.emulator.requests[0].query)).toEqual(Object.keys(filters));
		}
	});

	it('takes dates as n8n dates: Luxon DateTimes, dates without an offset in the workflow\'s time zone, Unix seconds or milliseconds', async () => {
		const cases: Array<[unknown, number]> = [
			['={{ DateTime.fromISO("2024-05-01T10:00:00Z") }}', T0],
			['={{ $json.when }}', T0],
			['2024-05-01T09:00:00', DateTime.fromISO('2024-05-01T09:00:00', { zone: ZONE }).toSeconds()],
			['={{ 1714557600 }}', T0],
			['={{ 1714557600123 }}', T0],
			['={{ "1714557600" }}', T0],
			['={{ new Date("2024-05-01T10:00:00Z") }}', T0],
		];
		for (const [startedAt, seconds] of cases) {
			ctx.emulator.requests.length = 0;
			const { error } = await run(ctx, getAll({ filters: { startedAt } }), { input: [{ json: { when: '2024-05-01T12:00:00.000+02:00' } }] });
			expect({ startedAt, error: error?.message }).toEqual({ startedAt, error: undefined });
			expect({ startedAt, query: ctx.emulator.requests[0].query }).toEqual({ startedAt, query: { startedAt: String(seconds) } });
		}
	});

	it('asks once (the list has no page parameters) and returns up to the Limit, newest first', async () => {
		for (let i = 1; i <= 5; i++) seedCall(ctx.emulator.state, { sessionId: `call-${i}`, initiator: 'alice', receiver: 'bob', initiatedAt: T0 + i * 100 });
		const limited = await run(ctx, getAll({ limit: 2 }));
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([{}]);
		expect(ids(limited.items)).toEqual(['call-5', 'call-4']);

		ctx.emulator.requests.length = 0;
		const all = await run(ctx, getAll({ returnAll: true }));
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([{}]);
		expect(ids(all.items)).toEqual(['call-5', 'call-4', 'call-3', 'call-2', 'call-1']);
	});

	it('returns no items when there are no calls', async () => {
		const { items, error } = await run(ctx, getAll({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
	});

	it('sends onBehalfOf when set and lists only that user\'s calls; leaves it out when empty', async () => {
		seedThreeCalls(ctx);
		const { items } = await run(ctx, getAll({ options: { onBehalfOf: ' carol ' } }));
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/calls', body: undefined, headers: { onBehalfOf: 'carol' } }, ctx.emulator.apiKey);
		expect(ids(items)).toEqual(['v1.us.app.1003', 'v1.us.app.1002']);

		ctx.emulator.requests.length = 0;
		await run(ctx, getAll({ options: { onBehalfOf: '' } }));
		expect(ctx.emulator.requests[0].headers).not.toHaveProperty('onbehalfof');
	});

	it('fails with CometChat\'s ERR_UID_NOT_FOUND (404) when On Behalf Of is an unknown user', async () => {
		const { error } = await run(ctx, getAll({ options: { onBehalfOf: 'nobody' } }));
		expect(error?.message).toBe('ERR_UID_NOT_FOUND: The UID nobody does not exist, please make sure you have created a user with UID nobody. [item 0]');
		expect(httpCode(error)).toBe('404');
	});

	it.each([
		['a negative Participants Count', { participantsCount: '={{ $json.v }}' }, -1, 'Participants Count: must be a whole number of 0 or more, not -1 [item 0]'],
		['a fractional Participants Count', { participantsCount: '={{ $json.v }}' }, 2.5, 'Participants Count: must be a whole number of 0 or more, not 2.5 [item 0]'],
		['a text Participants Count', { participantsCount: '={{ $json.v }}' }, 'two', 'Participants Count: must be a whole number of 0 or more, not "two" [item 0]'],
		['a Started At that is no date', { startedAt: '={{ $json.v }}' }, 'next tuesday-ish', 'Started At: "next tuesday-ish" is not a date [item 0]'],
		['an Ended At that is an object', { endedAt: '={{ $json.v }}' }, { day: 1 }, 'Ended At: must be a date, not an object [item 0]'],
		['an empty Started At', { startedAt: '={{ $json.v }}' }, ' ', 'Started At: is empty [item 0]'],
		['an Ended At before 1970', { endedAt: '={{ $json.v }}' }, '1969-12-31T00:00:00Z', 'Ended At: is before 1970'],
		['a Participant UID with a space', { uid: '={{ $json.v }}' }, 'bad uid', 'Participant UID: "bad uid" has characters CometChat does not allow'],
		['an empty Participant UID', { uid: '={{ $json.v }}' }, '', 'Participant UID: is empty [item 0]'],
		['a Type not in the list', { type: '={{ $json.v }}' }, 'fax', 'Type: "fax" is not one of audio, video [item 0]'],
		['a Has Recording that is text', { hasRecording: '={{ $json.v }}' }, 'yes', 'Has Recording: must be true or false, not a string [item 0]'],
	])('stops %s before any request', async (_case, filters, v, message) => {
		await expectRefused(ctx, getAll({ filters }), { v } as never, message);
	});

	it('stops an invalid On Behalf Of before any request', async () => {
		const { error } = await run(ctx, getAll({ options: { onBehalfOf: '={{ $json.v }}' } }), { input: [{ json: { v: 'a/b' } }] });
		expect(error?.message).toContain('On Behalf Of: "a/b" has characters');
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Call → Get', () => {
	const ctx = useEmulator();
	const get = (sessionId: unknown, extra: Record<string, unknown> = {}) => ({ resource: 'call', operation: 'get', sessionId, ...extra }) as INodeParameters;
	let call: CallRecord;

	beforeEach(() => {
		seedPeople(ctx);
		call = seedCall(ctx.emulator.state, {
			sessionId: 'v1.us.31780434a95d45.1692368168aefba73a1e5938ad7a02f8e61ea1c9a287a08aeb',
			type: 'video',
			initiator: 'alice',
			receiver: 'team',
			receiverType: 'group',
			initiatedAt: T0,
			startedAt: T0 + 10,
			endedAt: T0 + 3610,
			participants: ['alice', { uid: 'bob', joinedAt: T0 + 70, leftAt: T0 + 1270 }, { uid: 'carol', joined: false }],
			transcriptions: 7,
			tags: ['support'],
		});
	});

	it('sends GET /calls/{sessionId} and returns the call with metaData, tags and its 5 most recent transcriptions', async () => {
		const { items, error } = await run(ctx, get(` ${call.sessionId} `));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `/v3/calls/${call.sessionId}`, body: undefined, headers: { onBehalfOf: undefined } }, ctx.emulator.apiKey);
		expect(items).toHaveLength(1);
		const transcription = (i: number) => {
			const t = call.transcriptions[i];
			const date = new Date(t.startTime * 1000).toISOString();
			return {
				roomName: `${call.sessionId}@conference.rtc.cometchat.io`,
				mid: call.mid,
				tid: t.tid,
				startTime: T0 + 10 + i * 60,
				endTime: T0 + 3610,
				transcriptDate: date,
				transcriptUrl: `https://transcripts.cometchat.io/emulator/transcript_${date}_${t.tid}.json`,
			};
		};
		expect(items[0].json).toEqual({
			sessionId: call.sessionId,
			totalAudioMinutes: 0,
			totalVideoMinutes: 80,
			totalDuration: '01:00:00',
			metaData: [],
			hasRecording: false,
			hasTranscription: true,
			initiatedAt: T0,
			initiator: 'alice',
			mode: 'call',
			receiver: 'team',
			receiverType: 'group',
			status: 'ended',
			tags: ['support'],
			totalDurationInMinutes: 60,
			totalParticipants: 2,
			type: 'video',
			mid: call.mid,
			startedAt: T0 + 10,
			endedAt: T0 + 3610,
			participants: [
				{ uid: 'alice', totalAudioMinutes: 0, totalVideoMinutes: 60, isJoined: true, state: 'ended', totalDuration: 60, deviceId: call.participants[0].deviceId, joinedAt: T0 + 10, mid: call.mid, leftAt: T0 + 3610 },
				{ uid: 'bob', totalAudioMinutes: 0, totalVideoMinutes: 20, isJoined: true, state: 'ended', totalDuration: 20, deviceId: call.participants[1].deviceId, joinedAt: T0 + 70, mid: call.mid, leftAt: T0 + 1270 },
				{ uid: 'carol', totalAudioMinutes: 0, totalVideoMinutes: 0, isJoined: false, state: 'unanswered', totalDuration: 0 },
			],
			transcriptions: [6, 5, 4, 3, 2].map(transcription),
		});
	});

	it('sends onBehalfOf when set; CometChat refuses a user who was not part of the call', async () => {
		const asBob = await run(ctx, get(call.sessionId, { options: { onBehalfOf: 'bob' } }));
		expect(asBob.error).toBeUndefined();
		expect(ctx.emulator.requests[0].headers.onbehalfof).toBe('bob');
		expect(asBob.items.map((item) => item.json.sessionId)).toEqual([call.sessionId]);

		const asDave = await run(ctx, get(call.sessionId, { options: { onBehalfOf: 'dave' } }));
		expect(asDave.error?.message).toBe(`ERR_CALL_NOT_A_PART: The user with UID dave is not a part of the call with session ID ${call.sessionId}. [item 0]`);
		expect((asDave.error as { httpCode?: string }).httpCode).toBe('403');
	});

	it('fails with ERR_CALL_SESSION_NOT_FOUND (404) and a hint for an unknown session', async () => {
		const { error } = await run(ctx, get('v1.us.app.nope'));
		expect(error?.message).toBe('ERR_CALL_SESSION_NOT_FOUND: The call with session ID v1.us.app.nope does not exist. [item 0]');
		expect(error?.description).toContain('No call has this session ID');
		expect(httpCode(error)).toBe('404');
	});

	it('runs once per input item, with the session ID from each', async () => {
		const other = seedCall(ctx.emulator.state, { sessionId: 'meeting-42', mode: 'meet', initiator: 'bob', receiver: 'team', receiverType: 'group' });
		const { items, error } = await run(ctx, get('={{ $json.id }}'), { input: [{ json: { id: call.sessionId } }, { json: { id: other.sessionId } }] });
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => r.path).sort()).toEqual(['/v3/calls/meeting-42', `/v3/calls/${call.sessionId}`].sort());
		expect(items.map((item) => [item.json.sessionId, item.json.mode])).toEqual([
			[call.sessionId, 'call'],
			['meeting-42', 'meet'],
		]);
	});

	it.each([
		['an empty Session ID', '', 'Session ID: is empty [item 0]'],
		['a Session ID with a slash', '../users', 'Session ID: "../users" is not a session ID'],
		['a Session ID of dots', '..', 'Session ID: ".." is not a session ID'],
		['a Session ID with a space', 'v1 us', 'Session ID: "v1 us" is not a session ID'],
		['a Session ID over 255 characters', 'a'.repeat(256), 'Session ID: is 256 characters long'],
		['a Session ID that is a list', ['a'], 'Session ID: must be a single session ID, not an array [item 0]'],
	])('stops %s before any request', async (_case, v, message) => {
		await expectRefused(ctx, get('={{ $json.v }}'), { v }, message);
	});

	it('lets n8n refuse an empty static Session ID before the run starts', async () => {
		const { error } = await run(ctx, get(''));
		expect(error?.message).toContain("The 'CometChat' node has issues");
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Call → Get Transcriptions', () => {
	const ctx = useEmulator();
	const getTranscriptions = (extra: Record<string, unknown> = {}) =>
		({ resource: 'call', operation: 'getTranscriptions', sessionId: 'v1.us.app.2001', ...extra }) as INodeParameters;
	const seed = (count: number) =>
		seedCall(ctx.emulator.state, {
			sessionId: 'v1.us.app.2001',
			initiator: 'alice',
			receiver: 'bob',
			initiatedAt: T0,
			startedAt: T0,
			endedAt: T0 + 7200,
			transcriptions: Array.from({ length: count }, (_, i) => ({ startTime: T0 + i, endTime: T0 + i + 30 })),
		});

	beforeEach(() => seedPeople(ctx));

	it('asks for only the limit and returns one item per transcription', async () => {
		const call = seed(4);
		const { items, error } = await run(ctx, getTranscriptions({ limit: 2 }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/calls/v1.us.app.2001/transcriptions', query: { page: '1', perPage: '2' }, body: undefined, headers: { onBehalfOf: undefined } },
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual(
			[0, 1].map((i) => ({
				roomName: 'v1.us.app.2001@conference.rtc.cometchat.io',
				mid: call.mid,
				tid: call.transcriptions[i].tid,
				startTime: T0 + i,
				endTime: T0 + i + 30,
				transcriptDate: new Date((T0 + i) * 1000).toISOString(),
				transcriptUrl: `https://transcripts.cometchat.io/emulator/transcript_${new Date((T0 + i) * 1000).toISOString()}_${call.transcriptions[i].tid}.json`,
			})),
		);
	});

	it('walks every page with Return All and returns every transcription once, in order', async () => {
		const call = seed(2503);
		const { items, error } = await run(ctx, getTranscriptions({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([
			{ page: '1', perPage: '1000' },
			{ page: '2', perPage: '1000' },
			{ page: '3', perPage: '1000' },
		]);
		expect(items.map((item) => item.json.tid)).toEqual(call.transcriptions.map((t) => t.tid));
	});

	it('splits a Limit above 1000 into even pages', async () => {
		const call = seed(1600);
		const { items } = await run(ctx, getTranscriptions({ limit: 1500 }));
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([
			{ page: '1', perPage: '750' },
			{ page: '2', perPage: '750' },
		]);
		expect(items.map((item) => item.json.tid)).toEqual(call.transcriptions.slice(0, 1500).map((t) => t.tid));
	});

	it('returns no items for a call without transcriptions', async () => {
		seed(0);
		const { items, error } = await run(ctx, getTranscriptions({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
	});

	it('sends onBehalfOf when set', async () => {
		seed(1);
		const { items } = await run(ctx, getTranscriptions({ options: { onBehalfOf: 'alice' } }));
		expect(ctx.emulator.requests[0].headers.onbehalfof).toBe('alice');
		expect(items).toHaveLength(1);
	});

	it('fails with ERR_CALL_SESSION_NOT_FOUND (404) for an unknown session', async () => {
		const { error } = await run(ctx, getTranscriptions({ sessionId: 'v1.us.app.nope' }));
		expect(error?.message).toBe('ERR_CALL_SESSION_NOT_FOUND: The call with session ID v1.us.app.nope does not exist. [item 0]');
		expect(httpCode(error)).toBe('404');
	});

	it.each([
		['a Session ID with a slash', { sessionId: '={{ $json.v }}' }, 'a/b', 'Session ID: "a/b" is not a session ID'],
		['a Limit of 0', { limit: '={{ $json.v }}' }, 0, 'Limit: must be a whole number of at least 1'],
		['an On Behalf Of that is a list', { options: { onBehalfOf: '={{ $json.v }}' } }, ['alice'], 'On Behalf Of: must be a single UID'],
	])('stops %s before any request', async (_case, extra, v, message) => {
		seed(1);
		const { error } = await run(ctx, getTranscriptions(extra), { input: [{ json: { v } as never }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});
