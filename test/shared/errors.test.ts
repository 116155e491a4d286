import { runNode } from '../harness';
import { byId, httpCode, run, useEmulator } from '../helpers';

// Behaviour every operation shares: error mapping, continue on fail, key redaction, credential checks.
describe('errors', () => {
	const ctx = useEmulator();
	const createToken = { resource: 'authToken', operation: 'create', uid: byId('={{ $json.uid }}') };

	beforeEach(() => ctx.emulator.seedUser({ uid: 'real-user' }));

	it('with continue on fail, turns failing items into error items and the others go on', async () => {
		const { items, error } = await run(ctx, createToken, {
			continueOnFail: true,
			input: [{ json: { uid: 'real-user' } }, { json: { uid: 'ghost' } }, { json: { uid: 'bad uid' } }],
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(items[0].json.uid).toBe('real-user');
		expect(items[1].json).toEqual({
			error: 'ERR_UID_NOT_FOUND: The UID ghost does not exist, please make sure you have created a user with UID ghost. [item 1]',
		});
		expect(items[2].json).toEqual({
			error: expect.stringContaining('User: "bad uid" has characters CometChat does not allow'),
		});
		// The invalid item never reached CometChat.
		expect(ctx.emulator.requests.map((r) => r.path).sort()).toEqual([
			'/v3/users/ghost/auth_tokens',
			'/v3/users/real-user/auth_tokens',
		]);
	});

	it('without continue on fail, stops the node with the failing item\'s error', async () => {
		const { items, error } = await run(ctx, createToken, { input: [{ json: { uid: 'real-user' } }, { json: { uid: 'ghost' } }] });
		expect(items).toEqual([]);
		expect(error?.message).toMatch(/^ERR_UID_NOT_FOUND: .* \[item 1\]$/);
		expect(httpCode(error)).toBe('404');
	});

	it('never lets the API key appear in an error, even when CometChat echoes it', async () => {
		const wrongKey = 'wrong-key-5f3a9c0d7e';
		const result = await runNode({
			parameters: createToken,
			credentials: { ...ctx.credentials(), apiKey: wrongKey },
			input: [{ json: { uid: 'real-user' } }],
		});
		expect(ctx.emulator.requests.at(-1)?.headers.apikey).toBe(wrongKey);
		expect(result.error?.message).toBe(
			'AUTH_ERR_APIKEY_NOT_FOUND: The key [redacted] does not exist. Please use correct apiKey. [item 0]',
		);
		expect(result.error?.description).toContain('check that App ID, Region and REST API Key');
		expect(JSON.stringify(result.run)).not.toContain(wrongKey);
	});

	it('explains a rate limit with CometChat\'s Retry-After', async () => {
		ctx.emulator.failNext({
			status: 429,
			headers: { 'Retry-After': '15' },
			body: { error: { message: 'Too many requests.', devMessage: 'Too many requests.', source: 'chat-api', code: 'ERR_TOO_MANY_REQUESTS' } },
		});
		// Max Wait below CometChat's 15 s: the node does not retry sooner than asked, it stops.
		const { error } = await run(ctx, { ...createToken, retry: { maxWait: 10 } }, { input: [{ json: { uid: 'real-user' } }] });
		expect(error?.message).toBe('ERR_TOO_MANY_REQUESTS: Too many requests. [item 0]');
		expect(error?.description).toContain('CometChat asks to retry after 15 seconds.');
		expect(error?.description).toContain('Not retried: CometChat asked to wait longer than Max Wait allows.');
		expect(httpCode(error)).toBe('429');
		expect(ctx.emulator.requests).toHaveLength(1);
	});

	it.each([
		['ERR_ROLE_DELETE_DENIED', 403, 'The default role cannot be deleted.'],
		['ERR_APIKEY_NO_SELF_ACTION', 403, 'A key cannot update or delete itself'],
		['ERR_UID_ALREADY_EXISTS', 400, 'use another UID'],
		['ERR_PLAN_QUOTA_RESTRICTION', 402, 'plan quota'],
	])('adds what to do about %s', async (code, status, hint) => {
		ctx.emulator.failNext({ status, body: { error: { message: 'CometChat says no.', devMessage: '', source: 'chat-api', code } } });
		const { error } = await run(ctx, createToken, { input: [{ json: { uid: 'real-user' } }] });
		expect(error?.message).toBe(`${code}: CometChat says no. [item 0]`);
		expect(error?.description).toContain(hint);
		expect(error?.description).toContain(`HTTP ${status}.`);
	});

	it('reports an error that is not CometChat\'s JSON with its status and body', async () => {
		ctx.emulator.failNext({ status: 502, body: '<html>Bad Gateway</html>' });
		const getUser = { resource: 'user', operation: 'get', uid: byId('real-user'), retry: { serverErrors: false } };
		const { error } = await run(ctx, getUser);
		expect(error?.message).toBe('CometChat answered HTTP 502 [item 0]');
		expect(error?.description).toContain('Bad Gateway');
	});

	it.each([
		['a body without data', { success: true }, 'got: {"success":true}'],
		['a list of strings', { data: ['a', 'b'] }, 'got: {"data":["a","b"]}'],
		['plain text', 'OK', 'got: OK'],
	])('reports a success answer of an unexpected shape (%s) clearly', async (_case, body, shown) => {
		ctx.emulator.failNext({ status: 200, body });
		const { error } = await run(ctx, createToken, { input: [{ json: { uid: 'real-user' } }] });
		expect(error?.message).toBe('CometChat answered HTTP 200 without the expected data [item 0]');
		expect(error?.description).toContain(shown);
	});

	it.each([
		['a plain-http override to a remote host', { baseUrl: 'http://chat.example.com/v3' }, 'must start with https://'],
		['an override that is not a URL', { baseUrl: 'ftp://x' }, 'must start with https://'],
		['an App ID with a slash (no override)', { baseUrl: '', appId: 'abc/def' }, 'The App ID in the CometChat credential'],
	])('refuses %s before sending anything', async (_case, override, message) => {
		const { error } = await runNode({
			parameters: createToken,
			credentials: { ...ctx.credentials(), ...override },
			input: [{ json: { uid: 'real-user' } }],
		});
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('accepts a loopback override with a trailing slash', async () => {
		const { error } = await runNode({
			parameters: createToken,
			credentials: { ...ctx.credentials(), baseUrl: `${ctx.emulator.url}/` },
			input: [{ json: { uid: 'real-user' } }],
		});
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests[0].path).toBe('/v3/users/real-user/auth_tokens');
	});
});
