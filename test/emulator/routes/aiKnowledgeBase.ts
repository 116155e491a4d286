/**
 * The Agent Builder knowledge base (ai-agent-service.json, tags knowledge-base and crawl-web-pages;
 * reference cometchat-ai-agents-and-bots.md A1.8–A1.9): text entries, uploaded files and crawled websites
 * as sources with an indexing status and pages; files uploaded to a presigned URL (an open route, as S3).
 * Answers `{success, message, data}` as the spec's examples; errors as aiAgentTools.ts. INFERRED: a new or changed text entry is "indexing" until a test says otherwise.
 */
import type { EmulatorState } from '../state';
import { aiCreatedAt, aiError, aiPage } from './aiAgentTools';
import { bodyObject, type Route, type RouteContext } from './shared';

export interface KbSource {
	uniqueId: string;
	type: 'text' | 'uploads' | 'website';
	title?: string;
	text?: string;
	fileName: string;
	status: string;
	createdAt: number;
	updatedAt: number;
	/** The text extracted per page (Get Source Pages); a text entry's is its text. */
	pages?: string[];
}

/** An upload Initiate File Uploads prepared: a source once its file is PUT to the presigned URL. */
interface PendingUpload {
	uploadId: string;
	fileName: string;
	mimeType: string;
	fileSize: number;
	s3Key: string;
}

export interface DiscoveredUrl {
	urlId: string;
	url: string;
	status: string;
	createdAt: number;
	excluded?: boolean;
}

class KnowledgeBase {
	readonly sources = new Map<string, KbSource>();
	/** website uniqueId → the URLs its crawl discovered. */
	readonly discovered = new Map<string, DiscoveredUrl[]>();
	/** s3Key → the upload waiting for its file. */
	readonly pending = new Map<string, PendingUpload>();
	lastCreatedAt = 0;
	made = 0;
	clear(): void {
		this.sources.clear();
		this.discovered.clear();
		this.pending.clear();
		this.lastCreatedAt = 0;
		this.made = 0;
	}
}

export const knowledgeBase = (state: EmulatorState) => state.store('aiKnowledgeBase', () => new KnowledgeBase());

/** Puts a source in place (tests seed uploads and websites with it; text entries too). */
export function seedKbSource(state: EmulatorState, input: Partial<KbSource> & Pick<KbSource, 'uniqueId' | 'type'>): KbSource {
	const store = knowledgeBase(state);
	const createdAt = aiCreatedAt(state, store);
	const source: KbSource = { fileName: `${input.uniqueId}.md`, status: 'indexed', createdAt, updatedAt: createdAt, ...input };
	store.sources.set(source.uniqueId, source);
	return source;
}

/** A crawled website with the URLs its crawl discovered (tests seed with it). */
export function seedWebsite(state: EmulatorState, uniqueId: string, urls: Array<Pick<DiscoveredUrl, 'urlId' | 'status'>>): DiscoveredUrl[] {
	seedKbSource(state, { uniqueId, type: 'website' });
	const store = knowledgeBase(state);
	const list = urls.map((url) => ({ ...url, url: `https://example.com/${url.urlId}`, createdAt: aiCreatedAt(state, store) }));
	store.discovered.set(uniqueId, list);
	return list;
}

const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const s3Key = (source: KbSource) => `demo-app/knowledge-base/${source.uniqueId}/${source.fileName}`;
const textView = (source: KbSource) => ({
	uniqueId: source.uniqueId,
	title: source.title,
	text: source.text,
	fileName: source.fileName,
	s3Key: s3Key(source),
	status: source.status,
	createdAt: source.createdAt,
	updatedAt: source.updatedAt,
});

function checkText(body: Record<string, unknown>, required: boolean): void {
	for (const [field, max] of [['title', 500], ['text', 5000]] as const) {
		const value = body[field];
		if (value === undefined && !required) continue;
		if (typeof value !== 'string' || value === '') throw aiError(400, `${field} should not be empty`);
		if ([...value].length > max) throw aiError(400, `${field} must be shorter than or equal to ${max} characters`);
	}
	for (const field of Object.keys(body)) if (field !== 'title' && field !== 'text') throw aiError(400, `property ${field} should not exist`);
}

function findSource(ctx: RouteContext, type: KbSource['type'], id = ctx.params.id): KbSource {
	const source = knowledgeBase(ctx.state).sources.get(id);
	if (!source || source.type !== type) throw aiError(404, `Source ${id} not found`);
	return source;
}

function idList(body: Record<string, unknown>, field: string): string[] {
	const ids = body[field];
	if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) throw aiError(400, `${field} must be an array of strings`);
	return ids as string[];
}

const KB = '/ai-agents/agent-builder/knowledge-base';

function website(ctx: RouteContext): DiscoveredUrl[] {
	findSource(ctx, 'website', ctx.params.parent);
	return knowledgeBase(ctx.state).discovered.get(ctx.params.parent) ?? [];
}
const batch = (ctx: RouteContext, urls: DiscoveredUrl[]) => ({
	batchId: `batch-${(knowledgeBase(ctx.state).made += 1)}`,
	urlsProcessed: urls.length,
	webhookUrl: 'https://ai.example.com/crawl/webhook',
	status: 'processing',
});

/** What List Knowledge Base Records answers of a source (`type` of text entries "text-details", as the spec names it). */
const recordView = (source: KbSource) => ({
	uniqueId: source.uniqueId,
	appId: 'demo-app',
	sourceName: source.title ?? source.fileName,
	type: source.type === 'text' ? 'text-details' : source.type,
	status: source.status,
	lastSynced: source.updatedAt,
	createdAt: source.createdAt,
	updatedAt: source.updatedAt,
});

/** A number of the query: required ones (start, end) answer 400 when missing, as class-validator words it. */
function queryNumber(ctx: RouteContext, name: string, required: boolean): number | undefined {
	const raw = ctx.query[name];
	if (raw === undefined && !required) return undefined;
	const value = Number(raw);
	if (raw === undefined || raw.trim() === '' || !Number.isFinite(value)) throw aiError(400, `${name} must be a number conforming to the specified constraints`);
	return value;
}

const SOURCE_TYPES = ['uploads', 'text', 'website'];
const PAGE_CAP = 100;

const sourceRoutes: Route[] = [
	{
		method: 'GET',
		path: KB,
		handler: (ctx) => {
			// INFERRED: start and end (required, undocumented) are a createdAt window in ms, as startTime/endTime.
			const [start, end] = [queryNumber(ctx, 'start', true)!, queryNumber(ctx, 'end', true)!];
			const [after, before] = [queryNumber(ctx, 'startTime', false) ?? -Infinity, queryNumber(ctx, 'endTime', false) ?? Infinity];
			const sources = [...knowledgeBase(ctx.state).sources.values()].filter((s) => s.createdAt >= Math.max(start, after) && s.createdAt <= Math.min(end, before));
			const { data, meta } = aiPage(sources, ctx.query, 'cursor');
			return { status: 200, body: { data: (data as KbSource[]).map(recordView), meta } };
		},
	},
	{
		method: 'GET',
		path: `${KB}/:sourceType/:id/pages`,
		handler: (ctx) => {
			const type = ctx.params.sourceType;
			if (!SOURCE_TYPES.includes(type)) throw aiError(400, 'sourceType must be one of the following values: uploads, text, website');
			const source = findSource(ctx, type as KbSource['type']);
			const all = (source.pages ?? (source.text === undefined ? [] : [source.text])).map((content, index) => ({ content, pageNumber: index + 1, charCount: [...content].length }));
			const limit = Math.min(queryNumber(ctx, 'limit', false) ?? 10, PAGE_CAP);
			if (limit < 1) throw aiError(400, 'limit must be a positive number');
			// INFERRED: `page` with affix is a cursor, the pageNumber to go on from (as createdAt and cursor elsewhere).
			const at = queryNumber(ctx, 'page', false);
			const after = at === undefined ? all : ctx.query.affix === 'prepend' ? all.filter((p) => p.pageNumber < at) : all.filter((p) => p.pageNumber > at);
			const pageContent = ctx.query.affix === 'prepend' ? after.slice(-limit) : after.slice(0, limit);
			const sourceDetails = { fileName: source.fileName, totalPages: all.length, createdAt: new Date(source.createdAt).toISOString().replace('Z', '000') };
			return { status: 200, body: { data: { sourceDetails, pageContent }, meta: { current: { limit, count: pageContent.length } } } };
		},
	},
	{
		method: 'POST',
		path: `${KB}/uploads/initiate`,
		handler: (ctx) => {
			const body = bodyObject(ctx);
			const files = body.files;
			if (!Array.isArray(files) || files.length === 0) throw aiError(400, 'files must be an array');
			const store = knowledgeBase(ctx.state);
			const uploads = files.map((file: unknown, index) => {
				const f = (file ?? {}) as Record<string, unknown>;
				for (const key of ['fileName', 'mimeType']) if (typeof f[key] !== 'string' || f[key] === '') throw aiError(400, `files.${index}.${key} should not be empty`);
				if (typeof f.fileSize !== 'number' || !(f.fileSize > 0)) throw aiError(400, `files.${index}.fileSize must be a number conforming to the specified constraints`);
				const uploadId = `upload-${(store.made += 1)}`;
				const upload: PendingUpload = { uploadId, fileName: String(f.fileName), mimeType: String(f.mimeType), fileSize: f.fileSize, s3Key: `demo-app/uploads/${uploadId}/${String(f.fileName)}` };
				store.pending.set(upload.s3Key, upload);
				const presignedUrl = `http://${ctx.headers.host}/v3/ai-agents/s3-uploads/${encodeURIComponent(upload.s3Key)}?X-Amz-Expires=900&X-Amz-Signature=emulated`;
				return { ...upload, presignedUrl };
			});
			return { status: 201, body: { uploads } };
		},
	},
	{
		method: 'PUT',
		path: '/ai-agents/s3-uploads/:key',
		open: true,
		handler: (ctx) => {
			const upload = knowledgeBase(ctx.state).pending.get(ctx.params.key);
			// S3 refuses a key it did not sign, a request carrying credentials it does not expect, and (INFERRED:
			// the URL signs the declared size and type) a file of another size or type.
			const content = typeof ctx.body === 'string' ? ctx.body : JSON.stringify(ctx.body ?? '');
			const fits = upload && Buffer.byteLength(content) === upload.fileSize && ctx.headers['content-type'] === upload.mimeType;
			if (!upload || !fits || ctx.query['X-Amz-Signature'] !== 'emulated' || ctx.headers.apikey !== undefined) return { status: 403, body: 'AccessDenied' };
			knowledgeBase(ctx.state).pending.delete(ctx.params.key);
			seedKbSource(ctx.state, { uniqueId: upload.uploadId, type: 'uploads', fileName: upload.fileName, status: 'indexing', pages: [content] });
			return { status: 200, body: '' };
		},
	},
];

export const aiKnowledgeBaseRoutes: Route[] = [
	...sourceRoutes,
	{
		method: 'POST',
		path: `${KB}/text`,
		handler: (ctx) => {
			const body = bodyObject(ctx);
			checkText(body, true);
			const uniqueId = `text-${(knowledgeBase(ctx.state).made += 1)}`;
			const source = seedKbSource(ctx.state, { uniqueId, type: 'text', title: String(body.title), text: String(body.text), fileName: `${slugOf(String(body.title))}.md`, status: 'indexing' });
			const { uniqueId: id, title, fileName, status } = source;
			return { status: 201, body: { success: true, message: 'Text detail created successfully', data: { uniqueId: id, title, fileName, s3Key: s3Key(source), status } } };
		},
	},
	{
		method: 'GET',
		path: `${KB}/text`,
		handler: (ctx) => ({
			status: 200,
			body: { data: [...knowledgeBase(ctx.state).sources.values()].filter((s) => s.type === 'text').sort((a, b) => b.createdAt - a.createdAt).map(textView) },
		}),
	},
	{
		method: 'GET',
		path: `${KB}/text/:id`,
		handler: (ctx) => {
			const source = findSource(ctx, 'text');
			return { status: 200, body: { data: { ...textView(source), vectorizationStatus: source.status === 'indexed' ? 'completed' : 'pending', isActive: true } } };
		},
	},
	{
		method: 'PATCH',
		path: `${KB}/text/:id`,
		handler: (ctx) => {
			const source = findSource(ctx, 'text');
			const body = bodyObject(ctx);
			checkText(body, false);
			Object.assign(source, body, { status: 'indexing', updatedAt: Math.max(source.updatedAt, ctx.state.now() * 1000) });
			const { uniqueId, title, fileName, status } = source;
			return { status: 200, body: { success: true, message: 'Text detail updated successfully', data: { uniqueId, title, fileName, s3Key: s3Key(source), status, vectorizationStatus: 'pending' } } };
		},
	},
	...(
		[
			['text', 'text', 'Text detail deleted successfully'],
			['uploads', 'uploads', 'File deleted successfully'],
			['website', 'website', 'Website deleted successfully'],
		] as const
	).map(([segment, type, message]): Route => ({
		method: 'DELETE',
		path: `${KB}/${segment}/:id`,
		handler: (ctx) => {
			const source = findSource(ctx, type);
			knowledgeBase(ctx.state).sources.delete(source.uniqueId);
			const id = type === 'uploads' ? { uploadId: source.uniqueId, fileName: source.fileName } : type === 'text' ? { uniqueId: source.uniqueId, fileName: source.fileName } : { uniqueId: source.uniqueId };
			return { status: 200, body: { success: true, message, data: { ...id, deletedFromAgents: true, vectorsDeleted: true } } };
		},
	})),
	{
		method: 'PATCH',
		path: `${KB}/:sourceType/:id/sync`,
		handler: (ctx) => {
			const type = ctx.params.sourceType;
			if (type !== 'text' && type !== 'uploads' && type !== 'website') throw aiError(400, 'sourceType must be one of the following values: uploads, text, website');
			const source = findSource(ctx, type);
			source.status = 'indexing';
			return { status: 200, body: { success: true } };
		},
	},
	{
		method: 'POST',
		path: `${KB}/website/scrape`,
		handler: (ctx) => {
			const body = bodyObject(ctx);
			if (typeof body.url !== 'string' || body.url === '') throw aiError(400, 'url should not be empty');
			const sitemap = body.fetchSitemap === true ? { sitemap: { found: true, url: `${body.url}/sitemap.xml`, totalUrls: 0, urls: [] } } : {};
			return { status: 200, body: { success: true, message: 'Website crawled successfully', data: { crawlId: `crawl-${(knowledgeBase(ctx.state).made += 1)}`, crawlDuration: 1200, status: 'completed', ...sitemap } } };
		},
	},
	{
		method: 'POST',
		path: `${KB}/website/individual-page`,
		handler: (ctx) => {
			const body = bodyObject(ctx);
			if (typeof body.url !== 'string' || body.url === '') throw aiError(400, 'url should not be empty');
			const timeout = body.timeout;
			if (timeout !== undefined && (typeof timeout !== 'number' || timeout < 5000 || timeout > 120000)) throw aiError(400, 'timeout must not be less than 5000');
			return { status: 200, body: { success: true, message: 'Page scraped successfully', data: { url: body.url, title: 'Example', content: `# Example (${String(body.format ?? 'markdown')})`, scraper: 'Firecrawl' } } };
		},
	},
	{
		method: 'GET',
		path: `${KB}/website/:parent/discovered-urls`,
		handler: (ctx) => {
			// startTime/endTime: a createdAt window in epoch ms (spec), as the sources list.
			const [after, before] = [queryNumber(ctx, 'startTime', false) ?? -Infinity, queryNumber(ctx, 'endTime', false) ?? Infinity];
			const urls = website(ctx).filter((url) => (ctx.query.status === undefined || url.status === ctx.query.status) && url.createdAt >= after && url.createdAt <= before);
			return { status: 200, body: aiPage(urls, ctx.query, 'cursor') };
		},
	},
	{
		method: 'POST',
		path: `${KB}/website/:parent/discovered-urls/process`,
		handler: (ctx) => {
			const urls = website(ctx);
			const exclude = idList(bodyObject(ctx), 'exclude');
			for (const url of urls) if (exclude.includes(url.urlId)) url.excluded = true;
			const processed = urls.filter((url) => !url.excluded);
			for (const url of processed) url.status = 'processing';
			return { status: 200, body: { success: true, message: 'Processing started', data: { ...batch(ctx, processed), totalUrls: urls.length } } };
		},
	},
	{
		method: 'POST',
		path: `${KB}/website/:parent/discovered-urls/status/poll`,
		handler: (ctx) => {
			const urls = website(ctx);
			const ids = idList(bodyObject(ctx), 'uniqueId');
			return { status: 200, body: { success: true, data: Object.fromEntries(urls.filter((url) => ids.includes(url.urlId)).map((url) => [url.urlId, url.status])) } };
		},
	},
	{
		method: 'PATCH',
		path: `${KB}/website/:parent/discovered-urls/sync`,
		handler: (ctx) => {
			const urls = website(ctx);
			const ids = idList(bodyObject(ctx), 'uniqueIds');
			const chosen = urls.filter((url) => !url.excluded && (ids.length === 0 ? url.status === 'failed' : ids.includes(url.urlId)));
			for (const url of chosen) url.status = 'processing';
			const excludedUrls = urls.filter((url) => url.excluded && ids.includes(url.urlId)).length;
			const data = { ...batch(ctx, chosen), totalRequested: ids.length, excludedUrls, processedUrls: chosen.map((url) => url.urlId) };
			return { status: 200, body: { success: true, message: 'Sync started', data } };
		},
	},
	{
		method: 'POST',
		path: `${KB}/status/poll`,
		handler: (ctx) => {
			const sources = knowledgeBase(ctx.state).sources;
			const data = Object.fromEntries(idList(bodyObject(ctx), 'uniqueId').flatMap((id) => (sources.has(id) ? [[id, sources.get(id)!.status]] : [])));
			return { status: 200, body: { success: true, data } };
		},
	},
];
