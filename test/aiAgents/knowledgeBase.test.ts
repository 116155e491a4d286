import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { knowledgeBase, seedKbSource } from '../emulator/routes/aiKnowledgeBase';
import { aiAgentsNode, runNode } from '../harness';
import { expectRequest, faultOnce, httpCode, useEmulator } from '../helpers';
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

	describe('Get Many Sources (List Knowledge Base Records)', () => {
		const seedThree = () => {
			seedKbSource(ctx.emulator.state, { uniqueId: 'old', type: 'uploads', fileName: 'guide.pdf' });
			seedKbSource(ctx.emulator.state, { uniqueId: 'mid', type: 'text', title: 'Refunds', text: 'r' });
			seedKbSource(ctx.emulator.state, { uniqueId: 'new', type: 'website', fileName: 'example.com', status: 'failed' });
			return [...knowledgeBase(ctx.emulator.state).sources.values()].map((s) => s.createdAt);
		};

		it('sends the required start and end (0 and now, in ms) and the limit; one item per record, as CometChat answers it', async () => {
			const [, midAt, newAt] = seedThree();
			const before = Date.now();
			const { items, error } = await runAi(ctx, op('getManySources', { limit: 2 }));
			const after = Date.now();
			expect(error).toBeUndefined();
			const request = ctx.emulator.requests[0];
			expectRequest(request, { method: 'GET', path: KB, query: { start: '0', end: request.query.end, limit: '2' } }, ctx.emulator.apiKey);
			expect(Number(request.query.end)).toBeGreaterThanOrEqual(before);
			expect(Number(request.query.end)).toBeLessThanOrEqual(after);
			expect(items.map((item) => item.json)).toEqual([
				{ uniqueId: 'new', appId: 'demo-app', sourceName: 'example.com', type: 'website', status: 'failed', lastSynced: newAt, createdAt: newAt, updatedAt: newAt },
				{ uniqueId: 'mid', appId: 'demo-app', sourceName: 'Refunds', type: 'text-details', status: 'indexed', lastSynced: midAt, createdAt: midAt, updatedAt: midAt },
			]);
			expect(ctx.emulator.requests).toHaveLength(1);
		});

		it('Return All goes on from meta.next {affix, cursor} sent back as it is, 100 a page', async () => {
			const [, midAt] = seedThree();
			faultOnce(ctx.emulator, 'GET', KB, {
				status: 200,
				body: { data: [{ uniqueId: 'new' }, { uniqueId: 'mid' }], meta: { current: { limit: 2, count: 2 }, next: { affix: 'append', cursor: `${midAt}` } } },
			});
			const { items, error } = await runAi(ctx, op('getManySources', { returnAll: true }));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests.map((r) => ({ ...r.query, end: undefined }))).toEqual([
				{ start: '0', end: undefined, limit: '100' },
				{ start: '0', end: undefined, limit: '100', affix: 'append', cursor: `${midAt}` },
			]);
			expect(items.map((item) => item.json.uniqueId)).toEqual(['new', 'mid', 'old']);
		});

		it('Created After and Before are sent as startTime and endTime in ms', async () => {
			const [oldAt, midAt] = seedThree();
			const { items, error } = await runAi(ctx, op('getManySources', { returnAll: true, filters: { createdAfter: new Date(oldAt).toISOString(), createdBefore: String(midAt) } }));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests[0].query).toMatchObject({ start: '0', startTime: String(oldAt), endTime: String(midAt) });
			expect(items.map((item) => item.json.uniqueId)).toEqual(['mid', 'old']);
		});

		it.each([
			[{ filters: { createdAfter: 'soon' } }, /^Created After: "soon" is not a date.*\[item 0\]/],
			[{ filters: { createdBefore: '' } }, /^Created Before: is empty.*\[item 0\]/],
			[{ limit: 0 }, /^Limit: must be a whole number of at least 1.*\[item 0\]/],
		])('refuses %j before any request, naming item and field', async (bad, message) => {
			const { error } = await runAi(ctx, op('getManySources', bad));
			expect(error?.message).toMatch(message);
			expect(ctx.emulator.requests).toEqual([]);
		});

		it('CometChat\'s error is kept: without start and end the emulator answers 400 as CometChat', async () => {
			const { status, body } = await fetch(`${ctx.credentials().baseUrl}${KB.replace('/v3', '')}`, { headers: { apikey: ctx.emulator.apiKey } }).then(async (r) => ({ status: r.status, body: await r.json() }));
			expect({ status, body }).toEqual({ status: 400, body: { statusCode: 400, message: 'start must be a number conforming to the specified constraints', error: 'Bad Request' } });
		});
	});

	describe('Get Source Pages', () => {
		const pages = ['one', 'two', 'three'];

		it('GET …/{sourceType}/{id}/pages with the limit; one item per page as CometChat answers it', async () => {
			seedKbSource(ctx.emulator.state, { uniqueId: 'file-1', type: 'uploads', fileName: 'guide.pdf', pages });
			const { items, error } = await runAi(ctx, op('getPages', { sourceType: 'uploads', sourceId: 'file-1', limit: 2 }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `${KB}/uploads/file-1/pages`, query: { limit: '2' } }, ctx.emulator.apiKey);
			expect(items.map((item) => item.json)).toEqual([
				{ content: 'one', pageNumber: 1, charCount: 3 },
				{ content: 'two', pageNumber: 2, charCount: 3 },
			]);
		});

		it('Return All goes on after the last page number (page, affix append) until a short page', async () => {
			seedKbSource(ctx.emulator.state, { uniqueId: 'site-1', type: 'website', pages });
			faultOnce(ctx.emulator, 'GET', `${KB}/website/site-1/pages`, {
				status: 200,
				body: { data: { sourceDetails: { fileName: 'x', totalPages: 3 }, pageContent: [{ content: 'one', pageNumber: 1, charCount: 3 }, { content: 'two', pageNumber: 2, charCount: 3 }] }, meta: { current: { limit: 2, count: 2 } } },
			});
			const { items, error } = await runAi(ctx, op('getPages', { sourceType: 'website', sourceId: 'site-1', returnAll: true }));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests.map((r) => r.query)).toEqual([{ limit: '100' }, { limit: '100', page: '2', affix: 'append' }]);
			expect(items.map((item) => item.json.content)).toEqual(pages);
		});

		it('a text entry has its text as its one page; an unknown source keeps CometChat\'s 404', async () => {
			seedKbSource(ctx.emulator.state, { uniqueId: 'a', type: 'text', title: 'A', text: 'Refunds within 30 days.' });
			const { items } = await runAi(ctx, op('getPages', { sourceType: 'text', sourceId: 'a', returnAll: true }));
			expect(items.map((item) => item.json)).toEqual([{ content: 'Refunds within 30 days.', pageNumber: 1, charCount: 23 }]);
			const missing = await runAi(ctx, op('getPages', { sourceType: 'uploads', sourceId: 'a', returnAll: true }));
			expect(httpCode(missing.error)).toBe('404');
			expect(missing.error?.message).toContain('Source a not found');
		});

		it.each([
			[{ sourceType: '={{ "../agents" }}' }, /^Source Type: .*\[item 0\]$/],
			[{ sourceId: '={{ ".." }}' }, /^Source ID: .*\[item 0\]$/],
			[{ sourceId: '={{ " " }}' }, /^Source ID: .*\[item 0\]$/],
		])('refuses %j before any request, naming item and field', async (bad, message) => {
			const { error } = await runAi(ctx, op('getPages', { sourceType: 'text', sourceId: 'a', ...bad }));
			expect(error?.message).toMatch(message);
			expect(ctx.emulator.requests).toEqual([]);
		});
	});

	describe('Upload File (Initiate File Uploads, then the file to its presigned URL)', () => {
		const file = (text: string, extra: Record<string, string> = {}): INodeExecutionData[] => [
			{ json: {}, binary: { doc: { data: Buffer.from(text).toString('base64'), mimeType: 'text/markdown', fileName: 'policy.md', ...extra } } },
		];
		const upload = (input: INodeExecutionData[], binaryPropertyName = 'doc') =>
			runNode({ parameters: op('uploadFile', { binaryPropertyName }), credentials: ctx.credentials(), node: aiAgentsNode, input });

		it('POSTs {files: [{fileName, mimeType, fileSize}]}, PUTs the file to the presigned URL without CometChat\'s key or headers; the output is the upload', async () => {
			const { items, error } = await upload(file('# Refunds\nWithin 30 days.'));
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests).toHaveLength(2);
			expectRequest(ctx.emulator.requests[0], { method: 'POST', path: `${KB}/uploads/initiate`, body: { files: [{ fileName: 'policy.md', mimeType: 'text/markdown', fileSize: 25 }] } }, ctx.emulator.apiKey);
			const s3Key = 'demo-app/uploads/upload-1/policy.md';
			const put = ctx.emulator.requests[1];
			expect({ method: put.method, path: put.path, query: put.query, body: put.body }).toEqual({
				method: 'PUT',
				path: `/v3/ai-agents/s3-uploads/${encodeURIComponent(s3Key)}`,
				query: { 'X-Amz-Expires': '900', 'X-Amz-Signature': 'emulated' },
				body: '# Refunds\nWithin 30 days.',
			});
			expect(put.headers['content-type']).toBe('text/markdown');
			for (const header of ['apikey', 'appid', 'onbehalfof', 'authorization']) expect(put.headers).not.toHaveProperty(header);
			expect(items.map((item) => item.json)).toEqual([{ uploadId: 'upload-1', fileName: 'policy.md', mimeType: 'text/markdown', fileSize: 25, s3Key }]);
			expect(source('upload-1')).toMatchObject({ type: 'uploads', fileName: 'policy.md', status: 'indexing', pages: ['# Refunds\nWithin 30 days.'] });

			// Then Agent → Add Knowledge gives it to an agent by the upload ID returned.
			const agent = await runAi(ctx, { resource: 'agent', operation: 'create', name: 'Helper' });
			const uid = String(agent.items[0].json.uid);
			const added = await runAi(ctx, { resource: 'agent', operation: 'addKnowledge', uid: { __rl: true, mode: 'id', value: uid }, sourceType: 'uploads', uniqueIds: '={{ $json.uploadId }}' }, [items[0].json]);
			expect(added.error).toBeUndefined();
			expectRequest(ctx.emulator.requests[3], { method: 'PATCH', path: `${AB}/agents/${uid}/knowledge-base/uploads/add`, body: { uniqueIds: ['upload-1'] } }, ctx.emulator.apiKey);
		});

		it.each([
			['https://uploads.example.com/k?sig=1', 'is on uploads.example.com, not on Amazon S3'],
			['http://bucket.s3.amazonaws.com/k', 'is not https'],
			['not a url', 'is not a URL'],
			[undefined, 'is missing'],
		])('sends the file nowhere when the presigned URL is %s', async (presignedUrl, problem) => {
			faultOnce(ctx.emulator, 'POST', `${KB}/uploads/initiate`, { status: 201, body: { uploads: [{ uploadId: 'u', fileName: 'policy.md', s3Key: 'k', presignedUrl }] } });
			const { error } = await upload(file('x'));
			expect(error?.message).toBe(`Knowledge-base file not uploaded: the upload URL in CometChat's answer ${problem} [item 0]`);
			expect(ctx.emulator.requests).toHaveLength(1);
		});

		it('a refused PUT fails the item naming only the host (the URL\'s query is a signature)', async () => {
			faultOnce(ctx.emulator, 'POST', `${KB}/uploads/initiate`, {
				status: 201,
				body: { uploads: [{ uploadId: 'u', s3Key: 'k', presignedUrl: `${ctx.credentials().baseUrl}/ai-agents/s3-uploads/unsigned?X-Amz-Signature=emulated` }] },
			});
			const { error } = await upload(file('x'));
			expect(error?.message).toBe('Knowledge-base file not uploaded: 127.0.0.1 answered HTTP 403 [item 0]');
		});

		it.each([
			[[{ json: {} }], 'doc', 'Input Binary Field: the input item has no binary field "doc" [item 0]'],
			[file(''), 'doc', 'Input Binary Field: the file in "doc" is empty [item 0]'],
			[file('x', { fileName: ' ' }), 'doc', 'Input Binary Field: the file in "doc" has no file name [item 0]'],
			[file('x'), '={{ " " }}', 'Input Binary Field: is empty'],
		])('refuses a missing, empty or unnamed file before any request (%#)', async (input, field, message) => {
			const { error } = await upload(input as INodeExecutionData[], field);
			expect(error?.message).toContain(message);
			expect(ctx.emulator.requests).toEqual([]);
		});
	});
});
