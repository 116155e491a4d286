import type { INodeParameters } from 'n8n-workflow';
import type { MessageRecord } from '../emulator';
import { fullView, messageExtras, seedMessage } from '../emulator/routes/messages';
import { conversationStore } from '../emulator/routes/conversations';
import { byId, expectRequest, run, useEmulator } from '../helpers';

// Message → Get, Get Many, Get Thread, List Threads and Get Reactions: the cursor lists (meta.next),
// Return All over several pages with the fewest requests, Limit, and every filter.

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('Message → Get', () => {
	const ctx = useEmulator();
	let message: MessageRecord;
	const get = (extra: Record<string, unknown> = {}) => ({ resource: 'message', operation: 'get', messageId: message.id, ...extra }) as INodeParameters;

	beforeEach(() => {
		for (const uid of ['alice', 'bob', 'carol']) ctx.emulator.seedUser({ uid });
		message = seedMessage(ctx.emulator.state, { sender: 'alice', receiver: 'bob', text: 'Lunch?', tags: ['food'] });
		messageExtras(ctx.emulator.state).reactions.set(message.id, [{ id: '1', messageId: message.id, reaction: '👍', uid: 'bob', reactedAt: 1 }]);
	});

	it('gets the message as a user sees it', async () => {
		const { items, error } = await run(ctx, get({ options: { onBehalfOf: 'bob' } }));
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `/v3/messages/${message.id}`, headers: { onBehalfOf: 'bob' } }, ctx.emulator.apiKey);
		expect(items.map((item) => item.json)).toEqual([fullView(ctx.emulator.state, message, 'bob')]);
		expect(items[0].json).toMatchObject({ id: message.id, data: { text: 'Lunch?', reactions: [{ reaction: '👍', count: 1, reactedByMe: true }] }, tags: ['food'] });
	});

	it('gets it as the app without the header', async () => {
		const { items } = await run(ctx, get({ messageId: ` ${message.id} ` }));
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `/v3/messages/${message.id}`, headers: { onBehalfOf: undefined } }, ctx.emulator.apiKey);
		expect(items[0].json.data).toMatchObject({ reactions: [{ reaction: '👍', count: 1 }] });
	});

	it.each([
		['a message ID with letters', { messageId: '={{ "12x" }}' }, 'Message ID: "12x" is not a message ID'],
		['an On Behalf Of with a slash', { options: { onBehalfOf: '={{ "a/b" }}' } }, 'On Behalf Of: "a/b" has characters'],
	])('stops %s before any request', async (_case, extra, text) => {
		const { error } = await run(ctx, get(extra));
		expect(error?.message).toContain(text);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it.each([
		['an unknown message', { messageId: '999' }, 'ERR_MESSAGE_ID_NOT_FOUND: The message with id 999 does not exist. [item 0]'],
		['a user outside the conversation', { options: { onBehalfOf: 'carol' } }, 'ERR_MESSAGE_NO_ACCESS: The user carol does not have access to the message with id 1. [item 0]'],
	])('fails with CometChat\'s error for %s', async (_case, extra, text) => {
		const { error } = await run(ctx, get(extra));
		expect(error?.message).toBe(text);
	});
});

describe('Message → Get Many', () => {
	const ctx = useEmulator();
	const getAll = (extra: Record<string, unknown> = {}) => ({ resource: 'message', operation: 'getAll', ...extra }) as INodeParameters;
	const seedMany = (count: number, from = 'alice', to = 'bob') => {
		for (let i = 0; i < count; i += 1) seedMessage(ctx.emulator.state, { sender: from, receiver: to, text: `m${i}` });
	};
	const cursorOf = (message: MessageRecord) => ({ affix: 'append', id: message.id, sentAt: String(message.sentAt) });

	beforeEach(() => {
		for (const uid of ['alice', 'bob', 'carol']) ctx.emulator.seedUser({ uid });
		ctx.emulator.seedGroup({ guid: 'hikers', owner: 'alice', members: { bob: 'participant' } });
	});

	it('returns all messages over several cursor pages of 1000, following meta.next, and stops at the short page', async () => {
		seedMany(2300);
		const { items, error } = await run(ctx, getAll({ returnAll: true }));
		expect(error).toBeUndefined();
		const messages = ctx.emulator.state.messages;
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([
			{ limit: '1000' },
			{ limit: '1000', ...cursorOf(messages[999]) },
			{ limit: '1000', ...cursorOf(messages[1999]) },
		]);
		expect(ctx.emulator.requests.every((r) => r.method === 'GET' && r.path === '/v3/messages')).toBe(true);
		expect(items).toHaveLength(2300);
		expect(items.map((item) => item.json.id)).toEqual(messages.map((m) => m.id));
		expect(items[5].json).toEqual(fullView(ctx.emulator.state, messages[5], undefined, { withTags: false }));
	});

	it('asks for no more than a Limit needs: 1500 as 1000 + 500, 3 as one request of 3', async () => {
		seedMany(2300);
		const { items } = await run(ctx, getAll({ returnAll: false, limit: 1500 }));
		const messages = ctx.emulator.state.messages;
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([{ limit: '1000' }, { limit: '500', ...cursorOf(messages[999]) }]);
		expect(items.map((item) => item.json.id)).toEqual(messages.slice(0, 1500).map((m) => m.id));
		ctx.emulator.requests.length = 0;
		const few = await run(ctx, getAll({ returnAll: false, limit: 3 }));
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([{ limit: '3' }]);
		expect(few.items.map((item) => item.json.id)).toEqual(['1', '2', '3']);
	});

	it('ends Return All when meta.next points nowhere or repeats the cursor just sent, however full the page', async () => {
		const page = (next: Record<string, unknown>) => ({ status: 200, body: { data: Array.from({ length: 1000 }, (_, i) => ({ id: String(i + 1) })), meta: { current: { limit: 1000, count: 1000 }, next } } });
		ctx.emulator.failNext(page({ affix: 'append', sentAt: 1700000000 }));
		const nowhere = await run(ctx, getAll({ returnAll: true }));
		expect(ctx.emulator.requests).toHaveLength(1);
		expect(nowhere.items).toHaveLength(1000);
		ctx.emulator.requests.length = 0;
		ctx.emulator.failNext(page({ affix: 'append', id: '1000', sentAt: 1700000000 }), 2);
		const stuck = await run(ctx, getAll({ returnAll: true }));
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([{ limit: '1000' }, { limit: '1000', affix: 'append', id: '1000', sentAt: '1700000000' }]);
		expect(stuck.items).toHaveLength(2000);
	});

	it('lists one conversation on behalf of a user, and a group', async () => {
		seedMany(2, 'alice', 'bob');
		seedMany(1, 'alice', 'carol');
		seedMessage(ctx.emulator.state, { sender: 'bob', receiver: 'hikers', receiverType: 'group', text: 'Trail?' });
		const user = await run(ctx, getAll({ messagesOf: 'user', uid: byId('bob'), returnAll: true, options: { onBehalfOf: 'alice' } }));
		expect(user.error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/users/bob/messages', query: { limit: '1000' }, headers: { onBehalfOf: 'alice' } }, ctx.emulator.apiKey);
		expect(user.items.map((item) => [item.json.sender, item.json.receiver])).toEqual([
			['alice', 'bob'],
			['alice', 'bob'],
		]);
		const group = await run(ctx, getAll({ messagesOf: 'group', guid: byId('hikers'), limit: 10 }));
		expectRequest(ctx.emulator.requests[1], { method: 'GET', path: '/v3/groups/hikers/messages', query: { limit: '10' }, headers: { onBehalfOf: undefined } }, ctx.emulator.apiKey);
		expect(group.items.map((item) => item.json.data)).toMatchObject([{ text: 'Trail?' }]);
	});

	it('sends every filter of the app-wide list as CometChat names it', async () => {
		const filters = {
			attachmentTypes: 'image',
			categories: ['message', 'custom'],
			conversationId: 'alice_user_bob',
			deleted: 'only',
			from: '2024-01-01T00:00:00Z',
			hasAttachments: false,
			hasLinks: true,
			hasMentions: true,
			hasReactions: false,
			hideMessagesFromBlockedUsers: true,
			hideReplies: true,
			mentionedUids: 'bob, carol',
			mentionsWithBlockedInfo: true,
			mentionsWithTagInfo: true,
			receiverType: 'user',
			searchKey: 'trail',
			sender: 'bob',
			tags: 'a, b',
			to: '2024-01-31T00:00:00Z',
			types: 'text, image',
			unread: true,
			withTags: true,
		};
		const { error } = await run(ctx, getAll({ limit: 20, filters, options: { onBehalfOf: 'alice' } }));
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'GET',
				path: '/v3/messages',
				query: {
					limit: '20',
					attachmentTypes: 'image',
					categories: 'message,custom',
					conversationId: 'alice_user_bob',
					onlyDeleted: 'true',
					fromTimestamp: String(seconds('2024-01-01T00:00:00Z')),
					hasAttachments: 'false',
					hasLinks: 'true',
					hasMentions: 'true',
					hasReactions: 'false',
					hideMessagesFromBlockedUsers: 'true',
					hideReplies: 'true',
					mentionedUids: 'bob,carol',
					mentionsWithBlockedInfo: 'true',
					mentionsWithTagInfo: 'true',
					receiverType: 'user',
					searchKey: 'trail',
					sender: 'bob',
					tags: 'a,b',
					toTimestamp: String(seconds('2024-01-31T00:00:00Z')),
					types: 'text,image',
					unread: 'true',
					count: 'true',
					withTags: 'true',
				},
				headers: { onBehalfOf: 'alice' },
			},
			ctx.emulator.apiKey,
		);
	});

	it('takes Messages Of from an expression, with its picker and filters', async () => {
		const { error } = await run(ctx, getAll({ messagesOf: '={{ $json.of }}', guid: byId('hikers'), limit: 5, filters: { undelivered: true }, options: { onBehalfOf: 'bob' } }), {
			input: [{ json: { of: 'group' } }],
		});
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/groups/hikers/messages', query: { limit: '5', undelivered: 'true' }, headers: { onBehalfOf: 'bob' } }, ctx.emulator.apiKey);
	});

	it('sends the filters only the user and group lists have', async () => {
		await run(ctx, getAll({ messagesOf: 'user', uid: byId('bob'), limit: 5, filters: { myMentionsOnly: true, undelivered: true }, options: { onBehalfOf: 'alice' } }));
		expect(ctx.emulator.requests[0].query).toEqual({ limit: '5', myMentionsOnly: 'true', undelivered: 'true' });
	});

	it('filters by time range (in seconds), category, text, deleted and unread, as CometChat does', async () => {
		const state = ctx.emulator.state;
		const jan = seedMessage(state, { sender: 'alice', receiver: 'bob', text: 'Happy new year', sentAt: seconds('2024-01-01T10:00:00Z') });
		const feb = seedMessage(state, { sender: 'bob', receiver: 'alice', text: 'Trail map https://example.com', sentAt: seconds('2024-02-10T10:00:00Z') });
		const custom = seedMessage(state, { sender: 'bob', receiver: 'alice', category: 'custom', type: 'location', data: { customData: { lat: 1 } }, sentAt: seconds('2024-02-11T10:00:00Z') });
		const late = seedMessage(state, { sender: 'bob', receiver: 'alice', text: 'Late', sentAt: seconds('2024-03-01T10:00:00Z') });
		late.deletedAt = late.sentAt + 5;
		conversationStore(state).ensure('alice', feb.conversationId).readUpTo = Number(feb.id);
		const ids = async (filters: Record<string, unknown>) => (await run(ctx, getAll({ returnAll: true, filters, options: { onBehalfOf: 'alice' } }))).items.map((item) => item.json.id);
		expect(await ids({ from: '={{ $now.set({year: 2024, month: 2, day: 1}).startOf("day") }}', to: '2024-02-28T00:00:00Z' })).toEqual([feb.id, custom.id]);
		expect(await ids({ categories: ['custom'] })).toEqual([custom.id]);
		expect(await ids({ searchKey: 'TRAIL' })).toEqual([feb.id]);
		expect(await ids({ hasLinks: true })).toEqual([feb.id]);
		expect(await ids({ deleted: 'only' })).toEqual([late.id]);
		expect(await ids({ deleted: 'hide' })).toEqual([jan.id, feb.id, custom.id]);
		expect(await ids({ unread: true })).toEqual([custom.id, late.id]);
	});

	it.each([
		['To without From', { filters: { to: '2024-01-31T00:00:00Z' } }, 'To: needs From as well'],
		['a From that is no date', { filters: { from: '={{ "next tuesday-ish" }}' } }, 'From: "next tuesday-ish" is not a date [item 0]'],
		['a Sender that is no UID', { filters: { sender: 'bob smith' } }, 'Sender: "bob smith" has characters'],
		['Mentioned UIDs with a bad UID', { filters: { mentionedUids: 'bob, a/b' } }, 'Mentioned UIDs: "a/b" has characters'],
		['a Conversation ID with a slash', { filters: { conversationId: 'a/b' } }, 'Conversation ID: "a/b" has characters'],
		['a Limit of 0 from an expression', { limit: '={{ 0 }}' }, 'Limit: must be a whole number of at least 1'],
		['Messages Of from an expression that is none', { messagesOf: '={{ "everything" }}' }, 'Messages Of: "everything" is not one of all, group, user [item 0]'],
		['a filter the group list does not take', { messagesOf: 'group', guid: byId('hikers'), filters: { conversationId: 'group_hikers' } }, "Conversation ID: is a filter of the All Messages list only; CometChat's Group list does not take it [item 0]"],
		['a filter the app-wide list does not take', { filters: { undelivered: true } }, "Undelivered Only: is a filter of the User Conversation and Group list only; CometChat's All Messages list does not take it [item 0]"],
		['a user list without its user', { messagesOf: 'user', uid: byId('={{ "" }}') }, 'User: is empty [item 0]'],
	])('stops %s before any request', async (_case, extra, text) => {
		const { error } = await run(ctx, getAll({ limit: 5, ...extra }));
		expect(error?.message).toContain(text);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('fails with CometChat\'s error for an unknown group', async () => {
		const { error } = await run(ctx, getAll({ messagesOf: 'group', guid: byId('nowhere') }));
		expect(error?.message).toMatch(/^ERR_GUID_NOT_FOUND: The GUID nowhere does not exist/);
	});
});

describe('Message → Get Thread and List Threads', () => {
	const ctx = useEmulator();
	let parent: MessageRecord;

	beforeEach(() => {
		for (const uid of ['alice', 'bob', 'carol']) ctx.emulator.seedUser({ uid });
		ctx.emulator.seedGroup({ guid: 'hikers', owner: 'alice', members: { bob: 'participant' } });
		parent = seedMessage(ctx.emulator.state, { sender: 'alice', receiver: 'bob', text: 'Saturday?' });
	});

	it('gets every reply of a thread over cursor pages, the page size as perPage', async () => {
		for (let i = 0; i < 1200; i += 1) seedMessage(ctx.emulator.state, { sender: i % 2 ? 'alice' : 'bob', receiver: i % 2 ? 'bob' : 'alice', text: `r${i}`, parentId: parent.id });
		seedMessage(ctx.emulator.state, { sender: 'alice', receiver: 'bob', text: 'not in the thread' });
		const { items, error } = await run(ctx, { resource: 'message', operation: 'getThread', messageId: parent.id, returnAll: true, options: { onBehalfOf: 'bob' } });
		expect(error).toBeUndefined();
		const replies = ctx.emulator.state.messages.filter((m) => m.parentId === parent.id);
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `/v3/messages/${parent.id}/thread`, query: { perPage: '1000' }, headers: { onBehalfOf: 'bob' } }, ctx.emulator.apiKey);
		expect(ctx.emulator.requests[1].query).toEqual({ perPage: '1000', affix: 'append', id: replies[999].id, sentAt: String(replies[999].sentAt) });
		expect(ctx.emulator.requests).toHaveLength(2);
		expect(items.map((item) => item.json.id)).toEqual(replies.map((m) => m.id));
		expect(items[0].json).toEqual(fullView(ctx.emulator.state, replies[0], 'bob', { withTags: false }));
	});

	it('gets the first replies with a Limit', async () => {
		for (let i = 0; i < 3; i += 1) seedMessage(ctx.emulator.state, { sender: 'bob', receiver: 'alice', text: `r${i}`, parentId: parent.id });
		const { items } = await run(ctx, { resource: 'message', operation: 'getThread', messageId: parent.id, limit: 2 });
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([{ perPage: '2' }]);
		expect(items.map((item) => (item.json.data as { text: string }).text)).toEqual(['r0', 'r1']);
	});

	it('fails Get Thread with CometChat\'s error for an unknown message, and stops a bad ID', async () => {
		const unknown = await run(ctx, { resource: 'message', operation: 'getThread', messageId: '777', limit: 2 });
		expect(unknown.error?.message).toBe('ERR_MESSAGE_ID_NOT_FOUND: The message with id 777 does not exist. [item 0]');
		ctx.emulator.requests.length = 0;
		const bad = await run(ctx, { resource: 'message', operation: 'getThread', messageId: '={{ [1] }}', limit: 2 });
		expect(bad.error?.message).toContain('Message ID: must be a single message ID, not an array [item 0]');
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('lists the threads of a conversation a user takes part in, with their reply counts', async () => {
		const state = ctx.emulator.state;
		seedMessage(state, { sender: 'bob', receiver: 'alice', text: 'Yes', parentId: parent.id });
		seedMessage(state, { sender: 'alice', receiver: 'bob', text: 'Great', parentId: parent.id });
		const groupParent = seedMessage(state, { sender: 'bob', receiver: 'hikers', receiverType: 'group', text: 'Poll' });
		seedMessage(state, { sender: 'alice', receiver: 'hikers', receiverType: 'group', text: 'A', parentId: groupParent.id });
		seedMessage(state, { sender: 'alice', receiver: 'bob', text: 'No thread here' });
		messageExtras(state).subscriptions.set(parent.id, new Set(['alice']));
		const { items, error } = await run(ctx, { resource: 'message', operation: 'listThreads', limit: 10, filters: { uid: 'bob', participatedByMe: true }, options: { onBehalfOf: 'alice' } });
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/threads', query: { limit: '10', uid: 'bob', participatedByMe: 'true' }, headers: { onBehalfOf: 'alice' } }, ctx.emulator.apiKey);
		expect(items.map((item) => item.json)).toEqual([{ ...fullView(state, parent, 'alice'), replyCount: 2 }]);
		const group = await run(ctx, { resource: 'message', operation: 'listThreads', returnAll: true, filters: { guid: 'hikers' } });
		expect(ctx.emulator.requests[1].query).toEqual({ limit: '1000', guid: 'hikers' });
		expect(group.items.map((item) => [item.json.id, item.json.replyCount])).toEqual([[groupParent.id, 1]]);
	});

	it.each([
		['both User and Group', { filters: { uid: 'bob', guid: 'hikers' } }, 'Group: cannot be used together with User'],
		['Participated By Me without On Behalf Of', { filters: { participatedByMe: true } }, 'Participated By Me: needs On Behalf Of'],
		['a User that is no UID', { filters: { uid: 'bob/x' } }, 'User: "bob/x" has characters'],
	])('stops List Threads with %s before any request', async (_case, extra, text) => {
		const { error } = await run(ctx, { resource: 'message', operation: 'listThreads', limit: 5, ...extra });
		expect(error?.message).toContain(text);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('fails List Threads with CometChat\'s error for an unknown user', async () => {
		const { error } = await run(ctx, { resource: 'message', operation: 'listThreads', limit: 5, filters: { uid: 'nobody' } });
		expect(error?.message).toMatch(/^ERR_UID_NOT_FOUND: /);
	});
});

describe('Message → Get Reactions', () => {
	const ctx = useEmulator();
	let message: MessageRecord;
	const emoji = ['👍', '🎉', '😂', '🔥', '❤️'];
	const getReactions = (extra: Record<string, unknown> = {}) => ({ resource: 'message', operation: 'getReactions', messageId: message.id, ...extra }) as INodeParameters;

	beforeEach(() => {
		const users = Array.from({ length: 50 }, (_, i) => `u${i}`);
		for (const uid of ['alice', 'bob', ...users]) ctx.emulator.seedUser({ uid });
		message = seedMessage(ctx.emulator.state, { sender: 'alice', receiver: 'bob' });
		const extras = messageExtras(ctx.emulator.state);
		// 250 reactions: 50 users × 5 emoji.
		extras.reactions.set(
			message.id,
			users.flatMap((uid) => emoji.map((reaction) => ({ id: String(++extras.reactionSeq), messageId: message.id, reaction, uid, reactedAt: 1700000000 }))),
		);
	});

	it('returns every reaction over CometChat\'s pages of 100, sending no page size (the spec has none)', async () => {
		const { items, error } = await run(ctx, getReactions({ returnAll: true }));
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `/v3/messages/${message.id}/reactions`, headers: { onBehalfOf: undefined } }, ctx.emulator.apiKey);
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([{}, { affix: 'append', id: '100' }, { affix: 'append', id: '200' }]);
		expect(items).toHaveLength(250);
		expect(items[0].json).toEqual({ id: '1', messageId: message.id, reaction: '👍', uid: 'u0', reactedAt: 1700000000, reactedBy: { uid: 'u0', name: 'u0', role: 'default', status: 'offline', createdAt: expect.any(Number) } });
	});

	it('lists one reaction (URL-encoded in the path) up to a Limit, on behalf of a user', async () => {
		const { items, error } = await run(ctx, getReactions({ limit: 3, filters: { reaction: '🎉' }, options: { onBehalfOf: 'alice' } }));
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `/v3/messages/${message.id}/reactions/%F0%9F%8E%89`, headers: { onBehalfOf: 'alice' } }, ctx.emulator.apiKey);
		expect(ctx.emulator.requests).toHaveLength(1);
		expect(items.map((item) => [item.json.reaction, item.json.uid])).toEqual([
			['🎉', 'u0'],
			['🎉', 'u1'],
			['🎉', 'u2'],
		]);
	});

	it('stops a Limit of 150 in the second page without asking for a third', async () => {
		const { items } = await run(ctx, getReactions({ limit: 150 }));
		expect(ctx.emulator.requests).toHaveLength(2);
		expect(items).toHaveLength(150);
	});

	it.each([
		['a reaction longer than 45 characters', { filters: { reaction: 'x'.repeat(46) } }, 'Reaction: is 46 characters long; CometChat allows at most 45 [item 0]'],
		['a reaction that is a path step', { filters: { reaction: '..' } }, 'Reaction: ".." is not a reaction'],
	])('stops %s before any request', async (_case, extra, text) => {
		const { error } = await run(ctx, getReactions({ limit: 5, ...extra }));
		expect(error?.message).toContain(text);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('fails with CometChat\'s error for an unknown message', async () => {
		const { error } = await run(ctx, getReactions({ messageId: '4040', limit: 5 }));
		expect(error?.message).toBe('ERR_MESSAGE_ID_NOT_FOUND: The message with id 4040 does not exist. [item 0]');
	});
});
