import type { INodeParameters } from 'n8n-workflow';
import { aiRecords, seedAiRecord } from '../emulator/routes/aiAgentTools';
import { byId, expectRequest, httpCode, useEmulator } from '../helpers';
import { aiAgentsNode, listSearch } from '../harness';
import { AB, runAi } from './helpers';

const server = (slug: string) => ({ name: `Server ${slug}`, slug, url: 'https://mcp.example.com/sse' });

describe('CometChat AI Agents → MCP Server', () => {
	const ctx = useEmulator();
	const op = (operation: string, extra: INodeParameters = {}): INodeParameters => ({ resource: 'mcpServer', operation, ...extra });
	const stored = (slug: string) => aiRecords(ctx.emulator.state).byKind.mcpServer.get(slug)!;

	it('Create: POST CreateMcpServerDto; the output is the server as answered', async () => {
		const { items, error } = await runAi(
			ctx,
			op('create', { ...server(' docs-search '), name: 'Docs', options: { description: 'Searches docs', icon: 'https://example.com/i.png' } }),
		);
		expect(error).toBeUndefined();
		const body = { name: 'Docs', slug: 'docs-search', url: 'https://mcp.example.com/sse', description: 'Searches docs', icon: 'https://example.com/i.png' };
		expectRequest(ctx.emulator.requests[0], { method: 'POST', path: `${AB}/mcp-servers`, body }, ctx.emulator.apiKey);
		const { createdAt, updatedAt } = stored('docs-search');
		expect(items.map((item) => item.json)).toEqual([{ _id: 'demo-app_docs-search', appId: 'demo-app', ...body, createdAt, updatedAt }]);
	});

	it.each([
		[{ url: 'mcp.example.com' }, 'URL'],
		[{ slug: 'docs/search' }, 'Slug'],
		[{ name: '' }, 'Name'],
	])('Create: refuses %j before any request, naming the field', async (bad, field) => {
		const { items, error } = await runAi(ctx, op('create', { ...server('docs'), ...bad }));
		expect(error?.message).toContain(field);
		expect(items).toEqual([]);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('Get: GET /mcp-servers/{slug}', async () => {
		const seeded = seedAiRecord(ctx.emulator.state, 'mcpServer', server('docs'));
		const { items, error } = await runAi(ctx, op('get', { mcpServer: byId('docs') }));
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `${AB}/mcp-servers/docs` }, ctx.emulator.apiKey);
		expect(items.map((item) => item.json)).toEqual([seeded]);
	});

	it('Update: PATCH the added fields (the slug cannot change); an empty Update Fields is refused', async () => {
		seedAiRecord(ctx.emulator.state, 'mcpServer', server('docs'));
		const { items, error } = await runAi(ctx, op('update', { mcpServer: byId('docs'), updateFields: { url: 'https://mcp2.example.com/sse', name: 'Docs 2' } }));
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'PATCH', path: `${AB}/mcp-servers/docs`, body: { name: 'Docs 2', url: 'https://mcp2.example.com/sse' } },
			ctx.emulator.apiKey,
		);
		expect(items[0].json).toMatchObject({ slug: 'docs', name: 'Docs 2', url: 'https://mcp2.example.com/sse' });
		const refused = await runAi(ctx, op('update', { mcpServer: byId('docs'), updateFields: {} }));
		expect(refused.error?.message).toContain('Update Fields');
		expect(ctx.emulator.requests).toHaveLength(1);
	});

	it('Delete: DELETE /mcp-servers/{slug} → {deleted, message}; an unknown one is the service\'s 404', async () => {
		seedAiRecord(ctx.emulator.state, 'mcpServer', server('docs'));
		const { items, error } = await runAi(ctx, op('delete', { mcpServer: byId('docs') }));
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: `${AB}/mcp-servers/docs` }, ctx.emulator.apiKey);
		expect(items.map((item) => item.json)).toEqual([{ deleted: true, message: 'MCP server deleted successfully' }]);
		const again = await runAi(ctx, op('delete', { mcpServer: byId('docs') }));
		expect(httpCode(again.error)).toBe('404');
		expect(again.error?.message).toContain('MCP server with slug docs not found');
	});

	it('Get Many: the limit, then every page with Return All', async () => {
		for (let i = 1; i <= 120; i++) seedAiRecord(ctx.emulator.state, 'mcpServer', server(`s${String(i).padStart(3, '0')}`));
		const limited = await runAi(ctx, op('getAll', { limit: 3 }));
		expect(limited.items.map((item) => item.json.slug)).toEqual(['s120', 's119', 's118']);
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `${AB}/mcp-servers`, query: { limit: '3' } }, ctx.emulator.apiKey);
		const all = await runAi(ctx, op('getAll', { returnAll: true }));
		expect(all.items).toHaveLength(120);
		expect(ctx.emulator.requests.slice(1).map((request) => request.query)).toEqual([
			{ limit: '100' },
			{ limit: '100', affix: 'append', createdAt: String(stored('s021').createdAt) },
		]);
	});

	it('the picker lists servers by name and slug', async () => {
		seedAiRecord(ctx.emulator.state, 'mcpServer', server('docs'));
		const result = await listSearch('searchMcpServers', ctx.credentials(), {}, undefined, undefined, aiAgentsNode);
		expect(result).toEqual({ results: [{ name: 'Server docs (docs)', value: 'docs' }], paginationToken: undefined });
	});
});
