import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { errorBody } from '../emulator';
import { notificationStore } from '../emulator/routes/notifications';
import { expectRefused, expectRequest, json, run, useEmulator } from '../helpers';

const logs = (extra: Record<string, unknown> = {}) => ({ resource: 'notificationLog', operation: 'getAll', ...extra }) as INodeParameters;
const PATH = '/v3/notifications/v1/logs';

describe('Notification Log', () => {
	const ctx = useEmulator();
	const store = () => notificationStore(ctx.emulator.state);

	/** A log like the spec's example; the newest is added last (the list is newest first). */
	const addLog = (n: number, extra: IDataObject = {}) =>
		store().addLog({
			processingStartedAtMS: 1742980459696 + n,
			channel: 'push',
			provider: 'apns',
			messageId: 3900 + n,
			trigger: 'after_message',
			messageSentAtMS: 1742980459000 + n * 1000,
			sender: 'cometchat-uid-4',
			receiver: 'cometchat-guid-1',
			receiverType: 'group',
			member: 'cometchat-uid-1',
			tokenType: 'apns_ios_device',
			pushToken: 'pushtoken123',
			providerId: 'apns-provider',
			notificationTriggered: true,
			success: true,
			...extra,
		});
	const seed = (count: number) => Array.from({ length: count }, (_, i) => addLog(i)).reverse();

	it('Return All follows the cursor over several pages of 20, in CometChat\'s order', async () => {
		const all = seed(45);
		const { items, error } = await run(ctx, logs({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(3);
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: PATH, body: undefined }, ctx.emulator.apiKey);
		expect(ctx.emulator.requests[1].query).toEqual({ affix: 'append', logId: all[19]._id });
		expect(ctx.emulator.requests[2].query).toEqual({ affix: 'append', logId: all[39]._id });
		expect(json(items)).toEqual(all);
	});

	it('Limit stops paging once it has enough', async () => {
		const all = seed(45);
		const { items } = await run(ctx, logs({ limit: 25 }));
		expect(ctx.emulator.requests).toHaveLength(2);
		expect(json(items)).toEqual(all.slice(0, 25));

		ctx.emulator.requests.length = 0;
		const first = await run(ctx, logs({ limit: 20 }));
		expect(ctx.emulator.requests).toHaveLength(1);
		expect(first.items).toHaveLength(20);
	});

	it('a full last page ends with the empty page after it', async () => {
		seed(20);
		const { items } = await run(ctx, logs({ returnAll: true }));
		expect(items).toHaveLength(20);
		expect(ctx.emulator.requests).toHaveLength(2);
		expect(ctx.emulator.requests[1].query.affix).toBe('append');
	});

	it('with no logs returns no items', async () => {
		const { items, error } = await run(ctx, logs({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
		expect(ctx.emulator.requests).toHaveLength(1);
	});

	it('sends every filter as CometChat names it, dates as Unix milliseconds', async () => {
		const match = addLog(1, { reactionId: 69, trigger: 'message_reaction_added', reactionSender: 'cometchat-uid-1', reactionReceiver: 'cometchat-uid-4', notificationTriggered: false, reason: 'MUTE_PREFERENCE', messageType: 'text' });
		addLog(2, { channel: 'email' });
		const filters = {
			channel: 'push',
			from: '2025-03-26T09:14:00.000Z',
			member: 'cometchat-uid-1',
			messageId: '3901',
			messageType: 'text',
			notificationTriggered: false,
			provider: 'apns',
			reactionId: '69',
			reactionReceiver: 'cometchat-uid-4',
			reactionSender: 'cometchat-uid-1',
			reason: 'MUTE_PREFERENCE',
			receiver: 'cometchat-guid-1',
			receiverType: 'group',
			sender: 'cometchat-uid-4',
			success: true,
			to: '2025-03-26T09:15:00.000Z',
			trigger: 'message_reaction_added',
		};
		const { items, error } = await run(ctx, logs({ returnAll: true, filters }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests[0].query).toEqual({
			...filters,
			from: String(Date.parse(filters.from)),
			to: String(Date.parse(filters.to)),
			notificationTriggered: 'false',
			success: 'true',
		});
		expect(json(items)).toEqual([match]);
	});

	it.each([
		['a message ID that is not a number', { messageId: 'abc' }, 'Message ID: "abc" is not a message ID'],
		['a sender with a space', { sender: 'a b' }, 'Sender: "a b" has characters CometChat does not allow'],
		['a date that is not one', { from: 'yesterday-ish' }, 'From: "yesterday-ish" is not a date [item 0]'],
		['an unknown channel', { channel: 'fax' }, 'Channel: "fax" is not one of email, push, sms [item 0]'],
		['a Success that is not a switch', { success: 'maybe' }, 'Success: must be true or false, not a string [item 0]'],
	])('stops %s before any request', async (_case, filters, message) => {
		const fields = Object.fromEntries(Object.keys(filters).map((key) => [key, `={{ $json.${key} }}`]));
		await expectRefused(ctx, logs({ returnAll: true, filters: fields }), filters as IDataObject, message);
	});

	it('stops a Limit that is not a whole number before any request', async () => {
		const { error } = await run(ctx, logs({ limit: '={{ $json.limit }}' }), { input: [{ json: { limit: 2.5 } }] });
		expect(error?.message).toBe('Limit: must be a whole number of at least 1, not 2.5 [item 0]');
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('passes on a CometChat error on a later page', async () => {
		seed(30);
		ctx.emulator.failNext({ status: 400, body: errorBody('ERR_BAD_REQUEST', 'Failed to validate the data sent with the request.', { logId: ['The selected logId is invalid.'] }), after: 1 });
		const { error } = await run(ctx, logs({ returnAll: true }));
		expect(ctx.emulator.requests).toHaveLength(2);
		expect(error?.message).toBe('ERR_BAD_REQUEST: Failed to validate the data sent with the request. [item 0]');
		expect((error as { description?: string }).description).toContain('logId: The selected logId is invalid.');
	});
});
