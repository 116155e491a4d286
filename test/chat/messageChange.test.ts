import type { INodeParameters } from 'n8n-workflow';
import type { MessageRecord } from '../emulator';
import { fullView, messageExtras, seedMessage } from '../emulator/routes/messages';
import { byId, expectRequest, run, useEmulator } from '../helpers';

// Message → Update and Delete (the changed message out of CometChat's action message), reactions, pins,
// saves, thread subscriptions and interactions: exact requests, outputs and the emulator's state.

const message = (operation: string, id: string, extra: Record<string, unknown> = {}) =>
	({ resource: 'message', operation, messageId: id, ...extra }) as INodeParameters;

describe('Message → Update and Delete', () => {
	const ctx = useEmulator();
	let target: MessageRecord;

	beforeEach(() => {
		for (const uid of ['alice', 'bob']) ctx.emulator.seedUser({ uid, name: uid.toUpperCase() });
		target = seedMessage(ctx.emulator.state, { sender: 'alice', receiver: 'bob', text: 'Hike at 9', tags: ['plan'] });
	});

	it('edits the text as the sender and returns the edited message, not the action around it', async () => {
		const { items, error } = await run(ctx, message('update', target.id, { updateFields: { text: 'Hike at 10' }, options: { onBehalfOf: 'alice' } }));
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'PUT', path: `/v3/messages/${target.id}`, body: { data: { text: 'Hike at 10' } }, headers: { onBehalfOf: 'alice' } }, ctx.emulator.apiKey);
		expect(target).toMatchObject({ data: { text: 'Hike at 10' }, editedBy: 'alice', editedAt: expect.any(Number) });
		expect(items.map((item) => item.json)).toEqual([fullView(ctx.emulator.state, target)]);
		expect(items[0].json).toMatchObject({ id: target.id, category: 'message', data: { text: 'Hike at 10' }, editedBy: 'alice', tags: ['plan'] });
		const action = ctx.emulator.state.messages.at(-1)!;
		expect(action).toMatchObject({ category: 'action', type: 'message', data: { action: 'edited' }, sender: 'alice' });
	});

	it('returns CometChat\'s action message with Output: Action Message, and changes metadata and tags', async () => {
		const { items, error } = await run(
			ctx,
			message('update', target.id, { updateFields: { metadata: '{"room": 4}', tags: '' }, options: { output: 'action' } }),
		);
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests[0].body).toEqual({ data: { metadata: { room: 4 } }, tags: [] });
		expect(ctx.emulator.requests[0].headers).not.toHaveProperty('onbehalfof');
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			id: ctx.emulator.state.messages.at(-1)!.id,
			category: 'action',
			type: 'message',
			sender: 'app_system',
			data: { action: 'edited', entities: { by: { entity: { uid: 'app_system' } }, for: { entity: { uid: 'bob' } }, on: { entity: fullView(ctx.emulator.state, target), entityType: 'message' } } },
		});
		expect(target.tags).toBeUndefined();
		expect(target.data.metadata).toEqual({ room: 4 });
	});

	it.each([
		['no field to change', { updateFields: {} }, 'Update Fields: is empty; add the text, metadata or tags to change [item 0]'],
		['a data object over 10 KB', { updateFields: { metadata: JSON.stringify({ note: 'y'.repeat(10_300) }) } }, "Metadata (JSON): with its metadata the message's data is 10324 bytes; CometChat allows at most 10 KB (10240 bytes) [item 0]"],
		['an empty text', { updateFields: { text: ' ' } }, 'Text: is empty [item 0]'],
		['metadata that is text', { updateFields: { metadata: '"x"' } }, 'Metadata (JSON): must be a JSON object, not a string [item 0]'],
		['an Output that is none', { updateFields: { text: 'x' }, options: { output: '={{ "both" }}' } }, 'Output: "both" is not one of action, message [item 0]'],
	])('stops an update with %s before any request', async (_case, extra, text) => {
		const { error } = await run(ctx, message('update', target.id, extra));
		expect(error?.message).toContain(text);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('fails with ERR_MESSAGE_NOT_A_SENDER when someone else edits', async () => {
		const { error } = await run(ctx, message('update', target.id, { updateFields: { text: 'Mine now' }, options: { onBehalfOf: 'bob' } }));
		expect(error?.message).toBe(`ERR_MESSAGE_NOT_A_SENDER: The user bob is not the sender of the message with id ${target.id}. [item 0]`);
		expect(target.data.text).toBe('Hike at 9');
	});

	it('deletes softly and returns the deleted message, still stored and marked deleted', async () => {
		const { items, error } = await run(ctx, message('delete', target.id, { options: { onBehalfOf: 'alice' } }));
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: `/v3/messages/${target.id}`, body: undefined, headers: { onBehalfOf: 'alice' } }, ctx.emulator.apiKey);
		expect(ctx.emulator.state.getMessage(target.id)).toMatchObject({ deletedBy: 'alice', deletedAt: expect.any(Number) });
		expect(items.map((item) => item.json)).toEqual([fullView(ctx.emulator.state, target)]);
		expect(items[0].json).toMatchObject({ id: target.id, deletedBy: 'alice' });
	});

	it('deletes permanently: body {permanent: true}, the message is gone, the output is the message as it was', async () => {
		const { items, error } = await run(ctx, message('delete', target.id, { options: { permanent: true, output: 'message' } }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests[0].body).toEqual({ permanent: true });
		expect(ctx.emulator.state.getMessage(target.id)).toBeUndefined();
		expect(items[0].json).toMatchObject({ id: target.id, data: { text: 'Hike at 9' }, deletedBy: 'app_system' });
	});

	it('returns the action message of a delete when asked', async () => {
		const { items } = await run(ctx, message('delete', target.id, { options: { output: 'action' } }));
		expect(items[0].json).toMatchObject({ category: 'action', data: { action: 'deleted', entities: { on: { entity: { id: target.id } } } } });
	});

	it('stops a Permanent that is not true or false before any request', async () => {
		const { error } = await run(ctx, message('delete', target.id, { options: { permanent: '={{ "yes" }}' } }));
		expect(error?.message).toContain('Permanent: must be true or false, not a string [item 0]');
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('fails with ERR_MESSAGE_ACTION_NOT_ALLOWED for an action message', async () => {
		await run(ctx, message('update', target.id, { updateFields: { text: 'x' } }));
		const action = ctx.emulator.state.messages.at(-1)!;
		const { error } = await run(ctx, message('delete', action.id));
		expect(error?.message).toMatch(/^ERR_MESSAGE_ACTION_NOT_ALLOWED: /);
		expect(ctx.emulator.state.getMessage(action.id)?.deletedAt).toBeUndefined();
	});
});

describe('Message → reactions, pins, saves, thread subscriptions, interactions', () => {
	const ctx = useEmulator();
	let target: MessageRecord;
	const extras = () => messageExtras(ctx.emulator.state);

	beforeEach(() => {
		for (const uid of ['alice', 'bob', 'carol']) ctx.emulator.seedUser({ uid, name: uid.toUpperCase() });
		target = seedMessage(ctx.emulator.state, { sender: 'alice', receiver: 'bob', text: 'Hike at 9' });
	});

	it('adds a reaction on behalf of a user (the emoji URL-encoded) and removes it', async () => {
		const added = await run(ctx, message('addReaction', target.id, { user: byId('bob'), reaction: '👍' }));
		expect(added.error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'POST', path: `/v3/messages/${target.id}/reactions/%F0%9F%91%8D`, body: undefined, headers: { onBehalfOf: 'bob' } }, ctx.emulator.apiKey);
		expect(extras().reactions.get(target.id)).toEqual([{ id: '1', messageId: target.id, reaction: '👍', uid: 'bob', reactedAt: expect.any(Number) }]);
		expect(added.items.map((item) => item.json)).toEqual([fullView(ctx.emulator.state, target, 'bob')]);
		expect(added.items[0].json.data).toMatchObject({ reactions: [{ reaction: '👍', count: 1, reactedByMe: true }] });

		const removed = await run(ctx, message('removeReaction', target.id, { user: byId('bob'), reaction: ' 👍 ' }));
		expect(removed.error).toBeUndefined();
		expectRequest(ctx.emulator.requests[1], { method: 'DELETE', path: `/v3/messages/${target.id}/reactions/%F0%9F%91%8D`, body: undefined, headers: { onBehalfOf: 'bob' } }, ctx.emulator.apiKey);
		expect(extras().reactions.get(target.id)).toEqual([]);
		expect(removed.items[0].json.data).not.toHaveProperty('reactions');
	});

	it.each([
		['addReaction', { user: byId('bob'), reaction: '={{ "" }}' }, 'Reaction: is empty [item 0]'],
		['addReaction', { user: byId('={{ "" }}'), reaction: '👍' }, 'User: is empty [item 0]'],
		['removeReaction', { user: byId('bob'), reaction: '.' }, 'Reaction: "." is not a reaction'],
		['addReaction', { user: byId('bob'), reaction: '../users' }, 'Reaction: "../users" has a slash'],
		['pin', { messageId: '={{ "-1" }}' }, 'Message ID: "-1" is not a message ID'],
		['save', { user: byId('={{ "a b" }}') }, 'User: "a b" has characters'],
		['unsave', { user: byId('={{ {} }}') }, 'User: expected a single ID but got an object [item 0]'],
		['subscribeThread', { user: byId('={{ "" }}') }, 'User: is empty [item 0]'],
		['markInteracted', { user: byId('bob'), elementIds: ' , ' }, 'Element IDs: is empty; give at least one element ID [item 0]'],
	])('%s stops bad input before any request', async (operation, extra, text) => {
		const { error } = await run(ctx, message(operation, target.id, extra));
		expect(error?.message).toContain(text);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('fails with ERR_MESSAGE_NO_ACCESS for a reaction of someone outside the conversation, and caps distinct reactions at 25', async () => {
		const outside = await run(ctx, message('addReaction', target.id, { user: byId('carol'), reaction: '👍' }));
		expect(outside.error?.message).toBe(`ERR_MESSAGE_NO_ACCESS: The user carol does not have access to the message with id ${target.id}. [item 0]`);
		extras().reactions.set(target.id, Array.from({ length: 25 }, (_, i) => ({ id: String(i + 1), messageId: target.id, reaction: `r${i}`, uid: 'alice', reactedAt: 1 })));
		const full = await run(ctx, message('addReaction', target.id, { user: byId('bob'), reaction: 'one-more' }));
		expect(full.error?.message).toMatch(/^ERR_BAD_REQUEST: Failed to validate the data sent with the request\./);
		expect(extras().reactions.get(target.id)).toHaveLength(25);
	});

	it('pins as the app, then on behalf of a user, and unpins', async () => {
		const app = await run(ctx, message('pin', target.id));
		expect(app.error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'POST', path: `/v3/messages/${target.id}/pin`, body: undefined, headers: { onBehalfOf: undefined } }, ctx.emulator.apiKey);
		expect(app.items.map((item) => item.json)).toEqual([fullView(ctx.emulator.state, target)]);
		expect(app.items[0].json).toMatchObject({ pinnedBy: 'app_system', pinnedAt: expect.any(Number) });

		const user = await run(ctx, message('pin', target.id, { options: { onBehalfOf: 'bob' } }));
		expect(ctx.emulator.requests[1].headers.onbehalfof).toBe('bob');
		expect(user.items[0].json).toMatchObject({ pinnedBy: 'bob' });

		const unpinned = await run(ctx, message('unpin', target.id, { options: { onBehalfOf: 'alice' } }));
		expectRequest(ctx.emulator.requests[2], { method: 'DELETE', path: `/v3/messages/${target.id}/pin`, body: undefined, headers: { onBehalfOf: 'alice' } }, ctx.emulator.apiKey);
		expect(extras().pins.has(target.id)).toBe(false);
		expect(unpinned.items[0].json).not.toHaveProperty('pinnedAt');
	});

	it('fails with ERR_PINNED_MESSAGES_LIMIT_EXCEEDED at the 101st pin of a conversation', async () => {
		for (let i = 0; i < 100; i += 1) extras().pins.set(seedMessage(ctx.emulator.state, { sender: 'bob', receiver: 'alice' }).id, { pinnedAt: 1, pinnedBy: 'bob' });
		const { error } = await run(ctx, message('pin', target.id));
		expect(error?.message).toBe('ERR_PINNED_MESSAGES_LIMIT_EXCEEDED: A conversation can have at most 100 pinned messages. [item 0]');
		expect(extras().pins.has(target.id)).toBe(false);
	});

	it('saves and unsaves for a user, whose view shows savedAt', async () => {
		const saved = await run(ctx, message('save', target.id, { user: byId('bob') }));
		expect(saved.error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'POST', path: `/v3/messages/${target.id}/save`, body: undefined, headers: { onBehalfOf: 'bob' } }, ctx.emulator.apiKey);
		expect(extras().saves.get('bob')?.has(target.id)).toBe(true);
		expect(saved.items.map((item) => item.json)).toEqual([fullView(ctx.emulator.state, target, 'bob')]);
		expect(saved.items[0].json).toMatchObject({ savedAt: expect.any(Number) });

		const unsaved = await run(ctx, message('unsave', target.id, { user: byId('bob') }));
		expectRequest(ctx.emulator.requests[1], { method: 'DELETE', path: `/v3/messages/${target.id}/save`, body: undefined, headers: { onBehalfOf: 'bob' } }, ctx.emulator.apiKey);
		expect(extras().saves.get('bob')?.has(target.id)).toBe(false);
		expect(unsaved.items[0].json).not.toHaveProperty('savedAt');
	});

	it('fails with ERR_SAVED_MESSAGES_LIMIT_EXCEEDED at a user\'s 101st saved message', async () => {
		extras().saves.set('bob', new Map(Array.from({ length: 100 }, (_, i) => [`x${i}`, 1])));
		const { error } = await run(ctx, message('save', target.id, { user: byId('bob') }));
		expect(error?.message).toBe('ERR_SAVED_MESSAGES_LIMIT_EXCEEDED: The user bob can save at most 100 messages. [item 0]');
	});

	it('subscribes a user to a thread and unsubscribes them', async () => {
		const on = await run(ctx, message('subscribeThread', target.id, { user: byId('bob') }));
		expect(on.error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'POST', path: `/v3/messages/${target.id}/thread/subscription`, body: undefined, headers: { onBehalfOf: 'bob' } }, ctx.emulator.apiKey);
		expect([...(extras().subscriptions.get(target.id) ?? [])]).toEqual(['bob']);
		expect(on.items.map((item) => item.json)).toEqual([
			{ messageId: target.id, uid: 'bob', success: true, message: `The user bob has subscribed to the thread of the message with id ${target.id}.` },
		]);
		const off = await run(ctx, message('unsubscribeThread', target.id, { user: byId('bob') }));
		expectRequest(ctx.emulator.requests[1], { method: 'DELETE', path: `/v3/messages/${target.id}/thread/subscription`, body: undefined, headers: { onBehalfOf: 'bob' } }, ctx.emulator.apiKey);
		expect([...(extras().subscriptions.get(target.id) ?? [])]).toEqual([]);
		expect(off.items[0].json).toEqual({ messageId: target.id, uid: 'bob', success: true, message: `The user bob has unsubscribed from the thread of the message with id ${target.id}.` });
	});

	it('fails a subscription to a reply with ERR_MESSAGE_THREAD_NESTING', async () => {
		const reply = seedMessage(ctx.emulator.state, { sender: 'bob', receiver: 'alice', parentId: target.id });
		const { error } = await run(ctx, message('subscribeThread', reply.id, { user: byId('bob') }));
		expect(error?.message).toMatch(/^ERR_MESSAGE_THREAD_NESTING: /);
	});

	it('marks an interactive message as interacted with for a user', async () => {
		const form = seedMessage(ctx.emulator.state, { sender: 'alice', receiver: 'bob', category: 'interactive', type: 'form', data: { interactiveData: { title: 'RSVP' } } });
		const { items, error } = await run(ctx, message('markInteracted', form.id, { user: byId('bob'), elementIds: '={{ ["going", "submit"] }}' }));
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'PATCH', path: `/v3/messages/${form.id}/interacted`, body: { interactions: ['going', 'submit'] }, headers: { onBehalfOf: 'bob' } }, ctx.emulator.apiKey);
		expect(items.map((item) => item.json)).toEqual([
			{ messageId: form.id, uid: 'bob', success: true, message: `The message id ${form.id} has been marked as interacted for the user bob.` },
		]);
		expect(extras().interactions.get(form.id)?.map((i) => [i.uid, i.elementId])).toEqual([
			['bob', 'going'],
			['bob', 'submit'],
		]);
		expect(fullView(ctx.emulator.state, form, 'bob').data).toMatchObject({ interactions: [{ elementId: 'going' }, { elementId: 'submit' }] });
	});

	it('fails Mark as Interacted for a message that is not interactive', async () => {
		const { error } = await run(ctx, message('markInteracted', target.id, { user: byId('bob'), elementIds: 'submit' }));
		expect(error?.message).toMatch(/^ERR_BAD_REQUEST: /);
		expect(extras().interactions.size).toBe(0);
	});
});
