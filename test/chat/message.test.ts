import type { INodeParameters } from 'n8n-workflow';
import { addBot, fullView, seedMessage } from '../emulator/routes/messages';
import { byId, derivedMuid, expectRequest, run, useEmulator } from '../helpers';

// Message → Send, Send as Bot and Reply in Thread: the kinds of message (text, media, custom,
// interactive), the receivers (a user, a group, several), and what each answers.

describe('Message → Send', () => {
	const ctx = useEmulator();
	const send = (extra: Record<string, unknown> = {}) =>
		({ resource: 'message', operation: 'send', receiverType: 'user', receiver: byId('alice'), text: 'Hello from n8n', ...extra }) as INodeParameters;
	/** The message as the emulator holds it now, seen by `viewer`: what the node must output. */
	const stored = (index = -1, viewer?: string) => fullView(ctx.emulator.state, ctx.emulator.state.messages.at(index)!, viewer);

	beforeEach(() => {
		for (const uid of ['alice', 'bob', 'carol']) ctx.emulator.seedUser({ uid, name: uid.toUpperCase() });
		ctx.emulator.seedGroup({ guid: 'announcements', owner: 'bob' });
	});

	it('sends a text message from the app and returns the message object', async () => {
		const { items, error } = await run(ctx, send());
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: '/v3/messages',
				body: { category: 'message', type: 'text', receiverType: 'user', receiver: 'alice', muid: derivedMuid(), data: { text: 'Hello from n8n' } },
				headers: { 'content-type': 'application/json', onBehalfOf: undefined },
			},
			ctx.emulator.apiKey,
		);
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual(stored());
		expect(items[0].json).toMatchObject({
			receiver: 'alice',
			receiverType: 'user',
			sender: 'app_system',
			category: 'message',
			type: 'text',
			conversationId: 'alice_user_app_system',
			data: { text: 'Hello from n8n' },
		});
		expect(typeof items[0].json.id).toBe('string');
	});

	it('sends to a group on behalf of a user, with metadata, tags and muid', async () => {
		const { items, error } = await run(
			ctx,
			send({
				receiverType: 'group',
				receiver: byId('announcements'),
				options: { onBehalfOf: 'bob', metadata: '{"ticket": 42}', tags: 'weekly, news', muid: 'n8n-1' },
			}),
		);
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: '/v3/messages',
				body: {
					category: 'message',
					type: 'text',
					receiverType: 'group',
					receiver: 'announcements',
					muid: 'n8n-1',
					tags: ['weekly', 'news'],
					data: { text: 'Hello from n8n', metadata: { ticket: 42 } },
				},
				headers: { onBehalfOf: 'bob' },
			},
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([stored(-1, 'bob')]);
		expect(items[0].json).toMatchObject({ sender: 'bob', receiver: 'announcements', conversationId: 'group_announcements', muid: 'n8n-1', tags: ['weekly', 'news'] });
	});

	it('takes metadata and tags as an object and an array from expressions', async () => {
		await run(ctx, send({ options: { metadata: '={{ { "from": $json.source } }}', tags: '={{ ["a", "b"] }}' } }), {
			input: [{ json: { source: 'form' } }],
		});
		expect(ctx.emulator.requests[0].body).toMatchObject({ tags: ['a', 'b'], data: { metadata: { from: 'form' } } });
	});

	it('sends a number from an expression as text, and refuses an object', async () => {
		await run(ctx, send({ text: '={{ $json.n }}' }), { input: [{ json: { n: 42 } }] });
		expect(ctx.emulator.requests[0].body).toMatchObject({ data: { text: '42' } });
		const { error } = await run(ctx, send({ text: '={{ $json.o }}' }), { input: [{ json: { o: { a: 1 } } }] });
		expect(error?.message).toContain('Text: must be text, not an object [item 0]');
		expect(ctx.emulator.requests).toHaveLength(1);
	});

	it('sends one message per input item, with expressions resolved per item', async () => {
		const { items } = await run(ctx, send({ receiver: byId('={{ $json.to }}'), text: '=Hi {{ $json.to }}' }), {
			input: [{ json: { to: 'alice' } }, { json: { to: 'bob' } }],
		});
		const bodies = ctx.emulator.requests.map((r) => r.body as { receiver: string; data: { text: string } });
		expect(bodies.map((b) => `${b.receiver}:${b.data.text}`).sort()).toEqual(['alice:Hi alice', 'bob:Hi bob']);
		expect(items.map((item) => item.json.receiver)).toEqual(['alice', 'bob']);
	});

	it('adds the users of Mentions to the text once each, and CometChat records them', async () => {
		const { items, error } = await run(ctx, send({ text: 'Ping <@uid:bob>', mentions: 'bob, carol' }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests[0].body).toMatchObject({ data: { text: 'Ping <@uid:bob> <@uid:carol>' } });
		expect((items[0].json.data as { mentions: unknown }).mentions).toEqual({ bob: { uid: 'bob', name: 'BOB' }, carol: { uid: 'carol', name: 'CAROL' } });
	});

	it('sends an image by URL with its attachments and a caption', async () => {
		const { items, error } = await run(
			ctx,
			send({
				messageType: 'media',
				mediaType: 'image',
				attachments: { attachment: [{ url: 'https://example.com/map.png', name: 'map.png', mimeType: 'image/png', extension: 'png', size: 2048 }, { url: 'https://example.com/b.png' }] },
				caption: 'The map',
			}),
		);
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: '/v3/messages',
				body: {
					receiverType: 'user',
					receiver: 'alice',
					category: 'message',
					type: 'image',
					muid: derivedMuid(),
					data: {
						text: 'The map',
						attachments: [
							{ url: 'https://example.com/map.png', name: 'map.png', mimeType: 'image/png', extension: 'png', size: '2048' },
							{ url: 'https://example.com/b.png' },
						],
					},
				},
			},
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([stored()]);
		expect(items[0].json).toMatchObject({ category: 'message', type: 'image' });
	});

	it('sends a custom message with its customData and metadata', async () => {
		const { items, error } = await run(
			ctx,
			send({ messageType: 'custom', customType: 'location', customData: '{"latitude": 52.52, "longitude": 13.4}', options: { metadata: '{"source": "gps"}' } }),
		);
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests[0].body).toEqual({
			receiverType: 'user',
			receiver: 'alice',
			category: 'custom',
			type: 'location',
			muid: derivedMuid(),
			data: { customData: { latitude: 52.52, longitude: 13.4 }, metadata: { source: 'gps' } },
		});
		expect(items.map((item) => item.json)).toEqual([stored()]);
	});

	it('sends an interactive form with its goal', async () => {
		const form = { title: 'Feedback', formFields: [{ elementType: 'textInput', elementId: 'comment', label: 'Comment' }], submitElement: { elementType: 'button', elementId: 'submit', buttonText: 'Send' } };
		const { items, error } = await run(
			ctx,
			send({
				messageType: 'interactive',
				interactiveType: 'form',
				interactiveData: JSON.stringify(form),
				interactionGoal: '{"type": "anyOf", "elementIds": ["submit"]}',
				allowSenderInteraction: true,
			}),
		);
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests[0].body).toEqual({
			receiverType: 'user',
			receiver: 'alice',
			category: 'interactive',
			type: 'form',
			muid: derivedMuid(),
			data: { interactiveData: form, interactionGoal: { type: 'anyOf', elementIds: ['submit'] }, allowSenderInteraction: true },
		});
		expect(items[0].json).toMatchObject({ category: 'interactive', type: 'form', data: { interactiveData: form } });
	});

	it('sends to several users and groups at once, one item per receiver in the order given', async () => {
		const { items, error } = await run(
			ctx,
			send({ receiverType: 'multiple', receiverUids: 'bob, nobody, alice', receiverGuids: 'announcements', options: { onBehalfOf: 'carol' } }),
		);
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: '/v3/messages',
				body: { multipleReceivers: { uids: ['bob', 'nobody', 'alice'], guids: ['announcements'] }, category: 'message', type: 'text', muid: derivedMuid(), data: { text: 'Hello from n8n' } },
				headers: { onBehalfOf: 'carol' },
			},
			ctx.emulator.apiKey,
		);
		const messages = ctx.emulator.state.messages;
		expect(messages.map((m) => m.receiver)).toEqual(['bob', 'alice', 'announcements']);
		expect(items.map((item) => item.json)).toEqual([
			fullView(ctx.emulator.state, messages[0]),
			{ receiverType: 'user', receiver: 'nobody', success: false, message: 'The UID nobody does not exist, please make sure you have created a user with UID nobody.', code: 'ERR_UID_NOT_FOUND' },
			fullView(ctx.emulator.state, messages[1]),
			fullView(ctx.emulator.state, messages[2]),
		]);
	});

	it.each([
		['empty text', { text: '   ' }, 'Text: is empty [item 0]'],
		['invalid metadata JSON', { options: { metadata: '{"ticket": ' } }, 'Metadata (JSON): is not valid JSON'],
		['metadata that is an array', { options: { metadata: '[1, 2]' } }, 'Metadata (JSON): must be a JSON object, not an array'],
		['a message over 65,536 characters', { text: 'x'.repeat(65_400), options: { metadata: JSON.stringify({ note: 'y'.repeat(200) }) } }, 'Text: with its metadata and tags the message is'],
		// Within 65,536 characters but over the data object's 10 KB: 5,200 "é" are 10,400 bytes.
		['a message whose data is over 10 KB', { text: 'é'.repeat(5200) }, "Text: with its metadata the message's data is 10411 bytes; CometChat allows at most 10 KB (10240 bytes) [item 0]"],
		['26 tags', { options: { tags: Array.from({ length: 26 }, (_, i) => `t${i}`).join(',') } }, 'Tags: has 26 tags; CometChat allows at most 25 [item 0]'],
		['an empty receiver', { receiver: byId('={{ $json.to }}') }, 'Receiver: is empty [item 0]'],
		['a receiver with spaces inside', { receiver: byId('={{ $json.to }} smith') }, 'Receiver: "alice smith" has characters'],
		['a message type from an expression that is none', { messageType: '={{ "video" }}' }, 'Message Type: "video" is not one of text, media, custom, interactive [item 0]'],
		['11 mentioned users', { mentions: Array.from({ length: 11 }, (_, i) => `u${i}`).join(',') }, 'Mentions: mentions 11 users; CometChat allows at most 10 per message [item 0]'],
		['a mention of something that is no UID', { text: 'Hi <@uid:a b>' }, 'Text: mentions <@uid:a b>, which is not a UID'],
		['media without attachments', { messageType: 'media', attachments: {} }, 'Attachments: is empty; add at least one file by URL [item 0]'],
		['an attachment without URL', { messageType: 'media', attachments: { attachment: [{ name: 'x.png' }] } }, 'Attachments: entry 1 needs a URL starting with http:// or https:// [item 0]'],
		['custom data that is empty', { messageType: 'custom', customType: 'location', customData: '{}' }, 'Custom Data (JSON): is empty; CometChat needs at least one field [item 0]'],
		['a custom message without type', { messageType: 'custom', customType: ' ', customData: '{"a": 1}' }, 'Custom Type: is empty [item 0]'],
		['interactive data that is a list', { messageType: 'interactive', interactiveData: '[]' }, 'Interactive Data (JSON): must be a JSON object, not an array [item 0]'],
		['several receivers, none given', { receiverType: 'multiple', receiverUids: '', receiverGuids: ' , ' }, 'Receiver UIDs: is empty, and so is Receiver GUIDs; give at least one user or group [item 0]'],
		['several receivers with a bad GUID', { receiverType: 'multiple', receiverUids: 'bob', receiverGuids: 'a/b' }, 'Receiver GUIDs: "a/b" has characters CometChat does not allow'],
	])('stops %s before any request', async (_case, extra, message) => {
		const to = message.startsWith('Receiver: is empty') ? '' : 'alice';
		const { error } = await run(ctx, send(extra), { input: [{ json: { to } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('fails with CometChat\'s error for an unknown receiver', async () => {
		const { error } = await run(ctx, send({ receiver: byId('nobody') }));
		expect(error?.message).toMatch(/^ERR_UID_NOT_FOUND: The UID nobody does not exist/);
		expect(ctx.emulator.state.messages).toHaveLength(0);
	});
});

describe('Message → Send as Bot', () => {
	const ctx = useEmulator();
	const sendAsBot = (extra: Record<string, unknown> = {}) =>
		({ resource: 'message', operation: 'sendAsBot', bot: byId('helpbot'), receiverType: 'user', receiver: byId('alice'), text: 'How can I help?', ...extra }) as INodeParameters;

	beforeEach(() => {
		for (const uid of ['alice', 'bob', 'helpbot']) ctx.emulator.seedUser({ uid, name: uid.toUpperCase() });
		addBot(ctx.emulator.state, 'helpbot');
	});

	it('sends from the bot, with no onBehalfOf header, and returns the message', async () => {
		const { items, error } = await run(ctx, sendAsBot({ options: { muid: 'bot-1', tags: 'faq' } }));
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: '/v3/bots/helpbot/messages',
				body: { receiverType: 'user', receiver: 'alice', category: 'message', type: 'text', data: { text: 'How can I help?' }, tags: ['faq'], muid: 'bot-1' },
				headers: { onBehalfOf: undefined },
			},
			ctx.emulator.apiKey,
		);
		const message = ctx.emulator.state.messages[0];
		expect(message).toMatchObject({ sender: 'helpbot', receiver: 'alice', conversationId: 'alice_user_helpbot' });
		expect(items.map((item) => item.json)).toEqual([fullView(ctx.emulator.state, message, 'helpbot')]);
	});

	it('sends a custom message to several receivers', async () => {
		const { items, error } = await run(ctx, sendAsBot({ receiverType: 'multiple', receiverUids: 'alice, bob', messageType: 'custom', customType: 'card', customData: '{"title": "Hi"}' }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests[0].body).toEqual({ multipleReceivers: { uids: ['alice', 'bob'] }, category: 'custom', type: 'card', muid: derivedMuid(), data: { customData: { title: 'Hi' } } });
		expect(items.map((item) => [item.json.sender, item.json.receiver])).toEqual([
			['helpbot', 'alice'],
			['helpbot', 'bob'],
		]);
	});

	it('stops a bot UID that is no UID before any request', async () => {
		const { error } = await run(ctx, sendAsBot({ bot: byId('={{ $json.bot }}') }), { input: [{ json: { bot: 'help bot' } }] });
		expect(error?.message).toContain('Bot: "help bot" has characters CometChat does not allow');
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('fails with ERR_BOT_NOT_FOUND for a user that is no bot', async () => {
		const { error } = await run(ctx, sendAsBot({ bot: byId('bob') }));
		expect(error?.message).toBe('ERR_BOT_NOT_FOUND: The bot with uid bob does not exist. [item 0]');
		expect(ctx.emulator.state.messages).toHaveLength(0);
	});
});

describe('Message → Reply in Thread', () => {
	const ctx = useEmulator();
	const reply = (extra: Record<string, unknown> = {}) =>
		({ resource: 'message', operation: 'replyInThread', messageId: parentId, sender: byId('bob'), receiverType: 'user', receiver: byId('alice'), text: 'Count me in', ...extra }) as INodeParameters;
	let parentId: string;

	beforeEach(() => {
		for (const uid of ['alice', 'bob', 'carol']) ctx.emulator.seedUser({ uid, name: uid.toUpperCase() });
		ctx.emulator.seedGroup({ guid: 'hikers', owner: 'alice', members: { bob: 'participant' } });
		parentId = seedMessage(ctx.emulator.state, { sender: 'alice', receiver: 'bob', text: 'Hike on Saturday?' }).id;
	});

	it('replies on behalf of the sender and returns the reply with its parentId', async () => {
		const { items, error } = await run(ctx, reply({ options: { tags: 'rsvp', metadata: '{"going": true}' } }));
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: `/v3/messages/${parentId}/thread`,
				body: { receiverType: 'user', receiver: 'alice', category: 'message', type: 'text', data: { text: 'Count me in', metadata: { going: true, muid: derivedMuid() } }, tags: ['rsvp'] },
				headers: { onBehalfOf: 'bob' },
			},
			ctx.emulator.apiKey,
		);
		const stored = ctx.emulator.state.messages[1];
		expect(stored).toMatchObject({ parentId, sender: 'bob', receiver: 'alice' });
		expect(items.map((item) => item.json)).toEqual([fullView(ctx.emulator.state, stored, 'bob')]);
		expect(items[0].json.parentId).toBe(parentId);
	});

	it('replies in a group thread with a custom message', async () => {
		const groupParent = seedMessage(ctx.emulator.state, { sender: 'alice', receiver: 'hikers', receiverType: 'group', text: 'Poll?' }).id;
		const { items, error } = await run(ctx, reply({ messageId: groupParent, receiverType: 'group', receiver: byId('hikers'), messageType: 'custom', customType: 'vote', customData: '{"option": 2}' }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests[0].body).toEqual({ receiverType: 'group', receiver: 'hikers', category: 'custom', type: 'vote', data: { customData: { option: 2 }, metadata: { muid: derivedMuid() } } });
		expect(items[0].json).toMatchObject({ parentId: groupParent, conversationId: 'group_hikers', category: 'custom' });
	});

	it.each([
		['a parent ID that is not a message ID', { messageId: '={{ "12a" }}' }, 'Message ID: "12a" is not a message ID'],
		['an empty sender', { sender: byId('={{ "" }}') }, 'Sender: is empty [item 0]'],
		['a receiver type of several', { receiverType: '={{ "multiple" }}' }, 'Receiver Type: "multiple" is not one of group, user [item 0]'],
		['an interactive message (not in threads)', { messageType: '={{ "interactive" }}' }, 'Message Type: "interactive" is not one of text, media, custom [item 0]'],
	])('stops %s before any request', async (_case, extra, message) => {
		const { error } = await run(ctx, reply(extra));
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it.each([
		['a reply to a reply', 'ERR_MESSAGE_THREAD_NESTING', () => seedMessage(ctx.emulator.state, { sender: 'bob', receiver: 'alice', parentId }).id, 'alice'],
		['a receiver outside the parent\'s conversation', 'ERR_WRONG_MESSAGE_THREAD', () => parentId, 'carol'],
		['an unknown parent', 'ERR_MESSAGE_ID_NOT_FOUND', () => '999', 'alice'],
	])('fails with CometChat\'s error for %s', async (_case, code, id, receiver) => {
		const messageId = id();
		const before = ctx.emulator.state.messages.length;
		const { error } = await run(ctx, reply({ messageId, receiver: byId(receiver) }));
		expect(error?.message).toMatch(new RegExp(`^${code}: `));
		expect(ctx.emulator.state.messages.length).toBe(before);
	});
});

describe('Message sends after a lost answer: looked up by MUID, never sent a second time', () => {
	const ctx = useEmulator();
	const serverError = { status: 500, body: { error: { message: 'Boom.', devMessage: '', source: 'chat-api', code: 'ERR_EXCEPTION' } } };
	const lookups = () => ctx.emulator.requests.filter((r) => r.method === 'GET');

	beforeEach(() => {
		for (const uid of ['alice', 'bob', 'carol', 'helpbot']) ctx.emulator.seedUser({ uid, name: uid.toUpperCase() });
		ctx.emulator.seedGroup({ guid: 'hikers', owner: 'alice', members: { bob: 'participant', helpbot: 'participant' } });
		addBot(ctx.emulator.state, 'helpbot');
	});

	it('Send as Bot to a group: reads the group\'s messages by the bot and returns the stored one', async () => {
		ctx.emulator.failNext({ drop: true, handle: true });
		const { items, error } = await run(ctx, { resource: 'message', operation: 'sendAsBot', bot: byId('helpbot'), receiverType: 'group', receiver: byId('hikers'), text: 'Trail closed' });
		expect(error).toBeUndefined();
		expect(lookups().map((r) => [r.path, r.query.sender, r.headers.onbehalfof])).toEqual([['/v3/groups/hikers/messages', 'helpbot', undefined]]);
		expect(ctx.emulator.state.messages).toHaveLength(1);
		expect(items.map((item) => [item.json.sender, item.json.receiver, item.json.muid])).toEqual([['helpbot', 'hikers', derivedMuid()]]);
	});

	it('Reply in Thread: finds the reply by the MUID in its metadata, as the sender sees the conversation; "outcome unknown" when absent', async () => {
		const parentId = seedMessage(ctx.emulator.state, { sender: 'alice', receiver: 'bob', text: 'Hike on Saturday?' }).id;
		// A short settle time: the lookups over it find nothing, and a lost answer never proves the reply is not on its way.
		const reply = { resource: 'message', operation: 'replyInThread', messageId: parentId, sender: byId('bob'), receiverType: 'user', receiver: byId('alice'), text: 'Count me in', retry: { settleTime: 1 } };
		ctx.emulator.failNext(serverError);
		const absent = await run(ctx, reply);
		expect(absent.error?.message).toMatch(/^CometChat did not confirm POST \/messages\/\d+\/thread \(Message UID "n8n-[0-9a-f]{24}"\) \(HTTP 500\)/);
		expect(absent.error?.description).toContain(`no message with Message UID "${derivedMuid()}" and this content reached user alice within 1 s after the answer was lost`);
		const calls = ctx.emulator.requests.map((r) => `${r.method} ${r.path}`);
		expect(calls.filter((call) => call.startsWith('POST'))).toEqual([`POST /v3/messages/${parentId}/thread`]);
		expect(new Set(calls.slice(1))).toEqual(new Set(['GET /v3/users/alice/messages']));
		expect(lookups()[0].headers.onbehalfof).toBe('bob');
		expect(ctx.emulator.state.messages.filter((m) => m.parentId === parentId)).toHaveLength(0);
		// (Another thread: the harness's execution ID is the same every run, and so are the derived MUIDs.)
		const otherParent = seedMessage(ctx.emulator.state, { sender: 'alice', receiver: 'bob', text: 'And Sunday?' }).id;
		ctx.emulator.failNext({ drop: true, handle: true });
		const lost = await run(ctx, { ...reply, messageId: otherParent }, { input: [{ json: {} }, { json: {} }] });
		expect(lost.error).toBeUndefined();
		const replies = ctx.emulator.state.messages.filter((m) => m.parentId === otherParent);
		expect(replies).toHaveLength(2);
		expect(lost.items.map((item) => (item.json.data as { metadata: { muid: string } }).metadata.muid)).toEqual([derivedMuid(0), derivedMuid(1)]);
		expect(new Set(lost.items.map((item) => item.json.id))).toEqual(new Set(replies.map((m) => m.id)));
	});

	it('several receivers: finds those CometChat has, and never sends to the others a second time', async () => {
		// The first send reaches bob and the group, not carol (she does not exist yet); its answer is lost.
		ctx.emulator.state.users.delete('carol');
		ctx.emulator.failNext({ drop: true, handle: true });
		const parameters = { resource: 'message', operation: 'send', receiverType: 'multiple', receiverUids: 'bob, carol', receiverGuids: 'hikers', text: 'Meet at 9' };
		const first = await run(ctx, parameters);
		// carol's lookup fails (she does not exist), so the node cannot tell for her.
		expect(first.error?.message).toMatch(/^CometChat did not confirm POST \/messages \(Message UID "n8n-[0-9a-f]{24}"\) \(the connection broke before the answer came\)/);
		expect(first.error?.description).toContain('reading /users/carol/messages failed (ERR_UID_NOT_FOUND');
		// Now carol exists, and the answer of a send that reached only bob and the group is lost.
		ctx.emulator.reset();
		for (const uid of ['bob', 'carol']) ctx.emulator.seedUser({ uid });
		ctx.emulator.seedGroup({ guid: 'hikers', owner: 'bob' });
		let dropped = false;
		ctx.emulator.planFaults((request) => {
			if (request.method !== 'POST' || dropped) return undefined;
			dropped = true;
			// CometChat stored the copies for bob and the group, then the connection broke (carol's copy never made).
			const body = request.body as { multipleReceivers: { uids: string[]; guids: string[] } };
			body.multipleReceivers.uids = ['bob'];
			return { drop: true, handle: true };
		});
		const second = await run(ctx, { ...parameters, retry: { settleTime: 1 } });
		ctx.emulator.planFaults(undefined);
		// bob's and the group's copies are found; carol's is not, and a lost answer never proves it is not on its
		// way: the item fails naming the MUID, and nothing is sent a second time.
		expect(second.error?.description).toContain(`no message with Message UID "${derivedMuid()}" and this content reached user carol within 1 s after the answer was lost`);
		expect(ctx.emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
		expect(ctx.emulator.state.messages.map((m) => m.receiver).sort()).toEqual(['bob', 'hikers']);
	});
});
