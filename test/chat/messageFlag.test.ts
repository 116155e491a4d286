import type { INodeParameters } from 'n8n-workflow';
import type { MessageRecord } from '../emulator';
import { addReason, moderationStore } from '../emulator/routes/moderation';
import { byId, expectRefused, expectRequest, httpCode, run, seedTextMessage, useEmulator } from '../helpers';

describe('Message → Flag', () => {
	const ctx = useEmulator();
	const flag = (extra: Record<string, unknown> = {}) =>
		({ resource: 'message', operation: 'flag', messageId: '', flaggedBy: byId('reporter-1'), reasonId: 'spam', ...extra }) as INodeParameters;
	let message: MessageRecord;

	/** A text message from spammer-1 to reporter-1, stored as POST /messages would store it. */
	const seedMessage = (sender: string, receiver: string, text: string) => seedTextMessage(ctx.emulator, sender, receiver, text);

	beforeEach(() => {
		for (const uid of ['reporter-1', 'reporter-2', 'spammer-1']) ctx.emulator.seedUser({ uid, name: uid.toUpperCase() });
		addReason(ctx.emulator.state, { id: 'spam', name: 'Spam / Unwanted Content', description: 'Repeated, promotional, or irrelevant content' });
		message = seedMessage('spammer-1', 'reporter-1', 'Win a free crypto giveaway!');
	});

	it('flags the message on behalf of the reporter, with reason and remark, and says so', async () => {
		const { items, error } = await run(ctx, flag({ messageId: message.id, options: { remark: 'Keeps sending me links' } }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: `/v3/messages/${message.id}/flagged`,
				body: { reasonId: 'spam', remark: 'Keeps sending me links' },
				headers: { 'content-type': 'application/json', onBehalfOf: 'reporter-1' },
			},
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([
			{
				messageId: message.id,
				flaggedBy: 'reporter-1',
				reasonId: 'spam',
				success: true,
				message: `Message with id ${message.id} has been flagged successfully.`,
			},
		]);
		const flagged = moderationStore(ctx.emulator.state).flagged.get(message.id);
		expect([...(flagged?.flags.values() ?? [])]).toEqual([
			{ uid: 'reporter-1', reasonId: 'spam', remark: 'Keeps sending me links', flaggedAt: expect.any(Number) },
		]);
	});

	it('sends no remark when none is given, and takes the message ID as a number from an expression', async () => {
		const { items, error } = await run(ctx, flag({ messageId: '={{ $json.id }}' }), { input: [{ json: { id: Number(message.id) } }] });
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests[0].body).toEqual({ reasonId: 'spam' });
		expect(items[0].json.messageId).toBe(message.id);
	});

	it('runs one flag per input item, each with its own reporter', async () => {
		const { items, error } = await run(ctx, flag({ messageId: message.id, flaggedBy: byId('={{ $json.uid }}') }), {
			input: [{ json: { uid: 'reporter-1' } }, { json: { uid: 'reporter-2' } }],
		});
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => r.headers.onbehalfof).sort()).toEqual(['reporter-1', 'reporter-2']);
		expect(items.map((item) => item.json.flaggedBy)).toEqual(['reporter-1', 'reporter-2']);
		expect([...(moderationStore(ctx.emulator.state).flagged.get(message.id)?.flags.keys() ?? [])].sort()).toEqual(['reporter-1', 'reporter-2']);
	});

	it.each([
		['a Message ID that is not a number', 'abc', 'reporter-1', 'spam', 'Message ID: "abc" is not a message ID; CometChat message IDs are whole numbers from 1, such as 2144 [item 0]'],
		['an empty Message ID', ' ', 'reporter-1', 'spam', 'Message ID: is empty [item 0]'],
		['a Message ID that is a list', ['1'], 'reporter-1', 'spam', 'Message ID: must be a single message ID, not an array [item 0]'],
		['an empty Flagged By', '1', '', 'spam', 'Flagged By: is empty [item 0]'],
		['a Flagged By with a space', '1', 'bad uid', 'spam', 'Flagged By: "bad uid" has characters CometChat does not allow'],
		['an empty Reason ID', '1', 'reporter-1', '', 'Reason ID: is empty [item 0]'],
		['a Reason ID with a slash', '1', 'reporter-1', '../spam', 'Reason ID: "../spam" has characters CometChat does not allow'],
	])('stops %s before any request', async (_case, messageId, uid, reasonId, text) => {
		await expectRefused(
			ctx,
			flag({ messageId: '={{ $json.messageId }}', flaggedBy: byId('={{ $json.uid }}'), reasonId: '={{ $json.reasonId }}' }),
			{ messageId, uid, reasonId },
			text,
		);
	});

	it('lets n8n refuse a static Flagged By that is not a UID before the run starts', async () => {
		const { error } = await run(ctx, flag({ messageId: message.id, flaggedBy: byId('bad uid') }));
		expect(error?.message).toContain("The 'CometChat' node has issues");
		expect(ctx.emulator.requests).toEqual([]);
	});

	it.each([
		['an unknown message', () => ({ messageId: '999' }), 'ERR_MESSAGE_ID_NOT_FOUND: The message with id 999 does not exist. [item 0]', '404'],
		['an unknown reason', () => ({ messageId: message.id, reasonId: 'nonsense' }), 'ERR_REASON_NOT_FOUND: The reason with id nonsense does not exist. [item 0]', '404'],
		[
			'an unknown reporter',
			() => ({ messageId: message.id, flaggedBy: byId('nobody') }),
			'ERR_UID_NOT_FOUND: The UID nobody does not exist, please make sure you have created a user with UID nobody. [item 0]',
			'404',
		],
	])('fails the item with CometChat\'s code and message for %s', async (_case, extra, text, status) => {
		const { error } = await run(ctx, flag(extra()));
		expect(ctx.emulator.requests).toHaveLength(1);
		expect(error?.message).toBe(text);
		expect(httpCode(error)).toBe(status);
		expect(moderationStore(ctx.emulator.state).flagged.size).toBe(0);
	});

	it('keeps going with Continue On Fail, one item per input', async () => {
		const { items, error } = await run(ctx, flag({ messageId: '={{ $json.id }}' }), {
			input: [{ json: { id: '999' } }, { json: { id: message.id } }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.error ?? item.json.success)).toEqual([
			'ERR_MESSAGE_ID_NOT_FOUND: The message with id 999 does not exist. [item 0]',
			true,
		]);
	});
});
