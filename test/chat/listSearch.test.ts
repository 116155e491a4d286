import { listSearch } from '../harness';
import { useEmulator } from '../helpers';

describe('pickers (listSearch)', () => {
	const ctx = useEmulator();

	beforeEach(() => {
		for (let i = 1; i <= 60; i++) ctx.emulator.seedUser({ uid: `member-${String(i).padStart(2, '0')}`, name: `Member ${i}` });
		ctx.emulator.seedUser({ uid: 'zoe', name: 'Zoe Quinn' });
		ctx.emulator.seedGroup({ guid: 'hiking', name: 'Hiking Group', owner: 'zoe' });
		ctx.emulator.seedGroup({ guid: 'climbing', name: 'Climbing Club', owner: 'zoe' });
	});

	it('lists users 50 at a time with a token for the next page', async () => {
		const first = await listSearch('searchUsers', ctx.credentials());
		expect(first.results).toHaveLength(50);
		expect(first.results[0]).toEqual({ name: 'Zoe Quinn (zoe)', value: 'zoe' });
		expect(first.paginationToken).toBe('2');
		const second = await listSearch('searchUsers', ctx.credentials(), {}, undefined, first.paginationToken as string);
		expect(second.results.map((r) => r.value)).toEqual(['member-11', 'member-10', 'member-09', 'member-08', 'member-07', 'member-06', 'member-05', 'member-04', 'member-03', 'member-02', 'member-01']);
		expect(second.paginationToken).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([
			{ page: '1', perPage: '50' },
			{ page: '2', perPage: '50' },
		]);
		expect(ctx.emulator.requests[0].headers.apikey).toBe(ctx.emulator.apiKey);
	});

	it('searches users by the typed text', async () => {
		const { results } = await listSearch('searchUsers', ctx.credentials(), {}, 'zoe');
		expect(results).toEqual([{ name: 'Zoe Quinn (zoe)', value: 'zoe' }]);
		expect(ctx.emulator.requests[0].query).toEqual({ page: '1', perPage: '50', searchKey: 'zoe' });
	});

	it('lists groups', async () => {
		const { results } = await listSearch('searchGroups', ctx.credentials(), {}, 'climb');
		expect(results).toEqual([{ name: 'Climbing Club (climbing)', value: 'climbing' }]);
		expect(ctx.emulator.requests[0]).toMatchObject({ method: 'GET', path: '/v3/groups' });
	});

	it('lists users or groups for a message receiver, following Receiver Type', async () => {
		const groups = await listSearch('searchReceivers', ctx.credentials(), { resource: 'message', operation: 'send', receiverType: 'group' });
		expect(groups.results.map((r) => r.value).sort()).toEqual(['climbing', 'hiking']);
		const users = await listSearch('searchReceivers', ctx.credentials(), { resource: 'message', operation: 'send', receiverType: 'user' }, 'zoe');
		expect(users.results.map((r) => r.value)).toEqual(['zoe']);
	});

	it('shows CometChat\'s error instead of an empty list', async () => {
		await expect(listSearch('searchUsers', { ...ctx.credentials(), apiKey: 'nope-123456' })).rejects.toThrow(
			'AUTH_ERR_APIKEY_NOT_FOUND: The key [redacted] does not exist. Please use correct apiKey.',
		);
	});
});
