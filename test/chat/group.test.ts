import type { IDataObject } from 'n8n-workflow';
import { byId, expectRequest, httpCode, run, useEmulator } from '../helpers';

const ctx = useEmulator();
const group = (guid: string) => ctx.emulator.state.getGroup(guid)!;

beforeEach(() => {
	for (const uid of ['owner-1', 'admin-1', 'mod-1', 'member-1', 'troll-1', 'new-1', 'new-2', 'new-3']) {
		ctx.emulator.seedUser({ uid, name: uid.toUpperCase() });
	}
});

describe('Group → Create', () => {
	const create = (extra: Record<string, unknown> = {}) => ({
		resource: 'group',
		operation: 'create',
		guid: 'hiking',
		name: 'Hiking Club',
		...extra,
	});

	it('sends guid, name and type only, and returns the new group', async () => {
		const { items, error } = await run(ctx, create());
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: '/v3/groups',
				body: { guid: 'hiking', name: 'Hiking Club', type: 'public' },
				headers: { 'content-type': 'application/json', onBehalfOf: undefined },
			},
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([
			{
				guid: 'hiking',
				name: 'Hiking Club',
				type: 'public',
				membersCount: 0,
				conversationId: 'group_hiking',
				createdAt: group('hiking').createdAt,
				owner: 'app_system',
			},
		]);
	});

	it('creates a password group with every option, its first members and a ban, on behalf of a user', async () => {
		const { items, error } = await run(
			ctx,
			create({
				guid: ' Hiking ',
				type: 'password',
				password: 's3cret pass',
				options: {
					icon: 'https://example.com/hiking.png',
					description: 'Weekend hikes',
					metadata: '{"region": "north"}',
					tags: 'outdoors, weekend',
					owner: 'owner-1',
					admins: 'admin-1',
					moderators: 'mod-1',
					participants: 'member-1, ghost-1',
					usersToBan: 'troll-1',
					onBehalfOf: 'admin-1',
				},
			}),
		);
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: '/v3/groups',
				body: {
					guid: 'Hiking',
					name: 'Hiking Club',
					type: 'password',
					password: 's3cret pass',
					icon: 'https://example.com/hiking.png',
					description: 'Weekend hikes',
					metadata: { region: 'north' },
					owner: 'owner-1',
					tags: ['outdoors', 'weekend'],
					members: { admins: ['admin-1'], moderators: ['mod-1'], participants: ['member-1', 'ghost-1'], usersToBan: ['troll-1'] },
				},
				headers: { onBehalfOf: 'admin-1' },
			},
			ctx.emulator.apiKey,
		);
		const created = group('hiking');
		expect(items.map((item) => item.json)).toEqual([
			{
				guid: 'hiking',
				name: 'Hiking Club',
				description: 'Weekend hikes',
				icon: 'https://example.com/hiking.png',
				metadata: { region: 'north' },
				type: 'password',
				scope: 'admin',
				membersCount: 4,
				joinedAt: created.createdAt,
				conversationId: 'group_hiking',
				hasJoined: true,
				createdAt: created.createdAt,
				owner: 'owner-1',
				tags: ['outdoors', 'weekend'],
			},
		]);
		expect(Object.fromEntries([...created.members].map(([uid, m]) => [uid, m.scope]))).toEqual({
			'admin-1': 'admin',
			'mod-1': 'moderator',
			'member-1': 'participant',
			'owner-1': 'admin',
		});
		expect([...created.bans.keys()]).toEqual(['troll-1']);
		expect(created.password).toBe('s3cret pass');
	});

	it('sends 25 initial members in all, and refuses 26 before sending, naming the field that goes over', async () => {
		const uids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
		const ok = await run(ctx, create({ options: { admins: uids('a', 5), participants: uids('p', 20) } }));
		expect(ok.error).toBeUndefined();
		expect(ctx.emulator.requests[0].body).toMatchObject({ members: { admins: uids('a', 5), participants: uids('p', 20) } });

		ctx.emulator.requests.length = 0;
		const { error } = await run(ctx, create({ guid: 'other', options: { admins: uids('a', 5), participants: uids('p', 20), usersToBan: 'x-1' } }));
		expect(error?.message).toBe(
			'Users To Ban: brings the new members to 26 UIDs in Admins, Moderators, Participants and Users To Ban together; CometChat allows at most 25 when it creates a group [item 0]',
		);
		expect(error?.description).toContain('Group Member → Add');
		expect(ctx.emulator.requests).toEqual([]);
	});

	it.each([
		['a GUID with a space', { guid: '={{ $json.value }}' }, 'hik ing', 'GUID: "hik ing" has characters CometChat does not allow'],
		['an empty Name', { name: '={{ $json.value }}' }, '  ', 'Name: is empty [item 0]'],
		['a Name over 100 characters', { name: '={{ $json.value }}' }, 'n'.repeat(101), 'Name: is 101 characters long; CometChat allows at most 100'],
		['an unknown Type', { type: '={{ $json.value }}', password: 'unused' }, 'secret', 'Type: "secret" is not one of password, private, public'],
		['a password group without Password', { type: 'password', password: '={{ $json.value }}' }, '', 'Password: is empty [item 0]'],
		['Metadata that is an array', { options: { metadata: '={{ $json.value }}' } }, '[1, 2]', 'Metadata (JSON): must be a JSON object, not an array'],
		['26 Tags', { options: { tags: '={{ $json.value }}' } }, Array.from({ length: 26 }, (_, i) => `t${i}`), 'Tags: has 26 tags; CometChat allows at most 25'],
		['a Description over 255 characters', { options: { description: '={{ $json.value }}' } }, 'd'.repeat(256), 'Description: is 256 characters long'],
		['an Owner with a slash', { options: { owner: '={{ $json.value }}' } }, 'a/b', 'Owner: "a/b" has characters'],
		['a Moderators entry with a dot', { options: { moderators: '={{ $json.value }}' } }, 'mod-1, mod.2', 'Moderators: "mod.2" has characters'],
	])('stops %s before any request', async (_case, extra, value, message) => {
		const { error } = await run(ctx, create(extra), { input: [{ json: { value } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('fails with ERR_GUID_ALREADY_EXISTS when the GUID is taken', async () => {
		ctx.emulator.seedGroup({ guid: 'hiking' });
		const { error } = await run(ctx, create());
		expect(error?.message).toBe(
			'ERR_GUID_ALREADY_EXISTS: The guid hiking already exists. Please use another guid or try after permanently deleting the group. [item 0]',
		);
		expect(httpCode(error)).toBe('400');
	});
});

describe('Group → Get', () => {
	const get = (extra: Record<string, unknown> = {}) => ({ resource: 'group', operation: 'get', guid: byId('hiking'), ...extra });

	beforeEach(() => {
		ctx.emulator.state.addGroup({
			guid: 'hiking',
			name: 'Hiking Club',
			type: 'private',
			description: 'Weekend hikes',
			icon: 'https://example.com/h.png',
			metadata: { region: 'north' },
			tags: ['outdoors'],
			owner: 'owner-1',
			members: { 'member-1': 'participant' },
			createdAt: 1700000000,
		});
		group('hiking').updatedAt = 1700000100;
	});

	it('returns the simplified group by default, without onBehalfOf', async () => {
		const { items, error } = await run(ctx, get());
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/groups/hiking', body: undefined, headers: { onBehalfOf: undefined } },
			ctx.emulator.apiKey,
		);
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			guid: 'hiking',
			name: 'Hiking Club',
			type: 'private',
			description: 'Weekend hikes',
			icon: 'https://example.com/h.png',
			owner: 'owner-1',
			membersCount: 2,
			tags: ['outdoors'],
			metadata: { region: 'north' },
			createdAt: 1700000000,
		});
		expect(Object.keys(items[0].json)).toEqual(['guid', 'name', 'type', 'description', 'icon', 'owner', 'membersCount', 'tags', 'metadata', 'createdAt']);
	});

	it('returns the whole group with Simplify off, seen by the On Behalf Of user', async () => {
		const { items } = await run(ctx, get({ simplify: false, options: { onBehalfOf: 'member-1' } }));
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/groups/hiking', body: undefined, headers: { onBehalfOf: 'member-1' } },
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([
			{
				guid: 'hiking',
				name: 'Hiking Club',
				description: 'Weekend hikes',
				icon: 'https://example.com/h.png',
				metadata: { region: 'north' },
				type: 'private',
				scope: 'participant',
				membersCount: 2,
				joinedAt: 1700000000,
				conversationId: 'group_hiking',
				hasJoined: true,
				createdAt: 1700000000,
				owner: 'owner-1',
				updatedAt: 1700000100,
				tags: ['outdoors'],
			},
		]);
	});

	it('fails with ERR_GUID_NOT_FOUND for an unknown group', async () => {
		const { error } = await run(ctx, get({ guid: byId('nowhere') }));
		expect(error?.message).toBe(
			'ERR_GUID_NOT_FOUND: The GUID nowhere does not exist, please make sure you have created a group with GUID nowhere. [item 0]',
		);
		expect(httpCode(error)).toBe('404');
	});

	it.each([
		['an empty Group', { guid: byId('={{ $json.value }}') }, '', 'Group: is empty [item 0]'],
		['an On Behalf Of with a space', { options: { onBehalfOf: '={{ $json.value }}' } }, 'member 1', 'On Behalf Of: "member 1" has characters'],
	])('stops %s before any request', async (_case, extra, value, message) => {
		const { error } = await run(ctx, get(extra), { input: [{ json: { value } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Group → Get Many', () => {
	const getAll = (extra: Record<string, unknown> = {}) => ({ resource: 'group', operation: 'getAll', ...extra });
	const seed = (count: number) => {
		for (let i = 1; i <= count; i++) {
			ctx.emulator.state.addGroup({ guid: `group-${String(i).padStart(4, '0')}`, name: `Group ${i}`, createdAt: 1700000000 + i });
		}
	};

	it('asks for only the limit, newest first, simplified', async () => {
		seed(8);
		const { items, error } = await run(ctx, getAll({ limit: 3 }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/groups', query: { page: '1', perPage: '3' }, body: undefined, headers: { onBehalfOf: undefined } },
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([
			{ guid: 'group-0008', name: 'Group 8', type: 'public', membersCount: 0, createdAt: 1700000008, owner: 'app_system' },
			{ guid: 'group-0007', name: 'Group 7', type: 'public', membersCount: 0, createdAt: 1700000007, owner: 'app_system' },
			{ guid: 'group-0006', name: 'Group 6', type: 'public', membersCount: 0, createdAt: 1700000006, owner: 'app_system' },
		]);
	});

	it('walks every page with Return All, 1000 per page', async () => {
		seed(2003);
		const { items } = await run(ctx, getAll({ returnAll: true, simplify: false }));
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([
			{ page: '1', perPage: '1000' },
			{ page: '2', perPage: '1000' },
			{ page: '3', perPage: '1000' },
		]);
		expect(items).toHaveLength(2003);
		expect(new Set(items.map((item) => item.json.guid)).size).toBe(2003);
		expect(items[0].json).toMatchObject({ guid: 'group-2003', conversationId: 'group_group-2003' });
		expect(items[2002].json.guid).toBe('group-0001');
	});

	it('sends every filter as CometChat\'s query parameter and onBehalfOf as a header', async () => {
		const add = (guid: string, name: string, type: 'public' | 'private' | 'password', tags: string[], members: IDataObject, at: number) =>
			ctx.emulator.state.addGroup({ guid, name, type, tags, members: members as never, createdAt: at });
		add('hike-north', 'North Hikers', 'private', ['outdoors'], { 'member-1': 'moderator' }, 1700000001);
		add('hike-south', 'South Hikers', 'public', ['outdoors', 'weekend'], { 'member-1': 'participant' }, 1700000002);
		add('hike-west', 'West Hikers', 'private', ['outdoors'], {}, 1700000003);
		add('hike-east', 'East Hikers', 'password', ['indoors'], { 'member-1': 'participant' }, 1700000004);
		add('chess', 'Chess', 'private', ['outdoors'], { 'member-1': 'participant' }, 1700000005);
		const { items, error } = await run(
			ctx,
			getAll({
				limit: 10,
				filters: {
					searchKey: 'hike',
					searchIn: ['guid'],
					sortBy: 'name',
					sortOrder: 'desc',
					tags: 'outdoors, weekend',
					withTags: true,
					types: ['private', 'public'],
					hasJoined: true,
				},
				options: { onBehalfOf: 'member-1' },
			}),
		);
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'GET',
				path: '/v3/groups',
				query: {
					page: '1',
					perPage: '10',
					searchKey: 'hike',
					searchIn: 'guid',
					sortBy: 'name',
					sortOrder: 'desc',
					tags: 'outdoors,weekend',
					withTags: 'true',
					types: 'private,public',
					hasJoined: 'true',
				},
				body: undefined,
				headers: { onBehalfOf: 'member-1' },
			},
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([
			{ guid: 'hike-south', name: 'South Hikers', type: 'public', owner: 'app_system', membersCount: 1, tags: ['outdoors', 'weekend'], createdAt: 1700000002, hasJoined: true, scope: 'participant', joinedAt: 1700000002 },
			{ guid: 'hike-north', name: 'North Hikers', type: 'private', owner: 'app_system', membersCount: 1, tags: ['outdoors'], createdAt: 1700000001, hasJoined: true, scope: 'moderator', joinedAt: 1700000001 },
		]);
	});

	it('sends the single Type filter, and leaves tags out without With Tags', async () => {
		ctx.emulator.state.addGroup({ guid: 'a', type: 'password', tags: ['x'], createdAt: 1700000001 });
		ctx.emulator.state.addGroup({ guid: 'b', type: 'public', tags: ['x'], createdAt: 1700000002 });
		const { items } = await run(ctx, getAll({ limit: 5, filters: { type: 'password', sortOrder: 'asc' } }));
		expect(ctx.emulator.requests[0].query).toEqual({ page: '1', perPage: '5', type: 'password', sortOrder: 'asc' });
		expect(items.map((item) => item.json)).toEqual([{ guid: 'a', name: 'a', type: 'password', owner: 'app_system', membersCount: 0, createdAt: 1700000001 }]);
	});

	it.each([
		['Has Joined without On Behalf Of', { filters: { hasJoined: true } }, undefined, 'Has Joined: needs On Behalf Of'],
		['an unknown Sort By', { filters: { sortBy: '={{ $json.value }}' } }, 'size', 'Sort By: "size" is not one of createdAt, guid, name'],
		['an unknown entry in Types', { filters: { types: '={{ $json.value }}' } }, ['public', 'secret'], 'Types: "secret" is not one of password, private, public'],
		['an unknown Search In', { filters: { searchIn: '={{ $json.value }}' } }, 'email', 'Search In: "email" is not one of guid, name'],
	])('stops %s before any request', async (_case, extra, value, message) => {
		const { error } = await run(ctx, getAll({ limit: 5, ...extra }), { input: [{ json: { value } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('passes on CometChat\'s error for an On Behalf Of user that does not exist', async () => {
		const { error } = await run(ctx, getAll({ limit: 5, options: { onBehalfOf: 'ghost' } }));
		expect(error?.message).toMatch(/^ERR_UID_NOT_FOUND: The UID ghost does not exist/);
	});
});

describe('Group → Update', () => {
	const update = (extra: Record<string, unknown> = {}) => ({ resource: 'group', operation: 'update', guid: byId('hiking'), ...extra });

	beforeEach(() => {
		ctx.emulator.state.addGroup({
			guid: 'hiking',
			name: 'Hiking',
			icon: 'https://example.com/old.png',
			description: 'Old',
			tags: ['old'],
			owner: 'owner-1',
			members: { 'admin-1': 'admin', 'member-1': 'participant' },
			createdAt: 1700000000,
		});
	});

	it('sends only the fields to change and the fields to unset, and returns the updated group', async () => {
		const { items, error } = await run(
			ctx,
			update({
				updateFields: { name: 'Hiking Club', description: 'Weekend hikes', metadata: '{"level": 2}', tags: 'outdoors, weekend' },
				unset: ['icon'],
			}),
		);
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'PUT',
				path: '/v3/groups/hiking',
				body: { name: 'Hiking Club', description: 'Weekend hikes', metadata: { level: 2 }, tags: ['outdoors', 'weekend'], unset: ['icon'] },
				headers: { 'content-type': 'application/json', onBehalfOf: undefined },
			},
			ctx.emulator.apiKey,
		);
		const updated = group('hiking');
		expect(items.map((item) => item.json)).toEqual([
			{
				guid: 'hiking',
				name: 'Hiking Club',
				description: 'Weekend hikes',
				metadata: { level: 2 },
				type: 'public',
				membersCount: 3,
				conversationId: 'group_hiking',
				createdAt: 1700000000,
				owner: 'owner-1',
				updatedAt: updated.updatedAt,
				tags: ['outdoors', 'weekend'],
			},
		]);
		expect(updated.icon).toBeUndefined();
		expect(updated.updatedAt).toBeGreaterThan(1700000000);
	});

	it('makes the group a password group on behalf of an admin', async () => {
		const { items, error } = await run(
			ctx,
			update({ updateFields: { type: 'password', password: 'trail-42' }, options: { onBehalfOf: 'admin-1' } }),
		);
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'PUT', path: '/v3/groups/hiking', body: { type: 'password', password: 'trail-42' }, headers: { onBehalfOf: 'admin-1' } },
			ctx.emulator.apiKey,
		);
		expect(items[0].json).toMatchObject({ type: 'password', scope: 'admin', hasJoined: true });
		expect(group('hiking')).toMatchObject({ type: 'password', password: 'trail-42' });
	});

	it('hands the group to a new owner', async () => {
		const { items } = await run(ctx, update({ updateFields: { owner: 'member-1' } }));
		expect(ctx.emulator.requests[0].body).toEqual({ owner: 'member-1' });
		expect(items[0].json.owner).toBe('member-1');
		expect(group('hiking').members.get('member-1')?.scope).toBe('admin');
	});

	it('passes on CometChat\'s refusal when the acting user is not an admin', async () => {
		const { error } = await run(ctx, update({ updateFields: { name: 'Mine' }, options: { onBehalfOf: 'member-1' } }));
		expect(error?.message).toMatch(/^ERR_GROUP_NO_ADMIN_SCOPE: .+ \[item 0\]$/);
		expect(httpCode(error)).toBe('403');
		expect(group('hiking').name).toBe('Hiking');
	});

	it.each([
		['nothing to change', {}, undefined, 'Update Fields: nothing to change [item 0]'],
		['an empty Name', { updateFields: { name: '={{ $json.value }}' } }, '', 'Name: is empty [item 0]'],
		['an unknown Type', { updateFields: { type: '={{ $json.value }}' } }, 'open', 'Type: "open" is not one of password, private, public'],
		['an unknown field to unset', { unset: '={{ $json.value }}' }, ['icon', 'name'], 'Fields to Unset: "name" is not one of description, icon, metadata'],
		['Metadata that is not JSON', { updateFields: { metadata: '={{ $json.value }}' } }, '{oops', 'Metadata (JSON): is not valid JSON'],
		['a Group with a dot', { guid: byId('={{ $json.value }}'), updateFields: { name: 'x' } }, 'hik.ing', 'Group: "hik.ing" has characters'],
	])('stops %s before any request', async (_case, extra, value, message) => {
		const { error } = await run(ctx, update(extra), { input: [{ json: { value } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Group → Delete', () => {
	const remove = (extra: Record<string, unknown> = {}) => ({ resource: 'group', operation: 'delete', guid: byId('hiking'), ...extra });

	beforeEach(() => {
		ctx.emulator.seedGroup({ guid: 'hiking', owner: 'owner-1', members: { 'admin-1': 'admin', 'member-1': 'participant' } });
	});

	it('sends DELETE with no body and returns {deleted: true, message}', async () => {
		const { items, error } = await run(ctx, remove());
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'DELETE', path: '/v3/groups/hiking', body: undefined, headers: { onBehalfOf: undefined } },
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([{ deleted: true, message: 'Group with guid hiking has been deleted successfully.' }]);
		expect(ctx.emulator.state.getGroup('hiking')).toBeUndefined();
	});

	it('sends onBehalfOf, and CometChat refuses a participant', async () => {
		const { error } = await run(ctx, remove({ options: { onBehalfOf: 'member-1' } }));
		expect(ctx.emulator.requests[0].headers.onbehalfof).toBe('member-1');
		expect(error?.message).toMatch(/^ERR_GROUP_NO_ADMIN_SCOPE: /);
		expect(ctx.emulator.state.getGroup('hiking')).toBeDefined();
	});

	it('deletes on behalf of an admin', async () => {
		const { items } = await run(ctx, remove({ options: { onBehalfOf: 'admin-1' } }));
		expect(items[0].json).toEqual({ deleted: true, message: 'Group with guid hiking has been deleted successfully.' });
		expect(ctx.emulator.state.getGroup('hiking')).toBeUndefined();
	});

	it('fails with ERR_GUID_NOT_FOUND the second time', async () => {
		await run(ctx, remove());
		const { error } = await run(ctx, remove());
		expect(error?.message).toMatch(/^ERR_GUID_NOT_FOUND: The GUID hiking does not exist/);
	});

	it('stops a bad Group before any request', async () => {
		const { error } = await run(ctx, remove({ guid: byId('={{ $json.value }}') }), { input: [{ json: { value: 'a b' } }] });
		expect(error?.message).toContain('Group: "a b" has characters CometChat does not allow');
		expect(ctx.emulator.requests).toEqual([]);
	});
});
