import type { IDataObject } from 'n8n-workflow';
import type { AuthTokenRecord } from '../emulator';
import { byId, expectRefused, expectRequest, httpCode, json, run, useEmulator } from '../helpers';


describe('Auth Token → Create', () => {
	const ctx = useEmulator();
	beforeEach(() => ctx.emulator.seedUser({ uid: 'new-user' }));

	it('POSTs with no body (n8n sends none for an empty object) and returns the token object', async () => {
		const { items, error } = await run(ctx, { resource: 'authToken', operation: 'create', uid: byId('new-user') });
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'POST', path: '/v3/users/new-user/auth_tokens', body: undefined },
			ctx.emulator.apiKey,
		);
		expect(items).toHaveLength(1);
		expect(Object.keys(items[0].json).sort()).toEqual(['authToken', 'createdAt', 'uid']);
		expect(items[0].json.uid).toBe('new-user');
		expect(items[0].json.authToken).toMatch(/^new-user_[0-9a-f]{40}$/);
	});

	it('sends force: true and gets a new token each time', async () => {
		const first = await run(ctx, { resource: 'authToken', operation: 'create', uid: byId('new-user') });
		const forced = await run(ctx, { resource: 'authToken', operation: 'create', uid: byId('new-user'), options: { force: true } });
		expect(ctx.emulator.requests[1].body).toEqual({ force: true });
		expect(forced.items[0].json.authToken).not.toBe(first.items[0].json.authToken);
	});

	it('fails with ERR_UID_NOT_FOUND for an unknown user', async () => {
		const { error } = await run(ctx, { resource: 'authToken', operation: 'create', uid: byId('ghost') });
		expect(error?.message).toMatch(/^ERR_UID_NOT_FOUND: The UID ghost does not exist/);
	});

	it('takes the UID from the list mode of the picker too', async () => {
		const { items } = await run(ctx, {
			resource: 'authToken',
			operation: 'create',
			uid: { __rl: true, mode: 'list', value: 'new-user', cachedResultName: 'New User (new-user)' },
		});
		expect(ctx.emulator.requests[0].path).toBe('/v3/users/new-user/auth_tokens');
		expect(items[0].json.uid).toBe('new-user');
	});
});

// Bad Auth Token values, refused before any request ("." and ".." would be resolved by the HTTP
// client: DELETE /users/jane/auth_tokens/.. is DELETE /users/jane).
const badTokens: Array<[string, IDataObject[string], string]> = [
	['an empty Auth Token', '  ', 'Auth Token: is empty [item 0]'],
	['an Auth Token with a slash', 'jane_abc/../../groups', 'Auth Token: contains "/", which an auth token never has [item 0]'],
	['an Auth Token of ".."', '..', 'Auth Token: ".." is not an auth token [item 0]'],
	['an Auth Token of "."', '.', 'Auth Token: "." is not an auth token [item 0]'],
	['an Auth Token that is an object', { token: 'x' }, 'Auth Token: must be text, not an object [item 0]'],
];

describe('Auth Token → Get', () => {
	const ctx = useEmulator();
	const get = (extra: Record<string, unknown> = {}) => ({ resource: 'authToken', operation: 'get', uid: byId('jane'), ...extra });
	let token: AuthTokenRecord;

	beforeEach(() => {
		ctx.emulator.seedUser({ uid: 'jane' });
		token = ctx.emulator.state.addAuthToken('jane');
		ctx.emulator.state.addAuthToken('jane');
	});

	it('sends GET to the token\'s path and returns the token', async () => {
		const { items, error } = await run(ctx, get({ authToken: ` ${token.authToken} ` }));
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: `/v3/users/jane/auth_tokens/${token.authToken}`, body: undefined },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([{ uid: 'jane', authToken: token.authToken, createdAt: token.createdAt }]);
	});

	it('returns the device details stored with the token', async () => {
		Object.assign(token, { platform: 'ios', userAgent: 'App/1.0', appInfo: { version: '2.4.1' } });
		const { items } = await run(ctx, get({ authToken: token.authToken }));
		expect(json(items)).toEqual([
			{ uid: 'jane', authToken: token.authToken, createdAt: token.createdAt, platform: 'ios', userAgent: 'App/1.0', appInfo: { version: '2.4.1' } },
		]);
	});

	it('fails with ERR_AUTH_TOKEN_NOT_FOUND for a token the user does not have', async () => {
		const { error } = await run(ctx, get({ authToken: 'jane_0000000000' }));
		expect(ctx.emulator.requests[0].path).toBe('/v3/users/jane/auth_tokens/jane_0000000000');
		expect(error?.message).toBe('ERR_AUTH_TOKEN_NOT_FOUND: Auth token does not exist. [item 0]');
		expect(httpCode(error)).toBe('404');
	});

	it.each(badTokens)('stops %s before any request', async (_case, value, message) => {
		await expectRefused(ctx, get({ authToken: '={{ $json.value }}' }), { value }, message);
	});

	it('stops an empty User before any request', async () => {
		const { error } = await run(ctx, get({ uid: byId('={{ $json.value }}'), authToken: token.authToken }), { input: [{ json: { value: '' } }] });
		expect(error?.message).toContain('User: is empty [item 0]');
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Auth Token → Get Many', () => {
	const ctx = useEmulator();
	const getAll = (extra: Record<string, unknown> = {}) => ({ resource: 'authToken', operation: 'getAll', uid: byId('jane'), ...extra });
	const seedTokens = (count: number) => Array.from({ length: count }, () => ctx.emulator.state.addAuthToken('jane'));

	beforeEach(() => ctx.emulator.seedUser({ uid: 'jane' }));

	it('asks for only the limit and returns one item per token, newest first', async () => {
		const tokens = seedTokens(5);
		const { items, error } = await run(ctx, getAll({ limit: 3 }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/users/jane/auth_tokens', query: { page: '1', perPage: '3' }, body: undefined },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual(
			[tokens[4], tokens[3], tokens[2]].map((t) => ({ uid: 'jane', authToken: t.authToken, createdAt: t.createdAt })),
		);
	});

	it('walks every page with Return All', async () => {
		const tokens = seedTokens(2001);
		const { items } = await run(ctx, getAll({ returnAll: true }));
		expect(ctx.emulator.requests.map((r) => [r.path, r.query])).toEqual([
			['/v3/users/jane/auth_tokens', { page: '1', perPage: '1000' }],
			['/v3/users/jane/auth_tokens', { page: '2', perPage: '1000' }],
			['/v3/users/jane/auth_tokens', { page: '3', perPage: '1000' }],
		]);
		expect(items.map((item) => item.json.authToken)).toEqual(tokens.map((t) => t.authToken).reverse());
	});

	it('returns no items for a user without tokens', async () => {
		const { items, error } = await run(ctx, getAll({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
	});

	it('fails with ERR_UID_NOT_FOUND for an unknown user', async () => {
		const { error } = await run(ctx, getAll({ uid: byId('ghost') }));
		expect(error?.message).toMatch(/^ERR_UID_NOT_FOUND: The UID ghost does not exist/);
	});

	it('stops a bad User before any request', async () => {
		const { error } = await run(ctx, getAll({ uid: byId('={{ $json.value }}') }), { input: [{ json: { value: 'ja ne' } }] });
		expect(error?.message).toContain('User: "ja ne" has characters');
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Auth Token → Update', () => {
	const ctx = useEmulator();
	const update = (extra: Record<string, unknown> = {}) => ({ resource: 'authToken', operation: 'update', uid: byId('jane'), ...extra });
	let token: AuthTokenRecord;

	beforeEach(() => {
		ctx.emulator.seedUser({ uid: 'jane' });
		token = ctx.emulator.state.addAuthToken('jane');
	});

	it('sends PUT with platform, userAgent and appInfo and returns the updated token', async () => {
		const { items, error } = await run(
			ctx,
			update({ authToken: token.authToken, updateFields: { appInfo: '{"version": "2.4.1"}', platform: 'ios', userAgent: 'App/1.0' } }),
		);
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'PUT',
				path: `/v3/users/jane/auth_tokens/${token.authToken}`,
				body: { platform: 'ios', userAgent: 'App/1.0', appInfo: { version: '2.4.1' } },
				headers: { 'content-type': 'application/json' },
			},
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([
			{ uid: 'jane', authToken: token.authToken, createdAt: token.createdAt, platform: 'ios', userAgent: 'App/1.0', appInfo: { version: '2.4.1' } },
		]);
		expect(ctx.emulator.state.latestAuthToken('jane')).toMatchObject({ platform: 'ios', userAgent: 'App/1.0', appInfo: { version: '2.4.1' } });
	});

	it('sends only the fields added', async () => {
		const { items } = await run(ctx, update({ authToken: token.authToken, updateFields: { platform: 'android' } }));
		expect(ctx.emulator.requests[0].body).toEqual({ platform: 'android' });
		expect(json(items)).toEqual([{ uid: 'jane', authToken: token.authToken, createdAt: token.createdAt, platform: 'android' }]);
	});

	it('fails with ERR_AUTH_TOKEN_NOT_FOUND for an unknown token', async () => {
		const { error } = await run(ctx, update({ authToken: 'jane_nope', updateFields: { platform: 'ios' } }));
		expect(error?.message).toBe('ERR_AUTH_TOKEN_NOT_FOUND: Auth token does not exist. [item 0]');
	});

	it.each([
		['nothing to update', {}, null, 'Update Fields: is empty [item 0]'] as [string, object, IDataObject[string], string],
		['App Info that is not JSON', { updateFields: { appInfo: '={{ $json.value }}' } }, '{version}', 'App Info (JSON): is not valid JSON'],
		['App Info that is an array', { updateFields: { appInfo: '={{ $json.value }}' } }, [1], 'App Info (JSON): must be a JSON object, not an array'],
		['a Platform that is an object', { updateFields: { platform: '={{ $json.value }}' } }, { os: 'ios' }, 'Platform: must be text, not an object'],
		...badTokens.map(([name, value, message]) => [name, { authToken: '={{ $json.value }}', updateFields: { platform: 'ios' } }, value, message] as [string, object, IDataObject[string], string]),
	])('stops %s before any request', async (_case, extra, value, message) => {
		const { error } = await run(ctx, update({ authToken: token.authToken, ...extra }), { input: [{ json: { value } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Auth Token → Delete', () => {
	const ctx = useEmulator();
	const remove = (extra: Record<string, unknown> = {}) => ({ resource: 'authToken', operation: 'delete', uid: byId('jane'), ...extra });
	let tokens: AuthTokenRecord[];

	beforeEach(() => {
		ctx.emulator.seedUser({ uid: 'jane' });
		tokens = [ctx.emulator.state.addAuthToken('jane'), ctx.emulator.state.addAuthToken('jane')];
	});

	it('sends DELETE to the token\'s path and returns {deleted, message}; only that token goes', async () => {
		const { items, error } = await run(ctx, remove({ authToken: tokens[0].authToken }));
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'DELETE', path: `/v3/users/jane/auth_tokens/${tokens[0].authToken}`, body: undefined },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([{ deleted: true, message: `The Auth Token ${tokens[0].authToken} has been deleted successfully.` }]);
		expect(ctx.emulator.state.authTokens.get('jane')?.map((t) => t.authToken)).toEqual([tokens[1].authToken]);
	});

	it('fails with ERR_AUTH_TOKEN_NOT_FOUND for a token already deleted', async () => {
		await run(ctx, remove({ authToken: tokens[0].authToken }));
		const { error } = await run(ctx, remove({ authToken: tokens[0].authToken }));
		expect(error?.message).toBe('ERR_AUTH_TOKEN_NOT_FOUND: Auth token does not exist. [item 0]');
		expect(httpCode(error)).toBe('404');
	});

	it.each(badTokens)('stops %s before any request, and the user and tokens stay', async (_case, value, message) => {
		const { error } = await run(ctx, remove({ authToken: '={{ $json.value }}' }), { input: [{ json: { value } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
		expect(ctx.emulator.state.getUser('jane')).toBeDefined();
		expect(ctx.emulator.state.authTokens.get('jane')).toHaveLength(2);
	});
});

describe('Auth Token → Delete All', () => {
	const ctx = useEmulator();
	const deleteAll = (uid: string) => ({ resource: 'authToken', operation: 'deleteAll', uid: byId(uid) });

	beforeEach(() => {
		ctx.emulator.seedUser({ uid: 'jane' });
		ctx.emulator.seedUser({ uid: 'bob' });
		for (const uid of ['jane', 'jane', 'bob']) ctx.emulator.state.addAuthToken(uid);
	});

	it('sends DELETE to the user\'s token list and returns {deleted, message}; only that user\'s tokens go', async () => {
		const { items, error } = await run(ctx, deleteAll('jane'));
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: '/v3/users/jane/auth_tokens', body: undefined }, ctx.emulator.apiKey);
		expect(json(items)).toEqual([{ deleted: true, message: 'Cleared Auth Tokens successfully for uid jane.' }]);
		expect(ctx.emulator.state.authTokens.has('jane')).toBe(false);
		expect(ctx.emulator.state.authTokens.get('bob')).toHaveLength(1);
	});

	it('fails with ERR_UID_NOT_FOUND for an unknown user', async () => {
		const { error } = await run(ctx, deleteAll('ghost'));
		expect(error?.message).toMatch(/^ERR_UID_NOT_FOUND: The UID ghost does not exist/);
	});

	it('stops a bad User before any request', async () => {
		const { error } = await run(ctx, deleteAll('={{ $json.value }}'), { input: [{ json: { value: 'jane/..' } }] });
		expect(error?.message).toContain('User: "jane/.." has characters');
		expect(ctx.emulator.requests).toEqual([]);
		expect(ctx.emulator.state.authTokens.get('jane')).toHaveLength(2);
	});
});
