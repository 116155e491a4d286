import type { INodeParameters } from 'n8n-workflow';
import { byId, expectRefused, expectRequest, httpCode, run, useEmulator } from '../helpers';

describe('Blocked User → Block', () => {
	const ctx = useEmulator();
	const block = (uid: unknown, blockedUids: unknown) => ({ resource: 'blockedUser', operation: 'block', uid, blockedUids }) as INodeParameters;

	beforeEach(() => {
		for (const uid of ['moderator-1', 'spammer-1', 'spammer-2', 'spammer-3']) ctx.emulator.seedUser({ uid });
	});

	it('sends one POST with the UID list and returns one item per UID', async () => {
		const { items, error } = await run(ctx, block(byId('moderator-1'), 'spammer-1, spammer-2'));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: '/v3/users/moderator-1/blockedusers',
				body: { blockedUids: ['spammer-1', 'spammer-2'] },
				headers: { 'content-type': 'application/json', onBehalfOf: undefined },
			},
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([
			{ uid: 'spammer-1', success: true, message: 'The user with UID moderator-1 has blocked user with UID spammer-1 successfully.' },
			{ uid: 'spammer-2', success: true, message: 'The user with UID moderator-1 has blocked user with UID spammer-2 successfully.' },
		]);
		expect(ctx.emulator.state.users.get('moderator-1')).toBeDefined();
	});

	it('reports UIDs CometChat refused as success: false with its message, in the order given', async () => {
		const { items } = await run(ctx, block(byId('moderator-1'), 'ghost-9\nmoderator-1,spammer-3,spammer-3'));
		expect(ctx.emulator.requests[0].body).toEqual({ blockedUids: ['ghost-9', 'moderator-1', 'spammer-3'] });
		expect(items.map((item) => item.json)).toEqual([
			{ uid: 'ghost-9', success: false, message: 'The uid ghost-9 does not exist, please make sure you have created a uid with uid ghost-9.' },
			{ uid: 'moderator-1', success: false, message: 'The UID moderator-1 cannot block UID moderator-1.' },
			{ uid: 'spammer-3', success: true, message: 'The user with UID moderator-1 has blocked user with UID spammer-3 successfully.' },
		]);
	});

	it('sends a UID written twice in different case once, as CometChat treats them as one', async () => {
		const { items } = await run(ctx, block(byId('moderator-1'), 'Spammer-1, spammer-1, SPAMMER-2'));
		expect(ctx.emulator.requests[0].body).toEqual({ blockedUids: ['Spammer-1', 'SPAMMER-2'] });
		expect(items.map((item) => [item.json.uid, item.json.success])).toEqual([
			['Spammer-1', true],
			['SPAMMER-2', true],
		]);
	});

	it('matches CometChat\'s lower-cased keys to UIDs given in capitals', async () => {
		const { items } = await run(ctx, block(byId('Moderator-1'), 'SPAMMER-1'));
		expect(ctx.emulator.requests[0].path).toBe('/v3/users/Moderator-1/blockedusers');
		expect(items.map((item) => item.json)).toEqual([
			{ uid: 'SPAMMER-1', success: true, message: 'The user with UID moderator-1 has blocked user with UID spammer-1 successfully.' },
		]);
	});

	it('takes an array from an expression and runs one request per input item', async () => {
		const { items, error } = await run(ctx, block('={{ $json.blocker }}', '={{ $json.targets }}'), {
			input: [
				{ json: { blocker: 'moderator-1', targets: ['spammer-1'] } },
				{ json: { blocker: 'spammer-2', targets: ['spammer-3', 'spammer-1'] } },
			],
		});
		expect(error).toBeUndefined();
		const requests = [...ctx.emulator.requests].sort((a, b) => a.path.localeCompare(b.path));
		expect(requests.map((r) => [r.path, r.body])).toEqual([
			['/v3/users/moderator-1/blockedusers', { blockedUids: ['spammer-1'] }],
			['/v3/users/spammer-2/blockedusers', { blockedUids: ['spammer-3', 'spammer-1'] }],
		]);
		expect(items.map((item) => item.json.uid)).toEqual(['spammer-1', 'spammer-3', 'spammer-1']);
		expect([...(ctx.emulator.state.blocks.get('spammer-2')?.keys() ?? [])]).toEqual(['spammer-3', 'spammer-1']);
	});

	it('lets n8n refuse a static invalid UID before the run starts', async () => {
		const { error } = await run(ctx, block(byId('bad uid'), 'spammer-1'));
		expect(error?.message).toContain("The 'CometChat' node has issues");
		expect(error?.message).toContain('A UID has 1 to 100 letters, digits, "-" and "_"');
		expect(ctx.emulator.requests).toEqual([]);
	});

	// Values from expressions (a form, a webhook) are checked by the node itself.
	it.each([
		['an empty User', '', 'spammer-1', 'User: is empty [item 0]'],
		['a User with a space', 'bad uid', 'spammer-1', 'User: "bad uid" has characters CometChat does not allow'],
		['an empty Blocked UIDs', 'moderator-1', ' , ', 'Blocked UIDs: is empty; give at least one ID [item 0]'],
		['a Blocked UID with a slash', 'moderator-1', 'spammer-1, ../groups', 'Blocked UIDs: "../groups" has characters'],
		['a Blocked UID over 100 characters', 'moderator-1', 'a'.repeat(101), 'Blocked UIDs: is 101 characters long'],
		['Blocked UIDs that are objects', 'moderator-1', [{ uid: 1 }], 'Blocked UIDs: every entry must be text, but one is an object'],
	])('stops %s before any request, naming the field and item', async (_case, uid, blockedUids, message) => {
		await expectRefused(ctx, block(byId('={{ $json.uid }}'), '={{ $json.blocked }}'), { uid, blocked: blockedUids }, message);
	});

	it('fails the item with CometChat\'s code and message when the blocker does not exist', async () => {
		const { error } = await run(ctx, block(byId('nobody'), 'spammer-1'));
		expect(error?.message).toBe(
			'ERR_UID_NOT_FOUND: The UID nobody does not exist, please make sure you have created a user with UID nobody. [item 0]',
		);
		expect(error?.description).toContain('Check the UID');
		expect(httpCode(error)).toBe('404');
	});
});

describe('Blocked User → Unblock', () => {
	const ctx = useEmulator();
	const unblock = (uid: unknown, blockedUids: unknown) => ({ resource: 'blockedUser', operation: 'unblock', uid, blockedUids }) as INodeParameters;
	const blockedBy = (uid: string) => [...(ctx.emulator.state.blocks.get(uid)?.keys() ?? [])];

	beforeEach(() => {
		for (const uid of ['moderator-1', 'spammer-1', 'spammer-2', 'spammer-3', 'guest-1']) ctx.emulator.seedUser({ uid });
		for (const uid of ['spammer-1', 'spammer-2', 'spammer-3']) ctx.emulator.state.addBlock('moderator-1', uid);
	});

	it('sends one DELETE with the UID list, returns one item per UID and lifts the blocks', async () => {
		const { items, error } = await run(ctx, unblock(byId('moderator-1'), 'spammer-1, spammer-3'));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'DELETE',
				path: '/v3/users/moderator-1/blockedusers',
				body: { blockedUids: ['spammer-1', 'spammer-3'] },
				headers: { 'content-type': 'application/json', onBehalfOf: undefined },
			},
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([
			{ uid: 'spammer-1', success: true, message: 'The user with UID moderator-1 has unblocked user with UID spammer-1 successfully.' },
			{ uid: 'spammer-3', success: true, message: 'The user with UID moderator-1 has unblocked user with UID spammer-3 successfully.' },
		]);
		expect(blockedBy('moderator-1')).toEqual(['spammer-2']);
	});

	it('reports UIDs CometChat refused as success: false with its message, in the order given, keeping the given spelling', async () => {
		const { items } = await run(ctx, unblock(byId('moderator-1'), ['ghost-9', 'SPAMMER-2', 'moderator-1', 'guest-1']));
		expect(ctx.emulator.requests[0].body).toEqual({ blockedUids: ['ghost-9', 'SPAMMER-2', 'moderator-1', 'guest-1'] });
		expect(items.map((item) => item.json)).toEqual([
			{ uid: 'ghost-9', success: false, message: 'The uid ghost-9 does not exist, please make sure you have created a uid with uid ghost-9.' },
			{ uid: 'SPAMMER-2', success: true, message: 'The user with UID moderator-1 has unblocked user with UID spammer-2 successfully.' },
			{ uid: 'moderator-1', success: false, message: 'The user with UID moderator-1 has not blocked the user with UID moderator-1.' },
			{ uid: 'guest-1', success: false, message: 'The user with UID moderator-1 has not blocked the user with UID guest-1.' },
		]);
		expect(blockedBy('moderator-1')).toEqual(['spammer-1', 'spammer-3']);
	});

	it('takes an array from an expression and runs one request per input item', async () => {
		ctx.emulator.state.addBlock('spammer-1', 'spammer-2');
		const { items, error } = await run(ctx, unblock(byId('={{ $json.uid }}'), '={{ $json.targets }}'), {
			input: [
				{ json: { uid: 'moderator-1', targets: ['spammer-2', 'spammer-1'] } },
				{ json: { uid: 'spammer-1', targets: ['spammer-2'] } },
			],
		});
		expect(error).toBeUndefined();
		const requests = [...ctx.emulator.requests].sort((a, b) => a.path.localeCompare(b.path));
		expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['DELETE', '/v3/users/moderator-1/blockedusers', { blockedUids: ['spammer-2', 'spammer-1'] }],
			['DELETE', '/v3/users/spammer-1/blockedusers', { blockedUids: ['spammer-2'] }],
		]);
		expect(items.map((item) => [item.json.uid, item.json.success])).toEqual([
			['spammer-2', true],
			['spammer-1', true],
			['spammer-2', true],
		]);
		expect(blockedBy('moderator-1')).toEqual(['spammer-3']);
		expect(blockedBy('spammer-1')).toEqual([]);
	});

	it.each([
		['an empty User', '', 'spammer-1', 'User: is empty [item 0]'],
		['an empty Blocked UIDs', 'moderator-1', '', 'Blocked UIDs: is empty; give at least one ID [item 0]'],
		['a Blocked UID with a dot', 'moderator-1', ['spammer-1', 'spam.mer'], 'Blocked UIDs: "spam.mer" has characters'],
		['Blocked UIDs that are an object', 'moderator-1', { uid: 'spammer-1' }, 'Blocked UIDs: expected a comma-separated list or an array but got an object'],
	])('stops %s before any request, naming the field and item', async (_case, uid, blockedUids, message) => {
		await expectRefused(ctx, unblock(byId('={{ $json.uid }}'), '={{ $json.blocked }}'), { uid, blocked: blockedUids }, message);
		expect(blockedBy('moderator-1')).toEqual(['spammer-1', 'spammer-2', 'spammer-3']);
	});

	it('fails the item with CometChat\'s code and message when the user does not exist', async () => {
		const { error } = await run(ctx, unblock(byId('nobody'), 'spammer-1'));
		expect(error?.message).toBe(
			'ERR_UID_NOT_FOUND: The UID nobody does not exist, please make sure you have created a user with UID nobody. [item 0]',
		);
		expect(httpCode(error)).toBe('404');
	});
});

describe('Blocked User → Get Many', () => {
	const ctx = useEmulator();
	const getAll = (extra: Record<string, unknown> = {}) => ({ resource: 'blockedUser', operation: 'getAll', uid: byId('moderator-1'), ...extra });
	const uidOf = (i: number) => `spammer-${String(i).padStart(4, '0')}`;
	/** `count` users blocked by moderator-1, in block order spammer-0001, spammer-0002, ... */
	const blockMany = (count: number) => {
		for (let i = 1; i <= count; i++) {
			ctx.emulator.seedUser({ uid: uidOf(i), name: `Spammer ${i}` });
			ctx.emulator.state.addBlock('moderator-1', uidOf(i));
		}
	};

	beforeEach(() => {
		ctx.emulator.seedUser({ uid: 'moderator-1' });
	});

	it('asks for only the limit and returns one item per blocked user', async () => {
		blockMany(4);
		const { items, error } = await run(ctx, getAll({ limit: 2 }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/users/moderator-1/blockedusers', query: { page: '1', perPage: '2' }, body: undefined, headers: { onBehalfOf: undefined } },
			ctx.emulator.apiKey,
		);
		const user = (i: number) => ctx.emulator.state.users.get(uidOf(i))!;
		const block = (i: number) => ctx.emulator.state.getBlock('moderator-1', uidOf(i))!;
		expect(items.map((item) => item.json)).toEqual([1, 2].map((i) => ({
			uid: uidOf(i),
			name: `Spammer ${i}`,
			status: 'offline',
			role: 'default',
			blockedByMe: true,
			blockedByMeAt: block(i).blockedAt,
			blockedAt: block(i).blockedAt,
			createdAt: user(i).createdAt,
			conversationId: `moderator-1_user_${uidOf(i)}`,
		})));
	});

	it('is tested against the recorded quirk: pagination says total 0 and only one page ahead', async () => {
		blockMany(5);
		const response = await fetch(`${ctx.emulator.url}/users/moderator-1/blockedusers?perPage=2&page=1`, { headers: { apikey: ctx.emulator.apiKey } });
		const { meta } = (await response.json()) as { meta: { pagination: Record<string, number> } };
		expect(meta.pagination).toEqual({ total: 0, count: 2, per_page: 2, current_page: 1, total_pages: 2 });
	});

	it('walks every page with Return All and returns every blocked user exactly once, in order', async () => {
		blockMany(2503);
		const { items, error } = await run(ctx, getAll({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => [r.path, r.query])).toEqual([
			['/v3/users/moderator-1/blockedusers', { page: '1', perPage: '1000' }],
			['/v3/users/moderator-1/blockedusers', { page: '2', perPage: '1000' }],
			['/v3/users/moderator-1/blockedusers', { page: '3', perPage: '1000' }],
		]);
		expect(items.map((item) => item.json.uid)).toEqual(Array.from({ length: 2503 }, (_, i) => uidOf(i + 1)));
	});

	it('stops after a last page that is full, without an empty request', async () => {
		blockMany(2000);
		const { items } = await run(ctx, getAll({ returnAll: true }));
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([
			{ page: '1', perPage: '1000' },
			{ page: '2', perPage: '1000' },
		]);
		expect(items.map((item) => item.json.uid)).toEqual(Array.from({ length: 2000 }, (_, i) => uidOf(i + 1)));
	});

	it('splits a limit above 1000 into even pages and returns each blocked user once', async () => {
		blockMany(2503);
		const { items } = await run(ctx, getAll({ limit: 2100 }));
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([
			{ page: '1', perPage: '700' },
			{ page: '2', perPage: '700' },
			{ page: '3', perPage: '700' },
		]);
		expect(items.map((item) => item.json.uid)).toEqual(Array.from({ length: 2100 }, (_, i) => uidOf(i + 1)));
	});

	it('returns what there is when the limit is more than the blocked users', async () => {
		blockMany(3);
		const { items } = await run(ctx, getAll({ limit: 50 }));
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([{ page: '1', perPage: '50' }]);
		expect(items.map((item) => item.json.uid)).toEqual([uidOf(1), uidOf(2), uidOf(3)]);
	});

	it('returns no items when nobody is blocked', async () => {
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
		const { error } = await run(ctx, getAll({ uid: byId('={{ $json.uid }}') }), { input: [{ json: { uid: ['moderator-1'] } }] });
		expect(error?.message).toContain('User: expected a single ID but got an array [item 0]');
		expect(ctx.emulator.requests).toEqual([]);
	});
});
