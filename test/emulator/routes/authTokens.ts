/** Auth tokens (reference §7.3). */
import { errors, type AuthTokenRecord, type Route, type RouteContext, type RouteResult, Validator, bodyObject, compact, ok, pageParams, paginate, requireUser } from './prelude';

function tokenView(t: AuthTokenRecord): Record<string, unknown> {
	return compact({
		uid: t.uid,
		authToken: t.authToken,
		createdAt: t.createdAt,
		platform: t.platform,
		userAgent: t.userAgent,
		appInfo: t.appInfo,
	});
}

function createAuthToken(ctx: RouteContext): RouteResult {
	const user = requireUser(ctx.state, ctx.params.uid);
	const v = new Validator();
	const force = v.optionalBoolean(bodyObject(ctx), 'force');
	v.check();
	// INFERRED from the docs' "generate a new auth token forcefully": without `force` the user's
	// latest existing token is returned; with `force` (or when there is none) a new one is made.
	const existing = force ? undefined : ctx.state.latestAuthToken(user.uid);
	const token = existing ?? ctx.state.addAuthToken(user.uid);
	return ok({ uid: token.uid, authToken: token.authToken, createdAt: token.createdAt });
}

function listAuthTokens(ctx: RouteContext): RouteResult {
	const user = requireUser(ctx.state, ctx.params.uid);
	const v = new Validator();
	const paging = pageParams(ctx, v);
	v.check();
	// Newest first, `meta.pagination` only (no cursor) [REC].
	const tokens = [...(ctx.state.authTokens.get(user.uid) ?? [])].reverse();
	const { pageItems, pagination } = paginate(tokens, paging);
	return ok(pageItems.map(tokenView), { pagination });
}

function findToken(ctx: RouteContext): AuthTokenRecord {
	const user = requireUser(ctx.state, ctx.params.uid);
	const token = (ctx.state.authTokens.get(user.uid) ?? []).find((t) => t.authToken === ctx.params.authToken);
	if (!token) throw errors.authTokenNotFound();
	return token;
}

function getAuthToken(ctx: RouteContext): RouteResult {
	return ok(tokenView(findToken(ctx)));
}

function updateAuthToken(ctx: RouteContext): RouteResult {
	const token = findToken(ctx);
	const body = bodyObject(ctx);
	const v = new Validator();
	const platform = v.optionalString(body, 'platform');
	const userAgent = v.optionalString(body, 'userAgent');
	const appInfo = v.optionalObject(body, 'appInfo');
	v.check();
	if (platform !== undefined) token.platform = platform;
	if (userAgent !== undefined) token.userAgent = userAgent;
	if (appInfo !== undefined) token.appInfo = appInfo;
	return ok(tokenView(token));
}

function deleteAuthToken(ctx: RouteContext): RouteResult {
	const token = findToken(ctx);
	const list = ctx.state.authTokens.get(token.uid) ?? [];
	list.splice(list.indexOf(token), 1);
	// [REIMPL] text (the spec example copies the user-deleted text).
	return ok({ success: true, message: `The Auth Token ${token.authToken} has been deleted successfully.` });
}

function flushAuthTokens(ctx: RouteContext): RouteResult {
	const user = requireUser(ctx.state, ctx.params.uid);
	ctx.state.authTokens.delete(user.uid);
	return ok({ success: true, message: `Cleared Auth Tokens successfully for uid ${user.uid}.` }); // [REC]
}

export const authTokenRoutes: Route[] = [
	{ method: 'POST', path: '/users/:uid/auth_tokens', authOnlyAllowed: true, handler: createAuthToken },
	{ method: 'GET', path: '/users/:uid/auth_tokens', handler: listAuthTokens },
	{ method: 'DELETE', path: '/users/:uid/auth_tokens', handler: flushAuthTokens },
	{ method: 'GET', path: '/users/:uid/auth_tokens/:authToken', handler: getAuthToken },
	{ method: 'PUT', path: '/users/:uid/auth_tokens/:authToken', handler: updateAuthToken },
	{ method: 'DELETE', path: '/users/:uid/auth_tokens/:authToken', handler: deleteAuthToken },
];
