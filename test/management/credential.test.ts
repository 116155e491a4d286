import { DEFAULT_MANAGEMENT_KEY, DEFAULT_MANAGEMENT_SECRET } from '../emulator/management';
import { listSearch, managementCredentialType, managementNode } from '../harness';
import { testTriggerCredential } from '../harness/trigger';
import { expectManagementRequest, useEmulator } from '../helpers';

describe('cometChatManagementApi credential and the app picker', () => {
	const ctx = useEmulator();

	it('has the secret as a password field (the key names the pair, unmasked), generic key/secret headers and a GET /apps test', () => {
		expect(managementCredentialType.name).toBe('cometChatManagementApi');
		expect(managementCredentialType.properties.map((p) => [p.name, p.type, p.default, p.typeOptions?.password ?? false])).toEqual([
			['key', 'string', '', false],
			['secret', 'string', '', true],
			['baseUrl', 'string', '', false],
		]);
		expect(managementCredentialType.authenticate).toEqual({
			type: 'generic',
			properties: { headers: { key: '={{$credentials.key}}', secret: '={{$credentials.secret}}' } },
		});
		expect(managementCredentialType.test?.request).toMatchObject({ url: '/apps', qs: { perPage: 1 } });
	});

	it('its test passes with the right pair after one GET /apps?perPage=1, and names the fix for a wrong one', async () => {
		expect(await testTriggerCredential('cometChatManagementApi', ctx.managementCredentials())).toEqual({ status: 'OK', message: 'Connection successful!' });
		// n8n's credential tester sends its own Accept header, so only the rest is checked here.
		expect(ctx.emulator.requests[0]).toMatchObject({ method: 'GET', path: '/apps', query: { perPage: '1' } });
		expect(ctx.emulator.requests[0].headers).toMatchObject({ key: DEFAULT_MANAGEMENT_KEY, secret: DEFAULT_MANAGEMENT_SECRET });
		const wrong = await testTriggerCredential('cometChatManagementApi', { ...ctx.managementCredentials(), key: 'someone-elses-key' });
		expect(wrong).toEqual({
			status: 'Error',
			message: "CometChat did not accept this key and secret. Use the management (multi-tenancy) key pair from CometChat, not an app's REST API key.",
		});
		expect(JSON.stringify(wrong)).not.toContain(DEFAULT_MANAGEMENT_SECRET);
	});

	it('the app picker searches GET /apps by App ID or name, 50 a page, with a token for the next page', async () => {
		const { managementStore } = await import('../emulator/management');
		for (let i = 1; i <= 55; i++) managementStore(ctx.emulator.state).seedApp({ id: `tenant-${i}`, name: `Tenant ${i}` });
		const creds = ctx.managementCredentials();
		const first = await listSearch('searchApps', creds, {}, undefined, undefined, managementNode);
		expectManagementRequest(ctx.emulator.requests[0], { method: 'GET', path: '/apps', query: { page: '1', perPage: '50' } });
		expect(first.results[0]).toEqual({ name: 'demo-app', value: 'demo-app' });
		expect(first.results[1]).toEqual({ name: 'Tenant 1 (tenant-1)', value: 'tenant-1' });
		expect(first.results).toHaveLength(50);
		expect(first.paginationToken).toBe('2');
		const second = await listSearch('searchApps', creds, {}, undefined, '2', managementNode);
		expect(second.results.map((r) => r.value)).toEqual(['tenant-50', 'tenant-51', 'tenant-52', 'tenant-53', 'tenant-54', 'tenant-55']);
		expect(second.paginationToken).toBeUndefined();
		const searched = await listSearch('searchApps', creds, {}, 'Tenant 5', undefined, managementNode);
		expect(ctx.emulator.requests.at(-1)?.query).toEqual({ page: '1', perPage: '50', searchKey: 'Tenant 5' });
		expect(searched.results.map((r) => r.value)).toEqual(['tenant-5', 'tenant-50', 'tenant-51', 'tenant-52', 'tenant-53', 'tenant-54', 'tenant-55']);
	});

	it('the app picker reports the API\'s code and message without the key', async () => {
		const creds = { ...ctx.managementCredentials(), secret: 'not-the-secret' };
		await expect(listSearch('searchApps', creds, {}, undefined, undefined, managementNode)).rejects.toThrow(
			'AUTH_ERR_APIKEY_NOT_FOUND: The key [redacted] does not exist or the secret does not match it. Please use the correct key and secret.',
		);
		expect(DEFAULT_MANAGEMENT_KEY).not.toBe('[redacted]');
	});
});
