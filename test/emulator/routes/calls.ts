/**
 * Calls host (reference §8, spec calls.json): list calls with filters, get a call, list a call's
 * transcriptions. CometChat serves these on `https://{appId}.call-{region}.cometchat.io/v3`; the emulator
 * serves them beside the chat API under the same /v3 (the credential's Base URL Override covers both).
 *
 * Calls are made by clients (the Calls SDK), not by this REST API, so tests seed them with `seedCall`.
 */
import { cometError, type EmulatorState, normalizeId, randomHex, type Route, type RouteContext, type RouteResult, Validator, compact, ok, onBehalfOf, pageParams, paginate, requireUser } from './prelude';

export type CallType = 'audio' | 'video';
export type CallMode = 'call' | 'meet' | 'presenter';
// The spec's status enum is rejected | ongoing | ended; its description adds unanswered (and chat call
// messages know initiated, cancelled, busy). The emulator stores any of them.
export type CallStatus = 'initiated' | 'ongoing' | 'ended' | 'rejected' | 'unanswered' | 'cancelled' | 'busy';

export interface ParticipantRecord {
	uid: string;
	isJoined: boolean;
	/** 'ended' for who joined and left, 'ongoing' while in the call, 'unanswered'... */
	state: string;
	joinedAt?: number;
	leftAt?: number;
	deviceId?: string;
}

export interface TranscriptionRecord {
	tid: string;
	startTime: number;
	endTime: number;
}

export interface CallRecord {
	sessionId: string;
	type: CallType;
	mode: CallMode;
	status: CallStatus;
	initiator: string;
	receiver: string;
	receiverType: 'user' | 'group';
	initiatedAt: number;
	startedAt?: number;
	endedAt?: number;
	mid: string;
	hasRecording: boolean;
	participants: ParticipantRecord[];
	/** Oldest first. */
	transcriptions: TranscriptionRecord[];
	metaData: unknown[];
	tags: string[];
	seq: number;
}

export interface SeedParticipant {
	uid: string;
	/** Default: true in an ended or ongoing call, false otherwise (rejected, unanswered...). */
	joined?: boolean;
	joinedAt?: number;
	leftAt?: number;
}

export interface SeedCallInput {
	sessionId?: string;
	type?: CallType;
	mode?: CallMode;
	status?: CallStatus;
	initiator: string;
	receiver: string;
	receiverType?: 'user' | 'group';
	/** Default: the store's clock. */
	initiatedAt?: number;
	/** Default initiatedAt + 10 for ended and ongoing calls; none otherwise. */
	startedAt?: number;
	/** Default startedAt + 60 for ended calls; none otherwise. */
	endedAt?: number;
	/** Default: the initiator and (for one-to-one calls) the receiver. */
	participants?: Array<string | SeedParticipant>;
	hasRecording?: boolean;
	/** A count of transcriptions to make, or their times. */
	transcriptions?: number | Array<{ startTime?: number; endTime?: number }>;
	tags?: string[];
	metaData?: unknown[];
}

/** The calls of the app, in the order they were seeded. */
export class CallStore {
	readonly calls: CallRecord[] = [];
	private seq = 0;

	constructor(private readonly now: () => number) {}

	add(input: SeedCallInput): CallRecord {
		const status = input.status ?? 'ended';
		const receiverType = input.receiverType ?? 'user';
		const initiatedAt = input.initiatedAt ?? this.now();
		const began = status === 'ended' || status === 'ongoing';
		const startedAt = input.startedAt ?? (began ? initiatedAt + 10 : undefined);
		const endedAt = input.endedAt ?? (status === 'ended' && startedAt !== undefined ? startedAt + 60 : undefined);
		const initiator = normalizeId(input.initiator);
		const receiver = normalizeId(input.receiver);
		const mid = uuid();
		const seeds: SeedParticipant[] = (input.participants ?? (receiverType === 'user' ? [initiator, receiver] : [initiator])).map(
			(p) => (typeof p === 'string' ? { uid: p } : p),
		);
		const participants = seeds.map((p): ParticipantRecord => {
			const uid = normalizeId(p.uid);
			const joined = p.joined ?? began;
			if (!joined) return { uid, isJoined: false, state: 'unanswered' };
			const joinedAt = p.joinedAt ?? startedAt ?? initiatedAt;
			const leftAt = p.leftAt ?? endedAt;
			return {
				uid,
				isJoined: true,
				state: leftAt === undefined ? 'ongoing' : 'ended',
				joinedAt,
				leftAt,
				deviceId: `${uuid()}@rtc.cometchat.io/${randomHex(8)}`,
			};
		});
		const transcriptions: Array<{ startTime?: number; endTime?: number }> =
			typeof input.transcriptions === 'number'
				? Array.from({ length: input.transcriptions }, (_, i) => ({ startTime: (startedAt ?? initiatedAt) + i * 60 }))
				: (input.transcriptions ?? []);
		const call: CallRecord = {
			sessionId: input.sessionId ?? `v1.us.emulator.${initiatedAt}${randomHex(40)}`,
			type: input.type ?? 'audio',
			mode: input.mode ?? 'call',
			status,
			initiator,
			receiver,
			receiverType,
			initiatedAt,
			startedAt,
			endedAt,
			mid,
			hasRecording: input.hasRecording ?? false,
			participants,
			transcriptions: transcriptions.map((t) => {
				const startTime = t.startTime ?? startedAt ?? initiatedAt;
				return { tid: uuid(), startTime, endTime: t.endTime ?? endedAt ?? startTime + 60 };
			}),
			metaData: input.metaData ?? [],
			tags: input.tags ?? [],
			seq: (this.seq += 1),
		};
		this.calls.push(call);
		return call;
	}

	get(sessionId: string): CallRecord | undefined {
		return this.calls.find((call) => call.sessionId === sessionId);
	}

	clear(): void {
		this.calls.length = 0;
		this.seq = 0;
	}
}

/** The emulator's call store (created on first use, emptied by reset()). */
export function callStore(state: EmulatorState): CallStore {
	return state.store('calls', () => new CallStore(() => state.now()));
}

/** Seed a call, as if clients had made it with the Calls SDK. */
export function seedCall(state: EmulatorState, input: SeedCallInput): CallRecord {
	return callStore(state).add(input);
}

// ---- views -------------------------------------------------------------------------------------------

const minutes = (seconds: number) => seconds / 60;

/** Seconds the participant was in the call (until now while it goes on). */
function participantSeconds(p: ParticipantRecord, now: number): number {
	if (!p.isJoined || p.joinedAt === undefined) return 0;
	return Math.max(0, (p.leftAt ?? now) - p.joinedAt);
}

/** Seconds from start to end (until now while the call goes on; 0 when it never started). */
export function callSeconds(call: CallRecord, now: number): number {
	if (call.startedAt === undefined) return 0;
	return Math.max(0, (call.endedAt ?? now) - call.startedAt);
}

/** Minutes of audio and video over all participants [CALLS example: the call's totals are the participants' sums]. */
export function callMinutes(call: CallRecord, now: number): { audio: number; video: number } {
	const total = call.participants.reduce((sum, p) => sum + minutes(participantSeconds(p, now)), 0);
	return call.type === 'video' ? { audio: 0, video: total } : { audio: total, video: 0 };
}

function hhmmss(seconds: number): string {
	const pad = (n: number) => String(Math.floor(n)).padStart(2, '0');
	return `${pad(seconds / 3600)}:${pad((seconds % 3600) / 60)}:${pad(seconds % 60)}`;
}

function participantView(call: CallRecord, p: ParticipantRecord, now: number): Record<string, unknown> {
	const spent = minutes(participantSeconds(p, now));
	// Key order of the spec's examples; a participant who never joined has only uid, minutes, isJoined, state, duration.
	return compact({
		uid: p.uid,
		totalAudioMinutes: call.type === 'audio' ? spent : 0,
		totalVideoMinutes: call.type === 'video' ? spent : 0,
		isJoined: p.isJoined,
		state: p.state,
		totalDuration: spent,
		deviceId: p.deviceId,
		joinedAt: p.joinedAt,
		mid: p.isJoined ? call.mid : undefined,
		leftAt: p.leftAt,
	});
}

function transcriptionView(call: CallRecord, t: TranscriptionRecord): Record<string, unknown> {
	const date = new Date(t.startTime * 1000).toISOString();
	return {
		roomName: `${call.sessionId}@conference.rtc.cometchat.io`,
		mid: call.mid,
		tid: t.tid,
		startTime: t.startTime,
		endTime: t.endTime,
		transcriptDate: date,
		transcriptUrl: `https://transcripts.cometchat.io/emulator/transcript_${date}_${t.tid}.json`,
	};
}

/**
 * The call object in the spec examples' key order. Get adds metaData and tags (where its example has them)
 * and the 5 most recent transcriptions when there are any (callSchema).
 */
export function callView(call: CallRecord, now: number, detailed = false): Record<string, unknown> {
	const seconds = callSeconds(call, now);
	const { audio, video } = callMinutes(call, now);
	const view: Record<string, unknown> = {
		sessionId: call.sessionId,
		totalAudioMinutes: audio,
		totalVideoMinutes: video,
		totalDuration: hhmmss(seconds),
		...(detailed ? { metaData: call.metaData } : {}),
		hasRecording: call.hasRecording,
		hasTranscription: call.transcriptions.length > 0,
		initiatedAt: call.initiatedAt,
		initiator: call.initiator,
		mode: call.mode,
		receiver: call.receiver,
		receiverType: call.receiverType,
		status: call.status,
		...(detailed ? { tags: call.tags } : {}),
		totalDurationInMinutes: minutes(seconds),
		totalParticipants: call.participants.filter((p) => p.isJoined).length,
		type: call.type,
		mid: call.mid,
		...(call.startedAt !== undefined ? { startedAt: call.startedAt } : {}),
		...(call.endedAt !== undefined ? { endedAt: call.endedAt } : {}),
		participants: call.participants.map((p) => participantView(call, p, now)),
	};
	if (detailed && call.transcriptions.length > 0) {
		view.transcriptions = [...call.transcriptions]
			.sort((a, b) => b.startTime - a.startTime)
			.slice(0, 5)
			.map((t) => transcriptionView(call, t));
	}
	return view;
}

// ---- routes ------------------------------------------------------------------------------------------

/** Whether the user initiated, received (one-to-one) or joined or was rung in the call. */
export function takesPart(call: CallRecord, uid: string): boolean {
	const id = normalizeId(uid);
	return (
		call.initiator === id ||
		(call.receiverType === 'user' && call.receiver === id) ||
		call.participants.some((p) => p.uid === id)
	);
}

// Texts INFERRED: CometChat's calls error page names the codes, not their messages or statuses.
const sessionNotFound = (sessionId: string) =>
	cometError(404, 'ERR_CALL_SESSION_NOT_FOUND', `The call with session ID ${sessionId} does not exist.`);
const notAPart = (uid: string, sessionId: string) =>
	cometError(403, 'ERR_CALL_NOT_A_PART', `The user with UID ${uid} is not a part of the call with session ID ${sessionId}.`);

/** The call named in the path; with onBehalfOf (an existing user) only a call that user takes part in. */
function requireCall(ctx: RouteContext): CallRecord {
	const actor = onBehalfOf(ctx);
	if (actor !== undefined) requireUser(ctx.state, actor);
	const call = callStore(ctx.state).get(ctx.params.sessionId);
	if (!call) throw sessionNotFound(ctx.params.sessionId);
	if (actor !== undefined && !takesPart(call, actor)) throw notAPart(actor, call.sessionId);
	return call;
}

function enumParam<T extends string>(ctx: RouteContext, v: Validator, name: string, allowed: readonly T[]): T | undefined {
	const raw = ctx.query[name];
	if (raw === undefined) return undefined;
	if (!(allowed as readonly string[]).includes(raw)) {
		v.add(name, `The selected ${name} is invalid.`);
		return undefined;
	}
	return raw as T;
}

function intParam(ctx: RouteContext, v: Validator, name: string): number | undefined {
	const raw = ctx.query[name];
	if (raw === undefined) return undefined;
	if (!/^\d+$/.test(raw.trim())) {
		v.add(name, `The ${name} must be an integer.`);
		return undefined;
	}
	return Number(raw);
}

function boolParam(ctx: RouteContext, v: Validator, name: string): boolean | undefined {
	const raw = ctx.query[name];
	if (raw === undefined) return undefined;
	if (['true', '1'].includes(raw)) return true;
	if (['false', '0'].includes(raw)) return false;
	v.add(name, `The ${name} field must be true or false.`);
	return undefined;
}

function listCalls(ctx: RouteContext): RouteResult {
	const actor = onBehalfOf(ctx);
	if (actor !== undefined) requireUser(ctx.state, actor);
	const v = new Validator();
	const type = enumParam(ctx, v, 'type', ['audio', 'video'] as const);
	const mode = enumParam(ctx, v, 'mode', ['call', 'meet', 'presenter'] as const);
	// The spec's enum plus "unanswered", which its description names (INFERRED: accepted).
	const status = enumParam(ctx, v, 'status', ['rejected', 'ongoing', 'ended', 'unanswered'] as const);
	const receiverType = enumParam(ctx, v, 'receiverType', ['user', 'group'] as const);
	const participantsCount = intParam(ctx, v, 'participantsCount');
	const startedAt = intParam(ctx, v, 'startedAt');
	const endedAt = intParam(ctx, v, 'endedAt');
	const hasRecording = boolParam(ctx, v, 'hasRecording');
	const hasTranscription = boolParam(ctx, v, 'hasTranscription');
	const uid = ctx.query.uid;
	v.check();

	const now = ctx.state.now();
	const calls = callStore(ctx.state)
		.calls.filter(
			(call) =>
				(actor === undefined || takesPart(call, actor)) &&
				(uid === undefined || takesPart(call, uid)) &&
				(type === undefined || call.type === type) &&
				(mode === undefined || call.mode === mode) &&
				(status === undefined || call.status === status) &&
				(receiverType === undefined || call.receiverType === receiverType) &&
				// "calls that had exactly 5 participants" [CALLS]; counted as totalParticipants (who joined), INFERRED.
				(participantsCount === undefined || call.participants.filter((p) => p.isJoined).length === participantsCount) &&
				// INFERRED: startedAt = started at or after, endedAt = ended at or before (the spec only names the fields).
				(startedAt === undefined || (call.startedAt !== undefined && call.startedAt >= startedAt)) &&
				(endedAt === undefined || (call.endedAt !== undefined && call.endedAt <= endedAt)) &&
				(hasRecording === undefined || call.hasRecording === hasRecording) &&
				(hasTranscription === undefined || call.transcriptions.length > 0 === hasTranscription),
		)
		// Newest first, as the spec's example lists them.
		.sort((a, b) => b.initiatedAt - a.initiatedAt || b.seq - a.seq);
	const data = calls.map((call) => callView(call, now));
	// The spec defines no page parameters for this list, and its example's pagination has no per_page:
	// the emulator answers with every matching call on one page (INFERRED).
	return ok(data, { pagination: { total: data.length, count: data.length, total_pages: 1, current_page: 1 } });
}

function getCall(ctx: RouteContext): RouteResult {
	return ok(callView(requireCall(ctx), ctx.state.now(), true));
}

function listTranscriptions(ctx: RouteContext): RouteResult {
	const call = requireCall(ctx);
	const v = new Validator();
	const params = pageParams(ctx, v); // page default 1, perPage default 100, capped at 1000 [CALLS]
	v.check();
	// Oldest first (INFERRED; Get shows the 5 most recent).
	const ordered = [...call.transcriptions].sort((a, b) => a.startTime - b.startTime);
	const { pageItems, pagination } = paginate(ordered, params);
	return ok(
		pageItems.map((t) => transcriptionView(call, t)),
		{ pagination },
	);
}

export const callRoutes: Route[] = [
	{ method: 'GET', path: '/calls', handler: listCalls },
	{ method: 'GET', path: '/calls/:sessionId', handler: getCall },
	{ method: 'GET', path: '/calls/:sessionId/transcriptions', handler: listTranscriptions },
];

function uuid(): string {
	const hex = randomHex(32);
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
