import type { IDataObject, INodeParameters } from 'n8n-workflow';
import type { Emulator, MessageRecord } from '../emulator';
import { conversationStore } from '../emulator/routes/conversations';
import { groupConversationId, userConversationId } from '../emulator/state';
import { byId, expectRefused, expectRequest, httpCode, json, run, useEmulator } from '../helpers';

const T = 1_700_000_000;

/** A text message straight into the emulator's store (a conversation is made by its first message). */
function say(emulator: Emulator, from: string, to: string, text: string, sentAt: number, receiverType: 'user' | 'group' = 'user'): MessageRecord {
	const state = emulator.state;
	const message: MessageRecord = {
		id: state.nextMessageId(),
		conversationId: receiverType === 'user' ? userConversationId(from, to) : groupConversationId(to),
		sender: from,
		receiverType,
		receiver: to,
		category: 'message',
		type: 'text',
		data: { text },
		sentAt,
		updatedAt: sentAt,
	};
	state.messages.push(message);
	return message;
}

/** The message as the emulator serves it (GET /messages/{id}): what lastMessage must be. */
async function served(emulator: Emulator, id: string): Promise<IDataObject> {
	const response = await fetch(`${emulator.url}/messages/${id}`, { headers: { apikey: emulator.apiKey } });
	return ((await response.json()) as { data: IDataObject }).data;
}

/** A conversation as `onBehalfOf` sees it, asked straight from the emulator (status and body). */
async function peek(emulator: Emulator, path: string, onBehalfOf: string): Promise<{ status: number; body: IDataObject }> {
	const response = await fetch(`${emulator.url}${path}`, { headers: { apikey: emulator.apiKey, onBehalfOf } });
	return { status: response.status, body: (await response.json()) as IDataObject };
}

/**
 * alice, bob, carol, dave (no messages), a group "hiking" (alice owner/admin, bob, carol), and:
 * 1 alice→bob, 2 bob→alice, 3 bob→alice, 4 carol→hiking, 5 alice→carol.
 */
function seedScenario(emulator: Emulator) {
	emulator.seedUser({ uid: 'alice', name: 'Alice Adams' });
	emulator.seedUser({ uid: 'bob', name: 'Bob Brown', tags: ['vip'] });
	emulator.seedUser({ uid: 'carol', name: 'Carol Chen', tags: ['staff'] });
	emulator.seedUser({ uid: 'dave', name: 'Dave Diaz' });
	emulator.state.addGroup({ guid: 'hiking', name: 'Hiking Club', owner: 'alice', tags: ['outdoors'], members: { bob: 'participant', carol: 'moderator' } });
	say(emulator, 'alice', 'bob', 'Hi Bob', T);
	say(emulator, 'bob', 'alice', 'Hi Alice', T + 10);
	say(emulator, 'bob', 'alice', 'Lunch?', T + 20);
	say(emulator, 'carol', 'hiking', 'Trail at 9', T + 30, 'group');
	say(emulator, 'alice', 'carol', 'Report', T + 40);
}

/** The user object as a conversation's conversationWith (no tags unless asked for). */
function userEntity(emulator: Emulator, uid: string, extra: IDataObject = {}): IDataObject {
	const user = emulator.state.users.get(uid)!;
	return { uid, name: user.name, status: 'offline', role: 'default', createdAt: user.createdAt, ...extra };
}

/** The group object as the conversationWith of `viewer` (a member). */
function groupEntity(emulator: Emulator, viewer: string, extra: IDataObject = {}): IDataObject {
	const group = emulator.state.getGroup('hiking')!;
	const member = group.members.get(viewer)!;
	return {
		guid: 'hiking',
		name: 'Hiking Club',
		type: 'public',
		scope: member.scope,
		membersCount: 3,
		joinedAt: member.joinedAt,
		conversationId: 'group_hiking',
		hasJoined: true,
		createdAt: group.createdAt,
		owner: 'alice',
		...extra,
	};
}

describe('Conversation → Get Many', () => {
	const ctx = useEmulator();
	const getAll = (extra: INodeParameters = {}) => ({ resource: 'conversation', operation: 'getAll', ...extra }) as INodeParameters;

	beforeEach(() => seedScenario(ctx.emulator));

	it('lists one user\'s conversations with On Behalf Of, newest first, unread counts as strings', async () => {
		const { items, error } = await run(ctx, getAll({ options: { onBehalfOf: ' alice ' } }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/conversations', query: { page: '1', perPage: '50' }, body: undefined, headers: { onBehalfOf: 'alice' } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([
			{
				conversationId: 'alice_user_carol',
				conversationType: 'user',
				unreadMessageCount: '0',
				createdAt: T + 40,
				updatedAt: T + 40,
				lastMessage: await served(ctx.emulator, '5'),
				conversationWith: userEntity(ctx.emulator, 'carol', { conversationId: 'alice_user_carol' }),
			},
			{
				conversationId: 'group_hiking',
				conversationType: 'group',
				unreadMessageCount: '1',
				createdAt: T + 30,
				updatedAt: T + 30,
				lastMessage: await served(ctx.emulator, '4'),
				conversationWith: groupEntity(ctx.emulator, 'alice'),
			},
			{
				conversationId: 'alice_user_bob',
				conversationType: 'user',
				unreadMessageCount: '2',
				createdAt: T,
				updatedAt: T + 20,
				lastMessage: await served(ctx.emulator, '3'),
				conversationWith: userEntity(ctx.emulator, 'bob', { conversationId: 'alice_user_bob' }),
			},
		]);
	});

	it('lists every user\'s conversations without On Behalf Of, each with the uid of its owner', async () => {
		const { items, error } = await run(ctx, getAll());
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/conversations', query: { page: '1', perPage: '50' }, body: undefined, headers: { onBehalfOf: undefined } },
			ctx.emulator.apiKey,
		);
		expect(json(items).map((c) => [c.uid, c.conversationId, c.unreadMessageCount])).toEqual([
			['alice', 'alice_user_carol', '0'],
			['alice', 'group_hiking', '1'],
			['alice', 'alice_user_bob', '2'],
			['bob', 'group_hiking', '1'],
			['bob', 'alice_user_bob', '1'],
			['carol', 'alice_user_carol', '1'],
			['carol', 'group_hiking', '0'],
		]);
		// As recorded: without onBehalfOf the user entity carries no conversationId.
		expect(items[0].json.conversationWith).toEqual(userEntity(ctx.emulator, 'carol'));
	});

	it('sends every filter as CometChat names it and returns what matches', async () => {
		conversationStore(ctx.emulator.state).ensure('alice', 'alice_user_bob').tags = ['work'];
		const { items, error } = await run(
			ctx,
			getAll({
				filters: {
					conversationType: 'user',
					searchKey: 'bro',
					tags: 'work, urgent',
					userTags: ['vip', 'staff'],
					groupTags: 'outdoors',
					unread: true,
					withTags: true,
					withUserAndGroupTags: true,
				},
				options: { onBehalfOf: 'alice' },
			}),
		);
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'GET',
				path: '/v3/conversations',
				query: {
					conversationType: 'user',
					searchKey: 'bro',
					tags: 'work,urgent',
					userTags: 'vip,staff',
					groupTags: 'outdoors',
					unread: 'true',
					withTags: 'true',
					withUserAndGroupTags: 'true',
					page: '1',
					perPage: '50',
				},
				body: undefined,
				headers: { onBehalfOf: 'alice' },
			},
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([
			{
				conversationId: 'alice_user_bob',
				conversationType: 'user',
				unreadMessageCount: '2',
				createdAt: T,
				updatedAt: T + 20,
				lastMessage: await served(ctx.emulator, '3'),
				conversationWith: userEntity(ctx.emulator, 'bob', { tags: ['vip'], conversationId: 'alice_user_bob' }),
				tags: ['work'],
			},
		]);
	});

	it('filters group conversations by group tags and leaves out read ones with Unread Only', async () => {
		const groups = await run(ctx, getAll({ filters: { conversationType: 'group', groupTags: 'outdoors' }, options: { onBehalfOf: 'carol' } }));
		expect(ctx.emulator.requests[0].query).toEqual({ conversationType: 'group', groupTags: 'outdoors', page: '1', perPage: '50' });
		expect(json(groups.items).map((c) => [c.conversationId, c.unreadMessageCount])).toEqual([['group_hiking', '0']]);

		const unread = await run(ctx, getAll({ filters: { unread: true }, options: { onBehalfOf: 'carol' } }));
		expect(ctx.emulator.requests[1].query).toEqual({ unread: 'true', page: '1', perPage: '50' });
		expect(json(unread.items).map((c) => [c.conversationId, c.unreadMessageCount])).toEqual([['alice_user_carol', '1']]);
	});

	it.each([
		['an On Behalf Of with a space', { options: { onBehalfOf: '={{ $json.value }}' } }, 'a b', 'On Behalf Of: "a b" has characters'],
		['Tags that are an object', { filters: { tags: '={{ $json.value }}' } }, { a: 1 }, 'Tags: expected a comma-separated list or an array but got an object [item 0]'],
		['User Tags with an object entry', { filters: { userTags: '={{ $json.value }}' } }, ['vip', { a: 1 }], 'User Tags: every entry must be text'],
		['a Conversation Type CometChat does not know', { filters: { conversationType: '={{ $json.value }}' } }, 'channel', 'Conversation Type: "channel" is not one of group, user [item 0]'],
		['a Limit of 0', { limit: '={{ $json.value }}' }, 0, 'Limit: must be a whole number of at least 1'],
	])('stops %s before any request', async (_case, extra, value, message) => {
		await expectRefused(ctx, getAll(extra as INodeParameters), { value } as IDataObject, message);
	});

	it('fails with ERR_UID_NOT_FOUND (404) when the On Behalf Of user does not exist', async () => {
		const { error } = await run(ctx, getAll({ options: { onBehalfOf: 'nobody' } }));
		expect(error?.message).toBe(
			'ERR_UID_NOT_FOUND: The UID nobody does not exist, please make sure you have created a user with UID nobody. [item 0]',
		);
		expect(httpCode(error)).toBe('404');
	});
});

describe('Conversation → Get Many (pages)', () => {
	const ctx = useEmulator();
	const uidOf = (i: number) => `friend-${String(i).padStart(4, '0')}`;
	/** `count` users who each wrote to owner-1, friend-0001 first: newest conversation last. */
	const writeMany = (count: number) => {
		ctx.emulator.seedUser({ uid: 'owner-1' });
		for (let i = 1; i <= count; i++) {
			ctx.emulator.seedUser({ uid: uidOf(i) });
			say(ctx.emulator, uidOf(i), 'owner-1', `Hello ${i}`, T + i);
		}
	};
	const newestFirst = (count: number, take = count) => Array.from({ length: take }, (_, i) => `${uidOf(count - i)}_user_owner-1`);

	it('walks every page with Return All, 1000 per page, and returns each conversation once, in order', async () => {
		writeMany(2150);
		const { items, error } = await run(ctx, { resource: 'conversation', operation: 'getAll', returnAll: true, options: { onBehalfOf: 'owner-1' } });
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => [r.path, r.query, r.headers.onbehalfof])).toEqual([
			['/v3/conversations', { page: '1', perPage: '1000' }, 'owner-1'],
			['/v3/conversations', { page: '2', perPage: '1000' }, 'owner-1'],
			['/v3/conversations', { page: '3', perPage: '1000' }, 'owner-1'],
		]);
		expect(items.map((item) => item.json.conversationId)).toEqual(newestFirst(2150));
		expect(items.every((item) => item.json.unreadMessageCount === '1')).toBe(true);
	});

	it('splits a limit above 1000 into even pages and stops at the limit', async () => {
		writeMany(2150);
		const { items } = await run(ctx, { resource: 'conversation', operation: 'getAll', limit: 1500, options: { onBehalfOf: 'owner-1' } });
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([
			{ page: '1', perPage: '750' },
			{ page: '2', perPage: '750' },
		]);
		expect(items.map((item) => item.json.conversationId)).toEqual(newestFirst(2150, 1500));
	});

	it('returns no items when there are no conversations', async () => {
		const { items, error } = await run(ctx, { resource: 'conversation', operation: 'getAll', returnAll: true });
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expect(items).toEqual([]);
	});
});

describe('Conversation → Get', () => {
	const ctx = useEmulator();
	const get = (extra: INodeParameters = {}) =>
		({ resource: 'conversation', operation: 'get', conversationWith: 'user', uid: byId('bob'), onBehalfOf: byId('alice'), ...extra }) as INodeParameters;

	beforeEach(() => seedScenario(ctx.emulator));

	it('gets a one-to-one conversation as the On Behalf Of user sees it', async () => {
		const { items, error } = await run(ctx, get());
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/users/bob/conversation', body: undefined, headers: { onBehalfOf: 'alice' } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([
			{
				conversationId: 'alice_user_bob',
				conversationType: 'user',
				unreadMessageCount: '2',
				createdAt: T,
				updatedAt: T + 20,
				lastMessage: await served(ctx.emulator, '3'),
				conversationWith: userEntity(ctx.emulator, 'bob', { conversationId: 'alice_user_bob' }),
			},
		]);
	});

	it('gets a group conversation', async () => {
		const { items, error } = await run(ctx, get({ conversationWith: 'group', guid: byId('hiking'), onBehalfOf: byId('bob') }));
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/groups/hiking/conversation', body: undefined, headers: { onBehalfOf: 'bob' } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([
			{
				conversationId: 'group_hiking',
				conversationType: 'group',
				unreadMessageCount: '1',
				createdAt: T + 30,
				updatedAt: T + 30,
				lastMessage: await served(ctx.emulator, '4'),
				conversationWith: groupEntity(ctx.emulator, 'bob'),
			},
		]);
	});

	it('follows Conversation With from an expression, item by item, using only the picker it names', async () => {
		const { items, error } = await run(
			ctx,
			get({ conversationWith: '={{ $json.kind }}', uid: byId('={{ $json.uid }}'), guid: byId('={{ $json.guid }}'), onBehalfOf: byId('={{ $json.me }}') }),
			{ input: [{ json: { kind: 'user', uid: 'alice', me: 'carol' } }, { json: { kind: 'group', guid: 'hiking', me: 'carol' } }] },
		);
		expect(error).toBeUndefined();
		const requests = [...ctx.emulator.requests].sort((a, b) => a.path.localeCompare(b.path));
		expect(requests.map((r) => [r.method, r.path, r.headers.onbehalfof])).toEqual([
			['GET', '/v3/groups/hiking/conversation', 'carol'],
			['GET', '/v3/users/alice/conversation', 'carol'],
		]);
		expect(json(items).map((c) => [c.conversationId, c.unreadMessageCount])).toEqual([
			['alice_user_carol', '1'],
			['group_hiking', '0'],
		]);
	});

	it('fails with ERR_CONVERSATION_NOT_ACCESSIBLE while the two users have no messages', async () => {
		const { error } = await run(ctx, get({ uid: byId('dave') }));
		expect(error?.message).toBe('ERR_CONVERSATION_NOT_ACCESSIBLE: The conversation alice_user_dave is not accessible for the user alice. [item 0]');
		expect(error?.description).toContain('a conversation exists only after its first message');
		expect(httpCode(error)).toBe('403');
	});

	it('fails with ERR_CONVERSATION_NOT_ACCESSIBLE for a group the user is not in, and per item with Continue On Fail', async () => {
		const { items, error } = await run(ctx, get({ conversationWith: 'group', guid: byId('hiking'), onBehalfOf: byId('={{ $json.me }}') }), {
			input: [{ json: { me: 'dave' } }, { json: { me: 'carol' } }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({
			error: 'ERR_CONVERSATION_NOT_ACCESSIBLE: The conversation group_hiking is not accessible for the user dave. [item 0]',
		});
		expect(items[1].json.conversationId).toBe('group_hiking');
	});

	it('fails with ERR_UID_NOT_FOUND (404) for an unknown user', async () => {
		const { error } = await run(ctx, get({ uid: byId('nobody') }));
		expect(error?.message).toBe(
			'ERR_UID_NOT_FOUND: The UID nobody does not exist, please make sure you have created a user with UID nobody. [item 0]',
		);
		expect(httpCode(error)).toBe('404');
	});

	it.each([
		['an empty On Behalf Of', { onBehalfOf: byId('={{ $json.value }}') }, '', 'On Behalf Of: is empty [item 0]'],
		['an On Behalf Of that is a list', { onBehalfOf: byId('={{ $json.value }}') }, ['alice'], 'On Behalf Of: expected a single ID but got an array [item 0]'],
		['a User with a slash', { uid: byId('={{ $json.value }}') }, 'a/b', 'User: "a/b" has characters'],
		['a Group with a dot', { conversationWith: 'group', guid: byId('={{ $json.value }}') }, 'hik.ing', 'Group: "hik.ing" has characters'],
		// With Conversation With from an expression n8n shows, and requires, both pickers.
		['a Conversation With that is neither', { conversationWith: '={{ $json.value }}', guid: byId('hiking') }, 'channel', 'Conversation With: "channel" is not one of group, user [item 0]'],
	])('stops %s before any request', async (_case, extra, value, message) => {
		await expectRefused(ctx, get(extra as INodeParameters), { value } as IDataObject, message);
	});

	it('lets n8n refuse a static invalid On Behalf Of before the run starts', async () => {
		const { error } = await run(ctx, get({ onBehalfOf: byId('bad uid') }));
		expect(error?.message).toContain("The 'CometChat' node has issues");
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Conversation → Get By ID', () => {
	const ctx = useEmulator();
	const getById = (conversationId: string, onBehalfOf = 'bob') =>
		({ resource: 'conversation', operation: 'getById', conversationId, onBehalfOf: byId(onBehalfOf) }) as INodeParameters;

	beforeEach(() => seedScenario(ctx.emulator));

	it('gets a conversation by its ID as the On Behalf Of user sees it', async () => {
		const { items, error } = await run(ctx, getById(' alice_user_bob '));
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/conversations/alice_user_bob', body: undefined, headers: { onBehalfOf: 'bob' } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([
			{
				conversationId: 'alice_user_bob',
				conversationType: 'user',
				unreadMessageCount: '1',
				createdAt: T,
				updatedAt: T + 20,
				lastMessage: await served(ctx.emulator, '3'),
				conversationWith: userEntity(ctx.emulator, 'alice', { conversationId: 'alice_user_bob' }),
			},
		]);
	});

	it('fails with ERR_CONVERSATION_NOT_FOUND (404) for an ID no message made', async () => {
		const { error } = await run(ctx, getById('bob_user_dave'));
		expect(error?.message).toBe('ERR_CONVERSATION_NOT_FOUND: The conversation with id bob_user_dave does not exist. [item 0]');
		expect(httpCode(error)).toBe('404');
	});

	it('fails with ERR_CONVERSATION_NOT_ACCESSIBLE for a user who is not in the conversation', async () => {
		const { error } = await run(ctx, getById('alice_user_bob', 'dave'));
		expect(error?.message).toMatch(/^ERR_CONVERSATION_NOT_ACCESSIBLE: /);
	});

	it.each([
		['an empty Conversation ID', '', 'Conversation ID: is empty [item 0]'],
		['a Conversation ID with a slash', '../users/bob', 'Conversation ID: "../users/bob" has characters a conversation ID cannot have'],
		['a Conversation ID that is an object', { id: 1 }, 'Conversation ID: must be text, not an object [item 0]'],
		['a Conversation ID over 206 characters', 'a'.repeat(207), 'Conversation ID: is 207 characters long; CometChat allows at most 206'],
	])('stops %s before any request', async (_case, value, message) => {
		const { error } = await run(ctx, getById('={{ $json.value }}'), { input: [{ json: { value } as IDataObject }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Conversation → Delete', () => {
	const ctx = useEmulator();
	const remove = (conversationId: string, onBehalfOf = 'alice') =>
		({ resource: 'conversation', operation: 'delete', conversationId, onBehalfOf: byId(onBehalfOf) }) as INodeParameters;

	beforeEach(() => seedScenario(ctx.emulator));

	it('deletes the conversation for all its users and returns {deleted: true, message}', async () => {
		const { items, error } = await run(ctx, remove('alice_user_bob'));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'DELETE', path: '/v3/conversations/alice_user_bob', body: undefined, headers: { onBehalfOf: 'alice' } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([
			{ deleted: true, message: 'The conversation alice_user_bob has been deleted successfully for all the users.' },
		]);
		expect((await peek(ctx.emulator, '/users/bob/conversation', 'alice')).status).toBe(403);
		expect((await peek(ctx.emulator, '/users/alice/conversation', 'bob')).status).toBe(403);
		expect((await peek(ctx.emulator, '/users/carol/conversation', 'alice')).status).toBe(200);
	});

	it('fails with ERR_CONVERSATION_NOT_ACCESSIBLE for a user outside the conversation, and deletes nothing', async () => {
		const { error } = await run(ctx, remove('alice_user_bob', 'carol'));
		expect(error?.message).toBe('ERR_CONVERSATION_NOT_ACCESSIBLE: The conversation alice_user_bob is not accessible for the user carol. [item 0]');
		expect((await peek(ctx.emulator, '/users/bob/conversation', 'alice')).status).toBe(200);
	});

	it.each([
		['a Conversation ID with a space', 'alice user bob', 'Conversation ID: "alice user bob" has characters'],
		['an On Behalf Of with a dot', 'alice_user_bob', 'On Behalf Of: "a.b" has characters', 'a.b'],
	])('stops %s before any request', async (_case, conversationId, message, onBehalfOf = 'alice') => {
		const { error } = await run(ctx, remove('={{ $json.id }}', '={{ $json.me }}'), { input: [{ json: { id: conversationId, me: onBehalfOf } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Conversation → Update', () => {
	const ctx = useEmulator();
	const update = (extra: INodeParameters = {}) =>
		({ resource: 'conversation', operation: 'update', conversationWith: 'user', uid: byId('bob'), onBehalfOf: byId('alice'), tags: 'work, urgent', ...extra }) as INodeParameters;
	const tagsOf = (owner: string, conversationId: string) => conversationStore(ctx.emulator.state).get(owner, conversationId)?.tags;

	beforeEach(() => seedScenario(ctx.emulator));

	it('replaces the tags of a one-to-one conversation and returns the conversation with them', async () => {
		const { items, error } = await run(ctx, update());
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'PUT',
				path: '/v3/users/bob/conversation',
				body: { tags: ['work', 'urgent'] },
				headers: { 'content-type': 'application/json', onBehalfOf: 'alice' },
			},
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([
			{
				conversationId: 'alice_user_bob',
				conversationType: 'user',
				unreadMessageCount: '2',
				createdAt: T,
				updatedAt: T + 20,
				lastMessage: await served(ctx.emulator, '3'),
				conversationWith: userEntity(ctx.emulator, 'bob', { conversationId: 'alice_user_bob' }),
				tags: ['work', 'urgent'],
			},
		]);
		expect(tagsOf('alice', 'alice_user_bob')).toEqual(['work', 'urgent']);
		expect(tagsOf('bob', 'alice_user_bob')).toBeUndefined();
	});

	it('tags a group conversation with an array from an expression', async () => {
		const { items, error } = await run(ctx, update({ conversationWith: 'group', guid: byId('hiking'), onBehalfOf: byId('carol'), tags: '={{ $json.tags }}' }), {
			input: [{ json: { tags: ['trips', 'trips', 'weekend'] } }],
		});
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => [r.method, r.path, r.body, r.headers.onbehalfof])).toEqual([
			['PUT', '/v3/groups/hiking/conversation', { tags: ['trips', 'weekend'] }, 'carol'],
		]);
		expect(items.map((item) => [item.json.conversationId, item.json.tags])).toEqual([['group_hiking', ['trips', 'weekend']]]);
		expect(tagsOf('carol', 'group_hiking')).toEqual(['trips', 'weekend']);
	});

	it('sends an empty list for empty Tags, which removes the tags', async () => {
		conversationStore(ctx.emulator.state).ensure('alice', 'alice_user_bob').tags = ['old'];
		const { items } = await run(ctx, update({ tags: '' }));
		expect(ctx.emulator.requests[0].body).toEqual({ tags: [] });
		expect(items[0].json).not.toHaveProperty('tags');
		expect(tagsOf('alice', 'alice_user_bob')).toBeUndefined();
	});

	it('fails with ERR_CONVERSATION_NOT_ACCESSIBLE when there is no conversation yet, and stores no tags', async () => {
		const { error } = await run(ctx, update({ uid: byId('dave') }));
		expect(error?.message).toMatch(/^ERR_CONVERSATION_NOT_ACCESSIBLE: The conversation alice_user_dave /);
		expect(tagsOf('alice', 'alice_user_dave')).toBeUndefined();
	});

	it.each([
		['26 tags', Array.from({ length: 26 }, (_, i) => `t${i}`), 'Tags: has 26 tags; CometChat allows at most 25 [item 0]'],
		['a tag over 100 characters', ['x'.repeat(101)], 'Tags: "xxxxxxxxxxxxxxxxxxxx…" is 101 characters long; CometChat allows at most 100 per tag'],
		['Tags that are an object', { a: 'b' }, 'Tags: expected a comma-separated list or an array but got an object'],
	])('stops %s before any request', async (_case, tags, message) => {
		const { error } = await run(ctx, update({ tags: '={{ $json.tags }}' }), { input: [{ json: { tags } as IDataObject }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Conversation → Reset', () => {
	const ctx = useEmulator();
	const reset = (extra: INodeParameters = {}) =>
		({ resource: 'conversation', operation: 'reset', conversationWith: 'user', uid: byId('bob'), onBehalfOf: byId('alice'), ...extra }) as INodeParameters;

	beforeEach(() => seedScenario(ctx.emulator));

	it('deletes a one-to-one conversation for the On Behalf Of user only, with no body', async () => {
		conversationStore(ctx.emulator.state).ensure('alice', 'alice_user_bob').tags = ['work'];
		const { items, error } = await run(ctx, reset());
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'DELETE', path: '/v3/users/bob/conversation', body: undefined, headers: { onBehalfOf: 'alice' } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([{ deleted: true, message: 'The conversation alice_user_bob has been deleted successfully for UID alice.' }]);
		expect((await peek(ctx.emulator, '/users/bob/conversation', 'alice')).status).toBe(403);
		expect((await peek(ctx.emulator, '/users/alice/conversation', 'bob')).status).toBe(200);
		expect(ctx.emulator.state.messages.map((m) => m.id)).toEqual(['1', '2', '3', '4', '5']);
		// The next message brings the conversation back, with only that message and no tags.
		say(ctx.emulator, 'bob', 'alice', 'Still there?', T + 50);
		const back = await peek(ctx.emulator, '/users/bob/conversation', 'alice');
		expect(back.body.data).toMatchObject({ unreadMessageCount: '1', createdAt: T + 50 });
		expect(back.body.data).not.toHaveProperty('tags');
	});

	it('sends deleteMessagesPermanently when Delete Messages Permanently is on, and the messages are gone', async () => {
		const { items, error } = await run(ctx, reset({ options: { deleteMessagesPermanently: true } }));
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'DELETE', path: '/v3/users/bob/conversation', body: { deleteMessagesPermanently: true }, headers: { onBehalfOf: 'alice' } },
			ctx.emulator.apiKey,
		);
		expect(items[0].json).toEqual({ deleted: true, message: 'The conversation alice_user_bob has been deleted successfully for UID alice.' });
		expect(ctx.emulator.state.messages.map((m) => m.id)).toEqual(['4', '5']);
	});

	it('sends no body when Delete Messages Permanently is off', async () => {
		await run(ctx, reset({ options: { deleteMessagesPermanently: false } }));
		expect(ctx.emulator.requests[0].body).toBeUndefined();
	});

	it('resets a group conversation with no body, even if a user-only option is left set', async () => {
		const { items, error } = await run(ctx, reset({ conversationWith: 'group', guid: byId('hiking'), onBehalfOf: byId('bob'), options: { deleteMessagesPermanently: true } }));
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'DELETE', path: '/v3/groups/hiking/conversation', body: undefined, headers: { onBehalfOf: 'bob' } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([{ deleted: true, message: 'The conversation group_hiking has been deleted successfully for UID bob.' }]);
		expect(conversationStore(ctx.emulator.state).get('bob', 'group_hiking')?.resetAfter).toBe(4);
		expect((await peek(ctx.emulator, '/groups/hiking/conversation', 'carol')).status).toBe(200);
	});

	it('fails with ERR_GUID_NOT_FOUND (404) for an unknown group', async () => {
		const { error } = await run(ctx, reset({ conversationWith: 'group', guid: byId('nowhere') }));
		expect(error?.message).toMatch(/^ERR_GUID_NOT_FOUND: The GUID nowhere does not exist/);
		expect(httpCode(error)).toBe('404');
	});

	it.each([
		['a Delete Messages Permanently that is text', { options: { deleteMessagesPermanently: '={{ $json.value }}' } }, 'yes', 'Delete Messages Permanently: must be true or false, not a string [item 0]'],
		['an empty User', { uid: byId('={{ $json.value }}') }, ' ', 'User: is empty [item 0]'],
	])('stops %s before any request', async (_case, extra, value, message) => {
		const { error } = await run(ctx, reset(extra as INodeParameters), { input: [{ json: { value } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
		expect(ctx.emulator.state.messages).toHaveLength(5);
	});
});

describe('Conversation → Mark as Delivered / Mark as Read', () => {
	const ctx = useEmulator();
	const mark = (operation: 'markDelivered' | 'markRead', extra: INodeParameters = {}) =>
		({ resource: 'conversation', operation, conversationWith: 'user', uid: byId('bob'), onBehalfOf: byId('alice'), ...extra }) as INodeParameters;
	const marksOf = (owner: string, conversationId: string) => conversationStore(ctx.emulator.state).get(owner, conversationId);

	beforeEach(() => seedScenario(ctx.emulator));

	it('marks a whole one-to-one conversation as delivered, taking CometChat\'s capital "Message" key as message', async () => {
		const { items, error } = await run(ctx, mark('markDelivered'));
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'POST', path: '/v3/users/bob/conversation/delivered', body: undefined, headers: { onBehalfOf: 'alice' } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([{ success: true, message: 'All the messages from the user are marked as delivered for the requesting user.' }]);
		expect(marksOf('alice', 'alice_user_bob')).toMatchObject({ deliveredUpTo: 3, readUpTo: 0 });
	});

	it('marks a group conversation as delivered up to a Message ID given as CometChat\'s string ID', async () => {
		const { items, error } = await run(ctx, mark('markDelivered', { conversationWith: 'group', guid: byId('hiking'), onBehalfOf: byId('bob'), options: { messageId: '={{ $json.id }}' } }), {
			input: [{ json: { id: '4' } }],
		});
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'POST', path: '/v3/groups/hiking/conversation/delivered', body: { messageId: 4 }, headers: { onBehalfOf: 'bob' } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([{ success: true, message: 'All the messages in the group are marked as delivered for the requesting user.' }]);
		expect(marksOf('bob', 'group_hiking')).toMatchObject({ deliveredUpTo: 4 });
	});

	it('marks a one-to-one conversation as read up to a message, so later ones stay unread', async () => {
		const { items, error } = await run(ctx, mark('markRead', { options: { messageId: 2 } }));
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'POST', path: '/v3/users/bob/conversation/read', body: { messageId: 2 }, headers: { 'content-type': 'application/json', onBehalfOf: 'alice' } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([{ success: true, message: 'All the messages from the user are marked as read for the requesting user.' }]);
		expect(marksOf('alice', 'alice_user_bob')).toMatchObject({ readUpTo: 2, deliveredUpTo: 2 });
		expect((await peek(ctx.emulator, '/users/bob/conversation', 'alice')).body.data).toMatchObject({ unreadMessageCount: '1' });
	});

	it('marks a whole group conversation as read', async () => {
		const { items } = await run(ctx, mark('markRead', { conversationWith: 'group', guid: byId('hiking'), onBehalfOf: byId('bob') }));
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'POST', path: '/v3/groups/hiking/conversation/read', body: undefined, headers: { onBehalfOf: 'bob' } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([{ success: true, message: 'All the messages in the group are marked as read for the requesting user.' }]);
		expect((await peek(ctx.emulator, '/groups/hiking/conversation', 'bob')).body.data).toMatchObject({ unreadMessageCount: '0' });
	});

	it.each([
		['a capital "Message"', { success: true, Message: 'Marked.' }],
		['a lower-case "message"', { success: true, message: 'Marked.' }],
	])('gives %s in the answer as message', async (_case, data) => {
		ctx.emulator.failNext({ status: 200, body: { data } });
		const { items } = await run(ctx, mark('markRead'));
		expect(json(items)).toEqual([{ success: true, message: 'Marked.' }]);
	});

	it('fails with ERR_MESSAGE_ID_NOT_FOUND for a message of another conversation, and marks nothing', async () => {
		const { error } = await run(ctx, mark('markRead', { options: { messageId: 4 } }));
		expect(error?.message).toBe('ERR_MESSAGE_ID_NOT_FOUND: The message with id 4 does not exist. [item 0]');
		expect(marksOf('alice', 'alice_user_bob')).toBeUndefined();
	});

	it.each([
		['markDelivered', 'a Message ID of 0', 0, 'Message ID: "0" is not a message ID'],
		['markDelivered', 'a Message ID that is not a number', 'abc', 'Message ID: "abc" is not a message ID'],
		['markRead', 'a fractional Message ID', 2.5, 'Message ID: "2.5" is not a message ID'],
		['markRead', 'a Message ID that is a list', [2], 'Message ID: must be a single message ID, not an array [item 0]'],
		// Digits past 2^53 would be sent as a rounded number, i.e. as another message's ID.
		['markRead', 'a Message ID too large to send as a number', '90071992547409931', 'Message ID: "90071992547409931" is larger than a message ID can be sent as a number'],
	] as const)('%s stops %s before any request', async (operation, _case, value, message) => {
		const { error } = await run(ctx, mark(operation, { options: { messageId: '={{ $json.value }}' } }), { input: [{ json: { value } as IDataObject }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Conversation → Mark as Unread', () => {
	const ctx = useEmulator();
	const markUnread = (extra: INodeParameters = {}) =>
		({ resource: 'conversation', operation: 'markUnread', conversationWith: 'user', uid: byId('bob'), onBehalfOf: byId('alice'), messageId: 2, ...extra }) as INodeParameters;
	const store = () => conversationStore(ctx.emulator.state);

	beforeEach(() => {
		seedScenario(ctx.emulator);
		// Everyone has read everything.
		for (const [owner, conversationId] of [
			['alice', 'alice_user_bob'],
			['bob', 'alice_user_bob'],
			['alice', 'group_hiking'],
			['bob', 'group_hiking'],
			['carol', 'group_hiking'],
		]) store().ensure(owner, conversationId).readUpTo = 5;
	});

	it('makes the messages after the given one unread for the On Behalf Of user', async () => {
		const { items, error } = await run(ctx, markUnread());
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'DELETE', path: '/v3/users/bob/conversation/read', body: { messageId: 2 }, headers: { 'content-type': 'application/json', onBehalfOf: 'alice' } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([
			{ success: true, message: 'The messages after the message id 2 from the user bob are marked as unread for the user alice.' },
		]);
		expect(store().get('alice', 'alice_user_bob')?.readUpTo).toBe(2);
		expect(store().get('bob', 'alice_user_bob')?.readUpTo).toBe(5);
		expect((await peek(ctx.emulator, '/users/bob/conversation', 'alice')).body.data).toMatchObject({ unreadMessageCount: '1' });
	});

	// CometChat's spec gives the group variant no onBehalfOf header: none is sent, even with On Behalf Of left set.
	it('makes a group\'s messages after the given one unread for every member, without onBehalfOf', async () => {
		say(ctx.emulator, 'bob', 'hiking', 'Bring water', T + 60, 'group');
		const { items, error } = await run(ctx, markUnread({ conversationWith: 'group', guid: byId('hiking'), messageId: 4 }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => [r.method, r.path, r.body, r.headers.onbehalfof])).toEqual([
			['DELETE', '/v3/groups/hiking/conversation/read', { messageId: 4 }, undefined],
		]);
		expect(json(items)).toEqual([
			{ success: true, message: 'The messages after the message id 4 in the group hiking are marked as unread for all the members.' },
		]);
		expect(['alice', 'bob', 'carol'].map((uid) => store().get(uid, 'group_hiking')?.readUpTo)).toEqual([4, 4, 4]);
		expect((await peek(ctx.emulator, '/groups/hiking/conversation', 'alice')).body.data).toMatchObject({ unreadMessageCount: '1' });
	});

	it.each([
		['no Message ID (0)', 0, 'Message ID: "0" is not a message ID'],
		['a negative Message ID', -3, 'Message ID: "-3" is not a message ID'],
		['an empty Message ID', '', 'Message ID: is empty'],
	])('stops %s before any request', async (_case, value, message) => {
		const { error } = await run(ctx, markUnread({ messageId: '={{ $json.value }}' }), { input: [{ json: { value } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
		expect(store().get('alice', 'alice_user_bob')?.readUpTo).toBe(5);
	});

	it('fails with ERR_CONVERSATION_NOT_ACCESSIBLE when there is no conversation yet', async () => {
		const { error } = await run(ctx, markUnread({ uid: byId('dave'), messageId: 1 }));
		expect(error?.message).toMatch(/^ERR_CONVERSATION_NOT_ACCESSIBLE: /);
	});

	it('fails with ERR_MESSAGE_ID_NOT_FOUND for a message outside the group conversation, and changes nothing', async () => {
		const { error } = await run(ctx, markUnread({ conversationWith: 'group', guid: byId('hiking'), messageId: 3 }));
		expect(error?.message).toBe('ERR_MESSAGE_ID_NOT_FOUND: The message with id 3 does not exist. [item 0]');
		expect(store().get('carol', 'group_hiking')?.readUpTo).toBe(5);
	});
});
