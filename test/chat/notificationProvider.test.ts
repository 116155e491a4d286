import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { errorBody } from '../emulator';
import { notificationStore } from '../emulator/routes/notifications';
import { expectRefused, expectRequest, httpCode, json, run, useEmulator } from '../helpers';

const provider = (operation: string, extra: Record<string, unknown> = {}) => ({ resource: 'notificationProvider', operation, ...extra }) as INodeParameters;
const BASE = '/v3/notifications';

const PRIVATE_KEY = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7secret\n-----END PRIVATE KEY-----\n';
const SERVICE_ACCOUNT = {
	type: 'service_account',
	project_id: 'chat-app-1234',
	private_key_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
	private_key: PRIVATE_KEY,
	client_email: 'firebase-adminsdk@chat-app-1234.iam.gserviceaccount.com',
	client_id: '101234567890',
	token_uri: 'https://oauth2.googleapis.com/token',
};
const P8_BODY = 'MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQgF4kTHqVxJZ8s3cR2nYw0aP1bLm6QvE9uDf5gHjK7sXegCgYIKoZIzj0DAQehRANCAAT';
const P8_ONE_LINE = `-----BEGIN PRIVATE KEY----- ${P8_BODY} -----END PRIVATE KEY-----`;
const P8_KEY = `-----BEGIN PRIVATE KEY-----\n${P8_BODY.slice(0, 64)}\n${P8_BODY.slice(64)}\n-----END PRIVATE KEY-----`;
const TWILIO = { twilioAccountSID: 'AC91e67951ff7e5e7be8122184e76ae0e6', twilioAuthToken: '71c2301435733997e83db7a3445bc570', twilioSenderPhoneNumber: '+13611364718' };
const SENDGRID_KEY = 'SG.9ipFP4b17yT-Fff2GGrH8FF0GqdkBohXAEI4GnTSj9Q';

describe('Notification Provider', () => {
	const ctx = useEmulator();
	const store = () => notificationStore(ctx.emulator.state);
	const seedFcm = (providerId: string, isDefault = false) =>
		store().listed.fcm.set(providerId, { providerId, serviceAccountCreds: { project_id: 'p', client_email: 'c@p.iam.gserviceaccount.com', private_key: PRIVATE_KEY, private_key_id: 'k1' }, isDefault });

	describe('Create', () => {
		it('FCM: sends the Provider ID and the four keys of the service account file; Options as given', async () => {
			const { items, error } = await run(
				ctx,
				provider('create', {
					provider: 'fcm',
					providerId: ' fcm-provider-1 ',
					serviceAccountJson: JSON.stringify(SERVICE_ACCOUNT, null, 2),
					options: { serviceAccountFilename: 'chat-app-firebase.json', notificationInPayload: ['android.call', 'ios.chat'] },
				}),
			);
			expect(error).toBeUndefined();
			const body = {
				providerId: 'fcm-provider-1',
				serviceAccountCreds: {
					project_id: 'chat-app-1234',
					client_email: 'firebase-adminsdk@chat-app-1234.iam.gserviceaccount.com',
					private_key: PRIVATE_KEY,
					private_key_id: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
				},
				notificationInPayload: { ios: { chat: true, call: false }, android: { chat: false, call: true }, web: { chat: false, call: false } },
				serviceAccountFilename: 'chat-app-firebase.json',
			};
			expectRequest(ctx.emulator.requests[0], { method: 'POST', path: `${BASE}/push/v1/providers/fcm`, body, headers: { 'content-type': 'application/json' } }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ success: true }]);
			expect(store().listed.fcm.get('fcm-provider-1')).toEqual({ ...body, isDefault: true });
		});

		it('APNs: sends the key details, with the .p8 key\'s line breaks restored', async () => {
			const { items, error } = await run(
				ctx,
				provider('create', {
					provider: 'apns',
					providerId: 'apns-provider',
					keyId: '2X9R4HXF34',
					teamId: '4SZNX98H3L',
					bundleId: 'com.example.chat',
					p8Key: P8_ONE_LINE,
					productionMode: true,
					options: { includeMutableContent: true, p8KeyFilename: 'AuthKey_2X9R4HXF34.p8' },
				}),
			);
			expect(error).toBeUndefined();
			expectRequest(
				ctx.emulator.requests[0],
				{
					method: 'POST',
					path: `${BASE}/push/v1/providers/apns`,
					body: {
						providerId: 'apns-provider',
						keyId: '2X9R4HXF34',
						teamId: '4SZNX98H3L',
						bundleId: 'com.example.chat',
						p8Key: P8_KEY,
						productionMode: true,
						includeMutableContent: true,
						p8KeyFilename: 'AuthKey_2X9R4HXF34.p8',
					},
				},
				ctx.emulator.apiKey,
			);
			expect(json(items)).toEqual([{ success: true }]);
			expect(store().listed.apns.get('apns-provider')).toMatchObject({ p8Key: P8_KEY, isDefault: true });
		});

		it('Twilio: saves the credentials; the output hides the auth token', async () => {
			const { items, error } = await run(ctx, provider('create', { provider: 'twilio', ...TWILIO, isEnabled: true }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'POST', path: `${BASE}/sms/v1/providers/twilio`, body: { ...TWILIO, isEnabled: true } }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ ...TWILIO, twilioAuthToken: '[redacted]', isEnabled: true }]);
			expect(store().single.get('twilio')).toEqual({ ...TWILIO, isEnabled: true });
		});

		it('SendGrid: sends the reply address only when replies are allowed; the output hides the key and gives the replies webhook', async () => {
			const sendgrid = {
				sendGridApiKey: SENDGRID_KEY,
				sendGridTemplateID: 'd-8284bb9646a040499d5cfa28d272a094',
				sendGridUnsubscribeGroupID: '33832',
				senderName: 'Emailer',
				senderEmail: 'noreply@em123.example.com',
			};
			const { items, error } = await run(
				ctx,
				provider('create', { provider: 'sendgrid', ...sendgrid, allowEmailReplies: true, senderEmailForReplies: 'reply@em123.example.com', isEnabled: false }),
			);
			expect(error).toBeUndefined();
			const body = { ...sendgrid, allowEmailReplies: true, senderEmailForReplies: 'reply@em123.example.com', isEnabled: false };
			expectRequest(ctx.emulator.requests[0], { method: 'POST', path: `${BASE}/email/v1/providers/sendgrid`, body }, ctx.emulator.apiKey);
			const saved = store().single.get('sendgrid')!;
			expect(json(items)).toEqual([{ ...body, sendGridApiKey: '[redacted]', repliesWebhook: saved.repliesWebhook }]);
			expect(saved.repliesWebhook).toMatch(/^https:\/\/notifications-us\.cometchat\.io\/email\/v1\/sendgrid\/replies\?token=/);

			await run(ctx, provider('create', { provider: 'sendgrid', ...sendgrid, allowEmailReplies: false, senderEmailForReplies: 'ignored@example.com' }));
			expect(ctx.emulator.requests[1].body).toEqual({ ...sendgrid, allowEmailReplies: false, isEnabled: true });
		});

		it('Custom push: with Basic Auth; the output lists the provider with its password hidden', async () => {
			const { items, error } = await run(
				ctx,
				provider('create', { provider: 'customPush', webhookURL: 'https://example.com/push', useBasicAuth: true, basicAuthUsername: 'cometchat', basicAuthPassword: 'p4ssw0rd!' }),
			);
			expect(error).toBeUndefined();
			const body = { webhookURL: 'https://example.com/push', useBasicAuth: true, basicAuthUsername: 'cometchat', basicAuthPassword: 'p4ssw0rd!', isEnabled: true };
			expectRequest(ctx.emulator.requests[0], { method: 'POST', path: `${BASE}/push/v1/providers/custom`, body }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ ...body, basicAuthPassword: '[redacted]' }]);
			expect(store().single.get('customPush')).toEqual(body);
		});

		it.each([
			['customSms', '/sms/v1/providers/custom', 'useStoredPhNo'],
			['customEmail', '/email/v1/providers/custom', 'useStoredEmailID'],
		])('%s: without Basic Auth the pair is sent empty, as the spec requires it', async (kind, path, stored) => {
			const { items, error } = await run(ctx, provider('create', { provider: kind, webhookURL: 'https://example.com/notify', useBasicAuth: false, [stored]: true }));
			expect(error).toBeUndefined();
			const body = { webhookURL: 'https://example.com/notify', useBasicAuth: false, [stored]: true, isEnabled: true, basicAuthUsername: '', basicAuthPassword: '' };
			expectRequest(ctx.emulator.requests[0], { method: 'POST', path: `${BASE}${path}`, body }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([body]);
			expect(store().single.get(kind as 'customSms')).toEqual(body);
		});

		it('passes on ERR_PROVIDER_ALREADY_EXISTS for a Provider ID in use', async () => {
			seedFcm('fcm-provider-1');
			const { error } = await run(ctx, provider('create', { provider: 'fcm', providerId: 'fcm-provider-1', serviceAccountJson: JSON.stringify(SERVICE_ACCOUNT) }));
			expect(error?.message).toBe('ERR_PROVIDER_ALREADY_EXISTS: A provider with the providerId fcm-provider-1 already exists. [item 0]');
			expect(httpCode(error)).toBe('400');
		});

		const secretCases: Array<[string, IDataObject, string, string]> = [
			['a service account that is not JSON', { provider: 'fcm', providerId: 'p1', serviceAccountJson: `{"private_key": "${'s3cr3t'.repeat(5)}"` }, 'Service Account JSON: is not valid JSON [item 0]', 's3cr3t'],
			['a service account without private_key', { provider: 'fcm', providerId: 'p1', serviceAccountJson: JSON.stringify({ ...SERVICE_ACCOUNT, private_key: undefined }) }, 'Service Account JSON: has no private_key [item 0]', 'chat-app-1234'],
			['a service account with a key that is not PEM', { provider: 'fcm', providerId: 'p1', serviceAccountJson: JSON.stringify({ ...SERVICE_ACCOUNT, private_key: 'hunter2hunter2' }) }, 'Service Account JSON: has a private_key that is not a PEM private key [item 0]', 'hunter2'],
			['a .p8 key that is not one', { provider: 'apns', providerId: 'p1', keyId: '2X9R4HXF34', teamId: '4SZNX98H3L', bundleId: 'com.example.chat', p8Key: 'MIGTAgEAMBMGsecret' }, 'P8 Key: is not the text of a .p8 key file', 'MIGTAgEAMBMGsecret'],
			['a SendGrid key without SG.', { provider: 'sendgrid', sendGridApiKey: 'xx.secretsecret', sendGridTemplateID: 't', sendGridUnsubscribeGroupID: '1', senderName: 'n', senderEmail: 'a@example.com' }, 'API Key: is not a SendGrid API key; those start with "SG." [item 0]', 'secretsecret'],
			['a Twilio auth token that is an object', { provider: 'twilio', ...TWILIO, twilioAuthToken: { token: 'secretsecret' } }, 'Auth Token: must be text, not an object [item 0]', 'secretsecret'],
		];
		it.each(secretCases)('stops %s before any request, without repeating the secret', async (_case, input, message, secret) => {
			const fields = Object.fromEntries(Object.keys(input).filter((key) => key !== 'provider').map((key) => [key, `={{ $json.${key} }}`]));
			const { error } = await expectRefused(ctx, provider('create', { provider: input.provider, ...fields }), input, message);
			expect(JSON.stringify({ message: error?.message, description: (error as { description?: string }).description })).not.toContain(secret);
		});

		const apns = { provider: 'apns', providerId: 'p1', keyId: '2X9R4HXF34', teamId: '4SZNX98H3L', bundleId: 'com.example.chat', p8Key: P8_KEY };
		const sendgrid = { provider: 'sendgrid', sendGridApiKey: SENDGRID_KEY, sendGridTemplateID: 't', sendGridUnsubscribeGroupID: '1', senderName: 'n', senderEmail: 'a@example.com', allowEmailReplies: false };
		const custom = { provider: 'customPush', webhookURL: 'https://example.com', useBasicAuth: true, basicAuthUsername: 'u', basicAuthPassword: 'secretpass' };
		it.each([
			['a Key ID of the wrong length', apns, { keyId: '2X9R4' }, 'Key ID: "2X9R4" is not a Key ID (10 letters and digits) [item 0]'],
			['a bundle ID without a dot', apns, { bundleId: 'chat' }, 'Bundle ID: "chat" is not a bundle ID such as com.example.chat [item 0]'],
			['a Provider ID with a slash', { provider: 'fcm', serviceAccountJson: JSON.stringify(SERVICE_ACCOUNT) }, { providerId: 'a/b' }, 'Provider ID: "a/b" is not a provider ID'],
			['a Twilio SID that is not one', { provider: 'twilio', ...TWILIO }, { twilioAccountSID: 'SK123' }, 'Account SID: "SK123" is not a Twilio Account SID'],
			['a sender number without country code', { provider: 'twilio', ...TWILIO }, { twilioSenderPhoneNumber: '3611364718' }, 'Sender Phone Number: "3611364718" is not a phone number with its country code'],
			['a reply address that is not one', { ...sendgrid, allowEmailReplies: true }, { senderEmailForReplies: 'reply' }, 'Sender Email for Replies: "reply" is not an e-mail address'],
			['an unsubscribe group that is not a number', sendgrid, { sendGridUnsubscribeGroupID: 'group-1' }, 'Unsubscribe Group ID: "group-1" is not an unsubscribe group ID (digits)'],
			['a webhook URL without scheme', custom, { webhookURL: 'example.com/push' }, 'Webhook URL: "example.com/push" is not a URL starting with https:// or http://'],
			['an empty Basic Auth username', custom, { basicAuthUsername: ' ' }, 'Basic Auth Username: is empty [item 0]'],
			['Enabled as text', { provider: 'twilio', ...TWILIO }, { isEnabled: 'yes' }, 'Enabled: must be true or false, not a string [item 0]'],
		])('stops %s before any request', async (_case, fixed, input, message) => {
			const fields = Object.fromEntries(Object.keys(input).map((key) => [key, `={{ $json.${key} }}`]));
			await expectRefused(ctx, provider('create', { ...fixed, ...fields }), input as IDataObject, message);
		});
	});

	describe('Get', () => {
		it('FCM: one item per provider, private keys hidden', async () => {
			seedFcm('fcm-a', true);
			seedFcm('fcm-b');
			const { items, error } = await run(ctx, provider('get', { provider: 'fcm' }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `${BASE}/push/v1/providers/fcm`, body: undefined }, ctx.emulator.apiKey);
			const hidden = { project_id: 'p', client_email: 'c@p.iam.gserviceaccount.com', private_key: '[redacted]', private_key_id: 'k1' };
			expect(json(items)).toEqual([
				{ providerId: 'fcm-a', serviceAccountCreds: hidden, isDefault: true },
				{ providerId: 'fcm-b', serviceAccountCreds: hidden, isDefault: false },
			]);
		});

		it('Twilio: the credentials as CometChat returns them with Include Secrets on, hidden without', async () => {
			store().single.set('twilio', { ...TWILIO, isEnabled: true });
			const shown = await run(ctx, provider('get', { provider: 'twilio', options: { includeSecrets: true } }));
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `${BASE}/sms/v1/providers/twilio`, body: undefined }, ctx.emulator.apiKey);
			expect(json(shown.items)).toEqual([{ ...TWILIO, isEnabled: true }]);
			const hidden = await run(ctx, provider('get', { provider: 'twilio' }));
			expect(json(hidden.items)).toEqual([{ ...TWILIO, twilioAuthToken: '[redacted]', isEnabled: true }]);
		});

		it.each([
			['apns', '/push/v1/providers/apns'],
			['customPush', '/push/v1/providers/custom'],
		])('%s with none set up returns no items', async (kind, path) => {
			const { items, error } = await run(ctx, provider('get', { provider: kind }));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests[0].path).toBe(`${BASE}${path}`);
			expect(items).toEqual([]);
		});

		it.each([
			['sendgrid', '/email/v1/providers/sendgrid', 'SendGrid'],
			['customSms', '/sms/v1/providers/custom', 'custom SMS'],
			['customEmail', '/email/v1/providers/custom', 'custom email'],
		])('%s not set up fails the item with ERR_PROVIDER_NOT_FOUND (404)', async (kind, path, name) => {
			const { error } = await run(ctx, provider('get', { provider: kind }));
			expect(ctx.emulator.requests[0].path).toBe(`${BASE}${path}`);
			expect(error?.message).toBe(`ERR_PROVIDER_NOT_FOUND: The ${name} provider does not exist. [item 0]`);
			expect(httpCode(error)).toBe('404');
		});

		it('stops Include Secrets that is not a switch, after the request and before any output', async () => {
			store().single.set('twilio', { ...TWILIO });
			const { error, items } = await run(ctx, provider('get', { provider: 'twilio', options: { includeSecrets: '={{ $json.show }}' } }), { input: [{ json: { show: 'yes' } }] });
			expect(error?.message).toBe('Include Secrets: must be true or false, not a string [item 0]');
			expect(items).toEqual([]);
		});
	});

	describe('Update', () => {
		it('FCM: sends the Provider ID with the fields to change', async () => {
			seedFcm('fcm-provider-1', true);
			const { items, error } = await run(
				ctx,
				provider('update', { provider: 'fcm', providerId: 'fcm-provider-1', updateFields: { notificationInPayload: ['web.chat'], serviceAccountFilename: 'new.json' } }),
			);
			expect(error).toBeUndefined();
			const payload = { ios: { chat: false, call: false }, android: { chat: false, call: false }, web: { chat: true, call: false } };
			expectRequest(
				ctx.emulator.requests[0],
				{ method: 'PUT', path: `${BASE}/push/v1/providers/fcm`, body: { providerId: 'fcm-provider-1', notificationInPayload: payload, serviceAccountFilename: 'new.json' } },
				ctx.emulator.apiKey,
			);
			expect(json(items)).toEqual([{ success: true }]);
			expect(store().listed.fcm.get('fcm-provider-1')).toMatchObject({ notificationInPayload: payload, serviceAccountFilename: 'new.json', isDefault: true });
		});

		it('Twilio: sends only what changes; the rest stays', async () => {
			store().single.set('twilio', { ...TWILIO, isEnabled: true });
			const { items, error } = await run(ctx, provider('update', { provider: 'twilio', updateFields: { twilioAuthToken: 'f00dbabef00dbabef00dbabef00dbabe', isEnabled: false } }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'PUT', path: `${BASE}/sms/v1/providers/twilio`, body: { twilioAuthToken: 'f00dbabef00dbabef00dbabef00dbabe', isEnabled: false } }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ ...TWILIO, twilioAuthToken: '[redacted]', isEnabled: false }]);
			expect(store().single.get('twilio')).toEqual({ ...TWILIO, twilioAuthToken: 'f00dbabef00dbabef00dbabef00dbabe', isEnabled: false });
		});

		it('APNs: fails the item with ERR_PROVIDER_NOT_FOUND for an unknown Provider ID', async () => {
			const { error } = await run(ctx, provider('update', { provider: 'apns', providerId: 'ghost', updateFields: { productionMode: true } }));
			expect(ctx.emulator.requests[0].body).toEqual({ providerId: 'ghost', productionMode: true });
			expect(error?.message).toBe('ERR_PROVIDER_NOT_FOUND: The APNS ghost provider does not exist. [item 0]');
		});

		it('cuts a secret CometChat repeats in an error out of the message', async () => {
			const token = 'f00dbabef00dbabef00dbabef00dbabe';
			ctx.emulator.failNext({ status: 400, body: errorBody('ERR_BAD_REQUEST', `Twilio refused the auth token ${token}.`, { twilioAuthToken: [`${token} is invalid`] }) });
			// From an expression, so that not even the node's parameters (which n8n keeps in its errors) hold it.
			const { error } = await run(ctx, provider('update', { provider: 'twilio', updateFields: { twilioAuthToken: '={{ $json.token }}' } }), { input: [{ json: { token } }] });
			expect(ctx.emulator.requests[0].body).toEqual({ twilioAuthToken: token });
			expect(error?.message).toBe('ERR_BAD_REQUEST: Twilio refused the auth token [redacted]. [item 0]');
			expect((error as { description?: string }).description).toContain('twilioAuthToken: [redacted] is invalid');
			expect(JSON.stringify(error)).not.toContain(token);
		});

		it('cuts the private key of a service account out of an error', async () => {
			ctx.emulator.failNext({ status: 400, body: errorBody('ERR_BAD_REQUEST', `Invalid key: ${PRIVATE_KEY}`) });
			const { error } = await run(ctx, provider('update', { provider: 'fcm', providerId: 'p1', updateFields: { serviceAccountJson: JSON.stringify(SERVICE_ACCOUNT) } }));
			expect(error?.message).toBe('ERR_BAD_REQUEST: Invalid key: [redacted] [item 0]');
		});

		it.each([
			['no field', { provider: 'twilio' }, {}, 'Update Fields: is empty [item 0]'],
			['an e-mail that is not one', { provider: 'sendgrid' }, { senderEmail: 'noreply' }, 'Sender Email: "noreply" is not an e-mail address'],
			['no Provider ID', { provider: 'apns', providerId: '' }, { productionMode: true }, 'Provider ID: is empty [item 0]'],
		])('stops %s before any request', async (_case, top, updateFields, message) => {
			const fields = Object.fromEntries(Object.keys(updateFields).map((key) => [key, `={{ $json.${key} }}`]));
			const parameters = provider('update', { ...top, ...('providerId' in top ? { providerId: '={{ $json.providerId }}' } : {}), updateFields: fields });
			const { error } = await run(ctx, parameters, { input: [{ json: { ...updateFields, ...top } as IDataObject }] });
			expect(error?.message).toContain(message);
			expect(ctx.emulator.requests).toEqual([]);
		});
	});

	describe('Delete', () => {
		it('FCM: deletes the provider by its ID', async () => {
			seedFcm('fcm-a');
			seedFcm('fcm-b');
			const { items, error } = await run(ctx, provider('delete', { provider: 'fcm', providerId: ' fcm-a ' }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: `${BASE}/push/v1/providers/fcm/fcm-a`, body: undefined }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ deleted: true }]);
			expect([...store().listed.fcm.keys()]).toEqual(['fcm-b']);
		});

		it('SendGrid: deletes the configuration', async () => {
			store().single.set('sendgrid', { sendGridApiKey: SENDGRID_KEY });
			const { items, error } = await run(ctx, provider('delete', { provider: 'sendgrid', providerId: 'ignored' }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: `${BASE}/email/v1/providers/sendgrid`, body: undefined }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ deleted: true }]);
			expect(store().single.has('sendgrid')).toBe(false);
		});

		it('APNs: fails the item with ERR_PROVIDER_NOT_FOUND (404) for an unknown ID', async () => {
			const { error } = await run(ctx, provider('delete', { provider: 'apns', providerId: 'ghost' }));
			expect(error?.message).toBe('ERR_PROVIDER_NOT_FOUND: The APNS ghost provider does not exist. [item 0]');
			expect(httpCode(error)).toBe('404');
		});

		it.each([['..'], ['a b'], ['']])('stops the Provider ID %j before any request', async (providerId) => {
			const { error } = await run(ctx, provider('delete', { provider: 'fcm', providerId: '={{ $json.id }}' }), { input: [{ json: { id: providerId } }] });
			expect(error?.message).toMatch(/^Provider ID: /);
			expect(ctx.emulator.requests).toEqual([]);
		});
	});

	describe('Set Default', () => {
		it('APNs: makes the provider the default one', async () => {
			store().listed.apns.set('apns-a', { providerId: 'apns-a', isDefault: true });
			store().listed.apns.set('apns-b', { providerId: 'apns-b', isDefault: false });
			const { items, error } = await run(ctx, provider('setDefault', { provider: 'apns', providerId: 'apns-b' }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'PUT', path: `${BASE}/push/v1/providers/apns/default/apns-b`, body: undefined }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ success: true }]);
			expect([...store().listed.apns.values()].map((p) => p.isDefault)).toEqual([false, true]);
		});

		it('fails the item with ERR_PROVIDER_NOT_FOUND for an unknown ID', async () => {
			const { error } = await run(ctx, provider('setDefault', { provider: 'fcm', providerId: 'ghost' }));
			expect(ctx.emulator.requests[0].path).toBe(`${BASE}/push/v1/providers/fcm/default/ghost`);
			expect(error?.message).toBe('ERR_PROVIDER_NOT_FOUND: The FCM ghost provider does not exist. [item 0]');
		});

		it('stops a provider that has no default (e.g. from an imported workflow) before any request', async () => {
			const { error } = await run(ctx, provider('setDefault', { provider: 'twilio', providerId: 'x' }));
			expect(error?.message).toBe('Provider: "twilio" is not one of apns, fcm [item 0]');
			expect(ctx.emulator.requests).toEqual([]);
		});
	});
});
