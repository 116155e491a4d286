import type { INodeParameters } from 'n8n-workflow';
import { managementStore } from '../emulator/management';
import { DEFAULT_SETTINGS } from '../emulator/routes/managementShared';
import { byId, expectManagementRequest, runManagement, useEmulator } from '../helpers';

describe('CometChat Management → Setting and Collaborator', () => {
	const ctx = useEmulator();
	const store = () => managementStore(ctx.emulator.state);
	const demo = () => store().apps.get('demo-app')!;
	const op = (resource: string, operation: string, extra: INodeParameters = {}): INodeParameters => ({
		resource,
		operation,
		appId: byId('demo-app'),
		...extra,
	});

	describe('Setting', () => {
		it('Get: GET /apps/{appId}/settings, the settings as one item', async () => {
			demo().settings['core.threads.updateOnMessageActions'] = true;
			const { items, error } = await runManagement(ctx, op('setting', 'get'));
			expect(error).toBeUndefined();
			expectManagementRequest(ctx.emulator.requests[0], { method: 'GET', path: '/apps/demo-app/settings' });
			expect(items).toEqual([{ json: { ...DEFAULT_SETTINGS, 'core.threads.updateOnMessageActions': true } }]);
		});

		it('Update: POST /apps/{appId}/settings {settings}; one item per setting', async () => {
			const settings = { 'core.conversations.updateOnCallActivity': false, 'core.threads.updateOnMessageActions': true };
			const { items, error } = await runManagement(ctx, op('setting', 'update', { settings: JSON.stringify(settings) }));
			expect(error).toBeUndefined();
			expectManagementRequest(ctx.emulator.requests[0], { method: 'POST', path: '/apps/demo-app/settings', body: { settings } });
			expect(items).toEqual([
				{ json: { setting: 'core.conversations.updateOnCallActivity', success: true, message: 'Added setting(s) successfully.' } },
				{ json: { setting: 'core.threads.updateOnMessageActions', success: true, message: 'Added setting(s) successfully.' } },
			]);
			expect(demo().settings).toMatchObject(settings);
		});

		it('Update: takes the settings as an object from an expression', async () => {
			const { error } = await runManagement(ctx, op('setting', 'update', { settings: '={{ $json.s }}' }), {
				input: [{ json: { s: { 'core.conversations.updateOnReplies': false } } }],
			});
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests[0].body).toEqual({ settings: { 'core.conversations.updateOnReplies': false } });
		});

		it.each([
			['a value that is not true or false', '{"core.conversations.updateOnReplies": "yes"}', 'Settings (JSON): "core.conversations.updateOnReplies" must be true or false, not "yes" [item 0]'],
			['an empty object', '{}', 'Settings (JSON): is empty; give at least one setting, e.g. {"core.conversations.updateOnReplies": true} [item 0]'],
			['a list', '[true]', 'Settings (JSON): must be a JSON object, not an array [item 0]'],
			['broken JSON', '{"a": ', expect.stringMatching(/^Settings \(JSON\): is not valid JSON/)],
		])('Update: stops %s before any request', async (_case, settings, message) => {
			const { error } = await runManagement(ctx, op('setting', 'update', { settings: '={{ $json.s }}' }), { input: [{ json: { s: settings } }] });
			expect(error?.message).toEqual(message);
			expect(ctx.emulator.requests).toEqual([]);
		});

		it('Reset: DELETE /apps/{appId}/settings without a body; CometChat\'s defaults apply again', async () => {
			demo().settings['core.conversations.updateOnReplies'] = false;
			const { items, error } = await runManagement(ctx, op('setting', 'reset'));
			expect(error).toBeUndefined();
			expectManagementRequest(ctx.emulator.requests[0], { method: 'DELETE', path: '/apps/demo-app/settings' });
			expect(items).toEqual([{ json: { success: true, message: 'Removed setting(s) successfully.' } }]);
			expect(demo().settings).toEqual(DEFAULT_SETTINGS);
		});

		it('reports ERR_APP_NOT_FOUND for an unknown app', async () => {
			const { error } = await runManagement(ctx, op('setting', 'get', { appId: byId('ghost') }));
			expect(error?.message).toBe('ERR_APP_NOT_FOUND: The App ID ghost does not exist or has been archived. [item 0]');
		});
	});

	describe('Collaborator', () => {
		it('Add: POST /apps/{appId}/collaborators {moderators}; one item per e-mail with its role', async () => {
			const { items, error } = await runManagement(
				ctx,
				op('collaborator', 'add', { role: 'moderator', emails: 'ana@example.com, li@example.com,ana@example.com' }),
			);
			expect(error).toBeUndefined();
			expectManagementRequest(ctx.emulator.requests[0], {
				method: 'POST',
				path: '/apps/demo-app/collaborators',
				body: { moderators: ['ana@example.com', 'li@example.com'] },
			});
			expect(items).toEqual([
				{ json: { email: 'ana@example.com', role: 'moderator', success: true } },
				{ json: { email: 'li@example.com', role: 'moderator', success: true } },
			]);
			expect([...demo().collaborators.values()].map((c) => [c.email, c.role])).toEqual([
				['ana@example.com', 'moderator'],
				['li@example.com', 'moderator'],
			]);
		});

		it('Add: admins from an expression array; the account owner is refused in its own item', async () => {
			const { items } = await runManagement(ctx, op('collaborator', 'add', { role: 'admin', emails: '={{ $json.emails }}' }), {
				input: [{ json: { emails: ['owner@example.com', 'bo@example.com'] } }],
			});
			expect(ctx.emulator.requests[0].body).toEqual({ admins: ['owner@example.com', 'bo@example.com'] });
			expect(items).toEqual([
				{ json: { email: 'owner@example.com', role: 'admin', success: false, message: 'owner@example.com is already an owner of the app.', code: 'ERR_ALREADY_AN_OWNER' } },
				{ json: { email: 'bo@example.com', role: 'admin', success: true } },
			]);
		});

		it.each([
			['a text that is no e-mail address', 'ana@example.com, not-an-email', 'Emails: "not-an-email" is not an e-mail address [item 0]'],
			['an empty list', ' , ', 'Emails: is empty; give at least one e-mail address [item 0]'],
		])('Add: stops %s before any request', async (_case, emails, message) => {
			const { error } = await runManagement(ctx, op('collaborator', 'add', { role: 'admin', emails: '={{ $json.e }}' }), { input: [{ json: { e: emails } }] });
			expect(error?.message).toBe(message);
			expect(ctx.emulator.requests).toEqual([]);
		});

		it('Get Many: GET /apps/{appId}/collaborators; Limit trims', async () => {
			await runManagement(ctx, op('collaborator', 'add', { role: 'admin', emails: 'ana@example.com, li@example.com, bo@example.com' }));
			ctx.emulator.requests.length = 0;
			const now = ctx.emulator.state.now();
			const { items, error } = await runManagement(ctx, op('collaborator', 'getAll', { returnAll: true }));
			expect(error).toBeUndefined();
			expectManagementRequest(ctx.emulator.requests[0], { method: 'GET', path: '/apps/demo-app/collaborators' });
			expect(items.map((item) => item.json)).toEqual([
				{ id: '2', name: 'ana', email: 'ana@example.com', role: 'admin', createdAt: expect.any(Number) },
				{ id: '3', name: 'li', email: 'li@example.com', role: 'admin', createdAt: expect.any(Number) },
				{ id: '4', name: 'bo', email: 'bo@example.com', role: 'admin', createdAt: expect.any(Number) },
			]);
			expect(Math.abs((items[0].json.createdAt as number) - now)).toBeLessThan(5);
			const limited = await runManagement(ctx, op('collaborator', 'getAll', { returnAll: false, limit: 2 }));
			expect(limited.items.map((item) => item.json.email)).toEqual(['ana@example.com', 'li@example.com']);
		});

		it('Remove: POST {collaboratorsToRemove}; one item per e-mail, a stranger refused with ERR_NOT_A_COLLABORATOR', async () => {
			await runManagement(ctx, op('collaborator', 'add', { role: 'moderator', emails: 'ana@example.com' }));
			ctx.emulator.requests.length = 0;
			const { items, error } = await runManagement(ctx, op('collaborator', 'remove', { emails: 'ana@example.com, zed@example.com' }));
			expect(error).toBeUndefined();
			expectManagementRequest(ctx.emulator.requests[0], {
				method: 'POST',
				path: '/apps/demo-app/collaborators',
				body: { collaboratorsToRemove: ['ana@example.com', 'zed@example.com'] },
			});
			expect(items).toEqual([
				{ json: { email: 'ana@example.com', success: true } },
				{ json: { email: 'zed@example.com', success: false, message: 'zed@example.com is not a collaborator of the app.', code: 'ERR_NOT_A_COLLABORATOR' } },
			]);
			expect(demo().collaborators.size).toBe(0);
		});

		it('Remove: an e-mail CometChat\'s answer leaves out is reported as not confirmed', async () => {
			ctx.emulator.failNext({ status: 200, body: { data: { collaboratorsToRemove: [], admins: [], developers: [], moderators: [] } } });
			const { items } = await runManagement(ctx, op('collaborator', 'remove', { emails: 'ana@example.com' }));
			expect(items).toEqual([{ json: { email: 'ana@example.com', success: false, message: 'CometChat returned no result for this ID.' } }]);
		});

		it('reports ERR_APP_ARCHIVED for an archived app', async () => {
			store().seedApp({ id: 'old-app', name: 'Old', state: 'archived' });
			const { error } = await runManagement(ctx, op('collaborator', 'getAll', { appId: byId('old-app'), returnAll: true }));
			expect(error?.message).toBe('ERR_APP_ARCHIVED: The app old-app has been archived and will be deleted after 30 days. [item 0]');
		});
	});
});
