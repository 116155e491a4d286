import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { notificationStore } from '../emulator/routes/notifications';
import { byId, expectRefused, expectRequest, httpCode, json, run, useEmulator } from '../helpers';

const preference = (operation: string, extra: Record<string, unknown> = {}) =>
	({ resource: 'notificationPreference', operation, uid: byId('cometchat-uid-1'), ...extra }) as INodeParameters;

describe('Notification Preference', () => {
	const ctx = useEmulator();
	const store = () => notificationStore(ctx.emulator.state);
	const preferencesOf = (items: Array<{ json: IDataObject }>) => (items[0].json.preferences ?? {}) as Record<string, IDataObject>;

	beforeEach(() => {
		ctx.emulator.seedUser({ uid: 'cometchat-uid-1' });
		ctx.emulator.seedUser({ uid: 'cometchat-uid-2' });
		ctx.emulator.seedGroup({ guid: 'cometchat-guid-1' });
	});

	describe('Get', () => {
		it('sends the UID as the uid query parameter and returns the preferences', async () => {
			const { items, error } = await run(ctx, preference('get', { uid: byId(' cometchat-uid-1 ') }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/notifications/v1/preferences', query: { uid: 'cometchat-uid-1' }, body: undefined }, ctx.emulator.apiKey);
			expect(items).toHaveLength(1);
			expect(Object.keys(items[0].json)).toEqual(['preferences', 'sound', 'templates']);
			expect(preferencesOf(items).group).toMatchObject({ messagesSetting: 2, memberLeftSetting: 1 });
		});

		it('fails the item with ERR_UID_NOT_FOUND (404) for an unknown user', async () => {
			const { error } = await run(ctx, preference('get', { uid: byId('ghost') }));
			expect(error?.message).toBe('ERR_UID_NOT_FOUND: The UID ghost does not exist, please make sure you have created a user with UID ghost. [item 0]');
			expect(httpCode(error)).toBe('404');
		});

		it('stops a UID with a slash before any request', async () => {
			await expectRefused(ctx, preference('get', { uid: byId('={{ $json.uid }}') }), { uid: '../users' }, 'User: "../users" has characters CometChat does not allow');
		});
	});

	describe('Update', () => {
		it('sends each switch in its section, DND as 2 and the schedule by day, and returns the new preferences', async () => {
			const { items, error } = await run(
				ctx,
				preference('update', {
					updateFields: {
						groupMessages: 3,
						groupMemberJoined: 2,
						oneOnOneReactions: 2,
						dnd: true,
						schedule: { days: [{ day: 'saturday', from: 1000, to: 2200, dnd: false }, { day: 'sunday', from: 0, to: 2359, dnd: true }] },
						usePrivacyTemplate: true,
					},
				}),
			);
			expect(error).toBeUndefined();
			expectRequest(
				ctx.emulator.requests[0],
				{
					method: 'PATCH',
					path: '/v3/notifications/v1/preferences',
					query: { uid: 'cometchat-uid-1' },
					body: {
						groupPreferences: { groupMemberJoined: 2, groupMessages: 3 },
						oneOnOnePreferences: { oneOnOneReactions: 2 },
						mutePreferences: { dnd: 2, schedule: { saturday: { from: 1000, to: 2200, dnd: false }, sunday: { from: 0, to: 2359, dnd: true } } },
						usePrivacyTemplate: true,
					},
				},
				ctx.emulator.apiKey,
			);
			const { group, oneOnOne, mute } = preferencesOf(items);
			expect(group).toMatchObject({ messagesSetting: 3, memberJoinedSetting: 2, repliesSetting: 2 });
			expect(oneOnOne).toMatchObject({ reactionsSetting: 2 });
			expect(mute).toMatchObject({ dndPreferenceSetting: 2, schedulePreferenceSetting: { saturday: { from: 1000, to: 2200, dnd: false }, sunday: { from: 0, to: 2359, dnd: true } } });
			expect(store().preferences.get('cometchat-uid-1')).toMatchObject({ groupPreferences: { groupMessages: 3 }, dnd: 2, usePrivacyTemplate: true });
		});

		it('sends Do Not Disturb off as 1', async () => {
			await run(ctx, preference('update', { updateFields: { dnd: false } }));
			expect(ctx.emulator.requests[0].body).toEqual({ mutePreferences: { dnd: 1 } });
		});

		it.each([
			['no field', {}, 'Update Fields: is empty [item 0]'],
			['a code the switch does not have', { groupMemberLeft: 3 }, 'Group Member Left: "3" is not one of 1, 2 [item 0]'],
			['DND as text', { dnd: 'yes' }, 'Do Not Disturb: must be true or false, not a string [item 0]'],
		])('stops %s before any request', async (_case, updateFields, message) => {
			const fields = Object.fromEntries(Object.keys(updateFields).map((key) => [key, `={{ $json.${key} }}`]));
			await expectRefused(ctx, preference('update', { updateFields: fields }), updateFields as IDataObject, message);
		});

		// (n8n takes a Schedule's entries from the editor; their values can be expressions.)
		const day = (values: IDataObject) => ({ day: 'monday', from: 0, to: 2359, dnd: false, ...values });
		it.each([
			['a time that is not HHMM', [day({ from: '={{ $json.from }}' })], { from: 975 }, 'Schedule: monday: From must be a time written as HHMM'],
			['a time that is text', [day({ to: '={{ $json.to }}' })], { to: 'late' }, 'Schedule: monday: To must be a time written as HHMM'],
			['a day given twice', [day({}), day({ day: '={{ $json.day }}' })], { day: 'monday' }, 'Schedule: monday is given twice'],
			['a day that is not one', [day({ day: '={{ $json.day }}' })], { day: 'someday' }, 'Schedule: day 1: Day must be one of monday'],
			['Do Not Disturb as text', [day({ dnd: '={{ $json.dnd }}' })], { dnd: 'no' }, 'Schedule: monday: Do Not Disturb must be true or false'],
		])('stops a schedule with %s before any request', async (_case, days, input, message) => {
			await expectRefused(ctx, preference('update', { updateFields: { schedule: { days } } }), input as IDataObject, message);
		});

		it('stops an empty schedule before any request', async () => {
			await expectRefused(ctx, preference('update', { updateFields: { schedule: {} } }), {}, 'Schedule: has no day [item 0]');
		});
	});

	it('Reset removes the user\'s own choices and returns the app\'s defaults', async () => {
		await run(ctx, preference('update', { updateFields: { groupMessages: 1, dnd: true } }));
		ctx.emulator.requests.length = 0;
		const { items, error } = await run(ctx, preference('reset'));
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: '/v3/notifications/v1/preferences', query: { uid: 'cometchat-uid-1' }, body: undefined }, ctx.emulator.apiKey);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			groupPreferences: { groupMessages: 2, groupMemberLeft: 1 },
			oneOnOnePreferences: { oneOnOneMessages: 2 },
			mutePreferences: { dnd: 1, schedule: { monday: { from: 0, to: 2359, dnd: false } } },
			usePrivacyTemplate: false,
		});
		expect(store().preferences.has('cometchat-uid-1')).toBe(false);
	});

	describe('Timezone', () => {
		it('Update Timezone sends the zone and Get Timezone reads it back', async () => {
			const { items, error } = await run(ctx, preference('updateTimezone', { timezone: ' Asia/Tokyo ' }));
			expect(error).toBeUndefined();
			expectRequest(
				ctx.emulator.requests[0],
				{ method: 'PATCH', path: '/v3/notifications/v1/preferences/timezone', query: { uid: 'cometchat-uid-1' }, body: { timezone: 'Asia/Tokyo' } },
				ctx.emulator.apiKey,
			);
			expect(json(items)).toEqual([{ timezone: 'Asia/Tokyo' }]);
			expect(store().timezones.get('cometchat-uid-1')).toBe('Asia/Tokyo');

			const got = await run(ctx, preference('getTimezone'));
			expectRequest(ctx.emulator.requests[1], { method: 'GET', path: '/v3/notifications/v1/preferences/timezone', query: { uid: 'cometchat-uid-1' }, body: undefined }, ctx.emulator.apiKey);
			expect(json(got.items)).toEqual([{ timezone: 'Asia/Tokyo' }]);
		});

		it.each([
			['an unknown zone', 'Mars/Olympus', 'Timezone: "Mars/Olympus" is not a time zone [item 0]'],
			['an abbreviation', 'EST', 'Timezone: "EST" is an abbreviation, not a time zone name'],
			['an empty zone', ' ', 'Timezone: is empty [item 0]'],
		])('stops %s before any request', async (_case, timezone, message) => {
			await expectRefused(ctx, preference('updateTimezone', { timezone: '={{ $json.timezone }}' }), { timezone }, message);
		});

		it('Get Timezone fails the item for an unknown user', async () => {
			const { error } = await run(ctx, preference('getTimezone', { uid: byId('ghost') }));
			expect(error?.message).toMatch(/^ERR_UID_NOT_FOUND: /);
		});
	});

	describe('Mute, Get Muted Conversations, Unmute', () => {
		it('Mute sends one entry per conversation with Until in milliseconds', async () => {
			const until = '2099-06-01T12:00:00.000Z';
			const { items, error } = await run(
				ctx,
				preference('mute', { conversationType: 'group', conversations: 'cometchat-guid-1, Support-Team', options: { until } }),
			);
			expect(error).toBeUndefined();
			const ms = Date.parse(until);
			expectRequest(
				ctx.emulator.requests[0],
				{
					method: 'PUT',
					path: '/v3/notifications/v1/preferences/mute',
					query: { uid: 'cometchat-uid-1' },
					body: { conversations: [{ id: 'cometchat-guid-1', type: 'group', until: ms }, { id: 'Support-Team', type: 'group', until: ms }] },
				},
				ctx.emulator.apiKey,
			);
			expect(json(items)).toEqual([{ success: true }]);
			expect([...store().mutes.get('cometchat-uid-1')!.values()]).toEqual([
				{ id: 'cometchat-guid-1', type: 'group', until: ms },
				{ id: 'support-team', type: 'group', until: ms },
			]);
		});

		it('Mute without Until mutes until Unmute', async () => {
			await run(ctx, preference('mute', { conversations: 'cometchat-uid-2' }));
			expect(ctx.emulator.requests[0].body).toEqual({ conversations: [{ id: 'cometchat-uid-2', type: 'oneOnOne' }] });
		});

		it('Get Muted Conversations returns one item per conversation; Limit trims, Return All takes all', async () => {
			await run(ctx, preference('mute', { conversations: 'cometchat-uid-2, cometchat-uid-3, cometchat-uid-4' }));
			ctx.emulator.requests.length = 0;
			const all = await run(ctx, preference('getMuted', { returnAll: true }));
			expect(all.error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/notifications/v1/preferences/mute', query: { uid: 'cometchat-uid-1' }, body: undefined }, ctx.emulator.apiKey);
			expect(json(all.items)).toEqual([
				{ id: 'cometchat-uid-2', type: 'oneOnOne' },
				{ id: 'cometchat-uid-3', type: 'oneOnOne' },
				{ id: 'cometchat-uid-4', type: 'oneOnOne' },
			]);
			const limited = await run(ctx, preference('getMuted', { limit: 2 }));
			expect(ctx.emulator.requests[1].query).toEqual({ uid: 'cometchat-uid-1' });
			expect(json(limited.items).map((c) => c.id)).toEqual(['cometchat-uid-2', 'cometchat-uid-3']);
		});

		it('Get Muted Conversations of a user with none returns no items', async () => {
			const { items, error } = await run(ctx, preference('getMuted', { returnAll: true }));
			expect(error).toBeUndefined();
			expect(items).toEqual([]);
		});

		it('Unmute sends the conversations without Until and lets them through again', async () => {
			await run(ctx, preference('mute', { conversations: 'cometchat-uid-2, cometchat-uid-3' }));
			ctx.emulator.requests.length = 0;
			const { items, error } = await run(ctx, preference('unmute', { conversations: ['cometchat-uid-2'] }));
			expect(error).toBeUndefined();
			expectRequest(
				ctx.emulator.requests[0],
				{ method: 'DELETE', path: '/v3/notifications/v1/preferences/mute', query: { uid: 'cometchat-uid-1' }, body: { conversations: [{ id: 'cometchat-uid-2', type: 'oneOnOne' }] } },
				ctx.emulator.apiKey,
			);
			expect(json(items)).toEqual([{ success: true }]);
			expect([...store().mutes.get('cometchat-uid-1')!.keys()]).toEqual(['oneOnOne:cometchat-uid-3']);
		});

		it.each([
			['no conversation', { conversations: ' , ' }, 'Conversations: is empty; give at least one ID [item 0]'],
			['a GUID with a space', { conversations: 'support team' }, 'Conversations: "support team" has characters CometChat does not allow'],
			['an Until in the past', { conversations: 'cometchat-uid-2', until: '2001-01-01T00:00:00Z' }, 'Until: is in the past; give a time from the future [item 0]'],
			['an Until that is not a date', { conversations: 'cometchat-uid-2', until: 'soon' }, 'Until: "soon" is not a date [item 0]'],
			['an unknown conversation type', { conversations: 'cometchat-uid-2', conversationType: 'channel' }, 'Conversation Type: "channel" is not one of group, oneOnOne [item 0]'],
		])('Mute stops %s before any request', async (_case, input, message) => {
			const parameters = preference('mute', {
				conversations: '={{ $json.conversations }}',
				...('conversationType' in input ? { conversationType: '={{ $json.conversationType }}' } : {}),
				...('until' in input ? { options: { until: '={{ $json.until }}' } } : {}),
			});
			await expectRefused(ctx, parameters, input as IDataObject, message);
		});

		it('Unmute stops an empty list before any request', async () => {
			await expectRefused(ctx, preference('unmute', { conversations: '={{ $json.ids }}' }), { ids: [] }, 'Conversations: is empty');
		});
	});
});
