import { byId, expectRefused, expectRequest, httpCode, json, run, useEmulator } from '../helpers';


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
		// Simplify is on by default: these seeded users have no other fields, so this is the whole record.
		expect(items[0].json).toEqual({
			uid: 'user-0012',
			name: 'User 12',
			status: 'offline',
			role: 'default',
			createdAt: ctx.emulator.state.users.get('user-0012')!.createdAt,
		});
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

	it('keeps only the usual fields with Simplify (the default) and the whole record with Simplify off', async () => {
		const jane = ctx.emulator.state.addUser({
			uid: 'jane',
			name: 'Jane Doe',
			avatar: 'https://example.com/jane.png',
			link: 'https://example.com/people/jane',
			role: 'moderator',
			status: 'available',
			statusMessage: 'Out on the trail',
			metadata: { plan: 'pro' },
			tags: ['vip'],
		});
		jane.updatedAt = jane.createdAt + 5;
		const simple = await run(ctx, getAll({ limit: 10, filters: { withTags: true } }));
		expect(json(simple.items)).toEqual([
			{
				uid: 'jane',
				name: 'Jane Doe',
				avatar: 'https://example.com/jane.png',
				status: 'available',
				role: 'moderator',
				tags: ['vip'],
				metadata: { plan: 'pro' },
				createdAt: jane.createdAt,
			},
		]);
		// Same order as CometChat's record, so the simplified item reads the same way.
		expect(Object.keys(simple.items[0].json)).toEqual(['uid', 'name', 'avatar', 'status', 'role', 'tags', 'metadata', 'createdAt']);

		const full = await run(ctx, getAll({ limit: 10, simplify: false, filters: { withTags: true } }));
		expect(ctx.emulator.requests[1].query).toEqual(ctx.emulator.requests[0].query);
		expect(json(full.items)).toEqual([
			{
				uid: 'jane',
				name: 'Jane Doe',
				link: 'https://example.com/people/jane',
				avatar: 'https://example.com/jane.png',
				metadata: { plan: 'pro' },
				status: 'available',
				statusMessage: 'Out on the trail',
				role: 'moderator',
				createdAt: jane.createdAt,
				updatedAt: jane.createdAt + 5,
				tags: ['vip'],
			},
		]);
	});

	it('simplifies every page of Return All', async () => {
		for (let i = 1; i <= 1001; i++) ctx.emulator.state.addUser({ uid: `u-${i}`, link: `https://example.com/${i}`, statusMessage: 'hi' });
		const { items } = await run(ctx, getAll({ returnAll: true }));
		expect(ctx.emulator.requests).toHaveLength(2);
		expect(items).toHaveLength(1001);
		expect(items.filter((item) => 'link' in item.json || 'statusMessage' in item.json)).toEqual([]);
		expect(items[1000].json).toEqual({ uid: 'u-1', name: 'u-1', status: 'offline', role: 'default', createdAt: expect.any(Number) });
	});
});

describe('User → Create', () => {
	const ctx = useEmulator();
	const create = (extra: Record<string, unknown> = {}) => ({ resource: 'user', operation: 'create', uid: 'new-user', name: 'Jane Doe', ...extra });

	it('sends uid, name and every option, and returns the new user with its auth token', async () => {
		const { items, error } = await run(
			ctx,
			create({
				uid: ' New-User ',
				name: ' Jane Doe ',
				options: {
					avatar: 'https://example.com/jane.png',
					link: 'https://example.com/people/jane',
					metadata: '{"plan": "pro", "@private": {"email": "jane@example.com"}}',
					role: 'moderator',
					statusMessage: 'Out on the trail',
					tags: 'vip, beta',
					withAuthToken: true,
				},
			}),
		);
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: '/v3/users',
				body: {
					uid: 'New-User',
					name: 'Jane Doe',
					avatar: 'https://example.com/jane.png',
					link: 'https://example.com/people/jane',
					metadata: { plan: 'pro', '@private': { email: 'jane@example.com' } },
					role: 'moderator',
					statusMessage: 'Out on the trail',
					tags: ['vip', 'beta'],
					withAuthToken: true,
				},
				headers: { 'content-type': 'application/json', onBehalfOf: undefined },
			},
			ctx.emulator.apiKey,
		);
		const user = ctx.emulator.state.getUser('new-user')!;
		expect(user).toMatchObject({ name: 'Jane Doe', role: 'moderator', tags: ['vip', 'beta'] });
		const token = ctx.emulator.state.latestAuthToken('new-user')!;
		expect(json(items)).toEqual([
			{
				uid: 'new-user',
				name: 'Jane Doe',
				link: 'https://example.com/people/jane',
				avatar: 'https://example.com/jane.png',
				metadata: { plan: 'pro', '@private': { email: 'jane@example.com' } },
				status: 'offline',
				statusMessage: 'Out on the trail',
				role: 'moderator',
				createdAt: user.createdAt,
				tags: ['vip', 'beta'],
				authToken: token.authToken,
			},
		]);
		expect(token.authToken).toMatch(/^new-user_[0-9a-f]{40}$/);
	});

	it('sends only uid and name when no option has a value, and makes no auth token', async () => {
		const { items } = await run(ctx, create({ options: { avatar: '', role: '', statusMessage: ' ', tags: ' , ', withAuthToken: false } }));
		expectRequest(ctx.emulator.requests[0], { method: 'POST', path: '/v3/users', body: { uid: 'new-user', name: 'Jane Doe' } }, ctx.emulator.apiKey);
		expect(json(items)).toEqual([
			{ uid: 'new-user', name: 'Jane Doe', status: 'offline', role: 'default', createdAt: ctx.emulator.state.getUser('new-user')!.createdAt },
		]);
		expect(ctx.emulator.state.authTokens.size).toBe(0);
	});

	it('creates one user per input item from expressions', async () => {
		const { items } = await run(ctx, create({ uid: '={{ $json.uid }}', name: '={{ $json.name }}', options: { tags: '={{ $json.tags }}' } }), {
			input: [
				{ json: { uid: 'guest-emma', name: 'Emma', tags: ['guest'] } },
				{ json: { uid: 'guest-liam', name: 'Liam', tags: [] } },
			],
		});
		expect(ctx.emulator.requests.map((r) => r.body).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
			{ uid: 'guest-emma', name: 'Emma', tags: ['guest'] },
			{ uid: 'guest-liam', name: 'Liam' },
		]);
		expect(json(items).map((user) => user.uid)).toEqual(['guest-emma', 'guest-liam']);
		expect([...ctx.emulator.state.users.keys()].sort()).toEqual(['guest-emma', 'guest-liam']);
	});

	it('fails with ERR_UID_ALREADY_EXISTS when the UID is taken', async () => {
		ctx.emulator.seedUser({ uid: 'new-user' });
		const { error } = await run(ctx, create());
		expect(error?.message).toBe(
			'ERR_UID_ALREADY_EXISTS: The uid new-user already exists. Please use another uid or try after permanently deleting the user. [item 0]',
		);
		expect(httpCode(error)).toBe('400');
	});

	it.each([
		['an empty UID', { uid: '={{ $json.value }}' }, '', 'UID: is empty [item 0]'],
		['a UID with a space', { uid: '={{ $json.value }}' }, 'new user', 'UID: "new user" has characters CometChat does not allow'],
		['a UID over 100 characters', { uid: '={{ $json.value }}' }, 'u'.repeat(101), 'UID: is 101 characters long; CometChat allows at most 100'],
		['an empty Name', { name: '={{ $json.value }}' }, '  ', 'Name: is empty [item 0]'],
		['a Name over 100 characters', { name: '={{ $json.value }}' }, 'é'.repeat(101), 'Name: is 101 characters long; CometChat allows at most 100'],
		['a Name that is an object', { name: '={{ $json.value }}' }, { first: 'Jane' }, 'Name: must be text, not an object'],
		['an Avatar over 3000 characters', { options: { avatar: '={{ $json.value }}' } }, 'https://x/' + 'a'.repeat(2991), 'Avatar: is 3001 characters long'],
		['a Role with a space', { options: { role: '={{ $json.value }}' } }, 'super user', 'Role: "super user" has characters'],
		['Metadata that is not JSON', { options: { metadata: '={{ $json.value }}' } }, '{plan: pro}', 'Metadata (JSON): is not valid JSON'],
		['Metadata that is an array', { options: { metadata: '={{ $json.value }}' } }, ['pro'], 'Metadata (JSON): must be a JSON object, not an array'],
		['26 Tags', { options: { tags: '={{ $json.value }}' } }, Array.from({ length: 26 }, (_, i) => `t${i}`), 'Tags: has 26 tags; CometChat allows at most 25'],
		['a Tag over 100 characters', { options: { tags: '={{ $json.value }}' } }, ['ok', 't'.repeat(101)], 'Tags: "tttttttttttttttttttt…" is 101 characters long'],
	])('stops %s before any request', async (_case, extra, value, message) => {
		await expectRefused(ctx, create(extra), { value }, message);
	});
});

describe('User → Get', () => {
	const ctx = useEmulator();
	const get = (extra: Record<string, unknown> = {}) => ({ resource: 'user', operation: 'get', uid: byId('jane'), ...extra });
	let createdAt: number;

	beforeEach(() => {
		createdAt = ctx.emulator.state.addUser({
			uid: 'jane',
			name: 'Jane Doe',
			avatar: 'https://example.com/jane.png',
			link: 'https://example.com/people/jane',
			role: 'moderator',
			statusMessage: 'Out on the trail',
			metadata: { plan: 'pro' },
			tags: ['vip'],
		}).createdAt;
		ctx.emulator.seedUser({ uid: 'mod-1' });
	});

	it('sends GET without onBehalfOf and returns the simplified user', async () => {
		const { items, error } = await run(ctx, get());
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/users/jane', body: undefined, headers: { onBehalfOf: undefined } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([
			{
				uid: 'jane',
				name: 'Jane Doe',
				avatar: 'https://example.com/jane.png',
				status: 'offline',
				role: 'moderator',
				tags: ['vip'],
				metadata: { plan: 'pro' },
				createdAt,
			},
		]);
	});

	it('returns the whole record with Simplify off', async () => {
		const { items } = await run(ctx, get({ simplify: false, uid: byId('JANE') }));
		expect(ctx.emulator.requests[0].path).toBe('/v3/users/JANE');
		expect(json(items)).toEqual([
			{
				uid: 'jane',
				name: 'Jane Doe',
				link: 'https://example.com/people/jane',
				avatar: 'https://example.com/jane.png',
				metadata: { plan: 'pro' },
				status: 'offline',
				statusMessage: 'Out on the trail',
				role: 'moderator',
				createdAt,
				tags: ['vip'],
			},
		]);
	});

	it('sends onBehalfOf as a header and keeps the relationship fields CometChat adds', async () => {
		ctx.emulator.state.addBlock('mod-1', 'jane');
		const { items } = await run(ctx, get({ options: { onBehalfOf: ' mod-1 ' } }));
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/users/jane', body: undefined, headers: { onBehalfOf: 'mod-1' } },
			ctx.emulator.apiKey,
		);
		expect(items[0].json).toMatchObject({ uid: 'jane', blockedByMe: true, conversationId: 'jane_user_mod-1' });
		expect(items[0].json).not.toHaveProperty('blockedByMeAt');
		expect(items[0].json).not.toHaveProperty('link');
	});

	it('fails with ERR_UID_NOT_FOUND for an unknown user', async () => {
		const { error } = await run(ctx, get({ uid: byId('ghost') }));
		expect(error?.message).toBe(
			'ERR_UID_NOT_FOUND: The UID ghost does not exist, please make sure you have created a user with UID ghost. [item 0]',
		);
		expect(httpCode(error)).toBe('404');
	});

	it.each([
		['an empty User', { uid: byId('={{ $json.value }}') }, '', 'User: is empty [item 0]'],
		['a User with a slash', { uid: byId('={{ $json.value }}') }, '../groups', 'User: "../groups" has characters'],
		['an invalid On Behalf Of', { options: { onBehalfOf: '={{ $json.value }}' } }, 'mod 1', 'On Behalf Of: "mod 1" has characters'],
	])('stops %s before any request', async (_case, extra, value, message) => {
		const { error } = await run(ctx, get(extra), { input: [{ json: { value } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('User → Update', () => {
	const ctx = useEmulator();
	const update = (extra: Record<string, unknown> = {}) => ({ resource: 'user', operation: 'update', uid: byId('jane'), ...extra });
	let createdAt: number;

	beforeEach(() => {
		createdAt = ctx.emulator.state.addUser({
			uid: 'jane',
			name: 'Jane Doe',
			avatar: 'https://example.com/jane.png',
			link: 'https://example.com/people/jane',
			statusMessage: 'Out on the trail',
			metadata: { plan: 'pro' },
			tags: ['vip'],
		}).createdAt;
	});

	it('sends PUT with every field to update and returns the updated user', async () => {
		const { items, error } = await run(
			ctx,
			update({
				updateFields: {
					avatar: 'https://example.com/jane-2.png',
					link: 'https://example.com/jane',
					metadata: '{"plan": "team"}',
					name: 'Jane Smith',
					role: 'moderator',
					statusMessage: 'Back home',
					tags: 'vip, beta',
				},
			}),
		);
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'PUT',
				path: '/v3/users/jane',
				body: {
					avatar: 'https://example.com/jane-2.png',
					link: 'https://example.com/jane',
					metadata: { plan: 'team' },
					name: 'Jane Smith',
					role: 'moderator',
					statusMessage: 'Back home',
					tags: ['vip', 'beta'],
				},
				headers: { 'content-type': 'application/json' },
			},
			ctx.emulator.apiKey,
		);
		const user = ctx.emulator.state.getUser('jane')!;
		expect(json(items)).toEqual([
			{
				uid: 'jane',
				name: 'Jane Smith',
				link: 'https://example.com/jane',
				avatar: 'https://example.com/jane-2.png',
				metadata: { plan: 'team' },
				status: 'offline',
				statusMessage: 'Back home',
				role: 'moderator',
				createdAt,
				updatedAt: user.updatedAt,
				tags: ['vip', 'beta'],
			},
		]);
		expect(user).toMatchObject({ name: 'Jane Smith', role: 'moderator', tags: ['vip', 'beta'] });
	});

	it('sends unset for Fields to Unset, and empty tags and status message to clear them', async () => {
		const { items } = await run(ctx, update({ unset: ['avatar', 'metadata'], updateFields: { statusMessage: '', tags: '' } }));
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'PUT', path: '/v3/users/jane', body: { statusMessage: '', tags: [], unset: ['avatar', 'metadata'] } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([
			{
				uid: 'jane',
				name: 'Jane Doe',
				link: 'https://example.com/people/jane',
				status: 'offline',
				role: 'default',
				createdAt,
				updatedAt: ctx.emulator.state.getUser('jane')!.updatedAt,
			},
		]);
		expect(ctx.emulator.state.getUser('jane')).toMatchObject({ avatar: undefined, metadata: undefined, tags: [] });
	});

	it('takes Fields to Unset from an expression as a comma-separated list', async () => {
		await run(ctx, update({ unset: '={{ $json.unset }}' }), { input: [{ json: { unset: 'link, avatar' } }] });
		expect(ctx.emulator.requests[0].body).toEqual({ unset: ['link', 'avatar'] });
		expect(ctx.emulator.state.getUser('jane')).toMatchObject({ link: undefined, avatar: undefined, name: 'Jane Doe' });
	});

	it('fails with ERR_UID_NOT_FOUND for an unknown user', async () => {
		const { error } = await run(ctx, update({ uid: byId('ghost'), updateFields: { name: 'Ghost' } }));
		expect(error?.message).toMatch(/^ERR_UID_NOT_FOUND: The UID ghost does not exist/);
	});

	it.each([
		['nothing to change', {}, null, 'Update Fields: is empty and Fields to Unset chooses nothing [item 0]'],
		['an empty Name', { updateFields: { name: '={{ $json.value }}' } }, '', 'Name: is empty [item 0]'],
		['an empty Avatar', { updateFields: { avatar: '={{ $json.value }}' } }, '', 'Avatar: is empty [item 0]'],
		['an empty Role', { updateFields: { role: '={{ $json.value }}' } }, '', 'Role: is empty [item 0]'],
		['Metadata that is a number', { updateFields: { metadata: '={{ $json.value }}' } }, 42, 'Metadata (JSON): must be a JSON object, not a number'],
		['a field both set and unset', { updateFields: { link: 'https://example.com' }, unset: '={{ $json.value }}' }, ['link'], 'Fields to Unset: link is also in Update Fields'],
		['a field CometChat cannot unset', { unset: '={{ $json.value }}' }, 'statusMessage', 'Fields to Unset: "statusMessage" cannot be unset'],
		['a User with a dot', { uid: byId('={{ $json.value }}'), updateFields: { name: 'X' } }, 'ja.ne', 'User: "ja.ne" has characters'],
	])('stops %s before any request', async (_case, extra, value, message) => {
		const { error } = await run(ctx, update(extra), { input: [{ json: { value } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('User → Delete', () => {
	const ctx = useEmulator();
	const remove = (extra: Record<string, unknown> = {}) => ({ resource: 'user', operation: 'delete', uid: byId('jane'), ...extra });

	beforeEach(() => ctx.emulator.seedUser({ uid: 'jane' }));

	it('sends DELETE with no body and returns {deleted, message}; the user is deactivated, not gone', async () => {
		const { items, error } = await run(ctx, remove());
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: '/v3/users/jane', body: undefined }, ctx.emulator.apiKey);
		expect(json(items)).toEqual([{ deleted: true, message: 'User with UID jane has been deleted successfully.' }]);
		expect(ctx.emulator.state.getUser('jane')).toBeUndefined();
		expect(ctx.emulator.state.getUser('jane', true)?.deactivatedAt).toEqual(expect.any(Number));
	});

	it('sends permanent: true with Permanent on, and the user is gone for good', async () => {
		ctx.emulator.state.addAuthToken('jane');
		const { items } = await run(ctx, remove({ options: { permanent: true } }));
		expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: '/v3/users/jane', body: { permanent: true } }, ctx.emulator.apiKey);
		expect(json(items)).toEqual([{ deleted: true, message: 'User with UID jane has been deleted successfully.' }]);
		expect(ctx.emulator.state.users.has('jane')).toBe(false);
		expect(ctx.emulator.state.authTokens.has('jane')).toBe(false);
	});

	it('sends no body when Permanent is added but off', async () => {
		await run(ctx, remove({ options: { permanent: false } }));
		expect(ctx.emulator.requests[0].body).toBeUndefined();
		expect(ctx.emulator.state.getUser('jane', true)).toBeDefined();
	});

	it('fails with ERR_UID_NOT_FOUND for an unknown user', async () => {
		const { error } = await run(ctx, remove({ uid: byId('ghost') }));
		expect(error?.message).toMatch(/^ERR_UID_NOT_FOUND: The UID ghost does not exist/);
		expect(httpCode(error)).toBe('404');
	});

	it('stops a User with a slash before any request', async () => {
		const { error } = await run(ctx, remove({ uid: byId('={{ $json.value }}') }), { input: [{ json: { value: 'jane/auth_tokens' } }] });
		expect(error?.message).toContain('User: "jane/auth_tokens" has characters');
		expect(ctx.emulator.requests).toEqual([]);
	});
});

const DEACTIVATED = 'CometChat deactivated the user.';
const NOT_DEACTIVATED = 'CometChat did not report the user as deactivated: the UID may not exist or may be deactivated already.';
const REACTIVATED = 'CometChat reactivated the user.';
const NOT_REACTIVATED = 'CometChat did not report the user as reactivated: the UID may not exist or may not be deactivated.';

describe('User → Deactivate', () => {
	const ctx = useEmulator();
	const deactivate = (uids: string) => ({ resource: 'user', operation: 'deactivate', uids });

	beforeEach(() => {
		for (const uid of ['alice', 'bob']) ctx.emulator.seedUser({ uid });
		ctx.emulator.seedUser({ uid: 'gone', deactivated: true });
	});

	it('sends DELETE /users with the UIDs and returns one item per UID, in order, as spelled', async () => {
		const { items, error } = await run(ctx, deactivate('Alice, ghost\ngone, bob, bob'));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'DELETE', path: '/v3/users', body: { uidsToDeactivate: ['Alice', 'ghost', 'gone', 'bob'] } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([
			{ uid: 'Alice', success: true, message: DEACTIVATED },
			{ uid: 'ghost', success: false, message: NOT_DEACTIVATED },
			{ uid: 'gone', success: false, message: NOT_DEACTIVATED },
			{ uid: 'bob', success: true, message: DEACTIVATED },
		]);
		expect(ctx.emulator.state.getUser('alice')).toBeUndefined();
		expect(ctx.emulator.state.getUser('bob')).toBeUndefined();
	});

	it('sends many UIDs in one call (CometChat documents no maximum)', async () => {
		const uids = Array.from({ length: 30 }, (_, i) => `user-${i}`);
		for (const uid of uids) ctx.emulator.seedUser({ uid });
		const { items } = await run(ctx, deactivate('={{ $json.uids }}'), { input: [{ json: { uids } }] });
		expect(ctx.emulator.requests).toHaveLength(1);
		expect(ctx.emulator.requests[0].body).toEqual({ uidsToDeactivate: uids });
		expect(json(items).map((item) => [item.uid, item.success])).toEqual(uids.map((uid) => [uid, true]));
	});

	it.each([
		['an empty list', ' , ', 'UIDs: is empty; give at least one ID [item 0]'],
		['a UID with a space', 'alice, b ob', 'UIDs: "b ob" has characters'],
		['an object', [{ uid: 'alice' }], 'UIDs: every entry must be text, but one is an object'],
	])('stops %s before any request', async (_case, value, message) => {
		const { error } = await run(ctx, deactivate('={{ $json.value }}'), { input: [{ json: { value } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('User → Reactivate', () => {
	const ctx = useEmulator();
	const reactivate = (uids: string) => ({ resource: 'user', operation: 'reactivate', uids });

	beforeEach(() => {
		ctx.emulator.seedUser({ uid: 'alice', deactivated: true });
		ctx.emulator.seedUser({ uid: 'bob' });
	});

	it('sends PUT /users with the UIDs and reads the spec\'s nonDeactivatedUids', async () => {
		const { items, error } = await run(ctx, reactivate('ALICE, bob, ghost'));
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'PUT', path: '/v3/users', body: { uidsToActivate: ['ALICE', 'bob', 'ghost'] } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([
			{ uid: 'ALICE', success: true, message: REACTIVATED },
			{ uid: 'bob', success: false, message: NOT_REACTIVATED },
			{ uid: 'ghost', success: false, message: NOT_REACTIVATED },
		]);
		expect(ctx.emulator.state.getUser('alice')).toBeDefined();
	});

	it('also accepts reactivatedUids, and passes on a UID it did not ask for', async () => {
		ctx.emulator.failNext({ status: 200, body: { data: { reactivatedUids: ['alice', 'carol'] } } });
		const { items } = await run(ctx, reactivate('alice, bob'));
		expect(json(items)).toEqual([
			{ uid: 'alice', success: true, message: REACTIVATED },
			{ uid: 'bob', success: false, message: NOT_REACTIVATED },
			{ uid: 'carol', success: true, message: REACTIVATED },
		]);
	});

	it('passes on CometChat\'s error for a bad request', async () => {
		ctx.emulator.failNext({
			status: 400,
			body: { error: { message: 'Failed to validate the data sent with the request.', devMessage: '', source: 'chat-api', details: { uidsToActivate: ['The uidsToActivate field is required.'] }, code: 'ERR_BAD_REQUEST' } },
		});
		const { error } = await run(ctx, reactivate('alice'));
		expect(error?.message).toBe('ERR_BAD_REQUEST: Failed to validate the data sent with the request. [item 0]');
		expect(error?.description).toContain('uidsToActivate: The uidsToActivate field is required.');
	});

	it('stops an empty list before any request', async () => {
		const { error } = await run(ctx, reactivate('={{ $json.value }}'), { input: [{ json: { value: [] } }] });
		expect(error?.message).toContain('UIDs: is empty; give at least one ID [item 0]');
		expect(ctx.emulator.requests).toEqual([]);
	});
});
