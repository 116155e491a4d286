import type { INodeParameters } from 'n8n-workflow';
import { friendStore } from '../emulator/routes/friends';
import { byId, expectRefused, expectRequest, httpCode, run, useEmulator } from '../helpers';

const CREATED = 'Created relationship with status accepted.';

describe('Friend → Add', () => {
	const ctx = useEmulator();
	const add = (uid: unknown, friendUids: unknown) => ({ resource: 'friend', operation: 'add', uid, friendUids }) as INodeParameters;
	const friendsOf = (uid: string) => [...friendStore(ctx.emulator.state).of(uid).keys()];

	beforeEach(() => {
		for (const uid of ['alice', 'bob', 'carol', 'dave']) ctx.emulator.seedUser({ uid });
	});

	it('sends one POST with {accepted}, returns one item per UID, and both users become friends', async () => {
		const { items, error } = await run(ctx, add(byId('alice'), 'bob, carol'));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: '/v3/users/alice/friends',
				body: { accepted: ['bob', 'carol'] },
				headers: { 'content-type': 'application/json', onBehalfOf: undefined },
			},
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([
			{ uid: 'bob', success: true, message: CREATED },
			{ uid: 'carol', success: true, message: CREATED },
		]);
		expect(friendsOf('alice')).toEqual(['bob', 'carol']);
		expect(friendsOf('bob')).toEqual(['alice']);
		expect(friendsOf('carol')).toEqual(['alice']);
		expect(friendsOf('dave')).toEqual([]);
	});

	it('reports UIDs CometChat refused (unknown, the user itself) in the order given, keeping the given spelling', async () => {
		friendStore(ctx.emulator.state).add(ctx.emulator.state, 'alice', 'dave');
		const { items } = await run(ctx, add(byId('alice'), 'ghost-1\nALICE, Bob,dave'));
		expect(ctx.emulator.requests[0].body).toEqual({ accepted: ['ghost-1', 'ALICE', 'Bob', 'dave'] });
		expect(items.map((item) => item.json)).toEqual([
			{ uid: 'ghost-1', success: false, message: 'The uid ghost-1 does not exist, please make sure you have created a uid with uid ghost-1.' },
			{ uid: 'ALICE', success: false, message: 'Self friend relationship cannot be formed.' },
			{ uid: 'Bob', success: true, message: CREATED },
			{ uid: 'dave', success: true, message: 'Updated relationship with status accepted.' },
		]);
		expect(friendsOf('alice')).toEqual(['dave', 'bob']);
	});

	it('splits more than 25 UIDs into calls of at most 25 and merges the results in order', async () => {
		const uids = Array.from({ length: 60 }, (_, i) => `pal-${String(i + 1).padStart(2, '0')}`);
		for (const uid of uids.filter((_, i) => i !== 29)) ctx.emulator.seedUser({ uid }); // pal-30 does not exist
		const { items, error } = await run(ctx, add(byId('alice'), uids.join(',')));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['POST', '/v3/users/alice/friends', { accepted: uids.slice(0, 25) }],
			['POST', '/v3/users/alice/friends', { accepted: uids.slice(25, 50) }],
			['POST', '/v3/users/alice/friends', { accepted: uids.slice(50) }],
		]);
		expect(items.map((item) => item.json.uid)).toEqual(uids);
		expect(items.filter((item) => !item.json.success).map((item) => item.json)).toEqual([
			{ uid: 'pal-30', success: false, message: 'The uid pal-30 does not exist, please make sure you have created a uid with uid pal-30.' },
		]);
		expect(friendsOf('alice')).toEqual(uids.filter((uid) => uid !== 'pal-30'));
	});

	it('sends exactly 25 UIDs in one call', async () => {
		const uids = Array.from({ length: 25 }, (_, i) => `pal-${i + 1}`);
		for (const uid of uids) ctx.emulator.seedUser({ uid });
		const { items } = await run(ctx, add(byId('alice'), uids));
		expect(ctx.emulator.requests).toHaveLength(1);
		expect(items.map((item) => item.json)).toEqual(uids.map((uid) => ({ uid, success: true, message: CREATED })));
	});

	it('takes an array from an expression and runs one request per input item', async () => {
		const { items, error } = await run(ctx, add(byId('={{ $json.uid }}'), '={{ $json.friends }}'), {
			input: [
				{ json: { uid: 'alice', friends: ['bob'] } },
				{ json: { uid: 'carol', friends: ['dave', 'bob'] } },
			],
		});
		expect(error).toBeUndefined();
		const requests = [...ctx.emulator.requests].sort((a, b) => a.path.localeCompare(b.path));
		expect(requests.map((r) => [r.path, r.body])).toEqual([
			['/v3/users/alice/friends', { accepted: ['bob'] }],
			['/v3/users/carol/friends', { accepted: ['dave', 'bob'] }],
		]);
		expect(items.map((item) => item.json.uid)).toEqual(['bob', 'dave', 'bob']);
		expect(friendsOf('bob')).toEqual(['alice', 'carol']);
	});

	it.each([
		['an empty User', '', 'bob', 'User: is empty [item 0]'],
		['an empty Friend UIDs', 'alice', ' ,\n ', 'Friend UIDs: is empty; give at least one ID [item 0]'],
		['a Friend UID with a slash', 'alice', 'bob, ../users', 'Friend UIDs: "../users" has characters CometChat does not allow'],
		['a Friend UID over 100 characters', 'alice', ['bob', 'b'.repeat(101)], 'Friend UIDs: is 101 characters long'],
		['Friend UIDs that are objects', 'alice', [{ uid: 'bob' }], 'Friend UIDs: every entry must be text, but one is an object'],
	])('stops %s before any request, naming the field and item', async (_case, uid, friendUids, message) => {
		await expectRefused(ctx, add(byId('={{ $json.uid }}'), '={{ $json.friends }}'), { uid, friends: friendUids }, message);
	});

	it('fails the item with CometChat\'s code and message when the user does not exist', async () => {
		const { error } = await run(ctx, add(byId('nobody'), 'bob'));
		expect(error?.message).toBe(
			'ERR_UID_NOT_FOUND: The UID nobody does not exist, please make sure you have created a user with UID nobody. [item 0]',
		);
		expect(httpCode(error)).toBe('404');
		expect(friendsOf('bob')).toEqual([]);
	});
});

describe('Friend → Get Many', () => {
	const ctx = useEmulator();
	const getAll = (extra: Record<string, unknown> = {}) => ({ resource: 'friend', operation: 'getAll', uid: byId('alice'), ...extra });
	const uidOf = (i: number) => `pal-${String(i).padStart(4, '0')}`;
	/** `count` friends of alice, befriended in order pal-0001, pal-0002, ... */
	const befriend = (count: number) => {
		for (let i = 1; i <= count; i++) {
			ctx.emulator.seedUser({ uid: uidOf(i), name: `Pal ${i}` });
			friendStore(ctx.emulator.state).add(ctx.emulator.state, 'alice', uidOf(i));
		}
	};

	beforeEach(() => {
		ctx.emulator.seedUser({ uid: 'alice', name: 'Alice' });
	});

	it('asks for only the limit and returns one item per friend', async () => {
		befriend(4);
		const { items, error } = await run(ctx, getAll({ limit: 3 }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/users/alice/friends', query: { page: '1', perPage: '3' }, body: undefined, headers: { onBehalfOf: undefined } },
			ctx.emulator.apiKey,
		);
		const user = (i: number) => ctx.emulator.state.users.get(uidOf(i))!;
		expect(items.map((item) => item.json)).toEqual([1, 2, 3].map((i) => ({
			uid: uidOf(i),
			name: `Pal ${i}`,
			status: 'offline',
			role: 'default',
			createdAt: user(i).createdAt,
			conversationId: `alice_user_${uidOf(i)}`,
		})));
	});

	it('lists the friendship from the other side too', async () => {
		befriend(2);
		const { items } = await run(ctx, getAll({ uid: byId('pal-0002'), returnAll: true }));
		expect(ctx.emulator.requests[0].path).toBe('/v3/users/pal-0002/friends');
		expect(items.map((item) => [item.json.uid, item.json.conversationId])).toEqual([['alice', 'alice_user_pal-0002']]);
	});

	it('sends Search Key as searchKey', async () => {
		befriend(3);
		ctx.emulator.seedUser({ uid: 'zed', name: 'Palmer Zed' });
		ctx.emulator.seedUser({ uid: 'zoe', name: 'Zoe' });
		friendStore(ctx.emulator.state).add(ctx.emulator.state, 'alice', 'zed');
		friendStore(ctx.emulator.state).add(ctx.emulator.state, 'alice', 'zoe');
		const { items, error } = await run(ctx, getAll({ limit: 10, filters: { searchKey: 'palm' } }));
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/users/alice/friends', query: { page: '1', perPage: '10', searchKey: 'palm' }, body: undefined },
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json.uid)).toEqual(['zed']);
	});

	it('walks every page with Return All and returns every friend once, in order', async () => {
		befriend(2250);
		const { items, error } = await run(ctx, getAll({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => [r.path, r.query])).toEqual([
			['/v3/users/alice/friends', { page: '1', perPage: '1000' }],
			['/v3/users/alice/friends', { page: '2', perPage: '1000' }],
			['/v3/users/alice/friends', { page: '3', perPage: '1000' }],
		]);
		expect(items.map((item) => item.json.uid)).toEqual(Array.from({ length: 2250 }, (_, i) => uidOf(i + 1)));
	});

	it('splits a limit above 1000 into even pages and stops there', async () => {
		befriend(2250);
		const { items } = await run(ctx, getAll({ limit: 1200 }));
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([
			{ page: '1', perPage: '600' },
			{ page: '2', perPage: '600' },
		]);
		expect(items.map((item) => item.json.uid)).toEqual(Array.from({ length: 1200 }, (_, i) => uidOf(i + 1)));
	});

	it('returns no items for a user without friends', async () => {
		const { items, error } = await run(ctx, getAll({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expect(items).toEqual([]);
	});

	it('fails with ERR_UID_NOT_FOUND (404) for an unknown user', async () => {
		const { error } = await run(ctx, getAll({ uid: byId('nobody') }));
		expect(error?.message).toBe(
			'ERR_UID_NOT_FOUND: The UID nobody does not exist, please make sure you have created a user with UID nobody. [item 0]',
		);
		expect(httpCode(error)).toBe('404');
	});

	it('stops an invalid User before any request', async () => {
		const { error } = await run(ctx, getAll({ uid: byId('={{ $json.uid }}') }), { input: [{ json: { uid: 'al ice' } }] });
		expect(error?.message).toContain('User: "al ice" has characters CometChat does not allow');
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Friend → Remove', () => {
	const ctx = useEmulator();
	const remove = (uid: unknown, friendUids: unknown) => ({ resource: 'friend', operation: 'remove', uid, friendUids }) as INodeParameters;
	const friendsOf = (uid: string) => [...friendStore(ctx.emulator.state).of(uid).keys()];

	beforeEach(() => {
		for (const uid of ['alice', 'bob', 'carol', 'dave']) ctx.emulator.seedUser({ uid });
		for (const uid of ['bob', 'carol', 'dave']) friendStore(ctx.emulator.state).add(ctx.emulator.state, 'alice', uid);
	});

	it('sends one DELETE with {friends}, returns CometChat\'s {success, message} and ends both sides of the friendships', async () => {
		const { items, error } = await run(ctx, remove(byId('alice'), 'bob, dave'));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'DELETE',
				path: '/v3/users/alice/friends',
				body: { friends: ['bob', 'dave'] },
				headers: { 'content-type': 'application/json', onBehalfOf: undefined },
			},
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([{ success: true, message: 'Deleted the friend relations succussfully' }]);
		expect(friendsOf('alice')).toEqual(['carol']);
		expect(friendsOf('bob')).toEqual([]);
		expect(friendsOf('dave')).toEqual([]);
		expect(friendsOf('carol')).toEqual(['alice']);
	});

	it('sends more than 25 UIDs in one call (the 25 limit is for adding)', async () => {
		const uids = ['bob', ...Array.from({ length: 30 }, (_, i) => `gone-${i}`)];
		const { items, error } = await run(ctx, remove(byId('alice'), uids));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => r.body)).toEqual([{ friends: uids }]);
		expect(items).toHaveLength(1);
		expect(friendsOf('alice')).toEqual(['carol', 'dave']);
	});

	it('fails with ERR_NOT_A_FRIEND when none of the UIDs is a friend, and with Continue On Fail goes on', async () => {
		const { items, error } = await run(ctx, remove(byId('={{ $json.uid }}'), '={{ $json.friends }}'), {
			input: [{ json: { uid: 'bob', friends: 'carol' } }, { json: { uid: 'carol', friends: 'alice' } }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{ error: 'ERR_NOT_A_FRIEND: The users carol are not friends of the user with UID bob. [item 0]' },
			{ success: true, message: 'Deleted the friend relations succussfully' },
		]);
		expect(friendsOf('alice')).toEqual(['bob', 'dave']);
	});

	it('fails with ERR_UID_NOT_FOUND (404) for an unknown user', async () => {
		const { error } = await run(ctx, remove(byId('nobody'), 'bob'));
		expect(error?.message).toBe(
			'ERR_UID_NOT_FOUND: The UID nobody does not exist, please make sure you have created a user with UID nobody. [item 0]',
		);
		expect(httpCode(error)).toBe('404');
	});

	it.each([
		['an empty User', '', 'bob', 'User: is empty [item 0]'],
		['an empty Friend UIDs', 'alice', [], 'Friend UIDs: is empty; give at least one ID [item 0]'],
		['a Friend UID with a space', 'alice', 'bob, car ol', 'Friend UIDs: "car ol" has characters CometChat does not allow'],
		['Friend UIDs that are null', 'alice', null, 'Friend UIDs: expected a comma-separated list or an array but got null'],
	])('stops %s before any request, naming the field and item', async (_case, uid, friendUids, message) => {
		await expectRefused(ctx, remove(byId('={{ $json.uid }}'), '={{ $json.friends }}'), { uid, friends: friendUids }, message);
		expect(friendsOf('alice')).toEqual(['bob', 'carol', 'dave']);
	});
});
