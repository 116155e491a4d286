import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { aiRecords, seedAiRecord } from '../emulator/routes/aiAgentTools';
import { byId, expectRequest, httpCode, useEmulator } from '../helpers';
import { aiAgentsNode, listSearch } from '../harness';
import { AB, runAi } from './helpers';

const tool = (slug: string, extra: IDataObject = {}) => ({
	slug,
	name: `Tool ${slug}`,
	description: 'Creates a lead',
	endpoint: 'https://api.example.com/leads',
	method: 'POST',
	enableBasicAuth: false,
	...extra,
});

describe('CometChat AI Agents → API Tool', () => {
	const ctx = useEmulator();
	const op = (operation: string, extra: INodeParameters = {}): INodeParameters => ({ resource: 'apiTool', operation, ...extra });

	describe('Create', () => {
		it('POSTs CreateApiToolDto with the Basic Auth pair and options; the output shows header names, never their values', async () => {
			const { items, error } = await runAi(
				ctx,
				op('create', {
					...tool(' create_lead '),
					name: 'Tool create_lead',
					enableBasicAuth: true,
					basicAuthUsername: 'crm',
					basicAuthPassword: 'hunter2-secret',
					options: {
						headers: '{"Authorization": "Bearer sk-live-1234567890", "Content-Type": "application/json"}',
						bodyTemplate: '{"email": "{{email}}"}',
						allowAdditionalProperties: true,
						icon: 'https://example.com/icon.png',
						parameters: '[{"key": "email", "type": "string", "description": "Email of the lead", "required": true}]',
					},
				}),
			);
			expect(error).toBeUndefined();
			expectRequest(
				ctx.emulator.requests[0],
				{
					method: 'POST',
					path: `${AB}/api-tools`,
					body: {
						...tool('create_lead'),
						enableBasicAuth: true,
						basicAuthUsername: 'crm',
						basicAuthPassword: 'hunter2-secret',
						headers: '{"Authorization":"Bearer sk-live-1234567890","Content-Type":"application/json"}',
						bodyTemplate: '{"email": "{{email}}"}',
						allowAdditionalProperties: true,
						icon: 'https://example.com/icon.png',
						parameters: [{ key: 'email', type: 'string', description: 'Email of the lead', required: true }],
					},
				},
				ctx.emulator.apiKey,
			);
			const stored = aiRecords(ctx.emulator.state).byKind.apiTool.get('create_lead')!;
			expect(items).toHaveLength(1);
			expect(items[0].json).toEqual({
				_id: 'demo-app_create_lead',
				appId: 'demo-app',
				...tool('create_lead'),
				enableBasicAuth: true,
				headers: '{"Authorization":"[redacted]","Content-Type":"[redacted]"}',
				bodyTemplate: '{"email": "{{email}}"}',
				allowAdditionalProperties: true,
				icon: 'https://example.com/icon.png',
				parameters: [{ key: 'email', type: 'string', description: 'Email of the lead', required: true }],
				tool: {
					name: 'create_lead',
					description: 'Creates a lead',
					parameters: { type: 'object', properties: { email: { type: 'string', description: 'Email of the lead' } }, required: ['email'] },
				},
				createdAt: stored.createdAt,
				updatedAt: stored.updatedAt,
			});
			expect(JSON.stringify(items)).not.toContain('sk-live');
		});

		it('sends neither the Basic Auth pair nor options when Basic Auth is off and none are added', async () => {
			const { error } = await runAi(ctx, op('create', { ...tool('lookup'), method: 'GET', basicAuthUsername: 'x', basicAuthPassword: 'y' }));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests[0].body).toEqual({ ...tool('lookup'), method: 'GET' });
		});

		it.each([
			[{ slug: 'bad slug' }, 'Slug'],
			[{ endpoint: 'ftp://example.com' }, 'Endpoint'],
			[{ method: 'TRACE' }, 'Method'],
			[{ description: ' ' }, 'Description'],
			[{ enableBasicAuth: true, basicAuthUsername: 'crm', basicAuthPassword: '={{ " " }}' }, 'Basic Auth Password'],
			[{ options: { parameters: '[{"key": "email"}]' } }, 'Parameters (JSON)'],
			[{ options: { headers: '["x"]' } }, 'Headers (JSON)'],
		])('refuses %j before any request, naming the item and field', async (bad, field) => {
			const { items, error } = await runAi(ctx, op('create', { ...tool('create_lead'), ...bad }));
			expect(error?.message).toContain(field);
			expect(error?.message).toContain('[item 0]');
			expect(items).toEqual([]);
			expect(ctx.emulator.requests).toEqual([]);
		});

		it("keeps the service's status and message (a slug taken)", async () => {
			seedAiRecord(ctx.emulator.state, 'apiTool', tool('create_lead'));
			const { error } = await runAi(ctx, op('create', { ...tool('create_lead'), enableBasicAuth: true, basicAuthUsername: 'crm', basicAuthPassword: 'hunter2-secret' }));
			expect(httpCode(error)).toBe('409');
			expect(error?.message).toContain('API tool create_lead already exists');
		});
	});

	describe('Get, Update, Delete', () => {
		it('an error that echoes a short header value (an API key of 9 characters) does not carry it', async () => {
			seedAiRecord(ctx.emulator.state, 'apiTool', tool('create_lead'));
			ctx.emulator.failNext({ status: 400, body: { statusCode: 400, message: 'header X-Api-Key: k-1234567 is not accepted', error: 'Bad Request' } });
			const { error } = await runAi(ctx, op('update', { apiTool: byId('create_lead'), updateFields: { headers: '{"X-Api-Key": "k-1234567"}' } }));
			expect(ctx.emulator.requests[0]).toMatchObject({ method: 'PATCH', body: { headers: '{"X-Api-Key":"k-1234567"}' } });
			expect(error?.message).toBe('Bad Request: header X-Api-Key: [redacted] is not accepted [item 0]');
			expect(JSON.stringify({ message: error?.message, description: error?.description })).not.toContain('k-1234567');
		});

		it('Get: GET /api-tools/{slug}; the output is the tool, headers masked', async () => {
			const seeded = seedAiRecord(ctx.emulator.state, 'apiTool', tool('create_lead', { headers: '{"X-Api-Key":"k-123456789"}' }));
			const { items, error } = await runAi(ctx, op('get', { apiTool: byId('create_lead') }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `${AB}/api-tools/create_lead` }, ctx.emulator.apiKey);
			expect(items.map((item) => item.json)).toEqual([{ ...seeded, headers: '{"X-Api-Key":"[redacted]"}' }]);
		});

		it('Get: an unknown slug is the service\'s 404 with its message', async () => {
			const { error } = await runAi(ctx, op('get', { apiTool: byId('nope') }));
			expect(httpCode(error)).toBe('404');
			expect(JSON.stringify(error)).toContain('API tool with slug nope not found');
		});

		it('Update: PATCH only the added fields (a new slug renames); the name is not offered', async () => {
			seedAiRecord(ctx.emulator.state, 'apiTool', tool('create_lead'));
			const { items, error } = await runAi(
				ctx,
				op('update', { apiTool: byId('create_lead'), updateFields: { slug: 'new_lead', method: 'PUT', enableBasicAuth: false } }),
			);
			expect(error).toBeUndefined();
			expectRequest(
				ctx.emulator.requests[0],
				{ method: 'PATCH', path: `${AB}/api-tools/create_lead`, body: { slug: 'new_lead', method: 'PUT', enableBasicAuth: false } },
				ctx.emulator.apiKey,
			);
			expect(items[0].json).toMatchObject({ _id: 'demo-app_new_lead', slug: 'new_lead', method: 'PUT', name: 'Tool create_lead' });
		});

		it('Update: nothing to change is refused before any request', async () => {
			const { error } = await runAi(ctx, op('update', { apiTool: byId('create_lead'), updateFields: {} }));
			expect(error?.message).toContain('Update Fields');
			expect(ctx.emulator.requests).toEqual([]);
		});

		it('Delete: DELETE /api-tools/{slug}; the output is {deleted, message}', async () => {
			seedAiRecord(ctx.emulator.state, 'apiTool', tool('create_lead'));
			const { items, error } = await runAi(ctx, op('delete', { apiTool: byId('create_lead') }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: `${AB}/api-tools/create_lead` }, ctx.emulator.apiKey);
			expect(items.map((item) => item.json)).toEqual([{ deleted: true, message: 'API tool deleted successfully' }]);
			expect(aiRecords(ctx.emulator.state).byKind.apiTool.size).toBe(0);
		});

		it('Delete: a picker value that is not a slug is refused before any request', async () => {
			const { error } = await runAi(ctx, op('delete', { apiTool: byId('={{ $json.slug }}') }), [{ slug: '../agents' }]);
			expect(error?.message).toContain('API Tool');
			expect(ctx.emulator.requests).toEqual([]);
		});
	});

	describe('Get Many', () => {
		const seed = (count: number) => {
			for (let i = 1; i <= count; i++) seedAiRecord(ctx.emulator.state, 'apiTool', tool(`tool-${String(i).padStart(3, '0')}`));
		};

		it('asks for the limit and returns one item per tool, newest first', async () => {
			seed(12);
			const { items, error } = await runAi(ctx, op('getAll', { limit: 5 }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `${AB}/api-tools`, query: { limit: '5' } }, ctx.emulator.apiKey);
			expect(ctx.emulator.requests).toHaveLength(1);
			expect(items.map((item) => item.json.slug)).toEqual(['tool-012', 'tool-011', 'tool-010', 'tool-009', 'tool-008']);
		});

		it('walks meta.next (affix, createdAt) with Return All, past pages the service cuts to its own size', async () => {
			seed(250);
			const records = [...aiRecords(ctx.emulator.state).byKind.apiTool.values()].sort((a, b) => b.createdAt - a.createdAt);
			const { items, error } = await runAi(ctx, op('getAll', { returnAll: true }));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests.map((request) => request.query)).toEqual([
				{ limit: '100' },
				{ limit: '100', affix: 'append', createdAt: String(records[99].createdAt) },
				{ limit: '100', affix: 'append', createdAt: String(records[199].createdAt) },
			]);
			expect(items).toHaveLength(250);
			expect(new Set(items.map((item) => item.json.slug)).size).toBe(250);
		});

		it('masks the headers of every listed tool', async () => {
			seedAiRecord(ctx.emulator.state, 'apiTool', tool('a', { headers: '{"Authorization":"Bearer abcdefgh"}' }));
			const { items } = await runAi(ctx, op('getAll', { returnAll: true }));
			expect(items[0].json.headers).toBe('{"Authorization":"[redacted]"}');
		});
	});

	it('the picker lists tools by name and slug, filtered, 50 a page with the next cursor as its token', async () => {
		for (let i = 1; i <= 50; i++) seedAiRecord(ctx.emulator.state, 'apiTool', tool(`t${i}`, { name: `Tool ${i}` }));
		seedAiRecord(ctx.emulator.state, 'apiTool', tool('create_lead', { name: 'Create Lead' }));
		const first = await listSearch('searchApiTools', ctx.credentials(), {}, 'lead', undefined, aiAgentsNode);
		expect(first.results).toEqual([{ name: 'Create Lead (create_lead)', value: 'create_lead' }]);
		expect(ctx.emulator.requests[0].query).toEqual({ limit: '50' });
		const oldestShown = aiRecords(ctx.emulator.state).byKind.apiTool.get('t2')!.createdAt;
		expect(JSON.parse(first.paginationToken as string)).toEqual({ affix: 'append', createdAt: oldestShown });
		const second = await listSearch('searchApiTools', ctx.credentials(), {}, '', first.paginationToken as string, aiAgentsNode);
		expect(ctx.emulator.requests[1].query).toEqual({ limit: '50', affix: 'append', createdAt: String(oldestShown) });
		expect(second).toEqual({ results: [{ name: 'Tool 1 (t1)', value: 't1' }], paginationToken: undefined });
	});
});
