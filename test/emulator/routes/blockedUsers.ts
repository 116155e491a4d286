/** Blocked users (reference §7.7): block, unblock, list. */
import { normalizeId, userConversationId, type Route, type RouteContext, type RouteResult, Validator, bodyObject, listCursor, ok, pageParams, requireUser, userView } from './prelude';

interface Outcome {
	success: boolean;
	message: string;
}

/** `blockedUids`: required, a non-empty array of strings [SPEC]; 400 ERR_BAD_REQUEST otherwise. */
function blockedUids(ctx: RouteContext): string[] {
	const body = bodyObject(ctx);
	const v = new Validator();
	const value = body.blockedUids;
	let uids: string[] | undefined;
	if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
		v.add('blockedUids', 'The blockedUids field is required.');
	} else {
		uids = v.checkStringArray('blockedUids', value);
	}
	v.check();
	return uids ?? [];
}

/**
 * Run `act` for each uid and key the outcome by the lower-cased uid, in request order. A uid sent
 * twice (in any case) is handled once, at its first position (INFERRED).
 */
function perUid(uids: string[], act: (uid: string) => Outcome): Record<string, Outcome> {
	const out: Record<string, Outcome> = {};
	for (const raw of uids) {
		const uid = normalizeId(raw);
		if (!(uid in out)) out[uid] = act(uid);
	}
	return out;
}

// [REIMPL] text for a uid that does not exist (success: false).
const missing = (uid: string): Outcome => ({
	success: false,
	message: `The uid ${uid} does not exist, please make sure you have created a uid with uid ${uid}.`,
});

function block(ctx: RouteContext): RouteResult {
	const blocker = requireUser(ctx.state, ctx.params.uid).uid;
	const uids = blockedUids(ctx);
	return ok(
		perUid(uids, (uid) => {
			if (!ctx.state.getUser(uid)) return missing(uid);
			// [REIMPL] self text, success: false.
			if (uid === blocker) return { success: false, message: `The UID ${blocker} cannot block UID ${uid}.` };
			if (ctx.state.getBlock(blocker, uid)) {
				// [REIMPL] "already blocked" text, success: true.
				return { success: true, message: `The user with UID ${blocker} has already blocked user with UID ${uid}.` };
			}
			ctx.state.addBlock(blocker, uid);
			// [REC] text.
			return { success: true, message: `The user with UID ${blocker} has blocked user with UID ${uid} successfully.` };
		}),
	);
}

function unblock(ctx: RouteContext): RouteResult {
	const blocker = requireUser(ctx.state, ctx.params.uid).uid;
	const uids = blockedUids(ctx);
	return ok(
		perUid(uids, (uid) => {
			if (!ctx.state.getUser(uid)) return missing(uid);
			if (!ctx.state.removeBlock(blocker, uid)) {
				// [REIMPL] text; success: false is INFERRED (the reference gives no flag for this case).
				// Unblocking oneself lands here too (one is never blocked by oneself).
				return { success: false, message: `The user with UID ${blocker} has not blocked the user with UID ${uid}.` };
			}
			// [REC] text.
			return { success: true, message: `The user with UID ${blocker} has unblocked user with UID ${uid} successfully.` };
		}),
	);
}

function listBlocked(ctx: RouteContext): RouteResult {
	const blocker = requireUser(ctx.state, ctx.params.uid).uid;
	const v = new Validator();
	const { page, perPage } = pageParams(ctx, v);
	v.check();

	// Oldest block first, as recorded ([REC] list_block_users). Deactivated users are left out (INFERRED).
	const entries = [...(ctx.state.blocks.get(blocker)?.entries() ?? [])]
		.flatMap(([uid, block]) => {
			const user = ctx.state.getUser(uid);
			return user ? [{ user, block }] : [];
		})
		.sort((a, b) => a.block.blockedAt - b.block.blockedAt || a.block.seq - b.block.seq);

	const start = (page - 1) * perPage;
	const pageEntries = entries.slice(start, start + perPage);
	const hasMore = entries.length > start + perPage;
	const data = pageEntries.map(({ user, block }) => ({
		...userView(user, {
			withTags: false,
			extra: { blockedByMe: true, blockedByMeAt: block.blockedAt, blockedAt: block.blockedAt },
		}),
		conversationId: userConversationId(blocker, user.uid),
	}));
	return ok(data, {
		pagination: {
			// [REC]: `total` is always 0 on this list.
			total: 0,
			count: data.length,
			per_page: perPage,
			current_page: page,
			// Followed [REC] (list_block_users, 24 blocks, perPage 5: pages 1-5 report 2,3,4,5,5): the API
			// reports current_page + 1 while more rows follow, else current_page. The reference's
			// "total_pages is correct" does not match the recording; the "peek one row" rule is INFERRED.
			total_pages: hasMore ? page + 1 : page,
		},
		cursor: listCursor(
			entries.map((e) => e.user.updatedAt ?? e.user.createdAt),
			ctx.state.now(),
		),
	});
}

export const blockedUserRoutes: Route[] = [
	{ method: 'POST', path: '/users/:uid/blockedusers', handler: block },
	{ method: 'DELETE', path: '/users/:uid/blockedusers', handler: unblock },
	{ method: 'GET', path: '/users/:uid/blockedusers', handler: listBlocked },
];
