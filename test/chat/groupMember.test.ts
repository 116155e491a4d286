import { byId, expectRequest, httpCode, run, useEmulator } from '../helpers';

const ctx = useEmulator();
const group = () => ctx.emulator.state.getGroup('hiking')!;
const scopes = () => Object.fromEntries([...group().members].map(([uid, member]) => [uid, member.scope]));

beforeEach(() => {
	for (const uid of ['owner-1', 'admin-1', 'mod-1', 'member-1', 'member-2', 'troll-1', 'new-1', 'new-2', 'new-3']) {
		ctx.emulator.seedUser({ uid, name: uid.toUpperCase() });
	}
	ctx.emulator.seedGroup({
		guid: 'hiking',
		owner: 'owner-1',
		members: { 'admin-1': 'admin', 'mod-1': 'moderator', 'member-1': 'participant', 'member-2': 'participant' },
	});
	ctx.emulator.ban('hiking', 'troll-1');
});

describe('Group Member → Add', () => {
	const add = (extra: Record<string, unknown> = {}) => ({ resource: 'groupMember', operation: 'add', guid: byId('hiking'), ...extra });

	it('sends the lists in one call and returns one item per UID with its scope and result', async () => {
		const { items, error } = await run(
			ctx,
			add({ admins: 'new-1', moderators: 'new-2', participants: 'new-3, ghost-1, member-1, troll-1', usersToBan: 'member-2' }),
		);
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: '/v3/groups/hiking/members',
				body: { admins: ['new-1'], moderators: ['new-2'], participants: ['new-3', 'ghost-1', 'member-1', 'troll-1'], usersToBan: ['member-2'] },
				headers: { 'content-type': 'application/json', onBehalfOf: undefined },
			},
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([
			{ uid: 'new-1', scope: 'admin', success: true },
			{ uid: 'new-2', scope: 'moderator', success: true },
			{ uid: 'new-3', scope: 'participant', success: true },
			{
				uid: 'ghost-1',
				scope: 'participant',
				success: false,
				message: 'The UID ghost-1 does not exist, please make sure you have created a user with UID ghost-1.',
				code: 'ERR_UID_NOT_FOUND',
			},
			{ uid: 'member-1', scope: 'participant', success: false, message: 'The user with uid member-1 has already joined the group hiking.', code: 'ERR_ALREADY_JOINED' },
			{ uid: 'troll-1', scope: 'participant', success: false, message: 'The user with uid troll-1 is banned from the group hiking.', code: 'ERR_BANNED_GROUPMEMBER' },
			{ uid: 'member-2', scope: 'banned', success: true },
		]);
		expect(scopes()).toEqual({
			'admin-1': 'admin',
			'mod-1': 'moderator',
			'member-1': 'participant',
			'owner-1': 'admin',
			'new-1': 'admin',
			'new-2': 'moderator',
			'new-3': 'participant',
		});
		expect([...group().bans.keys()].sort()).toEqual(['member-2', 'troll-1']);
		// CometChat posts an "added" action message per new member.
		const added = ctx.emulator.state.messages.filter((m) => m.category === 'action' && m.receiver === 'hiking');
		expect(added.map((m) => [m.type, m.data.action, m.sender])).toEqual([
			['groupMember', 'added', 'app_system'],
			['groupMember', 'added', 'app_system'],
			['groupMember', 'added', 'app_system'],
		]);
	});

	it('splits more than 25 UIDs into calls of at most 25, in order, and merges the results in order', async () => {
		const uids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(2, '0')}`);
		const [admins, moderators, participants, banned] = [uids('a', 5), uids('m', 5), uids('p', 45), uids('b', 5)];
		for (const uid of [...admins, ...moderators, ...participants, ...banned]) ctx.emulator.seedUser({ uid });
		const { items, error } = await run(ctx, add({ admins, moderators, participants: participants.join(', '), usersToBan: banned }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => r.body)).toEqual([
			{ admins, moderators, participants: participants.slice(0, 15) },
			{ participants: participants.slice(15, 40) },
			{ participants: participants.slice(40), usersToBan: banned },
		]);
		for (const request of ctx.emulator.requests) {
			expectRequest(request, { method: 'POST', path: '/v3/groups/hiking/members', body: request.body }, ctx.emulator.apiKey);
		}
		expect(items.map((item) => [item.json.uid, item.json.scope, item.json.success])).toEqual([
			...admins.map((uid) => [uid, 'admin', true]),
			...moderators.map((uid) => [uid, 'moderator', true]),
			...participants.map((uid) => [uid, 'participant', true]),
			...banned.map((uid) => [uid, 'banned', true]),
		]);
		expect(group().members.size).toBe(5 + 55);
		expect(group().bans.size).toBe(1 + 5);
	});

	it('matches CometChat\'s lower-cased answers to UIDs given in capitals', async () => {
		const { items } = await run(ctx, add({ participants: 'NEW-1' }));
		expect(ctx.emulator.requests[0].body).toEqual({ participants: ['NEW-1'] });
		expect(items.map((item) => item.json)).toEqual([{ uid: 'NEW-1', scope: 'participant', success: true }]);
	});

	it('sends onBehalfOf; a moderator may add participants but not admins', async () => {
		const { items, error } = await run(ctx, add({ admins: 'new-1', participants: 'new-2', options: { onBehalfOf: 'mod-1' } }));
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'POST', path: '/v3/groups/hiking/members', body: { admins: ['new-1'], participants: ['new-2'] }, headers: { onBehalfOf: 'mod-1' } },
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([
			{
				uid: 'new-1',
				scope: 'admin',
				success: false,
				message: 'The user with uid mod-1 does not have enough clearance to grant or change this scope in the group hiking.',
				code: 'ERR_GROUP_NO_SCOPE_CLEARANCE',
			},
			{ uid: 'new-2', scope: 'participant', success: true },
		]);
		expect(ctx.emulator.state.messages.at(-1)?.sender).toBe('mod-1');
	});

	it('fails the item when the acting user is a participant', async () => {
		const { error } = await run(ctx, add({ participants: 'new-1', options: { onBehalfOf: 'member-1' } }));
		expect(error?.message).toMatch(/^ERR_GROUP_NO_CLEARANCE: .+ \[item 0\]$/);
		expect(group().members.has('new-1')).toBe(false);
	});

	it('fails with ERR_GUID_NOT_FOUND for an unknown group', async () => {
		const { error } = await run(ctx, add({ guid: byId('nowhere'), participants: 'new-1' }));
		expect(error?.message).toMatch(/^ERR_GUID_NOT_FOUND: The GUID nowhere does not exist/);
		expect(httpCode(error)).toBe('404');
	});

	it.each([
		['all four lists empty', { participants: '={{ $json.value }}' }, ' , ', 'Admins, Moderators, Participants, Users To Ban: are all empty; give at least one UID [item 0]'],
		['an Admins entry with a space', { admins: '={{ $json.value }}' }, ['new-1', 'new 2'], 'Admins: "new 2" has characters CometChat does not allow'],
		['Users To Ban that are objects', { usersToBan: '={{ $json.value }}' }, [{ uid: 'x' }], 'Users To Ban: every entry must be text'],
		['an empty Group', { guid: byId('={{ $json.value }}'), participants: 'new-1' }, '', 'Group: is empty [item 0]'],
	])('stops %s before any request', async (_case, extra, value, message) => {
		const { error } = await run(ctx, add(extra), { input: [{ json: { value } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Group Member → Get Many', () => {
	const getAll = (extra: Record<string, unknown> = {}) => ({ resource: 'groupMember', operation: 'getAll', guid: byId('hiking'), ...extra });

	it('asks for only the limit and returns each member with scope and joinedAt', async () => {
		const { items, error } = await run(ctx, getAll({ limit: 2 }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/groups/hiking/members', query: { page: '1', perPage: '2' }, body: undefined, headers: { onBehalfOf: undefined } },
			ctx.emulator.apiKey,
		);
		const joinedAt = group().members.get('admin-1')!.joinedAt;
		const user = (uid: string) => ctx.emulator.state.getUser(uid)!;
		expect(items.map((item) => item.json)).toEqual([
			{ uid: 'admin-1', name: 'ADMIN-1', status: 'offline', role: 'default', scope: 'admin', joinedAt, createdAt: user('admin-1').createdAt },
			{ uid: 'mod-1', name: 'MOD-1', status: 'offline', role: 'default', scope: 'moderator', joinedAt, createdAt: user('mod-1').createdAt },
		]);
	});

	it('walks every page with Return All, 1000 per page', async () => {
		const members: Record<string, 'participant'> = {};
		for (let i = 0; i < 2100; i++) {
			const uid = `fan-${String(i).padStart(4, '0')}`;
			ctx.emulator.seedUser({ uid });
			members[uid] = 'participant';
		}
		ctx.emulator.seedGroup({ guid: 'stadium', members });
		const { items } = await run(ctx, getAll({ guid: byId('stadium'), returnAll: true }));
		expect(ctx.emulator.requests.map((r) => [r.path, r.query])).toEqual([
			['/v3/groups/stadium/members', { page: '1', perPage: '1000' }],
			['/v3/groups/stadium/members', { page: '2', perPage: '1000' }],
			['/v3/groups/stadium/members', { page: '3', perPage: '1000' }],
		]);
		expect(items).toHaveLength(2100);
		expect(items.map((item) => item.json.uid)).toEqual(Object.keys(members));
	});

	it('sends the Scopes and Status filters', async () => {
		ctx.emulator.state.getUser('mod-1')!.status = 'available';
		ctx.emulator.state.getUser('member-1')!.status = 'available';
		const { items } = await run(ctx, getAll({ limit: 10, filters: { scopes: ['moderator', 'participant'], status: 'available' } }));
		expect(ctx.emulator.requests[0].query).toEqual({ page: '1', perPage: '10', scopes: 'moderator,participant', status: 'available' });
		expect(items.map((item) => [item.json.uid, item.json.scope])).toEqual([
			['mod-1', 'moderator'],
			['member-1', 'participant'],
		]);
	});

	it('fails with ERR_GUID_NOT_FOUND for an unknown group', async () => {
		const { error } = await run(ctx, getAll({ guid: byId('nowhere'), limit: 5 }));
		expect(error?.message).toMatch(/^ERR_GUID_NOT_FOUND: /);
	});

	it.each([
		['an unknown scope', { filters: { scopes: '={{ $json.value }}' } }, ['admin', 'owner'], 'Scopes: "owner" is not one of admin, moderator, participant'],
		['an unknown status', { filters: { status: '={{ $json.value }}' } }, 'busy', 'Status: "busy" is not one of available, offline'],
	])('stops %s before any request', async (_case, extra, value, message) => {
		const { error } = await run(ctx, getAll({ limit: 5, ...extra }), { input: [{ json: { value } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Group Member → Change Scope', () => {
	const changeScope = (extra: Record<string, unknown> = {}) => ({
		resource: 'groupMember',
		operation: 'changeScope',
		guid: byId('hiking'),
		uid: byId('member-1'),
		scope: 'moderator',
		...extra,
	});

	it('sends PUT with the scope and returns {guid, uid, scope, joinedAt}', async () => {
		const { items, error } = await run(ctx, changeScope());
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'PUT',
				path: '/v3/groups/hiking/members/member-1',
				body: { scope: 'moderator' },
				headers: { 'content-type': 'application/json', onBehalfOf: undefined },
			},
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([
			{ guid: 'hiking', uid: 'member-1', scope: 'moderator', joinedAt: group().members.get('member-1')!.joinedAt },
		]);
		expect(scopes()['member-1']).toBe('moderator');
	});

	it('sends onBehalfOf; CometChat lets an admin promote and stops a moderator making admins', async () => {
		const byAdmin = await run(ctx, changeScope({ scope: 'admin', options: { onBehalfOf: 'admin-1' } }));
		expect(byAdmin.error).toBeUndefined();
		expect(ctx.emulator.requests[0].headers.onbehalfof).toBe('admin-1');
		expect(scopes()['member-1']).toBe('admin');

		const byModerator = await run(ctx, changeScope({ uid: byId('member-2'), scope: 'admin', options: { onBehalfOf: 'mod-1' } }));
		expect(byModerator.error?.message).toMatch(/^ERR_GROUP_NO_SCOPE_CLEARANCE: /);
		expect(scopes()['member-2']).toBe('participant');
	});

	it('fails with ERR_SAME_SCOPE when the member already has the scope', async () => {
		const { error } = await run(ctx, changeScope({ scope: 'participant' }));
		expect(error?.message).toBe('ERR_SAME_SCOPE: The user with uid member-1 already has the scope participant. [item 0]');
		expect(httpCode(error)).toBe('400');
	});

	it('fails with ERR_NOT_A_MEMBER for a user outside the group', async () => {
		const { error } = await run(ctx, changeScope({ uid: byId('new-1') }));
		expect(error?.message).toMatch(/^ERR_NOT_A_MEMBER: /);
	});

	it.each([
		['an unknown Scope', { scope: '={{ $json.value }}' }, 'owner', 'Scope: "owner" is not one of admin, moderator, participant'],
		['an empty Scope', { scope: '={{ $json.value }}' }, '', 'Scope: is empty'],
		['a Member with a slash', { uid: byId('={{ $json.value }}') }, 'member/1', 'Member: "member/1" has characters'],
	])('stops %s before any request', async (_case, extra, value, message) => {
		const { error } = await run(ctx, changeScope(extra), { input: [{ json: { value } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Group Member → Kick', () => {
	const kick = (extra: Record<string, unknown> = {}) => ({
		resource: 'groupMember',
		operation: 'kick',
		guid: byId('hiking'),
		uid: byId('member-1'),
		...extra,
	});

	it('sends DELETE with no body and returns CometChat\'s {success, message}', async () => {
		const { items, error } = await run(ctx, kick());
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'DELETE', path: '/v3/groups/hiking/members/member-1', body: undefined, headers: { onBehalfOf: undefined } },
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([
			{ success: true, message: 'The member with member-1 has been kicked from the Group with hiking.' },
		]);
		expect(group().members.has('member-1')).toBe(false);
		expect(group().bans.has('member-1')).toBe(false);
	});

	it('kicks on behalf of a moderator, and CometChat refuses a participant', async () => {
		const { items } = await run(ctx, kick({ options: { onBehalfOf: 'mod-1' } }));
		expect(ctx.emulator.requests[0].headers.onbehalfof).toBe('mod-1');
		expect(items[0].json.success).toBe(true);

		const { error } = await run(ctx, kick({ uid: byId('member-2'), options: { onBehalfOf: 'member-2' } }));
		expect(error?.message).toMatch(/^ERR_GROUP_NO_CLEARANCE: .+ \[item 0\]$/);
		expect(error?.description).toContain('must be an admin or moderator');
		expect(group().members.has('member-2')).toBe(true);
	});

	it('fails with ERR_NOT_A_MEMBER when the user is not in the group', async () => {
		const { error } = await run(ctx, kick({ uid: byId('new-1') }));
		expect(error?.message).toBe('ERR_NOT_A_MEMBER: The user with uid new-1 is not a member of the group hiking. [item 0]');
		expect(httpCode(error)).toBe('403');
	});

	it.each([
		['an empty Member', { uid: byId('={{ $json.value }}') }, '', 'Member: is empty [item 0]'],
		['an invalid On Behalf Of', { options: { onBehalfOf: '={{ $json.value }}' } }, 'mod 1', 'On Behalf Of: "mod 1" has characters'],
	])('stops %s before any request', async (_case, extra, value, message) => {
		const { error } = await run(ctx, kick(extra), { input: [{ json: { value } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});
