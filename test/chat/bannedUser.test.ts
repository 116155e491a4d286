import { byId, expectRequest, httpCode, run, useEmulator } from '../helpers';

describe('Banned User → Unban', () => {
	const ctx = useEmulator();
	const unban = (extra: Record<string, unknown> = {}) => ({
		resource: 'bannedUser',
		operation: 'unban',
		guid: byId('hiking'),
		uid: byId('troll-1'),
		...extra,
	});

	beforeEach(() => {
		for (const uid of ['owner-1', 'mod-1', 'member-1', 'troll-1']) ctx.emulator.seedUser({ uid });
		ctx.emulator.seedGroup({ guid: 'hiking', owner: 'owner-1', members: { 'mod-1': 'moderator', 'member-1': 'participant' } });
		ctx.emulator.ban('hiking', 'troll-1');
	});

	it('sends DELETE with no body and no onBehalfOf header, and returns {success, message}', async () => {
		const { items, error } = await run(ctx, unban());
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'DELETE', path: '/v3/groups/hiking/bannedusers/troll-1', body: undefined, headers: { onBehalfOf: undefined } },
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([
			{ success: true, message: 'The user with uid troll-1 has been unbanned from the Group hiking.' },
		]);
	});

	it('sends onBehalfOf as a header when it is set', async () => {
		const { items } = await run(ctx, unban({ options: { onBehalfOf: ' mod-1 ' } }));
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'DELETE', path: '/v3/groups/hiking/bannedusers/troll-1', body: undefined, headers: { onBehalfOf: 'mod-1' } },
			ctx.emulator.apiKey,
		);
		expect(items[0].json.success).toBe(true);
	});

	it('leaves the header out when On Behalf Of is added but empty', async () => {
		await run(ctx, unban({ options: { onBehalfOf: '' } }));
		expect(ctx.emulator.requests[0].headers).not.toHaveProperty('onbehalfof');
	});

	it('passes on CometChat\'s refusal when the acting user is not an admin or moderator', async () => {
		const { error } = await run(ctx, unban({ options: { onBehalfOf: 'member-1' } }));
		expect(error?.message).toMatch(/^ERR_GROUP_NO_CLEARANCE: .+ \[item 0\]$/);
		expect(error?.description).toContain('must be an admin or moderator');
	});

	it('fails with ERR_NOT_A_BANNED_USER when the user is not banned', async () => {
		const { error } = await run(ctx, unban({ uid: byId('member-1') }));
		expect(error?.message).toMatch(/^ERR_NOT_A_BANNED_USER: /);
	});

	it.each([
		['an empty Group', { guid: byId('={{ $json.value }}') }, '', 'Group: is empty [item 0]'],
		['a Group with a dot', { guid: byId('={{ $json.value }}') }, 'hik.ing', 'Group: "hik.ing" has characters'],
		['an invalid On Behalf Of', { options: { onBehalfOf: '={{ $json.value }}' } }, 'mod 1', 'On Behalf Of: "mod 1" has characters'],
	])('stops %s before any request', async (_case, extra, value, message) => {
		const { error } = await run(ctx, unban(extra), { input: [{ json: { value } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Banned User → Ban', () => {
	const ctx = useEmulator();
	const ban = (extra: Record<string, unknown> = {}) => ({
		resource: 'bannedUser',
		operation: 'ban',
		guid: byId('hiking'),
		uid: byId('member-1'),
		...extra,
	});

	beforeEach(() => {
		for (const uid of ['owner-1', 'mod-1', 'member-1', 'member-2']) ctx.emulator.seedUser({ uid });
		ctx.emulator.seedGroup({ guid: 'hiking', owner: 'owner-1', members: { 'mod-1': 'moderator', 'member-1': 'participant', 'member-2': 'participant' } });
	});

	it('sends POST with no body and no onBehalfOf header, returns {success, message} and bans the user', async () => {
		const { items, error } = await run(ctx, ban());
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'POST', path: '/v3/groups/hiking/bannedusers/member-1', body: undefined, headers: { onBehalfOf: undefined } },
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([
			{ success: true, message: 'The user with uid member-1 has been banned from the Group with hiking.' },
		]);
		const group = ctx.emulator.state.getGroup('hiking')!;
		expect([...group.bans.keys()]).toEqual(['member-1']);
		expect(group.members.has('member-1')).toBe(false);
		expect(group.members.has('member-2')).toBe(true);
	});

	it('sends onBehalfOf as a header when it is set, one request per input item', async () => {
		const { items, error } = await run(ctx, ban({ uid: byId('={{ $json.uid }}'), options: { onBehalfOf: 'mod-1' } }), {
			input: [{ json: { uid: 'member-1' } }, { json: { uid: 'member-2' } }],
		});
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => [r.method, r.path, r.body, r.headers.onbehalfof])).toEqual([
			['POST', '/v3/groups/hiking/bannedusers/member-1', undefined, 'mod-1'],
			['POST', '/v3/groups/hiking/bannedusers/member-2', undefined, 'mod-1'],
		]);
		expect(items.map((item) => item.json.message)).toEqual([
			'The user with uid member-1 has been banned from the Group with hiking.',
			'The user with uid member-2 has been banned from the Group with hiking.',
		]);
		expect([...ctx.emulator.state.getGroup('hiking')!.bans.keys()]).toEqual(['member-1', 'member-2']);
	});

	it('passes on CometChat\'s refusal when the acting user is only a participant, and bans nobody', async () => {
		const { error } = await run(ctx, ban({ options: { onBehalfOf: 'member-2' } }));
		expect(error?.message).toMatch(/^ERR_GROUP_NO_CLEARANCE: .+ \[item 0\]$/);
		expect(httpCode(error)).toBe('403');
		expect(ctx.emulator.state.getGroup('hiking')!.bans.size).toBe(0);
	});

	it('fails with ERR_ALREADY_BANNED for a user banned before', async () => {
		ctx.emulator.ban('hiking', 'member-1');
		const { error } = await run(ctx, ban());
		expect(error?.message).toBe('ERR_ALREADY_BANNED: The user with uid member-1 is already banned from the group hiking. [item 0]');
	});

	it('fails with ERR_GUID_NOT_FOUND (404) for an unknown group, and reports it per item with Continue On Fail', async () => {
		const { items, error } = await run(ctx, ban({ guid: byId('={{ $json.guid }}') }), {
			input: [{ json: { guid: 'nowhere' } }, { json: { guid: 'hiking' } }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{ error: 'ERR_GUID_NOT_FOUND: The GUID nowhere does not exist, please make sure you have created a group with GUID nowhere. [item 0]' },
			{ success: true, message: 'The user with uid member-1 has been banned from the Group with hiking.' },
		]);
	});

	it.each([
		['an empty User', { uid: byId('={{ $json.value }}') }, '', 'User: is empty [item 0]'],
		['a User with a slash', { uid: byId('={{ $json.value }}') }, 'a/b', 'User: "a/b" has characters'],
		['a Group over 100 characters', { guid: byId('={{ $json.value }}') }, 'g'.repeat(101), 'Group: is 101 characters long'],
		['an invalid On Behalf Of', { options: { onBehalfOf: '={{ $json.value }}' } }, 'mod 1', 'On Behalf Of: "mod 1" has characters'],
	])('stops %s before any request', async (_case, extra, value, message) => {
		const { error } = await run(ctx, ban(extra), { input: [{ json: { value } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
		expect(ctx.emulator.state.getGroup('hiking')!.bans.size).toBe(0);
	});
});

describe('Banned User → Get Many', () => {
	const ctx = useEmulator();
	const getAll = (extra: Record<string, unknown> = {}) => ({ resource: 'bannedUser', operation: 'getAll', guid: byId('hiking'), ...extra });
	const uidOf = (i: number) => `troll-${String(i).padStart(4, '0')}`;
	/** `count` users banned from the group, in ban order troll-0001, troll-0002, ... */
	const banMany = (count: number) => {
		for (let i = 1; i <= count; i++) {
			ctx.emulator.seedUser({ uid: uidOf(i), name: `Troll ${i}` });
			ctx.emulator.ban('hiking', uidOf(i));
		}
	};

	beforeEach(() => {
		ctx.emulator.seedUser({ uid: 'owner-1' });
		ctx.emulator.seedGroup({ guid: 'hiking', owner: 'owner-1' });
		ctx.emulator.seedGroup({ guid: 'empty-group', owner: 'owner-1' });
	});

	it('asks for only the limit and returns one item per banned user', async () => {
		banMany(5);
		const { items, error } = await run(ctx, getAll({ limit: 3 }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/groups/hiking/bannedusers', query: { page: '1', perPage: '3' }, body: undefined, headers: { onBehalfOf: undefined } },
			ctx.emulator.apiKey,
		);
		const user = (i: number) => ctx.emulator.state.users.get(uidOf(i))!;
		expect(items.map((item) => item.json)).toEqual([1, 2, 3].map((i) => ({
			uid: uidOf(i),
			name: `Troll ${i}`,
			status: 'offline',
			role: 'default',
			createdAt: user(i).createdAt,
		})));
	});

	it('walks every page with Return All and returns each banned user once, in order', async () => {
		banMany(2103);
		const { items, error } = await run(ctx, getAll({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => [r.path, r.query])).toEqual([
			['/v3/groups/hiking/bannedusers', { page: '1', perPage: '1000' }],
			['/v3/groups/hiking/bannedusers', { page: '2', perPage: '1000' }],
			['/v3/groups/hiking/bannedusers', { page: '3', perPage: '1000' }],
		]);
		expect(items.map((item) => item.json.uid)).toEqual(Array.from({ length: 2103 }, (_, i) => uidOf(i + 1)));
	});

	it('stops after the last full page without asking for an empty one', async () => {
		banMany(2000);
		const { items } = await run(ctx, getAll({ returnAll: true }));
		expect(ctx.emulator.requests.map((r) => r.query.page)).toEqual(['1', '2']);
		expect(new Set(items.map((item) => item.json.uid)).size).toBe(2000);
	});

	it('returns no items for a group without bans', async () => {
		const { items, error } = await run(ctx, getAll({ guid: byId('empty-group'), returnAll: true }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expect(items).toEqual([]);
	});

	it('fails with ERR_GUID_NOT_FOUND (404) for an unknown group', async () => {
		const { error } = await run(ctx, getAll({ guid: byId('nowhere') }));
		expect(error?.message).toBe(
			'ERR_GUID_NOT_FOUND: The GUID nowhere does not exist, please make sure you have created a group with GUID nowhere. [item 0]',
		);
		expect(httpCode(error)).toBe('404');
	});

	it('stops an invalid Group before any request', async () => {
		const { error } = await run(ctx, getAll({ guid: byId('={{ $json.guid }}') }), { input: [{ json: { guid: 'hik ing' } }] });
		expect(error?.message).toContain('Group: "hik ing" has characters CometChat does not allow');
		expect(ctx.emulator.requests).toEqual([]);
	});
});
