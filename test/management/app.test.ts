import type { INodeParameters } from 'n8n-workflow';
import { DEFAULT_MANAGEMENT_KEY, DEFAULT_MANAGEMENT_SECRET, managementStore } from '../emulator/management';
import { ARCHIVE_SECONDS } from '../emulator/routes/managementShared';
import { byId, expectManagementRequest, httpCode, runManagement, useEmulator } from '../helpers';

describe('CometChat Management → App', () => {
	const ctx = useEmulator();
	const store = () => managementStore(ctx.emulator.state);
	const appId = (i: number) => `app${String(i).padStart(4, '0')}`;
	const seedApps = (count: number) => {
		for (let i = 1; i <= count; i++) store().seedApp({ id: appId(i), name: `Tenant ${i}` });
	};
	/** The app as the emulator shows it, built from its record (not from the node's output). */
	const expectedApp = (id: string, options: { list?: boolean } = {}) => {
		const app = store().apps.get(id)!;
		return {
			id: app.id,
			name: app.name,
			plan: app.plan,
			trialEndsAt: app.trialEndsAt,
			state: app.state,
			owner: 1656,
			region: app.region,
			createdAt: app.createdAt,
			appOwner: { id: '1656', name: 'Emulator Owner', email: 'owner@example.com' },
			appRegion: expect.objectContaining({ id: app.region }),
			...(options.list ? { accessKey: app.apiKeys[0].apiKey } : {}),
			apiKeys: Object.fromEntries(app.apiKeys.map((key) => [key.apiKey, key])),
		};
	};
	const app = (operation: string, extra: INodeParameters = {}): INodeParameters => ({ resource: 'app', operation, ...extra });

	describe('Create', () => {
		it('POST /apps with name, region and the options; the output is the new app with its keys', async () => {
			const { items, error } = await runManagement(
				ctx,
				app('create', { name: ' Acme Support ', region: 'eu', options: { skipSampleData: true, version: '3' } }),
			);
			expect(error).toBeUndefined();
			expectManagementRequest(ctx.emulator.requests[0], {
				method: 'POST',
				path: '/apps',
				body: { name: 'Acme Support', region: 'eu', skipSampleData: true, version: '3' },
				headers: { 'x-webhook-version': undefined },
			});
			const created = [...store().apps.values()].find((a) => a.name === 'Acme Support')!;
			expect(created).toMatchObject({ region: 'eu', skipSampleData: true, state: 'active' });
			expect(items).toEqual([{ json: expectedApp(created.id) }]);
			expect(Object.values(items[0].json.apiKeys as object).map((key: { scope: string }) => key.scope)).toEqual(['fullAccess', 'authOnly']);
		});

		it('sends only name and region when no option is added', async () => {
			await runManagement(ctx, app('create', { name: 'Plain', region: 'us' }));
			expectManagementRequest(ctx.emulator.requests[0], { method: 'POST', path: '/apps', body: { name: 'Plain', region: 'us' } });
		});

		it.each([
			['an empty name', { name: '={{ $json.v }}' }, { v: '  ' }, 'Name: is empty [item 0]'],
			['a name of 101 characters', { name: '={{ $json.v }}' }, { v: 'n'.repeat(101) }, 'Name: is 101 characters long; CometChat allows at most 100 [item 0]'],
			['an unknown region', { name: 'Acme', region: '={{ $json.v }}' }, { v: 'mars' }, 'Region: "mars" is not one of eu, in, us [item 0]'],
		])('stops %s before any request', async (_case, parameters: INodeParameters, json, message) => {
			const { error } = await runManagement(ctx, app('create', { ...{ name: 'Acme', region: 'us' }, ...parameters }), { input: [{ json }] });
			expect(error?.message).toBe(message);
			expect(ctx.emulator.requests).toEqual([]);
		});

		it('reports ERR_APP_CREATION_FAILED_MAX_LIMIT per item with continue on fail, and goes on', async () => {
			store().maxApps = 2;
			const { items } = await runManagement(ctx, app('create', { name: '={{ $json.name }}', region: 'us' }), {
				input: [{ json: { name: 'First' } }, { json: { name: 'Second' } }],
				continueOnFail: true,
			});
			expect(items[0].json.name).toBe('First');
			expect(items[1].json).toEqual({
				error: 'ERR_APP_CREATION_FAILED_MAX_LIMIT: You have reached the maximum number of complimentary apps. Please delete an app or upgrade one to continue. [item 1]',
			});
			expect(store().apps.size).toBe(2);
		});
	});

	describe('Get', () => {
		it('finds the app through GET /apps?searchKey, keeping only the exact App ID', async () => {
			seedApps(12); // app0001 … app0012: the search for app0001 also matches app0010 … app0012
			const { items, error } = await runManagement(ctx, app('get', { appId: byId('app0001') }));
			expect(error).toBeUndefined();
			expectManagementRequest(ctx.emulator.requests[0], {
				method: 'GET',
				path: '/apps',
				query: { searchKey: 'app0001', page: '1', perPage: '1000' },
			});
			expect(items).toEqual([{ json: expectedApp('app0001', { list: true }) }]);
		});

		it('fails naming the App when no app has exactly that ID', async () => {
			seedApps(3);
			const { error } = await runManagement(ctx, app('get', { appId: byId('app000') }));
			expect(error?.message).toBe('App: no app with App ID "app000" among the apps these management keys see [item 0]');
			expect(ctx.emulator.requests).toHaveLength(1);
		});

		it('stops an invalid App ID before any request', async () => {
			const { error } = await runManagement(ctx, app('get', { appId: byId('={{ $json.id }}') }), { input: [{ json: { id: '../apps' } }] });
			expect(error?.message).toBe('App: "../apps" has characters CometChat does not allow; use only letters, digits, "-" and "_" [item 0]');
			expect(ctx.emulator.requests).toEqual([]);
		});
	});

	describe('Get Many', () => {
		it('walks every page with Return All, 1000 per page', async () => {
			seedApps(1002);
			const { items, error } = await runManagement(ctx, app('getAll', { returnAll: true }));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests).toHaveLength(2);
			expectManagementRequest(ctx.emulator.requests[0], { method: 'GET', path: '/apps', query: { page: '1', perPage: '1000' } });
			expectManagementRequest(ctx.emulator.requests[1], { method: 'GET', path: '/apps', query: { page: '2', perPage: '1000' } });
			expect(items.map((item) => item.json.id)).toEqual(['demo-app', ...Array.from({ length: 1002 }, (_, i) => appId(i + 1))]);
			expect(items[1].json).toEqual(expectedApp(appId(1), { list: true }));
		});

		it('asks for no more than Limit needs, with the search key', async () => {
			seedApps(7);
			const { items, error } = await runManagement(ctx, app('getAll', { returnAll: false, limit: 3, filters: { searchKey: 'app000' } }));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests).toHaveLength(1);
			expectManagementRequest(ctx.emulator.requests[0], { method: 'GET', path: '/apps', query: { page: '1', perPage: '3', searchKey: 'app000' } });
			expect(items.map((item) => item.json.id)).toEqual([appId(1), appId(2), appId(3)]);
		});

		it('stops a Limit that is not a whole number before any request', async () => {
			const { error } = await runManagement(ctx, app('getAll', { limit: '={{ $json.n }}' }), { input: [{ json: { n: 2.5 } }] });
			expect(error?.message).toBe('Limit: must be a whole number of at least 1, not 2.5 [item 0]');
			expect(ctx.emulator.requests).toEqual([]);
		});
	});

	describe('Delete', () => {
		it('DELETE /apps/{appId}: the app is archived and no longer listed; the output says until when', async () => {
			seedApps(2);
			const before = ctx.emulator.state.now();
			const { items, error } = await runManagement(ctx, app('delete', { appId: byId('app0002') }));
			expect(error).toBeUndefined();
			expectManagementRequest(ctx.emulator.requests[0], { method: 'DELETE', path: '/apps/app0002' });
			const archived = store().apps.get('app0002')!;
			expect(archived.state).toBe('archived');
			// The clock may tick a second during the run.
			expect(archived.scheduledToDeleteAt).toBeGreaterThanOrEqual(before + ARCHIVE_SECONDS);
			expect(archived.scheduledToDeleteAt).toBeLessThanOrEqual(ctx.emulator.state.now() + ARCHIVE_SECONDS);
			expect(items).toEqual([{ json: { deleted: true, scheduledToDeleteAt: archived.scheduledToDeleteAt } }]);

			const again = await runManagement(ctx, app('delete', { appId: byId('app0002') }));
			expect(again.error?.message).toBe('ERR_APP_ARCHIVED: The app app0002 has been archived and will be deleted after 30 days. [item 0]');
			expect(again.error?.description).toContain('The app was archived and will be deleted after 30 days. Use an active app.');
		});

		it('reports ERR_APP_NOT_FOUND (404) for an app the keys do not see', async () => {
			const { error } = await runManagement(ctx, app('delete', { appId: byId('nope') }));
			expect(error?.message).toBe('ERR_APP_NOT_FOUND: The App ID nope does not exist or has been archived. [item 0]');
			expect(httpCode(error)).toBe('404');
			expect(error?.description).toContain('No app has this App ID, or it was archived. Check the App ID');
		});

		it('reports ERR_APP_DELETION for a paid app, which stays', async () => {
			store().seedApp({ id: 'paid-app', name: 'Paid', plan: 'pro' });
			const { error } = await runManagement(ctx, app('delete', { appId: byId('paid-app') }));
			expect(error?.message).toBe('ERR_APP_DELETION: The app paid-app has a paid subscription and cannot be deleted. Please contact support. [item 0]');
			expect(store().apps.get('paid-app')!.state).toBe('active');
		});
	});

	describe('Request Usage Report', () => {
		it.each([
			['current', false],
			['previous', true],
		])('POST /apps/{appId}/usage for the %s billing cycle', async (billingCycle, previous) => {
			const { items, error } = await runManagement(ctx, app('requestUsage', { appId: byId('demo-app'), billingCycle }));
			expect(error).toBeUndefined();
			expectManagementRequest(ctx.emulator.requests[0], { method: 'POST', path: '/apps/demo-app/usage', body: { usePreviousBillingCycle: previous } });
			expect(store().apps.get('demo-app')!.usageRequests).toEqual([previous]);
			expect(items).toEqual([
				{
					json: {
						success: true,
						message: 'Your usage request has been accepted and is being processed for demo-app. You will receive an email with the details at owner@example.com',
					},
				},
			]);
		});

		it('stops an unknown billing cycle before any request', async () => {
			const { error } = await runManagement(ctx, app('requestUsage', { appId: byId('demo-app'), billingCycle: '={{ $json.c }}' }), {
				input: [{ json: { c: 'next' } }],
			});
			expect(error?.message).toBe('Billing Cycle: "next" is not one of current, previous [item 0]');
			expect(ctx.emulator.requests).toEqual([]);
		});
	});

	describe('credential', () => {
		it('never shows the key or the secret: a wrong pair is reported with both cut out', async () => {
			const secret = 'wrong-secret-but-long-enough';
			const { error } = await runManagement({ managementCredentials: () => ({ ...ctx.managementCredentials(), secret }) }, app('getAll', {}));
			expect(error?.message).toBe(
				'AUTH_ERR_APIKEY_NOT_FOUND: The key [redacted] does not exist or the secret does not match it. Please use the correct key and secret. [item 0]',
			);
			const shown = JSON.stringify({ message: error?.message, description: error?.description, context: (error as { context?: unknown }).context });
			expect(shown).not.toContain(DEFAULT_MANAGEMENT_KEY);
			expect(shown).not.toContain(secret);
			expect(error?.description).toContain('management (multi-tenancy) key pair');
		});

		it('says what is missing before any request when Key or Secret is empty', async () => {
			const { error } = await runManagement({ managementCredentials: () => ({ ...ctx.managementCredentials(), secret: '' }) }, app('getAll', {}));
			expect(error?.message).toBe(
				'The CometChat Management API credential needs both Key and Secret (the management key pair from CometChat, not an app\'s REST API key). [item 0]',
			);
			expect(ctx.emulator.requests).toEqual([]);
		});

		it('refuses a plain-http remote Base URL Override before any request', async () => {
			const { error } = await runManagement(
				{ managementCredentials: () => ({ ...ctx.managementCredentials(), baseUrl: 'http://mgmt.example.com' }) },
				app('getAll', {}),
			);
			expect(error?.message).toMatch(/^The Base URL Override in the CometChat Management API credential must start with https:\/\//);
			expect(ctx.emulator.requests).toEqual([]);
		});

		it('sends the key pair only in the key and secret headers, never as apikey', async () => {
			await runManagement(ctx, app('getAll', {}));
			expect(ctx.emulator.requests[0].headers).toMatchObject({ key: DEFAULT_MANAGEMENT_KEY, secret: DEFAULT_MANAGEMENT_SECRET });
			expect(ctx.emulator.requests[0].headers).not.toHaveProperty('apikey');
		});
	});
});
