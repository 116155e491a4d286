import type { INodeParameters } from 'n8n-workflow';
import { knowledgeBase, seedKbSource } from '../emulator/routes/aiKnowledgeBase';
import { expectRequest, httpCode, useEmulator } from '../helpers';
import { AB, runAi } from './helpers';

const KB = `${AB}/knowledge-base`;

describe('CometChat AI Agents → Knowledge Base', () => {
	const ctx = useEmulator();
	const op = (operation: string, extra: INodeParameters = {}): INodeParameters => ({ resource: 'knowledgeBase', operation, ...extra });
	const source = (id: string) => knowledgeBase(ctx.emulator.state).sources.get(id)!;

	describe('text entries', () => {
		it('Create Text Entry: POST {title, text}; the output is the entry CometChat made, indexing', async () => {
			const { items, error } = await runAi(ctx, op('createText', { title: ' Refund Policy ', text: 'Refunds within 30 days.' }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'POST', path: `${KB}/text`, body: { title: 'Refund Policy', text: 'Refunds within 30 days.' } }, ctx.emulator.apiKey);
			expect(items.map((item) => item.json)).toEqual([
				{ uniqueId: 'text-1', title: 'Refund Policy', fileName: 'refund-policy.md', s3Key: 'demo-app/knowledge-base/text-1/refund-policy.md', status: 'indexing' },
			]);
		});

		it.each([
			[{ title: 'x'.repeat(501) }, 'Title'],
			[{ text: '={{ "y".repeat(5001) }}' }, 'Text'],
			[{ text: '={{ " " }}' }, 'Text'],
		])('Create Text Entry: refuses %j before any request, naming item and field', async (bad, field) => {
			const { items, error } = await runAi(ctx, op('createText', { title: 'T', text: 'x', ...bad }));
			expect(error?.message).toMatch(new RegExp(`^${field}: .*\\[item 0\\]$`));
			expect(items).toEqual([]);
			expect(ctx.emulator.requests).toEqual([]);
		});

		it('Get, Get Many (limit trims), Update and Delete Text Entry', async () => {
			seedKbSource(ctx.emulator.state, { uniqueId: 'a', type: 'text', title: 'A', text: 'aa' });
			seedKbSource(ctx.emulator.state, { uniqueId: 'b', type: 'text', title: 'B', text: 'bb' });
			seedKbSource(ctx.emulator.state, { uniqueId: 'up', type: 'uploads' });

			const got = await runAi(ctx, op('getText', { uniqueId: 'a' }));
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `${KB}/text/a` }, ctx.emulator.apiKey);
			expect(got.items[0].json).toMatchObject({ uniqueId: 'a', title: 'A', text: 'aa', status: 'indexed', vectorizationStatus: 'completed', isActive: true });

			const many = await runAi(ctx, op('getManyText', { limit: 1 }));
			expectRequest(ctx.emulator.requests[1], { method: 'GET', path: `${KB}/text` }, ctx.emulator.apiKey);
			expect(many.items.map((item) => item.json.uniqueId)).toEqual(['b']);
			const all = await runAi(ctx, op('getManyText', { returnAll: true }));
			expect(all.items.map((item) => item.json.uniqueId)).toEqual(['b', 'a']);

			const updated = await runAi(ctx, op('updateText', { uniqueId: 'a', updateFields: { text: 'new' } }));
			expectRequest(ctx.emulator.requests[3], { method: 'PATCH', path: `${KB}/text/a`, body: { text: 'new' } }, ctx.emulator.apiKey);
			expect(updated.items[0].json).toMatchObject({ uniqueId: 'a', status: 'indexing' });
			expect(source('a').text).toBe('new');

			const deleted = await runAi(ctx, op('deleteText', { uniqueId: 'a' }));
			expectRequest(ctx.emulator.requests[4], { method: 'DELETE', path: `${KB}/text/a` }, ctx.emulator.apiKey);
			expect(deleted.items.map((item) => item.json)).toEqual([
				{ deleted: true, message: 'Text detail deleted successfully', uniqueId: 'a', fileName: 'a.md', deletedFromAgents: true, vectorsDeleted: true },
			]);
			const gone = await runAi(ctx, op('getText', { uniqueId: 'a' }));
			expect(httpCode(gone.error)).toBe('404');
			expect(gone.error?.message).toContain('Source a not found');
		});

		it('an ID that would change the path is refused before any request', async () => {
			const { error } = await runAi(ctx, op('deleteText', { uniqueId: '={{ $json.id }}' }), [{ id: '..' }]);
			expect(error?.message).toMatch(/^Text Entry ID: .*\[item 0\]$/);
			expect(ctx.emulator.requests).toEqual([]);
		});

		it('Update Text Entry: nothing to change is refused before any request', async () => {
			const { error } = await runAi(ctx, op('updateText', { uniqueId: 'a', updateFields: {} }));
			expect(error?.message).toContain('Update Fields');
			expect(ctx.emulator.requests).toEqual([]);
		});
	});

	describe('sources', () => {
		it('Delete Uploaded File and Delete Website: DELETE …/uploads/{id} and …/website/{id}', async () => {
			seedKbSource(ctx.emulator.state, { uniqueId: 'file-1', type: 'uploads', fileName: 'guide.pdf' });
			seedKbSource(ctx.emulator.state, { uniqueId: 'site-1', type: 'website' });
			const upload = await runAi(ctx, op('deleteUpload', { uploadId: 'file-1' }));
			expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: `${KB}/uploads/file-1` }, ctx.emulator.apiKey);
			expect(upload.items.map((item) => item.json)).toEqual([
				{ deleted: true, message: 'File deleted successfully', uploadId: 'file-1', fileName: 'guide.pdf', deletedFromAgents: true, vectorsDeleted: true },
			]);
			const site = await runAi(ctx, op('deleteWebsite', { websiteId: 'site-1' }));
			expectRequest(ctx.emulator.requests[1], { method: 'DELETE', path: `${KB}/website/site-1` }, ctx.emulator.apiKey);
			expect(site.items.map((item) => item.json)).toEqual([{ deleted: true, message: 'Website deleted successfully', uniqueId: 'site-1', deletedFromAgents: true, vectorsDeleted: true }]);
			expect(knowledgeBase(ctx.emulator.state).sources.size).toBe(0);
		});

		it('Retry Indexing: PATCH …/{sourceType}/{id}/sync without a body; a source type not in the spec is refused first', async () => {
			seedKbSource(ctx.emulator.state, { uniqueId: 'site-1', type: 'website', status: 'failed' });
			const { items, error } = await runAi(ctx, op('sync', { sourceType: 'website', sourceId: 'site-1' }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'PATCH', path: `${KB}/website/site-1/sync`, body: undefined }, ctx.emulator.apiKey);
			expect(items.map((item) => item.json)).toEqual([{ success: true }]);
			expect(source('site-1').status).toBe('indexing');
			const refused = await runAi(ctx, op('sync', { sourceType: '={{ "../agents" }}', sourceId: 'site-1' }));
			expect(refused.error?.message).toMatch(/^Source Type: .*\[item 0\]$/);
			expect(ctx.emulator.requests).toHaveLength(1);
		});

		it('Get Indexing Status: POST {uniqueId: [...]}; one item per source CometChat knows', async () => {
			seedKbSource(ctx.emulator.state, { uniqueId: 'a', type: 'text', status: 'indexing' });
			seedKbSource(ctx.emulator.state, { uniqueId: 'b', type: 'uploads', status: 'indexed' });
			const { items, error } = await runAi(ctx, op('pollStatus', { uniqueIds: 'a, b, unknown' }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'POST', path: `${KB}/status/poll`, body: { uniqueId: ['a', 'b', 'unknown'] } }, ctx.emulator.apiKey);
			expect(items.map((item) => item.json)).toEqual([
				{ uniqueId: 'a', status: 'indexing' },
				{ uniqueId: 'b', status: 'indexed' },
			]);
		});
	});
});
