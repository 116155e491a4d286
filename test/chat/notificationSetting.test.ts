import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { errorBody } from '../emulator';
import { notificationStore } from '../emulator/routes/notifications';
import { expectRefused, expectRequest, json, run, useEmulator } from '../helpers';

const setting = (operation: string, extra: Record<string, unknown> = {}) => ({ resource: 'notificationSetting', operation, ...extra }) as INodeParameters;
type Settings = { preferences: Record<string, IDataObject>; sound: IDataObject; templates: Record<string, IDataObject> };

describe('Notification Setting', () => {
	const ctx = useEmulator();
	const settings = () => notificationStore(ctx.emulator.state).settings as unknown as Settings;

	it('Get returns the app\'s settings as CometChat gives them', async () => {
		const { items, error } = await run(ctx, setting('get'));
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/notifications/v1/settings', body: undefined }, ctx.emulator.apiKey);
		expect(json(items)).toEqual([settings()]);
		expect(items[0].json).toMatchObject({ sound: { chat: 'default', call: 'default' }, templates: { usePrivacyTemplate: 3 } });
	});

	describe('Update', () => {
		it('sends only the settings added, merged into preferences, sound and templates', async () => {
			const { items, error } = await run(
				ctx,
				setting('update', {
					updateFields: {
						preferences: '{"group": {"messagesSetting": 3, "memberJoinedSetting": 2}, "mute": {"schedulePreferenceSetting": {"sunday": {"from": 900, "to": 1730, "dnd": false}}}}',
						bypassPreferencesForMentions: true,
						chatSound: ' ping.caf ',
						templates: '{"textMessageTemplatePrivacy": {"body": "You have a new message"}}',
						usePrivacyTemplate: 2,
					},
				}),
			);
			expect(error).toBeUndefined();
			expectRequest(
				ctx.emulator.requests[0],
				{
					method: 'PATCH',
					path: '/v3/notifications/v1/settings',
					body: {
						preferences: {
							group: { messagesSetting: 3, memberJoinedSetting: 2 },
							mute: { schedulePreferenceSetting: { sunday: { from: 900, to: 1730, dnd: false } } },
							bypassPreferencesForMentions: true,
						},
						sound: { chat: 'ping.caf' },
						templates: { textMessageTemplatePrivacy: { body: 'You have a new message' }, usePrivacyTemplate: 2 },
					},
					headers: { 'content-type': 'application/json' },
				},
				ctx.emulator.apiKey,
			);
			expect(json(items)).toEqual([{ success: true }]);
			const after = settings();
			expect(after.preferences.group).toMatchObject({ messagesSetting: 3, memberJoinedSetting: 2, repliesSetting: 2 });
			expect(after.preferences.mute.schedulePreferenceSetting).toMatchObject({ sunday: { from: 900, to: 1730, dnd: false }, monday: { from: 0, to: 2359, dnd: false } });
			expect(after.preferences.bypassPreferencesForMentions).toBe(true);
			expect(after.sound).toEqual({ chat: 'ping.caf', call: 'default' });
			expect(after.templates.textMessageTemplatePrivacy).toMatchObject({ body: 'You have a new message', titleOneOnOne: '{{message.data.entities.sender.entity.name}}' });
			expect(after.templates.usePrivacyTemplate).toBe(2);
		});

		it('takes the preferences Get returns back (a Get → Update round trip)', async () => {
			const { items: [got] } = await run(ctx, setting('get'));
			ctx.emulator.requests.length = 0;
			const preferences = (got.json as unknown as Settings).preferences;
			const { error } = await run(ctx, setting('update', { updateFields: { preferences: JSON.stringify(preferences) } }));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests[0].body).toEqual({ preferences });
		});

		it.each([
			['no field', {}, 'Update Fields: is empty [item 0]'],
			['an unknown section', { preferences: '{"groups": {}}' }, 'Preferences (JSON): "groups" is not a section; use bypassPreferencesForMentions, call'],
			['an unknown setting', { preferences: '{"group": {"messageSetting": 2}}' }, 'Preferences (JSON): "group.messageSetting" is not a setting CometChat knows'],
			['a code out of range', { preferences: '{"call": {"initiatedSetting": 3}}' }, 'Preferences (JSON): call.initiatedSetting must be one of 1, 2 [item 0]'],
			['a bad schedule time', { preferences: '{"mute": {"schedulePreferenceSetting": {"monday": {"from": 2460}}}}' }, 'schedulePreferenceSetting monday.from must be a time written as HHMM'],
			['preferences that are not JSON', { preferences: '{group:' }, 'Preferences (JSON): is not valid JSON'],
			['an unknown template', { templates: '{"textTemplateDefault": {"body": "x"}}' }, 'Templates (JSON): "textTemplateDefault" is not a template CometChat knows'],
			['a template text that is a number', { templates: '{"smsContentTemplateDefault": {"bodyGroup": 5}}' }, 'Templates (JSON): smsContentTemplateDefault.bodyGroup must be text'],
			['an empty sound', { chatSound: '  ' }, 'Chat Sound: is empty [item 0]'],
			['an unknown template mode', { usePrivacyTemplate: 4 }, 'Template Mode: "4" is not one of 1, 3, 2 [item 0]'],
		])('stops %s before any request', async (_case, updateFields, message) => {
			const fields = Object.fromEntries(Object.keys(updateFields).map((key) => [key, `={{ $json.${key} }}`]));
			await expectRefused(ctx, setting('update', { updateFields: fields }), updateFields as IDataObject, message);
		});

		it('passes on CometChat\'s validation error with its details', async () => {
			ctx.emulator.failNext({
				status: 400,
				body: errorBody('ERR_BAD_REQUEST', 'Failed to validate the data sent with the request.', { 'preferences.email.maxPerDay': ['The maxPerDay may not be greater than 100.'] }),
			});
			const { error } = await run(ctx, setting('update', { updateFields: { preferences: '{"email": {"maxPerDay": 500}}' } }));
			expect(error?.message).toBe('ERR_BAD_REQUEST: Failed to validate the data sent with the request. [item 0]');
			expect((error as { description?: string }).description).toContain('preferences.email.maxPerDay: The maxPerDay may not be greater than 100.');
			expect(settings().preferences.email.maxPerDay).toBe(20);
		});
	});

	it('Reset sets everything back to CometChat\'s defaults', async () => {
		await run(ctx, setting('update', { updateFields: { chatSound: 'ping.caf', usePrivacyTemplate: 2 } }));
		expect(settings().sound.chat).toBe('ping.caf');
		ctx.emulator.requests.length = 0;
		const { items, error } = await run(ctx, setting('reset'));
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: '/v3/notifications/v1/settings', body: undefined }, ctx.emulator.apiKey);
		expect(json(items)).toEqual([{ success: true }]);
		expect(settings().sound.chat).toBe('default');
		expect(settings().templates.usePrivacyTemplate).toBe(3);
	});
});
