import type { INodeParameters } from 'n8n-workflow';
import { DEFAULT_API_KEY, createEmulator, type Emulator } from '../emulator';
import { apiKeyStore } from '../emulator/routes/apiKeys';
import { expectRefused, expectRequest, httpCode, json, run, useEmulator } from '../helpers';

const apiKey = (operation: string, extra: Record<string, unknown> = {}) => ({ resource: 'apiKey', operation, ...extra }) as INodeParameters;

describe('API Key', () => {
	const ctx = useEmulator();
	const store = () => apiKeyStore(ctx.emulator.state);
	const seedKey = (key: string, name: string, scope: 'authOnly' | 'fullAccess' = 'authOnly', createdAt?: number) =>
		store().add({ apiKey: key, name, scope, createdAt });
	const KEY_A = 'a1915e328e249ffaaafd97fb46a57ba55d233fbf';
	const KEY_B = 'b40b2c254f33d429b1fca5e0eb1cef72c594ddc0';

	describe('Create', () => {
		it('sends name and scope and returns the new key as CometChat gives it', async () => {
			const { items, error } = await run(ctx, apiKey('create', { name: ' Signup service ', scope: 'fullAccess' }));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests).toHaveLength(1);
			expectRequest(
				ctx.emulator.requests[0],
				{ method: 'POST', path: '/v3/apikeys', body: { name: 'Signup service', scope: 'fullAccess' }, headers: { 'content-type': 'application/json' } },
				ctx.emulator.apiKey,
			);
			const created = [...store().keys.values()].find((k) => k.name === 'Signup service')!;
			expect(created.apiKey).toMatch(/^[0-9a-f]{40}$/);
			expect(json(items)).toEqual([{ apiKey: created.apiKey, name: 'Signup service', scope: 'fullAccess', createdAt: created.createdAt }]);
		});

		it('creates an authOnly key by default, the spec\'s default', async () => {
			const { items } = await run(ctx, apiKey('create', { name: 'Widget' }));
			expect(ctx.emulator.requests[0].body).toEqual({ name: 'Widget', scope: 'authOnly' });
			expect(items[0].json.scope).toBe('authOnly');
		});

		it.each([
			['an empty Name', '  ', 'authOnly', 'Name: is empty [item 0]'],
			['a Name over 100 characters', 'n'.repeat(101), 'authOnly', 'Name: is 101 characters long; CometChat allows at most 100'],
			['an unknown Scope', 'Widget', 'admin', 'Scope: "admin" is not one of authOnly, fullAccess [item 0]'],
		])('stops %s before any request', async (_case, name, scope, message) => {
			await expectRefused(ctx, apiKey('create', { name: '={{ $json.name }}', scope: '={{ $json.scope }}' }), { name, scope }, message);
		});

		it('passes on CometChat\'s quota error once the app has 25 keys', async () => {
			for (let i = 0; i < 25; i++) seedKey(`key-${i}`, `Key ${i}`);
			const { error } = await run(ctx, apiKey('create', { name: 'One too many' }));
			expect(error?.message).toMatch(/^ERR_PLAN_QUOTA_RESTRICTION: .+ is 25\. .+ \[item 0\]$/);
			expect(httpCode(error)).toBe('402');
		});
	});

	describe('Get', () => {
		it('gets a key by its value', async () => {
			const seeded = seedKey(KEY_A, "John's apiKey");
			const { items, error } = await run(ctx, apiKey('get', { apiKey: ` ${KEY_A} ` }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `/v3/apikeys/${KEY_A}`, body: undefined }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ apiKey: KEY_A, name: "John's apiKey", scope: 'authOnly', createdAt: seeded.createdAt }]);
		});

		it('fails the item with ERR_APIKEY_NOT_FOUND (404) for an unknown key', async () => {
			const { error } = await run(ctx, apiKey('get', { apiKey: KEY_B }));
			expect(error?.message).toBe(`ERR_APIKEY_NOT_FOUND: The apiKey ${KEY_B} does not exist. Please use a correct apiKey. [item 0]`);
			expect(httpCode(error)).toBe('404');
		});

		it.each([
			['an empty key', '', 'API Key: is empty [item 0]'],
			['a key with a slash', '../users', 'API Key: has characters an API key cannot have'],
			['a key over 100 characters', 'k'.repeat(101), 'API Key: is 101 characters long'],
			['an array', ['a', 'b'], 'API Key: must be a single key, not an array'],
		])('stops %s before any request, without repeating it', async (_case, value, message) => {
			const { error } = await run(ctx, apiKey('get', { apiKey: '={{ $json.key }}' }), { input: [{ json: { key: value } }] });
			expect(error?.message).toContain(message);
			expect(error?.message).not.toContain('../users');
			expect(ctx.emulator.requests).toEqual([]);
		});
	});

	describe('Get Many', () => {
		beforeEach(() => {
			seedKey(KEY_A, 'Signup service', 'authOnly', 1700000300);
			seedKey(KEY_B, 'Chat widget', 'authOnly', 1700000200);
			seedKey('c'.repeat(40), 'Signup backend', 'fullAccess', 1700000100);
		});

		it('sends the filters as query parameters, no page parameters, and returns one item per key', async () => {
			const { items, error } = await run(ctx, apiKey('getAll', { returnAll: true, filters: { scope: 'authOnly', searchKey: 'SIGNUP' } }));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests).toHaveLength(1);
			expectRequest(
				ctx.emulator.requests[0],
				{ method: 'GET', path: '/v3/apikeys', query: { scope: 'authOnly', searchKey: 'SIGNUP' }, body: undefined },
				ctx.emulator.apiKey,
			);
			expect(json(items)).toEqual([{ apiKey: KEY_A, name: 'Signup service', scope: 'authOnly', createdAt: 1700000300 }]);
		});

		it('returns every key with Return All, newest first, the calling key included but never its value', async () => {
			const { items } = await run(ctx, apiKey('getAll', { returnAll: true }));
			expect(ctx.emulator.requests[0].query).toEqual({});
			const caller = store().keys.get(ctx.emulator.apiKey)!;
			expect(json(items)).toEqual([
				// The credential's own key appears nowhere, this list included.
				{ apiKey: '[redacted]', name: 'Rest API Key', scope: 'fullAccess', createdAt: caller.createdAt },
				{ apiKey: KEY_A, name: 'Signup service', scope: 'authOnly', createdAt: 1700000300 },
				{ apiKey: KEY_B, name: 'Chat widget', scope: 'authOnly', createdAt: 1700000200 },
				{ apiKey: 'c'.repeat(40), name: 'Signup backend', scope: 'fullAccess', createdAt: 1700000100 },
			]);
		});

		it('trims the output to the Limit', async () => {
			const { items } = await run(ctx, apiKey('getAll', { limit: 2, filters: { scope: 'authOnly' } }));
			expect(ctx.emulator.requests).toHaveLength(1);
			expect(ctx.emulator.requests[0].query).toEqual({ scope: 'authOnly' });
			expect(items.map((item) => item.json.apiKey)).toEqual([KEY_A, KEY_B]);
		});
	});

	describe('Update', () => {
		it('sends only the fields added and returns the updated key', async () => {
			const seeded = seedKey(KEY_A, 'Old name');
			const { items, error } = await run(ctx, apiKey('update', { apiKey: KEY_A, updateFields: { name: 'New name', scope: 'fullAccess' } }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'PUT', path: `/v3/apikeys/${KEY_A}`, body: { name: 'New name', scope: 'fullAccess' } }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ apiKey: KEY_A, name: 'New name', scope: 'fullAccess', createdAt: seeded.createdAt }]);
			expect(store().keys.get(KEY_A)).toMatchObject({ name: 'New name', scope: 'fullAccess' });
		});

		it('sends a scope change alone', async () => {
			seedKey(KEY_A, 'Widget', 'fullAccess');
			await run(ctx, apiKey('update', { apiKey: KEY_A, updateFields: { scope: 'authOnly' } }));
			expect(ctx.emulator.requests[0].body).toEqual({ scope: 'authOnly' });
			expect(store().keys.get(KEY_A)).toMatchObject({ name: 'Widget', scope: 'authOnly' });
		});

		it('passes on CometChat\'s refusal when the key would update itself, without showing the key', async () => {
			const { error } = await run(ctx, apiKey('update', { apiKey: ctx.emulator.apiKey, updateFields: { name: 'Renamed' } }));
			expect(ctx.emulator.requests[0].path).toBe(`/v3/apikeys/${ctx.emulator.apiKey}`);
			expect(error?.message).toBe(
				'ERR_APIKEY_NO_SELF_ACTION: An API key cannot update or delete itself. Please use another API key with fullAccess scope. [item 0]',
			);
			expect(httpCode(error)).toBe('403');
			// (n8n's error keeps the node's parameters, where the key was typed; CometChat's answer does not hold it.)
			expect(`${error?.message} ${error?.description} ${JSON.stringify((error as { errorResponse?: unknown }).errorResponse)}`).not.toContain(
				ctx.emulator.apiKey,
			);
			expect(store().keys.get(ctx.emulator.apiKey)).toBeUndefined();
		});

		it.each([
			['no field', {}, 'Update Fields: is empty [item 0]'],
			['an empty Name', { name: '={{ "" }}' }, 'Name: is empty [item 0]'],
			['an unknown Scope', { scope: '={{ "everything" }}' }, 'Scope: "everything" is not one of authOnly, fullAccess'],
		])('stops %s before any request', async (_case, updateFields, message) => {
			seedKey(KEY_A, 'Widget');
			const { error } = await run(ctx, apiKey('update', { apiKey: KEY_A, updateFields }));
			expect(error?.message).toContain(message);
			expect(ctx.emulator.requests).toEqual([]);
		});
	});

	describe('Delete', () => {
		it('deletes a key and returns {deleted: true, message}', async () => {
			seedKey(KEY_A, 'Widget');
			const { items, error } = await run(ctx, apiKey('delete', { apiKey: KEY_A }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: `/v3/apikeys/${KEY_A}`, body: undefined }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ deleted: true, message: `The Api Key ${KEY_A} has been deleted successfully.` }]);
			expect(store().keys.has(KEY_A)).toBe(false);
		});

		it('passes on CometChat\'s refusal when the key would delete itself', async () => {
			// The calling key is in the list (adopted on the first /apikeys request) and stays there.
			await run(ctx, apiKey('getAll', { returnAll: true }));
			const { error } = await run(ctx, apiKey('delete', { apiKey: ctx.emulator.apiKey }));
			expect(error?.message).toMatch(/^ERR_APIKEY_NO_SELF_ACTION: /);
			expect(error?.message).not.toContain(ctx.emulator.apiKey);
			expect(store().keys.has(ctx.emulator.apiKey)).toBe(true);
		});

		it('stops a key with a space before any request', async () => {
			const { error } = await run(ctx, apiKey('delete', { apiKey: '={{ $json.key }}' }), { input: [{ json: { key: 'two words' } }] });
			expect(error?.message).toContain('API Key: has characters an API key cannot have');
			expect(ctx.emulator.requests).toEqual([]);
		});
	});
});

describe('API Key with an Auth Key (authOnly) in the credential', () => {
	let emulator: Emulator;
	const AUTH_KEY = 'auth-only-key-0123456789';
	beforeAll(async () => {
		emulator = await createEmulator({ apiKeys: { [DEFAULT_API_KEY]: 'fullAccess', [AUTH_KEY]: 'authOnly' } });
	});
	afterAll(async () => {
		await emulator.close();
	});

	it('is refused with AUTH_ERR_NO_ACCESS, the key never shown', async () => {
		const credentials = () => ({ appId: emulator.appId, region: 'us', apiKey: AUTH_KEY, baseUrl: emulator.url });
		const { error } = await run({ credentials }, apiKey('create', { name: 'Widget' }));
		expect(emulator.requests).toHaveLength(1);
		expect(error?.message).toBe(
			'AUTH_ERR_NO_ACCESS: The key [redacted] cannot be used to perform this operation. Please use API key with a correct scope to perform the operation. [item 0]',
		);
		expect(error?.description).toContain('use a REST API key with fullAccess scope');
		expect(apiKeyStore(emulator.state).keys.size).toBe(0);
	});
});
