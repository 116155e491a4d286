import { credentialType, testCredential } from '../harness';
import { useEmulator } from '../helpers';

describe('cometChatApi credential', () => {
	const ctx = useEmulator();

	it('has the fields, generic apikey header and test request the package promises', () => {
		expect(credentialType.name).toBe('cometChatApi');
		expect(credentialType.properties.map((p) => [p.name, p.type, p.default])).toEqual([
			['appId', 'string', ''],
			['region', 'options', 'us'],
			['apiKey', 'string', ''],
			['baseUrl', 'string', ''],
		]);
		expect(credentialType.properties.find((p) => p.name === 'apiKey')?.typeOptions?.password).toBe(true);
		expect(credentialType.authenticate).toEqual({ type: 'generic', properties: { headers: { apikey: '={{$credentials.apiKey}}' } } });
		expect(credentialType.test?.request).toMatchObject({ url: '/users', qs: { perPage: 1 } });
	});

	it('passes with the right key, after one GET /v3/users?perPage=1 carrying it', async () => {
		const result = await testCredential(ctx.credentials());
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(ctx.emulator.requests).toHaveLength(1);
		expect(ctx.emulator.requests[0]).toMatchObject({ method: 'GET', path: '/v3/users', query: { perPage: '1' } });
		expect(ctx.emulator.requests[0].headers.apikey).toBe(ctx.emulator.apiKey);
	});

	it('names what to check when the key is wrong, without showing the key', async () => {
		const result = await testCredential({ ...ctx.credentials(), apiKey: 'not-a-real-key-77' });
		expect(result.status).toBe('Error');
		expect(result.message).toBe(
			'CometChat does not know this REST API key for this app. Check that the App ID, Region and REST API Key all come from the same app in the dashboard.',
		);
	});

	it('explains an Auth Key (authOnly scope) cannot be used', async () => {
		ctx.emulator.failNext({
			status: 403,
			body: { error: { message: 'no access', devMessage: 'no access', source: 'chat-api', code: 'AUTH_ERR_NO_ACCESS' } },
		});
		const result = await testCredential(ctx.credentials());
		expect(result).toEqual({
			status: 'Error',
			message: 'This key cannot list users: it is probably an Auth Key (authOnly scope). Use a REST API key with fullAccess scope.',
		});
	});

	it('explains an empty key', async () => {
		const result = await testCredential({ ...ctx.credentials(), apiKey: '' });
		expect(result.message).toBe('CometChat did not receive a REST API key. Paste the key from API & Auth Keys into the credential.');
	});

	// The credential test cannot run our code, so it can only fail generically here; nothing is sent,
	// and the node says exactly what is wrong (test/shared/errors.test.ts).
	it('sends nothing to a plain-http remote override', async () => {
		const result = await testCredential({ ...ctx.credentials(), baseUrl: 'http://chat.example.com/v3' });
		expect(result).toEqual({ status: 'Error', message: 'Invalid URL' });
		expect(ctx.emulator.requests).toEqual([]);
	});
});
