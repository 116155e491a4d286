/**
 * Metrics (reference §7.12, spec tag "Metrics"): usage in a time range, and message counts in five-minute
 * intervals. The emulator derives both from its state: calls (routes/calls.ts), messages and users.
 */
import { APP_SYSTEM_UID, type Route, type RouteContext, type RouteResult, Validator, ok } from './prelude';
import { callMinutes, callSeconds, callStore } from './calls';

/** A required whole-number query parameter (the spec: integer, required). */
function requiredInt(ctx: RouteContext, v: Validator, name: string): number | undefined {
	const raw = ctx.query[name];
	if (raw === undefined || raw.trim() === '') {
		v.add(name, `The ${name} field is required.`);
		return undefined;
	}
	if (!/^\d+$/.test(raw.trim())) {
		v.add(name, `The ${name} must be an integer.`);
		return undefined;
	}
	return Number(raw);
}

/**
 * GET /stats?fromDate&toDate, both Unix milliseconds (reference §1: `/stats` uses milliseconds; the spec's
 * example echoes them so in time_range). What each metric counts is INFERRED, from the emulator's state:
 * - audio_minutes / video_minutes: the minutes of calls that started in the range;
 * - recorded_minutes: the length of those calls that have a recording;
 * - active_users: users who sent a message or joined a call in the range;
 * - concurrent_users: users online (status available) now; the emulator keeps no connection history.
 */
function usage(ctx: RouteContext): RouteResult {
	const v = new Validator();
	const fromDate = requiredInt(ctx, v, 'fromDate');
	const toDate = requiredInt(ctx, v, 'toDate');
	if (fromDate !== undefined && toDate !== undefined && toDate < fromDate) {
		v.add('toDate', 'The toDate must be greater than or equal to fromDate.');
	}
	v.check();
	const from = fromDate as number;
	const to = toDate as number;
	const inRange = (seconds: number | undefined) => seconds !== undefined && seconds * 1000 >= from && seconds * 1000 <= to;

	const now = ctx.state.now();
	const calls = callStore(ctx.state).calls.filter((call) => inRange(call.startedAt));
	const active = new Set<string>();
	for (const message of ctx.state.messages) {
		if (message.sender !== APP_SYSTEM_UID && inRange(message.sentAt)) active.add(message.sender);
	}
	for (const call of calls) for (const p of call.participants) if (p.isJoined) active.add(p.uid);
	const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

	return ok({
		metrics: {
			audio_minutes: sum(calls.map((call) => callMinutes(call, now).audio)),
			video_minutes: sum(calls.map((call) => callMinutes(call, now).video)),
			recorded_minutes: sum(calls.filter((call) => call.hasRecording).map((call) => callSeconds(call, now) / 60)),
			active_users: active.size,
			concurrent_users: [...ctx.state.users.values()].filter((user) => user.status === 'available' && user.deactivatedAt === undefined).length,
		},
		time_range: { fromDate: from, toDate: to },
	});
}

const BUCKET_SECONDS = 5 * 60;
const BUCKETS = 12;

/**
 * GET /stats/messages: the last hour in five-minute intervals (the spec's example spans one hour, each data
 * point five minutes), times as strings of Unix milliseconds. The window ends at the end of the current
 * interval, so a message sent just now counts (INFERRED). Receipts: the emulator records none, so 0.
 * `appId` is left out: the routes are not told the emulator's App ID.
 */
function messageMetrics(ctx: RouteContext): RouteResult {
	const end = (Math.floor(ctx.state.now() / BUCKET_SECONDS) + 1) * BUCKET_SECONDS;
	const start = end - BUCKETS * BUCKET_SECONDS;
	const dataPoints = Array.from({ length: BUCKETS }, (_, i) => {
		const from = start + i * BUCKET_SECONDS;
		const to = from + BUCKET_SECONDS;
		return {
			messagesSent: ctx.state.messages.filter((m) => m.category !== 'action' && m.sentAt >= from && m.sentAt < to).length,
			readReceipts: 0,
			deliveryReceipts: 0,
			startTime: String(from * 1000),
			endTime: String(to * 1000),
		};
	});
	return ok({ startTime: String(start * 1000), endTime: String(end * 1000), dataPoints });
}

export const metricRoutes: Route[] = [
	{ method: 'GET', path: '/stats', handler: usage },
	{ method: 'GET', path: '/stats/messages', handler: messageMetrics },
];
