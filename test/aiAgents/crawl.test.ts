import type { INodeParameters } from 'n8n-workflow';
import { knowledgeBase, seedWebsite } from '../emulator/routes/aiKnowledgeBase';
import { expectRequest, httpCode, useEmulator } from '../helpers';
import { AB, runAi } from './helpers';

const SITE = `${AB}/knowledge-base/website`;

describe('CometChat AI Agents → Knowledge Base: website crawling', () => {
	const ctx = useEmulator();
	const op = (operation: string, extra: INodeParameters = {}): INodeParameters => ({ resource: 'knowledgeBase', operation, ...extra });

	it('Crawl Website: POST ScrapePagesDto with the added options; the output is the crawl', async () => {
		const { items, error } = await runAi(
			ctx,
			op('crawlWebsite', { url: 'https://example.com/docs', options: { maxDepth: 2, maxPages: 50, include: '/docs/, /guides/', exclude: '/blog/', fetchSitemap: true } }),
		);
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'POST', path: `${SITE}/scrape`, body: { url: 'https://example.com/docs', maxDepth: 2, maxPages: 50, include: ['/docs/', '/guides/'], exclude: ['/blog/'], fetchSitemap: true } },
			ctx.emulator.apiKey,
		);
		expect(items[0].json).toMatchObject({ crawlId: 'crawl-1', status: 'completed', sitemap: { found: true } });
	});

	it.each([
		[{ url: 'example.com' }, 'URL'],
		[{ options: { maxDepth: 11 } }, 'Max Depth'],
		[{ options: { maxPages: 0.5 } }, 'Max Pages'],
	])('Crawl Website: refuses %j before any request, naming item and field', async (bad, field) => {
		const { items, error } = await runAi(ctx, op('crawlWebsite', { url: 'https://example.com', ...bad }));
		expect(error?.message).toMatch(new RegExp(`^${field}: .*\\[item 0\\]$`));
		expect(items).toEqual([]);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('Scrape Page: POST ScrapeIndividualPageDto; a timeout outside 5000–120000 is refused first', async () => {
		const { items, error } = await runAi(ctx, op('scrapePage', { url: 'https://example.com/a', options: { format: 'text', timeout: 60000 } }));
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'POST', path: `${SITE}/individual-page`, body: { url: 'https://example.com/a', format: 'text', timeout: 60000 } }, ctx.emulator.apiKey);
		expect(items[0].json).toMatchObject({ url: 'https://example.com/a', content: '# Example (text)' });
		const refused = await runAi(ctx, op('scrapePage', { url: 'https://example.com/a', options: { timeout: 1000 } }));
		expect(refused.error?.message).toMatch(/^Timeout \(Ms\): .*\[item 0\]$/);
		expect(ctx.emulator.requests).toHaveLength(1);
	});

	it('Get Discovered URLs: the path has the website ID only (not the spec\'s stray parentId); walks meta.next cursors with Return All', async () => {
		const urls = seedWebsite(
			ctx.emulator.state,
			'site-1',
			Array.from({ length: 150 }, (_, i) => ({ urlId: `u${i + 1}`, status: i % 2 ? 'failed' : 'discovered' })),
		);
		const { items, error } = await runAi(ctx, op('getDiscoveredUrls', { websiteId: 'site-1', returnAll: true }));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((request) => [request.path, request.query])).toEqual([
			[`${SITE}/site-1/discovered-urls`, { limit: '100' }],
			[`${SITE}/site-1/discovered-urls`, { limit: '100', affix: 'append', cursor: String(urls[50].createdAt) }],
		]);
		expect(items).toHaveLength(150);
		const failed = await runAi(ctx, op('getDiscoveredUrls', { websiteId: 'site-1', limit: 2, filters: { status: 'failed' } }));
		expect(ctx.emulator.requests[2].query).toEqual({ limit: '2', status: 'failed' });
		expect(failed.items.map((item) => item.json.urlId)).toEqual(['u150', 'u148']);
	});

	it('Get Discovered URLs: Created After / Before go as startTime / endTime in epoch ms (the spec\'s unit); a bad date is refused first', async () => {
		const urls = seedWebsite(ctx.emulator.state, 'site-1', Array.from({ length: 6 }, (_, i) => ({ urlId: `u${i + 1}`, status: 'discovered' })));
		const [after, before] = [urls[1].createdAt, urls[3].createdAt];
		const { items, error } = await runAi(
			ctx,
			op('getDiscoveredUrls', { websiteId: 'site-1', limit: 10, filters: { createdAfter: new Date(after).toISOString(), createdBefore: String(before), status: 'discovered' } }),
		);
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: `${SITE}/site-1/discovered-urls`, query: { limit: '10', status: 'discovered', startTime: String(after), endTime: String(before) }, body: undefined },
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json.urlId)).toEqual(['u4', 'u3', 'u2']);
		const refused = await runAi(ctx, op('getDiscoveredUrls', { websiteId: 'site-1', filters: { createdBefore: 'soon' } }));
		expect(refused.error?.message).toMatch(/^Created Before: "soon" is not a date.*\[item 0\]/);
		expect(ctx.emulator.requests).toHaveLength(1);
	});

	it('Process Discovered URLs: POST {exclude}; an empty list processes them all', async () => {
		seedWebsite(ctx.emulator.state, 'site-1', [{ urlId: 'u1', status: 'discovered' }, { urlId: 'u2', status: 'discovered' }]);
		const { items, error } = await runAi(ctx, op('processDiscoveredUrls', { websiteId: 'site-1', urlIds: 'u2' }));
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'POST', path: `${SITE}/site-1/discovered-urls/process`, body: { exclude: ['u2'] } }, ctx.emulator.apiKey);
		expect(items[0].json).toMatchObject({ urlsProcessed: 1, totalUrls: 2, status: 'processing' });
		await runAi(ctx, op('processDiscoveredUrls', { websiteId: 'site-1' }));
		expect(ctx.emulator.requests[1].body).toEqual({ exclude: [] });
	});

	it('Get Discovered URL Status: POST {uniqueId}; one item per URL', async () => {
		seedWebsite(ctx.emulator.state, 'site-1', [{ urlId: 'u1', status: 'processed' }, { urlId: 'u2', status: 'failed' }]);
		const { items, error } = await runAi(ctx, op('pollDiscoveredUrls', { websiteId: 'site-1', urlIds: 'u1, u2' }));
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'POST', path: `${SITE}/site-1/discovered-urls/status/poll`, body: { uniqueId: ['u1', 'u2'] } }, ctx.emulator.apiKey);
		expect(items.map((item) => item.json)).toEqual([
			{ uniqueId: 'u1', status: 'processed' },
			{ uniqueId: 'u2', status: 'failed' },
		]);
		const refused = await runAi(ctx, op('pollDiscoveredUrls', { websiteId: 'site-1', urlIds: '={{ [] }}' }));
		expect(refused.error?.message).toMatch(/^URL IDs: .*\[item 0\]$/);
		expect(ctx.emulator.requests).toHaveLength(1);
	});

	it('Retry Website Indexing: PATCH {uniqueIds}; none retries every page that failed; an unknown website is the service\'s 404', async () => {
		seedWebsite(ctx.emulator.state, 'site-1', [{ urlId: 'u1', status: 'failed' }, { urlId: 'u2', status: 'processed' }]);
		const { items, error } = await runAi(ctx, op('syncDiscoveredUrls', { websiteId: 'site-1' }));
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'PATCH', path: `${SITE}/site-1/discovered-urls/sync`, body: { uniqueIds: [] } }, ctx.emulator.apiKey);
		expect(items[0].json).toMatchObject({ processedUrls: ['u1'], status: 'processing' });
		expect(knowledgeBase(ctx.emulator.state).discovered.get('site-1')![0].status).toBe('processing');
		const unknown = await runAi(ctx, op('syncDiscoveredUrls', { websiteId: 'nope', urlIds: 'u1' }));
		expect(httpCode(unknown.error)).toBe('404');
	});
});
