import { byId, expectRequest, run, useEmulator } from './helpers';

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
