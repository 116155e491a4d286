import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { notificationStore } from '../emulator/routes/notifications';
import { expectRefused, expectRequest, httpCode, json, run, useEmulator } from '../helpers';

const pushToken = (operation: string, extra: Record<string, unknown> = {}) => ({ resource: 'pushToken', operation, ...extra }) as INodeParameters;
const PATH = '/v3/notifications/push/v1/tokens';
const FCM_TOKEN = 'dV5mC1x9Qk6bS2:APA91bHkQ-ZpX_7yTq0r';

describe('Push Token', () => {
	const ctx = useEmulator();
	const tokens = () => notificationStore(ctx.emulator.state).tokens;
	let phone: string;
	let tablet: string;

	beforeEach(() => {
		ctx.emulator.seedUser({ uid: 'cometchat-uid-1' });
		ctx.emulator.seedUser({ uid: 'cometchat-uid-2' });
		phone = ctx.emulator.state.addAuthToken('cometchat-uid-1').authToken;
		tablet = ctx.emulator.state.addAuthToken('cometchat-uid-1').authToken;
	});

	/** Registers through the emulator's store, as a device would have. */
	const seed = (authToken: string, pushToken: string, platform = 'fcm_android') =>
		tokens().push({ authToken, pushTokenType: 'chat', createdAt: '2024-03-11T07:27:59.412Z', platform, pushToken, uid: 'cometchat-uid-1', updatedAt: '2024-03-11T07:27:59.412Z' });

	describe('Register', () => {
		it('FCM: sends the token as fcmToken with the auth token and options', async () => {
			const { items, error } = await run(
				ctx,
				pushToken('register', { authToken: phone, platform: 'fcm_react_native_android', pushToken: ` ${FCM_TOKEN} `, options: { providerId: 'fcm-provider-2', timezone: 'Asia/Kolkata' } }),
			);
			expect(error).toBeUndefined();
			expectRequest(
				ctx.emulator.requests[0],
				{
					method: 'POST',
					path: PATH,
					body: { platform: 'fcm_react_native_android', fcmToken: FCM_TOKEN, authToken: phone, providerId: 'fcm-provider-2', timezone: 'Asia/Kolkata' },
					headers: { 'content-type': 'application/json' },
				},
				ctx.emulator.apiKey,
			);
			expect(json(items)).toEqual([{ success: true }]);
			expect(tokens()).toEqual([
				expect.objectContaining({ authToken: phone, platform: 'fcm_react_native_android', providerId: 'fcm-provider-2', pushToken: FCM_TOKEN, uid: 'cometchat-uid-1', pushTokenType: 'chat' }),
			]);
		});

		it.each([
			['apns_ios_device', 'deviceToken', 'chat'],
			['apns_flutter_voip', 'voipToken', 'voip'],
		])('%s: sends the token as %s', async (platform, key, type) => {
			const { error } = await run(ctx, pushToken('register', { authToken: phone, platform, pushToken: 'a1b2c3d4e5f6' }));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests[0].body).toEqual({ platform, [key]: 'a1b2c3d4e5f6', authToken: phone });
			expect(tokens()[0]).toMatchObject({ platform, pushTokenType: type });
		});

		it('fails the item with ERR_AUTH_TOKEN_NOT_FOUND (404) for an unknown auth token', async () => {
			const { error } = await run(ctx, pushToken('register', { authToken: 'cometchat-uid-1_gone', platform: 'fcm_web', pushToken: FCM_TOKEN }));
			expect(error?.message).toBe('ERR_AUTH_TOKEN_NOT_FOUND: Auth token does not exist. [item 0]');
			expect(httpCode(error)).toBe('404');
			expect(tokens()).toEqual([]);
		});

		it.each([
			['a token with a space', { pushToken: 'abc def' }, 'Push Token: is not a push token: it has spaces or "/"'],
			['an empty token', { pushToken: '' }, 'Push Token: is empty [item 0]'],
			['an unknown platform', { platform: 'huawei' }, 'Platform: "huawei" is not one of'],
			['an unknown time zone', { timezone: 'Moon/Base' }, 'Timezone: "Moon/Base" is not a time zone [item 0]'],
			['an auth token with a slash', { authToken: 'a/b' }, 'Auth Token: contains "/"'],
		])('stops %s before any request', async (_case, input, message) => {
			const parameters = pushToken('register', {
				authToken: 'authToken' in input ? '={{ $json.authToken }}' : phone,
				platform: 'platform' in input ? '={{ $json.platform }}' : 'fcm_android',
				pushToken: 'pushToken' in input ? '={{ $json.pushToken }}' : FCM_TOKEN,
				...('timezone' in input ? { options: { timezone: '={{ $json.timezone }}' } } : {}),
			});
			await expectRefused(ctx, parameters, input as IDataObject, message);
		});
	});

	describe('Get Many', () => {
		beforeEach(() => {
			seed(phone, 'token-phone-1');
			seed(phone, 'token-phone-2', 'apns_ios_voip');
			seed(tablet, 'token-tablet');
		});

		it('lists the tokens of the auth token, one item each', async () => {
			const { items, error } = await run(ctx, pushToken('getAll', { authToken: phone, returnAll: true }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: PATH, query: { authToken: phone, all: 'false' }, body: undefined }, ctx.emulator.apiKey);
			expect(json(items)).toEqual(tokens().slice(0, 2).map((t) => ({ ...t })));
		});

		it('with All Devices lists every token of the user; Limit trims', async () => {
			const all = await run(ctx, pushToken('getAll', { authToken: phone, all: true, returnAll: true }));
			expect(ctx.emulator.requests[0].query).toEqual({ authToken: phone, all: 'true' });
			expect(json(all.items).map((t) => t.pushToken)).toEqual(['token-phone-1', 'token-phone-2', 'token-tablet']);
			const limited = await run(ctx, pushToken('getAll', { authToken: phone, all: true, limit: 2 }));
			expect(ctx.emulator.requests[1].query).toEqual({ authToken: phone, all: 'true' });
			expect(json(limited.items).map((t) => t.pushToken)).toEqual(['token-phone-1', 'token-phone-2']);
		});

		it('stops All Devices that is not a switch before any request', async () => {
			const { error } = await run(ctx, pushToken('getAll', { authToken: phone, all: '={{ $json.all }}' }), { input: [{ json: { all: 'both' } }] });
			expect(error?.message).toBe('All Devices: must be true or false, not a string [item 0]');
			expect(ctx.emulator.requests).toEqual([]);
		});
	});

	describe('Unregister', () => {
		beforeEach(() => {
			seed(phone, 'token-phone');
			seed(tablet, 'token-tablet');
		});

		it('removes the tokens of the auth token (logout)', async () => {
			const { items, error } = await run(ctx, pushToken('unregister', { authToken: phone }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: PATH, query: { all: 'false' }, body: { authToken: phone } }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ deleted: true }]);
			expect(tokens().map((t) => t.pushToken)).toEqual(['token-tablet']);
		});

		it('with All Devices removes every token of the user', async () => {
			await run(ctx, pushToken('unregister', { authToken: phone, all: true }));
			expect(ctx.emulator.requests[0].query).toEqual({ all: 'true' });
			expect(tokens()).toEqual([]);
		});

		it('stops an empty auth token before any request', async () => {
			const { error } = await run(ctx, pushToken('unregister', { authToken: '={{ $json.t }}' }), { input: [{ json: { t: ' ' } }] });
			expect(error?.message).toContain('Auth Token: is empty');
			expect(ctx.emulator.requests).toEqual([]);
		});
	});

	describe('Delete', () => {
		it('removes one token, sent in the path', async () => {
			seed(phone, FCM_TOKEN);
			seed(phone, 'other');
			const { items, error } = await run(ctx, pushToken('delete', { pushToken: FCM_TOKEN, authToken: phone }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: `${PATH}/${encodeURIComponent(FCM_TOKEN)}`, body: { authToken: phone } }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ deleted: true }]);
			expect(tokens().map((t) => t.pushToken)).toEqual(['other']);
		});

		it('fails the item with ERR_TOKEN_NOT_FOUND (404) for a token the user does not have, the token cut out as a secret', async () => {
			const { error } = await run(ctx, pushToken('delete', { pushToken: 'unknown-token', authToken: phone }));
			expect(error?.message).toBe('ERR_TOKEN_NOT_FOUND: The push token [redacted] does not exist. [item 0]');
			expect(httpCode(error)).toBe('404');
		});

		it.each([['..'], ['a/b'], ['']])('stops the push token %j before any request', async (token) => {
			const { error } = await run(ctx, pushToken('delete', { pushToken: '={{ $json.t }}', authToken: phone }), { input: [{ json: { t: token } }] });
			expect(error?.message).toMatch(/^Push Token: /);
			expect(ctx.emulator.requests).toEqual([]);
		});
	});
});
