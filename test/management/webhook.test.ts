import type { INodeParameters } from 'n8n-workflow';
import { managementStore } from '../emulator/management';
import { listSearch, managementNode } from '../harness';
import { byId, expectManagementRequest, httpCode, runManagement, useEmulator } from '../helpers';

const V2 = { 'x-webhook-version': '2' };

describe('CometChat Management → Webhook and Webhook Trigger', () => {
	const ctx = useEmulator();
	const store = () => managementStore(ctx.emulator.state);
	const hooks = () => [...store().appWebhooks('demo-app').values()];
	const webhook = (operation: string, extra: INodeParameters = {}): INodeParameters => ({
		resource: 'webhook',
		operation,
		appId: byId('demo-app'),
		...extra,
	});
	const trigger = (operation: string, extra: INodeParameters = {}): INodeParameters => ({
		resource: 'webhookTrigger',
		operation,
		appId: byId('demo-app'),
		webhookId: byId('orders'),
		...extra,
	});
	/** The webhook as the emulator shows it, from its record; never the password. */
	const shown = (id: string) => {
		const record: Record<string, unknown> = { ...store().appWebhooks('demo-app').get(id)! };
		delete record.triggers;
		delete record.password;
		return record;
	};

	describe('Create', () => {
		it('POST /apps/{appId}/webhooks with Basic Auth and retries; the output leaves out the password', async () => {
			const { items, error } = await runManagement(
				ctx,
				webhook('create', {
					id: 'orders',
					name: 'Orders to n8n',
					webhookURL: 'https://n8n.example.com/webhook/orders',
					useBasicAuth: true,
					username: 'cometchat',
					password: 's3cretPass',
					options: { enabled: false, retryOnFailure: true },
				}),
			);
			expect(error).toBeUndefined();
			expectManagementRequest(ctx.emulator.requests[0], {
				method: 'POST',
				path: '/apps/demo-app/webhooks',
				body: {
					id: 'orders',
					name: 'Orders to n8n',
					webhookURL: 'https://n8n.example.com/webhook/orders',
					useBasicAuth: true,
					username: 'cometchat',
					password: 's3cretPass',
					enabled: false,
					retryOnFailure: true,
				},
				headers: V2,
			});
			expect(hooks()).toEqual([expect.objectContaining({ id: 'orders', password: 's3cretPass', enabled: false, retryOnFailure: true })]);
			expect(items).toEqual([{ json: shown('orders') }]);
			expect(JSON.stringify(items)).not.toContain('s3cretPass');
		});

		it('without Basic Auth sends no username or password, even if filled in earlier', async () => {
			await runManagement(
				ctx,
				webhook('create', { id: 'plain', name: 'Plain', webhookURL: 'https://example.com/x', useBasicAuth: false, username: 'old', password: 'old' }),
			);
			expectManagementRequest(ctx.emulator.requests[0], {
				method: 'POST',
				path: '/apps/demo-app/webhooks',
				body: { id: 'plain', name: 'Plain', webhookURL: 'https://example.com/x', useBasicAuth: false },
				headers: V2,
			});
		});

		it.each([
			['a webhook ID with a space', { id: '={{ $json.v }}' }, { v: 'my hook' }, 'Webhook ID: "my hook" must be 1 to 50 letters, digits, "-" and "_" [item 0]'],
			['a plain http URL', { webhookURL: '={{ $json.v }}' }, { v: 'http://n8n.local/webhook' }, 'URL: "http://n8n.local/webhook" must be a public https:// address; CometChat delivers only to HTTPS [item 0]'],
			['a URL of 256 characters', { webhookURL: '={{ $json.v }}' }, { v: `https://example.com/${'a'.repeat(236)}` }, 'URL: is 256 characters long; CometChat allows at most 255 [item 0]'],
			['a name of 51 characters', { name: '={{ $json.v }}' }, { v: 'n'.repeat(51) }, 'Name: is 51 characters long; CometChat allows at most 50 [item 0]'],
			['a username with symbols', { useBasicAuth: true, username: '={{ $json.v }}', password: 'pw' }, { v: 'ana@x' }, 'Username: must be 1 to 50 letters or digits (CometChat accepts no spaces or symbols) [item 0]'],
			['Basic Auth without a password', { useBasicAuth: true, username: 'ana', password: '={{ $json.v }}' }, { v: '' }, 'Password: is empty [item 0]'],
		])('stops %s before any request', async (_case, parameters: INodeParameters, json, message) => {
			const base = { id: 'orders', name: 'Orders', webhookURL: 'https://example.com/hook', useBasicAuth: false };
			const { error } = await runManagement(ctx, webhook('create', { ...base, ...parameters }), { input: [{ json }] });
			expect(error?.message).toBe(message);
			expect(ctx.emulator.requests).toEqual([]);
		});

		it('reports CometChat\'s limit of 25 webhooks per app', async () => {
			for (let i = 0; i < 25; i++) store().seedWebhook('demo-app', { id: `hook${i}` });
			const { error } = await runManagement(ctx, webhook('create', { id: 'one-more', name: 'One more', webhookURL: 'https://example.com/x' }));
			expect(error?.message).toBe('ERR_BAD_REQUEST: The app already has the maximum of 25 webhooks. Please delete a webhook or contact support. [item 0]');
			expect(hooks()).toHaveLength(25);
		});
	});

	describe('Get, Get Many, Update, Delete', () => {
		beforeEach(() => {
			store().seedWebhook('demo-app', { id: 'orders', name: 'Orders', useBasicAuth: true, username: 'ana', password: 'pw1' });
			store().seedWebhook('demo-app', { id: 'alerts', name: 'Alerts' });
			store().seedWebhook('demo-app', { id: 'audit', name: 'Audit log' });
		});

		it('Get: GET /apps/{appId}/webhooks/{webhookId}', async () => {
			const { items, error } = await runManagement(ctx, webhook('get', { webhookId: byId('orders') }));
			expect(error).toBeUndefined();
			expectManagementRequest(ctx.emulator.requests[0], { method: 'GET', path: '/apps/demo-app/webhooks/orders', headers: V2 });
			expect(items).toEqual([{ json: shown('orders') }]);
		});

		it('Get: reports ERR_WEBHOOK_NOT_FOUND (404) with what to do', async () => {
			const { error } = await runManagement(ctx, webhook('get', { webhookId: byId('gone') }));
			expect(error?.message).toBe('ERR_WEBHOOK_NOT_FOUND: The webhook gone does not exist. [item 0]');
			expect(error?.description).toContain('Webhook → Get Many');
			expect(httpCode(error)).toBe('404');
		});

		it('Get Many: one request, every webhook; Limit trims; the search key filters by name', async () => {
			const all = await runManagement(ctx, webhook('getAll', { returnAll: true }));
			expectManagementRequest(ctx.emulator.requests[0], { method: 'GET', path: '/apps/demo-app/webhooks', headers: V2 });
			expect(all.items).toEqual(['orders', 'alerts', 'audit'].map((id) => ({ json: shown(id) })));

			ctx.emulator.requests.length = 0;
			const limited = await runManagement(ctx, webhook('getAll', { returnAll: false, limit: 2 }));
			expect(ctx.emulator.requests).toHaveLength(1);
			expect(limited.items.map((item) => item.json.id)).toEqual(['orders', 'alerts']);

			ctx.emulator.requests.length = 0;
			const searched = await runManagement(ctx, webhook('getAll', { returnAll: true, filters: { searchKey: 'a' } }));
			expectManagementRequest(ctx.emulator.requests[0], { method: 'GET', path: '/apps/demo-app/webhooks', query: { searchKey: 'a' }, headers: V2 });
			expect(searched.items.map((item) => item.json.id)).toEqual(['alerts', 'audit']);
		});

		it('Get Many: reports ERR_APP_NOT_FOUND for an unknown app', async () => {
			const { error } = await runManagement(ctx, webhook('getAll', { appId: byId('other-app'), returnAll: true }));
			expect(error?.message).toBe('ERR_APP_NOT_FOUND: The App ID other-app does not exist or has been archived. [item 0]');
		});

		it('Update: PUT with only the fields added', async () => {
			const { items, error } = await runManagement(
				ctx,
				webhook('update', { webhookId: byId('alerts'), updateFields: { webhookURL: 'https://new.example.com/h', enabled: false, retryOnFailure: true } }),
			);
			expect(error).toBeUndefined();
			expectManagementRequest(ctx.emulator.requests[0], {
				method: 'PUT',
				path: '/apps/demo-app/webhooks/alerts',
				body: { webhookURL: 'https://new.example.com/h', enabled: false, retryOnFailure: true },
				headers: V2,
			});
			expect(store().appWebhooks('demo-app').get('alerts')).toMatchObject({ name: 'Alerts', webhookURL: 'https://new.example.com/h', enabled: false, retryOnFailure: true });
			expect(items).toEqual([{ json: shown('alerts') }]);
		});

		it('Update: switching Basic Auth on needs the pair, before any request', async () => {
			const { error } = await runManagement(ctx, webhook('update', { webhookId: byId('alerts'), updateFields: { useBasicAuth: true, username: 'ana' } }));
			expect(error?.message).toBe('Password: is needed when Use Basic Auth is on [item 0]');
			const empty = await runManagement(ctx, webhook('update', { webhookId: byId('alerts'), updateFields: {} }));
			expect(empty.error?.message).toBe('Update Fields: is empty; add at least one field to change [item 0]');
			expect(ctx.emulator.requests).toEqual([]);
		});

		it('Update: a new Basic Auth pair is sent and never shown', async () => {
			const { items } = await runManagement(
				ctx,
				webhook('update', { webhookId: byId('alerts'), updateFields: { useBasicAuth: true, username: 'li', password: 'newPass9' } }),
			);
			expect(ctx.emulator.requests[0].body).toEqual({ useBasicAuth: true, username: 'li', password: 'newPass9' });
			expect(store().appWebhooks('demo-app').get('alerts')).toMatchObject({ useBasicAuth: true, username: 'li', password: 'newPass9' });
			expect(JSON.stringify(items)).not.toContain('newPass9');
		});

		it('Delete: DELETE /apps/{appId}/webhooks/{webhookId}', async () => {
			const { items, error } = await runManagement(ctx, webhook('delete', { webhookId: byId('audit') }));
			expect(error).toBeUndefined();
			expectManagementRequest(ctx.emulator.requests[0], { method: 'DELETE', path: '/apps/demo-app/webhooks/audit', headers: V2 });
			expect(items).toEqual([{ json: { deleted: true, message: 'Deleted Webhook successfully.' } }]);
			expect(hooks().map((h) => h.id)).toEqual(['orders', 'alerts']);
		});

		it('stops an invalid Webhook ID before any request', async () => {
			const { error } = await runManagement(ctx, webhook('delete', { webhookId: byId('={{ $json.id }}') }), { input: [{ json: { id: 'a/b' } }] });
			expect(error?.message).toBe('Webhook: "a/b" has characters CometChat does not allow; use only letters, digits, "-" and "_" [item 0]');
			expect(ctx.emulator.requests).toEqual([]);
		});

		it('the webhook picker lists the chosen app\'s webhooks, filtered by name', async () => {
			const creds = ctx.managementCredentials();
			const all = await listSearch('searchWebhooks', creds, { appId: byId('demo-app') }, undefined, undefined, managementNode);
			expect(all.results).toEqual([
				{ name: 'Orders (orders)', value: 'orders' },
				{ name: 'Alerts (alerts)', value: 'alerts' },
				{ name: 'Audit log (audit)', value: 'audit' },
			]);
			expectManagementRequest(ctx.emulator.requests[0], { method: 'GET', path: '/apps/demo-app/webhooks', query: { perPage: '1000' }, headers: V2 });
			const filtered = await listSearch('searchWebhooks', creds, { appId: byId('demo-app') }, 'aud', undefined, managementNode);
			expect(filtered.results).toEqual([{ name: 'Audit log (audit)', value: 'audit' }]);
		});
	});

	describe('Webhook Trigger', () => {
		beforeEach(() => {
			store().seedWebhook('demo-app', { id: 'orders', name: 'Orders', triggers: ['message_sent'] });
		});

		it('Add: POST …/triggers with the chosen triggers; one item per trigger', async () => {
			const { items, error } = await runManagement(ctx, trigger('add', { triggerIds: ['message_edited', 'group_created'] }));
			expect(error).toBeUndefined();
			expectManagementRequest(ctx.emulator.requests[0], {
				method: 'POST',
				path: '/apps/demo-app/webhooks/orders/triggers',
				body: { triggerIds: ['message_edited', 'group_created'] },
				headers: V2,
			});
			expect(items).toEqual([
				{ json: { trigger: 'message_edited', success: true, message: 'Triggers has been added successfully.' } },
				{ json: { trigger: 'group_created', success: true, message: 'Triggers has been added successfully.' } },
			]);
			expect(store().appWebhooks('demo-app').get('orders')!.triggers).toEqual(['message_sent', 'message_edited', 'group_created']);
		});

		it('Add: a trigger CometChat refuses is reported in its own item', async () => {
			store().refusedTriggers.add('call_busy');
			const { items, error } = await runManagement(ctx, trigger('add', { triggerIds: ['call_busy', 'message_read_receipt'] }));
			expect(error).toBeUndefined();
			expect(items).toEqual([
				{ json: { trigger: 'call_busy', success: false, message: 'The trigger call_busy does not exist.' } },
				{ json: { trigger: 'message_read_receipt', success: true, message: 'Triggers has been added successfully.' } },
			]);
			expect(store().appWebhooks('demo-app').get('orders')!.triggers).toEqual(['message_sent', 'message_read_receipt']);
		});

		it('Add: stops a trigger name that is not CometChat\'s, and an empty choice, before any request', async () => {
			const unknown = await runManagement(ctx, trigger('add', { triggerIds: '={{ $json.t }}' }), { input: [{ json: { t: ['message_sent', 'msg_sent'] } }] });
			expect(unknown.error?.message).toMatch(/^Triggers: "msg_sent" is not one of /);
			const empty = await runManagement(ctx, trigger('add', { triggerIds: '={{ $json.t }}' }), { input: [{ json: { t: [] } }] });
			expect(empty.error?.message).toBe('Triggers: is empty; choose at least one trigger [item 0]');
			expect(ctx.emulator.requests).toEqual([]);
		});

		it('Get Many: GET …/triggers, one item per trigger; Limit trims', async () => {
			store().appWebhooks('demo-app').get('orders')!.triggers.push('group_created', 'user_blocked');
			const { items, error } = await runManagement(ctx, trigger('getAll', { returnAll: true }));
			expect(error).toBeUndefined();
			expectManagementRequest(ctx.emulator.requests[0], { method: 'GET', path: '/apps/demo-app/webhooks/orders/triggers', headers: V2 });
			expect(items).toEqual([
				{ json: { id: 'message_sent', description: 'The hook triggers on message sent.' } },
				{ json: { id: 'group_created', description: 'The hook triggers on group created.' } },
				{ json: { id: 'user_blocked', description: 'The hook triggers on user blocked.' } },
			]);
			const limited = await runManagement(ctx, trigger('getAll', { returnAll: false, limit: 1 }));
			expect(limited.items.map((item) => item.json.id)).toEqual(['message_sent']);
		});

		it('Remove: DELETE …/triggers with the chosen triggers', async () => {
			const { items, error } = await runManagement(ctx, trigger('remove', { triggerIds: ['message_sent'] }));
			expect(error).toBeUndefined();
			expectManagementRequest(ctx.emulator.requests[0], {
				method: 'DELETE',
				path: '/apps/demo-app/webhooks/orders/triggers',
				body: { triggerIds: ['message_sent'] },
				headers: V2,
			});
			expect(items).toEqual([{ json: { success: true, message: 'Removed trigger successfully.' } }]);
			expect(store().appWebhooks('demo-app').get('orders')!.triggers).toEqual([]);
		});

		it('reports ERR_WEBHOOK_NOT_FOUND for a webhook the app does not have', async () => {
			const { error } = await runManagement(ctx, trigger('getAll', { webhookId: byId('gone'), returnAll: true }));
			expect(error?.message).toBe('ERR_WEBHOOK_NOT_FOUND: The webhook gone does not exist. [item 0]');
		});
	});
});
