import { expectRequest, run, useEmulator } from './helpers';

describe('User → Get Many', () => {
	const ctx = useEmulator();
	const getAll = (extra: Record<string, unknown> = {}) => ({ resource: 'user', operation: 'getAll', ...extra });
	const seed = (count: number) => {
		for (let i = 1; i <= count; i++) ctx.emulator.seedUser({ uid: `user-${String(i).padStart(4, '0')}`, name: `User ${i}` });
	};

	it('asks for only the limit and returns one item per user', async () => {
		seed(12);
		const { items, error } = await run(ctx, getAll({ limit: 5 }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/users', query: { page: '1', perPage: '5' }, body: undefined },
			ctx.emulator.apiKey,
		);
		// CometChat lists newest first (recorded).
		expect(items.map((item) => item.json.uid)).toEqual(['user-0012', 'user-0011', 'user-0010', 'user-0009', 'user-0008']);
		expect(items[0].json).toMatchObject({ uid: 'user-0012', name: 'User 12', status: 'offline', role: 'default' });
		expect(items[0].json).not.toHaveProperty('data');
		expect(items[0].json).not.toHaveProperty('meta');
	});

	it('walks every page with Return All, 1000 per page, until meta.pagination says the last page came', async () => {
		seed(2503);
		const { items } = await run(ctx, getAll({ returnAll: true }));
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([
			{ page: '1', perPage: '1000' },
			{ page: '2', perPage: '1000' },
			{ page: '3', perPage: '1000' },
		]);
		expect(items).toHaveLength(2503);
		expect(new Set(items.map((item) => item.json.uid)).size).toBe(2503);
		expect(items[0].json.uid).toBe('user-2503');
		expect(items[2502].json.uid).toBe('user-0001');
	});

	it('splits a limit above 1000 into the fewest even pages and stops there', async () => {
		seed(2503);
		const { items } = await run(ctx, getAll({ limit: 1500 }));
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([
			{ page: '1', perPage: '750' },
			{ page: '2', perPage: '750' },
		]);
		expect(items).toHaveLength(1500);
		expect(items[1499].json.uid).toBe('user-1004');
	});

	it('trims the last even page to the limit', async () => {
		seed(2503);
		const { items } = await run(ctx, getAll({ limit: 2001 }));
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([
			{ page: '1', perPage: '667' },
			{ page: '2', perPage: '667' },
			{ page: '3', perPage: '667' },
		]);
		expect(items).toHaveLength(2001);
		expect(new Set(items.map((item) => item.json.uid)).size).toBe(2001);
	});

	it('makes one request and no items when there are no users', async () => {
		const { items, error } = await run(ctx, getAll({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expect(items).toEqual([]);
	});

	it('sends every filter as CometChat\'s query parameter', async () => {
		ctx.emulator.seedUser({ uid: 'vip-1', name: 'Vera', role: 'moderator', tags: ['vip'] });
		ctx.emulator.seedUser({ uid: 'vip-2', name: 'Victor', role: 'default', tags: ['vip', 'beta'] });
		ctx.emulator.seedUser({ uid: 'old-vip', name: 'Vince', role: 'default', tags: ['vip'], deactivated: true });
		ctx.emulator.seedUser({ uid: 'plain', name: 'Paul' });
		const { items } = await run(
			ctx,
			getAll({
				limit: 10,
				filters: {
					searchKey: 'v',
					searchIn: ['uid', 'name'],
					status: 'offline',
					roles: 'default, moderator',
					tags: 'vip',
					withTags: true,
					withDeactivated: true,
				},
			}),
		);
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'GET',
				path: '/v3/users',
				query: {
					page: '1',
					perPage: '10',
					searchKey: 'v',
					searchIn: 'uid,name',
					status: 'offline',
					roles: 'default,moderator',
					tags: 'vip',
					withTags: 'true',
					withDeactivated: 'true',
				},
				body: undefined,
			},
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json.uid).sort()).toEqual(['old-vip', 'vip-1', 'vip-2']);
		expect(items.find((item) => item.json.uid === 'vip-2')?.json.tags).toEqual(['vip', 'beta']);
	});

	it('sends role and onlyDeactivated', async () => {
		ctx.emulator.seedUser({ uid: 'gone', role: 'default', deactivated: true });
		ctx.emulator.seedUser({ uid: 'here', role: 'default' });
		const { items } = await run(ctx, getAll({ limit: 10, filters: { role: 'default', onlyDeactivated: true } }));
		expect(ctx.emulator.requests[0].query).toEqual({ page: '1', perPage: '10', role: 'default', onlyDeactivated: 'true' });
		expect(items.map((item) => item.json.uid)).toEqual(['gone']);
	});
});
