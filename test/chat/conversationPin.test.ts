import type { INodeParameters } from 'n8n-workflow';
import { conversationStore } from '../emulator/routes/conversations';
import { seedMessage } from '../emulator/routes/messages';
import { byId, expectRequest, run, useEmulator } from '../helpers';

// Conversation → Pin, Unpin (a user's own pins) and Get / Set App-Wide Pins (pinned for every user).

describe('Conversation → Pin and Unpin', () => {
	const ctx = useEmulator();
	const pin = (operation: 'pin' | 'unpin', extra: Record<string, unknown> = {}) =>
		({ resource: 'conversation', operation, conversationWith: 'user', uid: byId('bob'), onBehalfOf: byId('alice'), ...extra }) as INodeParameters;
	const store = () => conversationStore(ctx.emulator.state);

	beforeEach(() => {
		for (const uid of ['alice', 'bob', 'carol', 'dan', 'erin', 'frank', 'gina']) ctx.emulator.seedUser({ uid });
		ctx.emulator.seedGroup({ guid: 'hikers', owner: 'alice', members: { bob: 'participant' } });
		seedMessage(ctx.emulator.state, { sender: 'alice', receiver: 'bob', text: 'Hi' });
		seedMessage(ctx.emulator.state, { sender: 'bob', receiver: 'hikers', receiverType: 'group', text: 'Trail?' });
	});

	it('pins a one-to-one conversation for a user and returns it with pinnedAt and pinnedBy', async () => {
		const { items, error } = await run(ctx, pin('pin'));
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'POST', path: '/v3/users/bob/conversation/pin', body: undefined, headers: { onBehalfOf: 'alice' } }, ctx.emulator.apiKey);
		expect(store().get('alice', 'alice_user_bob')?.pinnedAt).toEqual(expect.any(Number));
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			conversationId: 'alice_user_bob',
			conversationType: 'user',
			conversationWith: { uid: 'bob' },
			pinnedAt: store().get('alice', 'alice_user_bob')?.pinnedAt,
			pinnedBy: 'alice',
		});
	});

	it('pins and unpins a group conversation', async () => {
		const pinned = await run(ctx, pin('pin', { conversationWith: 'group', guid: byId('hikers'), onBehalfOf: byId('bob') }));
		expect(pinned.error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'POST', path: '/v3/groups/hikers/conversation/pin', body: undefined, headers: { onBehalfOf: 'bob' } }, ctx.emulator.apiKey);
		expect(pinned.items[0].json).toMatchObject({ conversationId: 'group_hikers', pinnedBy: 'bob' });
		const unpinned = await run(ctx, pin('unpin', { conversationWith: 'group', guid: byId('hikers'), onBehalfOf: byId('bob') }));
		expect(unpinned.error).toBeUndefined();
		expectRequest(ctx.emulator.requests[1], { method: 'DELETE', path: '/v3/groups/hikers/conversation/pin', body: undefined, headers: { onBehalfOf: 'bob' } }, ctx.emulator.apiKey);
		expect(store().get('bob', 'group_hikers')?.pinnedAt).toBeUndefined();
		expect(unpinned.items[0].json).toMatchObject({ conversationId: 'group_hikers' });
		expect(unpinned.items[0].json).not.toHaveProperty('pinnedAt');
	});

	it('puts pinned conversations first in the user\'s list', async () => {
		await run(ctx, pin('pin', { conversationWith: 'user', uid: byId('alice'), onBehalfOf: byId('bob') }));
		seedMessage(ctx.emulator.state, { sender: 'bob', receiver: 'hikers', receiverType: 'group', text: 'Newest' });
		const { items } = await run(ctx, { resource: 'conversation', operation: 'getAll', returnAll: true, options: { onBehalfOf: 'bob' } });
		expect(items.map((item) => item.json.conversationId)).toEqual(['alice_user_bob', 'group_hikers']);
	});

	it.each([
		['an On Behalf Of that is empty', { onBehalfOf: byId('={{ "" }}') }, 'On Behalf Of: is empty [item 0]'],
		['a GUID with a space', { conversationWith: 'group', guid: byId('={{ "a b" }}') }, 'Group: "a b" has characters'],
		['a Conversation With that is none', { conversationWith: '={{ "channel" }}', guid: byId('hikers') }, 'Conversation With: "channel" is not one of group, user [item 0]'],
	])('stops %s before any request', async (_case, extra, text) => {
		const { error } = await run(ctx, pin('pin', extra));
		expect(error?.message).toContain(text);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('fails with ERR_PINNED_CONVERSATIONS_LIMIT_EXCEEDED at a user\'s 6th pin', async () => {
		for (const other of ['carol', 'dan', 'erin', 'frank', 'gina']) {
			seedMessage(ctx.emulator.state, { sender: 'alice', receiver: other });
			store().ensure('alice', `alice_user_${other}`).pinnedAt = 1;
		}
		const { error } = await run(ctx, pin('pin'));
		expect(error?.message).toBe('ERR_PINNED_CONVERSATIONS_LIMIT_EXCEEDED: The user alice can pin at most 5 conversations. [item 0]');
		expect(store().get('alice', 'alice_user_bob')?.pinnedAt).toBeUndefined();
	});

	it('fails with ERR_CONVERSATION_NOT_ACCESSIBLE for a conversation without messages', async () => {
		const { error } = await run(ctx, pin('pin', { uid: byId('carol') }));
		expect(error?.message).toMatch(/^ERR_CONVERSATION_NOT_ACCESSIBLE: /);
	});

	it('fails with ERR_SYSTEM_PINNED_CONVERSATION when a user unpins an app-wide pin', async () => {
		store().appPins = [{ kind: 'group', id: 'hikers', pinnedAt: 5 }];
		const { error } = await run(ctx, pin('unpin', { conversationWith: 'group', guid: byId('hikers'), onBehalfOf: byId('bob') }));
		expect(error?.message).toMatch(/^ERR_SYSTEM_PINNED_CONVERSATION: /);
		expect(store().appPins).toHaveLength(1);
	});
});

describe('Conversation → Get and Set App-Wide Pins', () => {
	const ctx = useEmulator();
	const set = (conversations: unknown) => ({ resource: 'conversation', operation: 'setAppPins', pinnedConversations: { conversation: conversations } }) as INodeParameters;

	beforeEach(() => {
		for (const uid of ['alice', 'bob', 'support-bot']) ctx.emulator.seedUser({ uid });
		ctx.emulator.seedGroup({ guid: 'announcements', owner: 'alice', members: { bob: 'participant' } });
		seedMessage(ctx.emulator.state, { sender: 'support-bot', receiver: 'bob', text: 'Need help?' });
	});

	it('replaces the app\'s pins in order, reads them back, and users see them as pinned by app_system', async () => {
		const { items, error } = await run(
			ctx,
			set([
				{ conversationWith: 'group', id: 'announcements' },
				{ conversationWith: 'user', id: ' support-bot ' },
			]),
		);
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'PUT', path: '/v3/conversations/pinned', body: { pinnedConversations: [{ guid: 'announcements' }, { uid: 'support-bot' }] }, headers: { onBehalfOf: undefined } },
			ctx.emulator.apiKey,
		);
		const list = { pinnedConversations: [{ guid: 'announcements' }, { uid: 'support-bot' }] };
		expect(items.map((item) => item.json)).toEqual([list]);
		expect(conversationStore(ctx.emulator.state).appPins.map((pin) => pin.id)).toEqual(['announcements', 'support-bot']);

		const got = await run(ctx, { resource: 'conversation', operation: 'getAppPins' });
		expectRequest(ctx.emulator.requests[1], { method: 'GET', path: '/v3/conversations/pinned' }, ctx.emulator.apiKey);
		expect(got.items.map((item) => item.json)).toEqual([list]);

		const seen = await run(ctx, { resource: 'conversation', operation: 'get', conversationWith: 'user', uid: byId('support-bot'), onBehalfOf: byId('bob') });
		expect(seen.items[0].json).toMatchObject({ pinnedBy: 'app_system', pinnedAt: expect.any(Number) });
	});

	it('clears every app-wide pin with an empty list', async () => {
		conversationStore(ctx.emulator.state).appPins = [{ kind: 'group', id: 'announcements', pinnedAt: 1 }];
		const { items } = await run(ctx, set([]));
		expect(ctx.emulator.requests[0].body).toEqual({ pinnedConversations: [] });
		expect(items.map((item) => item.json)).toEqual([{ pinnedConversations: [] }]);
		expect(conversationStore(ctx.emulator.state).appPins).toEqual([]);
	});

	it.each([
		['six conversations', Array.from({ length: 6 }, (_, i) => ({ conversationWith: 'group', id: `g${i}` })), 'Pinned Conversations: has 6 conversations; CometChat pins at most 5 for the whole app [item 0]'],
		['a GUID with a slash', [{ conversationWith: 'group', id: 'a/b' }], 'Pinned Conversations: entry 1: "a/b" has characters'],
		['the same conversation twice', [{ conversationWith: 'user', id: 'bob' }, { conversationWith: 'user', id: 'BOB' }], 'Pinned Conversations: entry 2 repeats an earlier conversation [item 0]'],
		['an entry with a Conversation With that is none', [{ conversationWith: '={{ "channel" }}', id: 'bob' }], 'Pinned Conversations: entry 1: Conversation With must be user or group [item 0]'],
		['an entry without ID', [{ conversationWith: 'user', id: '={{ $json.missing }}' }], 'Pinned Conversations: entry 1 needs a UID or GUID [item 0]'],
	])('stops %s before any request', async (_case, conversations, text) => {
		const { error } = await run(ctx, set(conversations));
		expect(error?.message).toContain(text);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('fails with CometChat\'s error for an unknown group', async () => {
		const { error } = await run(ctx, set([{ conversationWith: 'group', id: 'nowhere' }]));
		expect(error?.message).toMatch(/^ERR_GUID_NOT_FOUND: /);
		expect(conversationStore(ctx.emulator.state).appPins).toEqual([]);
	});
});
