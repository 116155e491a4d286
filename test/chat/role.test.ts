import type { INodeParameters } from 'n8n-workflow';
import { FEATURES, ROLE_PERMISSIONS, SCOPE_PERMISSIONS, roleStore } from '../emulator/routes/roles';
import { listSearch, nodeType } from '../harness';
import { byId, expectRefused, expectRequest, httpCode, json, run, useEmulator } from '../helpers';

const role = (operation: string, extra: Record<string, unknown> = {}) => ({ resource: 'role', operation, ...extra }) as INodeParameters;

describe('Role', () => {
	const ctx = useEmulator();
	const store = () => roleStore(ctx.emulator.state);
	const seedRole = (id: string, extra: Record<string, unknown> = {}) => store().addRole({ role: id, name: id, ...extra });

	describe('Create', () => {
		it('sends role and name only, and returns the role CometChat stored (ID lower-cased)', async () => {
			const { items, error } = await run(ctx, role('create', { roleId: ' Support-Team ', name: ' Support ' }));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests).toHaveLength(1);
			expectRequest(
				ctx.emulator.requests[0],
				{ method: 'POST', path: '/v3/roles', body: { role: 'Support-Team', name: 'Support' }, headers: { 'content-type': 'application/json' } },
				ctx.emulator.apiKey,
			);
			const stored = store().getRole('support-team')!;
			expect(stored).toBeDefined();
			expect(json(items)).toEqual([{ role: 'support-team', name: 'Support', createdAt: stored.createdAt }]);
		});

		it('sends description, metadata and both settings when added', async () => {
			const { items } = await run(
				ctx,
				role('create', {
					roleId: 'manager',
					name: 'Manager',
					options: { description: 'This role gives an update access', metadata: '{"email": "managers@example.com"}', listUsers: 'all', sendMessagesTo: 'friendsOnly' },
				}),
			);
			expect(ctx.emulator.requests[0].body).toEqual({
				role: 'manager',
				name: 'Manager',
				description: 'This role gives an update access',
				metadata: { email: 'managers@example.com' },
				settings: { listUsers: 'all', sendMessagesTo: 'friendsOnly' },
			});
			expect(json(items)).toEqual([
				{
					role: 'manager',
					name: 'Manager',
					description: 'This role gives an update access',
					metadata: { email: 'managers@example.com' },
					settings: { listUsers: 'all', sendMessagesTo: 'friendsOnly' },
					createdAt: store().getRole('manager')!.createdAt,
				},
			]);
		});

		it('sends only the setting that was added', async () => {
			await run(ctx, role('create', { roleId: 'guest', name: 'Guest', options: { sendMessagesTo: 'friendsOnly' } }));
			expect(ctx.emulator.requests[0].body).toEqual({ role: 'guest', name: 'Guest', settings: { sendMessagesTo: 'friendsOnly' } });
			expect(store().getRole('guest')!.settings).toEqual({ sendMessagesTo: 'friendsOnly' });
		});

		it.each([
			['an empty Role ID', { roleId: '' }, 'Role ID: is empty [item 0]'],
			['a Role ID with a space', { roleId: 'vip user' }, 'Role ID: "vip user" has characters CometChat does not allow'],
			['a Role ID over 100 characters', { roleId: 'r'.repeat(101) }, 'Role ID: is 101 characters long'],
			['an empty Name', { name: '  ' }, 'Name: is empty [item 0]'],
			['a Name that is an object', { name: { first: 'A' } }, 'Name: must be text, not an object [item 0]'],
			['a Name over 100 characters', { name: 'n'.repeat(101) }, 'Name: is 101 characters long; CometChat allows at most 100'],
			['a Description over 255 characters', { description: 'd'.repeat(256) }, 'Description: is 256 characters long; CometChat allows at most 255'],
			['Metadata that is an array', { metadata: '[1]' }, 'Metadata (JSON): must be a JSON object, not an array'],
			['Metadata that is not JSON', { metadata: '{oops' }, 'Metadata (JSON): is not valid JSON'],
			['a List Users value CometChat does not know', { listUsers: 'friends' }, 'List Users: "friends" is not one of all, friendsOnly'],
		])('stops %s before any request', async (_case, input, message) => {
			const values = { roleId: 'vip', name: 'VIP', description: 'ok', metadata: '{}', listUsers: 'all', ...input };
			await expectRefused(
				ctx,
				role('create', {
					roleId: '={{ $json.roleId }}',
					name: '={{ $json.name }}',
					options: { description: '={{ $json.description }}', metadata: '={{ $json.metadata }}', listUsers: '={{ $json.listUsers }}' },
				}),
				values,
				message,
			);
		});

		it('fails with ERR_ROLE_ALREADY_EXISTS for a role ID in use, whatever its case', async () => {
			seedRole('manager');
			const { error } = await run(ctx, role('create', { roleId: 'MANAGER', name: 'Manager' }));
			expect(error?.message).toBe('ERR_ROLE_ALREADY_EXISTS: The role manager already exists. Please use another role. [item 0]');
			expect(httpCode(error)).toBe('400');
		});
	});

	describe('Get', () => {
		it('gets a role by ID', async () => {
			const seeded = seedRole('manager', { name: 'Manager', settings: { listUsers: 'friendsOnly' } });
			const { items, error } = await run(ctx, role('get', { role: byId('manager') }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/roles/manager', body: undefined }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ role: 'manager', name: 'Manager', settings: { listUsers: 'friendsOnly' }, createdAt: seeded.createdAt }]);
		});

		it('takes a role picked from the list', async () => {
			const { items } = await run(ctx, role('get', { role: { __rl: true, mode: 'list', value: 'default' } }));
			expect(ctx.emulator.requests[0].path).toBe('/v3/roles/default');
			expect(items[0].json).toMatchObject({ role: 'default', name: 'Default Role' });
		});

		it('fails the item with ERR_ROLE_NOT_FOUND (404) for an unknown role', async () => {
			const { error } = await run(ctx, role('get', { role: byId('ghost') }));
			expect(error?.message).toBe(
				'ERR_ROLE_NOT_FOUND: The role ghost does not exist. Please make sure you have created the role ghost. [item 0]',
			);
			expect(httpCode(error)).toBe('404');
		});

		it('with Continue On Fail, reports the failing item and goes on', async () => {
			seedRole('manager');
			const { items } = await run(ctx, role('get', { role: byId('={{ $json.role }}') }), {
				input: [{ json: { role: 'ghost' } }, { json: { role: 'manager' } }],
				continueOnFail: true,
			});
			expect(items.map((item) => item.json.error ?? item.json.role)).toEqual([
				'ERR_ROLE_NOT_FOUND: The role ghost does not exist. Please make sure you have created the role ghost. [item 0]',
				'manager',
			]);
		});

		it('lets n8n refuse a static invalid role ID before the run starts', async () => {
			const { error } = await run(ctx, role('get', { role: byId('bad role') }));
			expect(error?.message).toContain('A Role ID has 1 to 100 letters, digits, "-" and "_"');
			expect(ctx.emulator.requests).toEqual([]);
		});

		it.each([
			['an empty role', '', 'Role: is empty [item 0]'],
			['a role with a slash', '../users', 'Role: "../users" has characters CometChat does not allow'],
		])('stops %s from an expression before any request', async (_case, value, message) => {
			const { error } = await run(ctx, role('get', { role: byId('={{ $json.role }}') }), { input: [{ json: { role: value } }] });
			expect(error?.message).toContain(message);
			expect(ctx.emulator.requests).toEqual([]);
		});
	});

	describe('Get Many', () => {
		it('asks for only the limit and returns one item per role, newest first', async () => {
			for (const id of ['alpha', 'beta', 'gamma']) seedRole(id);
			const { items, error } = await run(ctx, role('getAll', { limit: 2 }));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests).toHaveLength(1);
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/roles', query: { page: '1', perPage: '2' }, body: undefined }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([
				{ role: 'gamma', name: 'gamma', createdAt: store().getRole('gamma')!.createdAt },
				{ role: 'beta', name: 'beta', createdAt: store().getRole('beta')!.createdAt },
			]);
		});

		it('walks every page with Return All', async () => {
			// More roles than CometChat's 25 allow, seeded directly, to make the list span pages.
			for (let i = 1; i <= 1203; i++) seedRole(`role-${String(i).padStart(4, '0')}`);
			const { items } = await run(ctx, role('getAll', { returnAll: true }));
			expect(ctx.emulator.requests.map((r) => r.query)).toEqual([
				{ page: '1', perPage: '1000' },
				{ page: '2', perPage: '1000' },
			]);
			expect(items).toHaveLength(1204);
			expect(items[0].json.role).toBe('role-1203');
			expect(items[1203].json.role).toBe('default');
		});
	});

	describe('Update', () => {
		it('sends only the fields added and merges the settings', async () => {
			const seeded = seedRole('manager', { name: 'Manager', settings: { listUsers: 'all', sendMessagesTo: 'all' } });
			const { items, error } = await run(
				ctx,
				role('update', { role: byId('manager'), updateFields: { name: 'Team Lead', description: 'Leads a team', sendMessagesTo: 'friendsOnly' } }),
			);
			expect(error).toBeUndefined();
			expectRequest(
				ctx.emulator.requests[0],
				{ method: 'PUT', path: '/v3/roles/manager', body: { name: 'Team Lead', description: 'Leads a team', settings: { sendMessagesTo: 'friendsOnly' } } },
				ctx.emulator.apiKey,
			);
			expect(json(items)).toEqual([
				{
					role: 'manager',
					name: 'Team Lead',
					description: 'Leads a team',
					settings: { listUsers: 'all', sendMessagesTo: 'friendsOnly' },
					createdAt: seeded.createdAt,
					updatedAt: store().getRole('manager')!.updatedAt,
				},
			]);
		});

		it('replaces metadata and unsets fields', async () => {
			seedRole('manager', { description: 'old', metadata: { a: 1 }, settings: { listUsers: 'all' } });
			const { items } = await run(ctx, role('update', { role: byId('manager'), updateFields: { metadata: { b: 2 } }, unset: ['description', 'settings'] }));
			expect(ctx.emulator.requests[0].body).toEqual({ metadata: { b: 2 }, unset: ['description', 'settings'] });
			expect(items[0].json).toMatchObject({ role: 'manager', metadata: { b: 2 } });
			expect(items[0].json).not.toHaveProperty('description');
			expect(items[0].json).not.toHaveProperty('settings');
			expect(store().getRole('manager')).toMatchObject({ description: undefined, settings: undefined, metadata: { b: 2 } });
		});

		it.each([
			['no field', {}, [], 'Update Fields: is empty and Fields to Unset chooses nothing [item 0]'],
			['an empty Name', { name: '={{ "" }}' }, [], 'Name: is empty [item 0]'],
			['an empty Description', { description: '={{ " " }}' }, [], 'Description: is empty [item 0]'],
			['a Description set and unset', { description: 'x' }, ['description'], 'Fields to Unset: Description is also in Update Fields'],
			['settings set and unset', { listUsers: 'all' }, ['settings'], 'Fields to Unset: List Users / Send Messages To is also in Update Fields'],
			['Metadata that is not an object', { metadata: '={{ "42" }}' }, [], 'Metadata (JSON): must be a JSON object, not a number'],
			['an unknown field to unset', {}, '={{ ["name"] }}', 'Fields to Unset: "name" cannot be unset'],
			['a prototype name to unset', {}, '={{ ["toString"] }}', 'Fields to Unset: "toString" cannot be unset'],
		])('stops %s before any request', async (_case, updateFields, unset, message) => {
			seedRole('manager');
			const { error } = await run(ctx, role('update', { role: byId('manager'), updateFields, unset }));
			expect(error?.message).toContain(message);
			expect(ctx.emulator.requests).toEqual([]);
		});
	});

	describe('Delete', () => {
		it('deletes a role and returns {deleted: true, message}', async () => {
			seedRole('manager');
			store().rolePermissions('manager').set('sendMessage', 'deny');
			const { items, error } = await run(ctx, role('delete', { role: byId('manager') }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: '/v3/roles/manager', body: undefined }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ deleted: true, message: 'Role manager has been deleted successfully.' }]);
			expect(store().getRole('manager')).toBeUndefined();
			expect(store().permissions.has('manager')).toBe(false);
		});

		it('passes on CometChat\'s refusal to delete the default role', async () => {
			const { error } = await run(ctx, role('delete', { role: byId('default') }));
			expect(error?.message).toBe('ERR_ROLE_DELETE_DENIED: The default role cannot be deleted. [item 0]');
			expect(httpCode(error)).toBe('403');
			expect(store().getRole('default')).toBeDefined();
		});

		it('stops an invalid role from an expression before any request', async () => {
			const { error } = await run(ctx, role('delete', { role: byId('={{ $json.role }}') }), { input: [{ json: { role: 'a b' } }] });
			expect(error?.message).toContain('Role: "a b" has characters CometChat does not allow');
			expect(ctx.emulator.requests).toEqual([]);
		});
	});

	describe('Restrict Features', () => {
		it('sends the feature keys and returns one item per feature, in the order given', async () => {
			seedRole('guest');
			const { items, error } = await run(ctx, role('restrictFeatures', { role: byId('guest'), features: 'u.nope, u.listUsers,u.deleteGroup, u.listUsers' }));
			expect(error).toBeUndefined();
			expectRequest(
				ctx.emulator.requests[0],
				{ method: 'POST', path: '/v3/roles/guest/restrictedfeatures', body: { featuresToRestrict: ['u.nope', 'u.listUsers', 'u.deleteGroup'] } },
				ctx.emulator.apiKey,
			);
			expect(json(items)).toEqual([
				{ feature: 'u.nope', success: false, message: 'The feature u.nope does not exist.' },
				{ feature: 'u.listUsers', success: true, message: 'The feature u.listUsers has been restricted successfully.' },
				{ feature: 'u.deleteGroup', success: true, message: 'The feature u.deleteGroup has been restricted successfully.' },
			]);
			expect([...store().restrictions.get('guest')!.keys()]).toEqual(['u.listUsers', 'u.deleteGroup']);
		});

		it('matches answers in another order or case to the keys asked, reporting missing and extra ones', async () => {
			// CometChat's answer, injected: keys in another order and case, one missing, one never asked for.
			ctx.emulator.failNext({
				status: 200,
				body: {
					data: {
						'u.extra': { success: true, message: 'extra' },
						'U.DELETEGROUP': { success: true, message: 'done 2' },
						'u.listUsers': { success: false, message: 'refused 1' },
					},
				},
			});
			const { items, error } = await run(ctx, role('restrictFeatures', { role: byId('default'), features: 'u.listUsers, u.deleteGroup, u.createGroup' }));
			expect(error).toBeUndefined();
			expect(json(items)).toEqual([
				{ feature: 'u.listUsers', success: false, message: 'refused 1' },
				{ feature: 'u.deleteGroup', success: true, message: 'done 2' },
				{ feature: 'u.createGroup', success: false, message: 'CometChat returned no result for this key.' },
				{ feature: 'u.extra', success: true, message: 'extra' },
			]);
		});

		it('takes an array from an expression', async () => {
			const { items } = await run(ctx, role('restrictFeatures', { role: byId('default'), features: '={{ $json.features }}' }), {
				input: [{ json: { features: ['u.createGroup'] } }],
			});
			expect(ctx.emulator.requests[0].body).toEqual({ featuresToRestrict: ['u.createGroup'] });
			expect(json(items)).toEqual([{ feature: 'u.createGroup', success: true, message: 'The feature u.createGroup has been restricted successfully.' }]);
		});

		it.each([
			['an empty list', ' , ', 'Features: is empty; give at least one feature key [item 0]'],
			['a key with a space', 'u.list users', 'Features: "u.list users" is not a feature key'],
			['a key starting with a dot', '.hidden', 'Features: ".hidden" is not a feature key'],
			['a key with a slash', 'u.listUsers, ../x', 'Features: "../x" is not a feature key'],
			['a list of objects', [{ key: 'u.listUsers' }], 'Features: every entry must be text'],
		])('stops %s before any request', async (_case, features, message) => {
			const { error } = await run(ctx, role('restrictFeatures', { role: byId('default'), features: '={{ $json.features }}' }), {
				input: [{ json: { features } }],
			});
			expect(error?.message).toContain(message);
			expect(ctx.emulator.requests).toEqual([]);
		});

		it('fails with ERR_ROLE_NOT_FOUND for an unknown role', async () => {
			const { error } = await run(ctx, role('restrictFeatures', { role: byId('ghost'), features: 'u.listUsers' }));
			expect(error?.message).toMatch(/^ERR_ROLE_NOT_FOUND: /);
		});
	});

	describe('Get Restricted Features', () => {
		it('returns one item per restricted feature', async () => {
			seedRole('guest');
			store().restrictions.set('guest', new Map([['u.listUsers', 1700000000], ['u.createGroup', 1700000100]]));
			const { items, error } = await run(ctx, role('getRestrictedFeatures', { role: byId('guest') }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/roles/guest/restrictedfeatures', body: undefined }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([
				{ title: 'List Users', description: FEATURES['u.listUsers'].description, key: 'u.listUsers', path: '/v3/users', createdAt: 1700000000 },
				{ title: 'Create Group', description: FEATURES['u.createGroup'].description, key: 'u.createGroup', createdAt: 1700000100 },
			]);
		});

		it('returns no items when nothing is restricted', async () => {
			const { items, error } = await run(ctx, role('getRestrictedFeatures', { role: byId('default') }));
			expect(error).toBeUndefined();
			expect(items).toEqual([]);
		});
	});

	describe('Allow Features', () => {
		beforeEach(() => {
			seedRole('guest');
			store().restrictions.set('guest', new Map([['u.listUsers', 1], ['u.createGroup', 2], ['u.deleteGroup', 3]]));
		});

		it('sends DELETE with the feature list and lifts those restrictions', async () => {
			const { items, error } = await run(ctx, role('allowFeatures', { role: byId('guest'), features: 'u.listUsers, u.deleteGroup' }));
			expect(error).toBeUndefined();
			expectRequest(
				ctx.emulator.requests[0],
				{ method: 'DELETE', path: '/v3/roles/guest/restrictedfeatures', body: { featuresToAllow: ['u.listUsers', 'u.deleteGroup'] } },
				ctx.emulator.apiKey,
			);
			expect(json(items)).toEqual([{ success: true, message: 'The feature has been allowed successfully.' }]);
			expect([...store().restrictions.get('guest')!.keys()]).toEqual(['u.createGroup']);
		});

		it('sends only allowAll: true with Allow All', async () => {
			const { items } = await run(ctx, role('allowFeatures', { role: byId('guest'), allowAll: true, features: 'u.listUsers' }));
			expect(ctx.emulator.requests[0].body).toEqual({ allowAll: true });
			expect(items[0].json.success).toBe(true);
			expect(store().restrictions.get('guest')!.size).toBe(0);
		});

		it('stops an empty feature list before any request', async () => {
			const { error } = await run(ctx, role('allowFeatures', { role: byId('guest'), features: '={{ $json.f }}' }), { input: [{ json: { f: '' } }] });
			expect(error?.message).toContain('Features: is empty; give at least one feature key [item 0]');
			expect(ctx.emulator.requests).toEqual([]);
		});
	});

	describe('Get Permissions', () => {
		it('returns one item per permission with its values and default', async () => {
			const { items, error } = await run(ctx, role('getPermissions', { role: byId('default') }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/roles/default/permissions', body: undefined }, ctx.emulator.apiKey);
			expect(items).toHaveLength(ROLE_PERMISSIONS.length);
			expect(items.find((item) => item.json.id === 'sendMessage.allowedMessageTypes')?.json).toEqual({
				id: 'sendMessage.allowedMessageTypes',
				type: 'role',
				title: 'Select which message types can be sent',
				description: 'Select which message types can be sent',
				dataType: 'stringArray',
				availableValues: ['text', 'image', 'audio', 'video', 'file'],
				defaultValue: [],
				createdAt: 1765962204,
				updatedAt: 1765962204,
			});
		});

		it('fails with ERR_ROLE_NOT_FOUND for an unknown role', async () => {
			const { error } = await run(ctx, role('getPermissions', { role: byId('ghost') }));
			expect(error?.message).toMatch(/^ERR_ROLE_NOT_FOUND: /);
		});
	});

	describe('Set Permissions', () => {
		it('sends the permissions object and returns one item per permission, in the order given', async () => {
			seedRole('seller');
			const permissions = { createGroup: 'deny', 'listUsers.mode': 'friends', 'createGroup.allowedGroupTypes': ['public'], 'no.such': 'allow', sendMessage: 'maybe' };
			const { items, error } = await run(ctx, role('setPermissions', { role: byId('seller'), permissions: JSON.stringify(permissions) }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'PUT', path: '/v3/roles/seller/permissions', body: { permissions } }, ctx.emulator.apiKey);
			const mapped = (id: string) => ({ permission: id, success: true, message: `Permission with id ${id} have been mapped successfully to role seller.` });
			expect(json(items)).toEqual([
				mapped('createGroup'),
				mapped('listUsers.mode'),
				mapped('createGroup.allowedGroupTypes'),
				{ permission: 'no.such', success: false, message: 'Permission with id no.such does not exist.' },
				{ permission: 'sendMessage', success: false, message: 'The value of the permission sendMessage must be one of: allow, deny.' },
			]);
			expect(Object.fromEntries(store().rolePermissions('seller'))).toEqual({
				createGroup: 'deny',
				'listUsers.mode': 'friends',
				'createGroup.allowedGroupTypes': ['public'],
			});
		});

		it('takes an object from an expression', async () => {
			const { items } = await run(ctx, role('setPermissions', { role: byId('default'), permissions: '={{ $json.permissions }}' }), {
				input: [{ json: { permissions: { editMessage: 'deny' } } }],
			});
			expect(ctx.emulator.requests[0].body).toEqual({ permissions: { editMessage: 'deny' } });
			expect(json(items)).toEqual([
				{ permission: 'editMessage', success: true, message: 'Permission with id editMessage have been mapped successfully to role default.' },
			]);
		});

		it.each([
			['an empty object', {}, 'Permissions (JSON): is empty; give at least one permission [item 0]'],
			['an array', ['sendMessage'], 'Permissions (JSON): must be a JSON object, not an array'],
			['invalid JSON', '{"sendMessage": ', 'Permissions (JSON): is not valid JSON'],
			['a number value', { sendMessage: 1 }, 'Permissions (JSON): the value of sendMessage must be text or a list of texts'],
			['a null value', { 'listUsers.allowedRoles': null }, 'the value of listUsers.allowedRoles must be text or a list of texts'],
			['a dotted path as ID', { '..': 'allow' }, 'Permissions (JSON): ".." is not a permission ID'],
		])('stops %s before any request', async (_case, permissions, message) => {
			const { error } = await run(ctx, role('setPermissions', { role: byId('default'), permissions: '={{ $json.permissions }}' }), {
				input: [{ json: { permissions } }],
			});
			expect(error?.message).toContain(message);
			expect(ctx.emulator.requests).toEqual([]);
		});
	});

	describe('Reset Permission', () => {
		it('sends DELETE for the permission and returns the permissions still set', async () => {
			const set = store().rolePermissions('default');
			set.set('listUsers.mode', 'friends');
			set.set('sendMessage', 'deny');
			const { items, error } = await run(ctx, role('resetPermission', { role: byId('default'), permission: ' listUsers.mode ' }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: '/v3/roles/default/permissions/listUsers.mode', body: undefined }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ permissions: { sendMessage: 'deny' } }]);
			expect([...set.keys()]).toEqual(['sendMessage']);
		});

		it.each([
			['an empty ID', '', 'Permission: is empty [item 0]'],
			['a dot-dot path segment', '..', 'Permission: ".." is not a permission ID'],
			['a slash', 'sendMessage/x', 'Permission: "sendMessage/x" is not a permission ID'],
		])('stops %s before any request', async (_case, permission, message) => {
			const { error } = await run(ctx, role('resetPermission', { role: byId('default'), permission: '={{ $json.p }}' }), { input: [{ json: { p: permission } }] });
			expect(error?.message).toContain(message);
			expect(ctx.emulator.requests).toEqual([]);
		});

		it('passes on CometChat\'s refusal of an unknown permission', async () => {
			const { error } = await run(ctx, role('resetPermission', { role: byId('default'), permission: 'fly' }));
			expect(error?.message).toBe('ERR_BAD_REQUEST: Failed to validate the data sent with the request. [item 0]');
			expect(error?.description).toContain('permission: The selected permission is invalid.');
		});
	});

	describe('scope permissions', () => {
		beforeEach(() => {
			ctx.emulator.seedUser({ uid: 'owner-1' });
			ctx.emulator.seedGroup({ guid: 'hiking', owner: 'owner-1' });
		});

		it('Get Scope Permissions returns one item per permission, with the scope\'s defaults', async () => {
			const { items, error } = await run(ctx, role('getScopePermissions', { guid: byId('hiking'), scope: 'moderator' }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/groups/hiking/scopes/moderator/permissions', body: undefined }, ctx.emulator.apiKey);
			expect(items).toHaveLength(SCOPE_PERMISSIONS.length);
			expect(items.find((item) => item.json.id === 'kickMembers')?.json).toEqual({
				id: 'kickMembers',
				type: 'scope',
				title: 'Allow or deny kicking members from groups',
				description: 'Allow or deny kicking members from groups',
				dataType: 'string',
				availableValues: ['allow', 'deny'],
				defaultValue: 'allow',
				createdAt: 1765962204,
				updatedAt: 1765962204,
			});
			const participant = await run(ctx, role('getScopePermissions', { guid: byId('hiking'), scope: 'participant' }));
			expect(participant.items.find((item) => item.json.id === 'kickMembers')?.json.defaultValue).toBe('deny');
		});

		it('Set Scope Permissions sends the permissions and returns one item per permission', async () => {
			const permissions = { sendMessage: 'deny', 'kickMembers.allowedScopes': ['participant'] };
			const { items, error } = await run(ctx, role('setScopePermissions', { guid: byId('hiking'), scope: 'admin', permissions: JSON.stringify(permissions) }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'PUT', path: '/v3/groups/hiking/scopes/admin/permissions', body: { permissions } }, ctx.emulator.apiKey);
			expect(json(items)).toEqual(
				Object.keys(permissions).map((id) => ({
					permission: id,
					success: true,
					message: `Permission with id ${id} have been mapped successfully to scope admin on group hiking.`,
				})),
			);
			const group = ctx.emulator.state.getGroup('hiking')!;
			expect(Object.fromEntries(store().scopePermissionsOf(group, 'admin'))).toEqual(permissions);
			expect(store().scopePermissionsOf(group, 'moderator').size).toBe(0);
		});

		it('Reset Scope Permission sends DELETE and returns the permissions still set', async () => {
			const set = store().scopePermissionsOf(ctx.emulator.state.getGroup('hiking')!, 'participant');
			set.set('sendMessage', 'deny');
			set.set('addReaction', 'deny');
			const { items, error } = await run(ctx, role('resetScopePermission', { guid: byId('hiking'), scope: 'participant', permission: 'sendMessage' }));
			expect(error).toBeUndefined();
			expectRequest(
				ctx.emulator.requests[0],
				{ method: 'DELETE', path: '/v3/groups/hiking/scopes/participant/permissions/sendMessage', body: undefined },
				ctx.emulator.apiKey,
			);
			expect(json(items)).toEqual([{ permissions: { addReaction: 'deny' } }]);
		});

		it.each([
			['getScopePermissions', { scope: '={{ $json.v }}' }, 'owner', 'Scope: "owner" is not one of admin, moderator, participant [item 0]'],
			['setScopePermissions', { scope: 'admin', permissions: '={{ $json.v }}' }, '{}', 'Permissions (JSON): is empty'],
			['resetScopePermission', { scope: 'admin', permission: '={{ $json.v }}' }, 'a b', 'Permission: "a b" is not a permission ID'],
			['getScopePermissions', { guid: byId('={{ $json.v }}'), scope: 'admin' }, 'hik ing', 'Group: "hik ing" has characters CometChat does not allow'],
		])('%s stops bad input before any request', async (operation, extra, value, message) => {
			const { error } = await run(ctx, role(operation, { guid: byId('hiking'), ...extra }), { input: [{ json: { v: value } }] });
			expect(error?.message).toContain(message);
			expect(ctx.emulator.requests).toEqual([]);
		});

		it('fails with ERR_GUID_NOT_FOUND for an unknown group', async () => {
			const { error } = await run(ctx, role('setScopePermissions', { guid: byId('nowhere'), scope: 'admin', permissions: '{"sendMessage": "deny"}' }));
			expect(error?.message).toMatch(/^ERR_GUID_NOT_FOUND: The GUID nowhere does not exist/);
			expect(httpCode(error)).toBe('404');
		});
	});

	describe('role picker (searchRoles)', () => {
		it('is registered on the node', () => {
			expect(Object.keys(nodeType.methods?.listSearch ?? {})).toContain('searchRoles');
		});
		it('lists the roles as "Name (id)", newest first', async () => {
			seedRole('manager', { name: 'Manager' });
			seedRole('support');
			const { results, paginationToken } = await listSearch('searchRoles', ctx.credentials());
			expect(results).toEqual([
				{ name: 'support (support)', value: 'support' },
				{ name: 'Manager (manager)', value: 'manager' },
				{ name: 'Default Role (default)', value: 'default' },
			]);
			expect(paginationToken).toBeUndefined();
			expect(ctx.emulator.requests.map((r) => [r.path, r.query])).toEqual([['/v3/roles', { page: '1', perPage: '100' }]]);
		});

		it('filters by the typed text in ID or name', async () => {
			seedRole('manager', { name: 'Team Lead' });
			seedRole('support');
			expect((await listSearch('searchRoles', ctx.credentials(), {}, 'LEAD')).results).toEqual([{ name: 'Team Lead (manager)', value: 'manager' }]);
			expect((await listSearch('searchRoles', ctx.credentials(), {}, 'sup')).results.map((r) => r.value)).toEqual(['support']);
		});

		it('offers the next page when CometChat reports one', async () => {
			for (let i = 1; i <= 120; i++) seedRole(`role-${String(i).padStart(3, '0')}`);
			const first = await listSearch('searchRoles', ctx.credentials());
			expect(first.results).toHaveLength(100);
			expect(first.paginationToken).toBe('2');
			const second = await listSearch('searchRoles', ctx.credentials(), {}, undefined, '2');
			expect(second.results).toHaveLength(21);
			expect(second.paginationToken).toBeUndefined();
		});
	});
});
