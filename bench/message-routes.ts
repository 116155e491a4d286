/**
 * Stand-ins for CometChat's cursor-paged message lists (reference §2.3, §7.9), used by the benchmark
 * only while the emulator has no route of its own for them: GET /messages, /users/{uid}/messages and
 * /groups/{guid}/messages with `limit` (default 100 [REC], at most 1000), `affix`, `id`, `sentAt`.
 * Pages run oldest first; `meta.next` is the cursor of the next page and an empty page ends the list
 * ([REC] client logic: current.count == 0).
 */
import type { MessageRecord } from '../test/emulator';
import { Validator, messageView, ok, type Route, type RouteContext, type RouteResult } from '../test/emulator/routes/shared';

function intQuery(ctx: RouteContext, v: Validator, name: string, fallback: number, max?: number): number {
	const raw = ctx.query[name];
	if (raw === undefined || raw === '') return fallback;
	const n = Number(raw);
	if (!Number.isInteger(n) || n < 1 || (max !== undefined && n > max)) {
		v.add(name, max ? `The ${name} must be between 1 and ${max}.` : `The ${name} must be an integer.`);
		return fallback;
	}
	return n;
}

/** Index of the first message whose id is above `id` (ids are a growing counter, kept in order). */
function firstAfter(messages: MessageRecord[], id: number): number {
	let low = 0;
	let high = messages.length;
	while (low < high) {
		const mid = (low + high) >> 1;
		if (Number(messages[mid].id) <= id) low = mid + 1;
		else high = mid;
	}
	return low;
}

function listPage(ctx: RouteContext, keep: (message: MessageRecord) => boolean): RouteResult {
	const v = new Validator();
	const limit = intQuery(ctx, v, 'limit', 100, 1000);
	const affix = ctx.query.affix ?? 'append';
	if (affix !== 'append' && affix !== 'prepend') v.add('affix', 'The selected affix is invalid.');
	const id = ctx.query.id === undefined || ctx.query.id === '' ? undefined : intQuery(ctx, v, 'id', 0);
	const sentAt = ctx.query.sentAt === undefined || ctx.query.sentAt === '' ? undefined : intQuery(ctx, v, 'sentAt', 0);
	v.check();

	const all = ctx.state.messages;
	const page: MessageRecord[] = [];
	if (affix === 'append') {
		const start = id !== undefined ? firstAfter(all, id) : 0;
		for (let i = start; i < all.length && page.length < limit; i++) {
			const message = all[i];
			if ((id !== undefined || sentAt === undefined || message.sentAt >= sentAt) && keep(message)) page.push(message);
		}
	} else {
		const end = id !== undefined ? firstAfter(all, id - 1) : all.length;
		for (let i = end - 1; i >= 0 && page.length < limit; i--) {
			const message = all[i];
			if ((id !== undefined || sentAt === undefined || message.sentAt <= sentAt) && keep(message)) page.unshift(message);
		}
	}
	const last = page[page.length - 1];
	const first = page[0];
	const cursorGiven = id !== undefined || sentAt !== undefined;
	const meta: Record<string, unknown> = {};
	// [REC]: a request that carried a cursor also gets `previous`; an empty page without an id carries sentAt only.
	if (cursorGiven) {
		meta.previous = first ? { affix: 'prepend', sentAt: first.sentAt, id: first.id } : { affix: 'prepend', sentAt: String(sentAt ?? ctx.state.now()) };
	}
	meta.current = { limit, count: page.length };
	meta.next = last ? { affix: 'append', sentAt: last.sentAt, id: last.id } : { affix: 'append', sentAt: String(sentAt ?? ctx.state.now()) };
	return ok(
		page.map((message) => messageView(ctx.state, message)),
		meta,
	);
}

export const messageListRoutes: Route[] = [
	{ method: 'GET', path: '/messages', handler: (ctx) => listPage(ctx, () => true) },
	{
		method: 'GET',
		path: '/users/:uid/messages',
		handler: (ctx) => {
			const uid = ctx.params.uid.toLowerCase();
			return listPage(ctx, (m) => m.receiverType === 'user' && (m.sender === uid || m.receiver === uid));
		},
	},
	{
		method: 'GET',
		path: '/groups/:guid/messages',
		handler: (ctx) => {
			const guid = ctx.params.guid.toLowerCase();
			return listPage(ctx, (m) => m.receiverType === 'group' && m.receiver === guid);
		},
	},
];
