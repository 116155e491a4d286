import { byId, expectRequest, run, useEmulator } from './helpers';

describe('Message → Send', () => {
	const ctx = useEmulator();
	const send = (extra: Record<string, unknown> = {}) => ({
		resource: 'message',
		operation: 'send',
		receiverType: 'user',
		receiver: byId('alice'),
		text: 'Hello from n8n',
		...extra,
	});

	beforeEach(() => {
		for (const uid of ['alice', 'bob']) ctx.emulator.seedUser({ uid, name: uid.toUpperCase() });
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
				body: { category: 'message', type: 'text', receiverType: 'user', receiver: 'alice', data: { text: 'Hello from n8n' } },
				headers: { 'content-type': 'application/json', onBehalfOf: undefined },
			},
			ctx.emulator.apiKey,
		);
		expect(items).toHaveLength(1);
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
		expect(items[0].json).toMatchObject({
			sender: 'bob',
			receiver: 'announcements',
			conversationId: 'group_announcements',
			muid: 'n8n-1',
			tags: ['weekly', 'news'],
			data: { text: 'Hello from n8n', metadata: { ticket: 42 } },
		});
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
		expect(error?.message).toContain('Text: must be text, not object [item 0]');
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

	it.each([
		['empty text', { text: '   ' }, 'Text: is empty [item 0]'],
		['invalid metadata JSON', { options: { metadata: '{"ticket": ' } }, 'Metadata (JSON): is not valid JSON'],
		['metadata that is an array', { options: { metadata: '[1, 2]' } }, 'Metadata (JSON): must be a JSON object, not an array'],
		['a message over 65,536 characters', { text: 'x'.repeat(65_400), options: { metadata: JSON.stringify({ note: 'y'.repeat(200) }) } }, 'Text: with its metadata and tags the message is'],
		['26 tags', { options: { tags: Array.from({ length: 26 }, (_, i) => `t${i}`).join(',') } }, 'Tags: has 26 tags; CometChat allows at most 25 [item 0]'],
		['an empty receiver', { receiver: byId('={{ $json.to }}') }, 'Receiver: is empty [item 0]'],
		['a receiver with spaces inside', { receiver: byId('={{ $json.to }} smith') }, 'Receiver: "alice smith" has characters'],
	])('stops %s before any request', async (_case, extra, message) => {
		const to = message.startsWith('Receiver: is empty') ? '' : 'alice';
		const { error } = await run(ctx, send(extra), { input: [{ json: { to } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('fails with CometChat\'s error for an unknown receiver', async () => {
		const { error } = await run(ctx, send({ receiver: byId('nobody') }));
		expect(error?.message).toMatch(/^ERR_UID_NOT_FOUND: The UID nobody does not exist/);
	});
});
