import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { filtersCollection, optionsCollection, pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError, readList } from '../../../shared/validate';
import { AGENT_BUILDER, aiReturnAllOrLimit, type BodyField, bodyOf, choice, flag, statusItems, webUrl } from '../shared';
import { createdFilters, sendCreatedWindow } from './fields';

// Website crawling (ai-agent-service.json, tag crawl-web-pages): crawl a site or one page, then work
// on the URLs a crawl discovered. Answers are `{success, message, data}`.
const WEBSITE = `${AGENT_BUILDER}/knowledge-base/website`;

/** A whole number within the spec's bounds. */
const wholeIn =
	(min: number, max: number): BodyField['read'] =>
	(context, path, field) => {
		const value = context.getNodeParameter(path, min) as unknown;
		if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
			throw inputError(context, field, `must be a whole number from ${min} to ${max}, not ${JSON.stringify(value)}`);
		}
		return value;
	};
const number = (name: string, displayName: string, min: number, max: number, fallback: number, description: string): BodyField => ({
	property: { displayName, name, type: 'number', typeOptions: { minValue: min, maxValue: max }, default: fallback, description },
	read: wholeIn(min, max),
});
const patterns = (name: string, displayName: string, description: string): BodyField => ({
	property: { displayName, name, type: 'string', default: '', placeholder: 'e.g. /docs/, /blog/', description },
	read: (context, path, field) => readList(context, path, field),
});
const URL_FIELD: BodyField = {
	property: { displayName: 'URL', name: 'url', type: 'string', default: '', placeholder: 'e.g. https://example.com/docs', description: 'Address to start from' },
	read: webUrl,
};

// ScrapePagesDto: url; maxDepth 1–10 (3), maxPages 1–10000 (100), include/exclude substrings, fetchSitemap.
const CRAWL_OPTIONS: BodyField[] = [
	patterns('exclude', 'Exclude', 'Skip URLs containing any of these texts (comma-separated)'),
	{ property: { displayName: 'Fetch Sitemap', name: 'fetchSitemap', type: 'boolean', default: false, description: 'Whether to also return the URLs of the site\'s sitemap' }, read: flag },
	patterns('include', 'Include', 'Only URLs containing any of these texts (comma-separated)'),
	number('maxDepth', 'Max Depth', 1, 10, 3, 'How many links deep to follow from the start URL'),
	number('maxPages', 'Max Pages', 1, 10000, 100, 'Most pages to crawl'),
];
// ScrapeIndividualPageDto: url; timeout 5000–120000 ms (30000); format markdown | html | text.
const PAGE_OPTIONS: BodyField[] = [
	{
		property: {
			displayName: 'Format',
			name: 'format',
			type: 'options',
			options: ['html', 'markdown', 'text'].map((value) => ({ name: value === 'html' ? 'HTML' : value[0].toUpperCase() + value.slice(1), value })),
			default: 'markdown',
			description: 'Format of the page content returned',
		},
		read: choice(['markdown', 'html', 'text']),
	},
	number('timeout', 'Timeout (Ms)', 5000, 120000, 30000, 'How long to wait for the page, in milliseconds'),
];

const bodyFrom = (required: BodyField[], optional: BodyField[]) =>
	async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		requestOptions.body = { ...(requestOptions.body as object), ...bodyOf(this, required), ...bodyOf(this, optional, 'options') };
		return requestOptions;
	};

/** preSend: the discovered-URL IDs as the body list `key` (required ones at least one). */
const sendIdList = (key: string, required: boolean) =>
	async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const ids = readList(this, 'urlIds', 'URL IDs');
		if (required && ids.length === 0) throw inputError(this, 'URL IDs', 'is empty; give at least one ID');
		requestOptions.body = { ...(requestOptions.body as object), [key]: ids };
		return requestOptions;
	};
const urlIds = (description: string, required: boolean): INodeProperties => ({
	displayName: 'URL IDs',
	name: 'urlIds',
	type: 'string',
	required,
	default: '',
	placeholder: 'e.g. url-1, url-2',
	description: `${description}: a comma-separated list, or an array from an expression`,
});

export function crawlOperations(websiteField: INodeProperties) {
	const discovered = `=${WEBSITE}/${pathId('websiteId')}/discovered-urls`;
	return [
		defineOperation(
			'knowledgeBase',
			{
				name: 'Crawl Website',
				value: 'crawlWebsite',
				action: 'Crawl a website',
				description: 'Crawl a website from a start URL, to discover its pages for the knowledge base',
				// POST …/website/scrape  body ScrapePagesDto  →  {success, message, data: {crawlId, crawlDuration, status, sitemap?}}
				routing: { request: { method: 'POST', url: `${WEBSITE}/scrape` }, send: { preSend: [bodyFrom([URL_FIELD], CRAWL_OPTIONS)] }, output: { postReceive: [unwrapData] } },
			},
			[{ ...URL_FIELD.property, required: true }, optionsCollection(CRAWL_OPTIONS.map(({ property }) => property))],
		),
		defineOperation(
			'knowledgeBase',
			{
				name: 'Scrape Page',
				value: 'scrapePage',
				action: 'Scrape a page',
				description: 'Read one web page and return its title, content and metadata',
				// POST …/website/individual-page  body ScrapeIndividualPageDto  →  {success, message, data: {url, title, content, metadata, …}}
				routing: { request: { method: 'POST', url: `${WEBSITE}/individual-page` }, send: { preSend: [bodyFrom([URL_FIELD], PAGE_OPTIONS)] }, output: { postReceive: [unwrapData] } },
			},
			[{ ...URL_FIELD.property, required: true, description: 'Address of the page' }, optionsCollection(PAGE_OPTIONS.map(({ property }) => property))],
		),
		defineOperation(
			'knowledgeBase',
			{
				name: 'Get Discovered URLs',
				value: 'getDiscoveredUrls',
				action: 'Get the URLs a crawl discovered',
				description: 'List the pages a website crawl discovered, with their crawl and indexing status',
				// GET …/website/{parentUniqueId}/discovered-urls?cursor&limit&affix&status&startTime&endTime  →  {data: [...], meta: {current, next?}}
				// The spec also declares a required path parameter "parentId" that is not in this path (a defect
				// of the spec): the path is followed, so no "parentId" is sent.
				routing: { request: { method: 'GET', url: discovered }, send: { preSend: [sendCreatedWindow] }, output: { postReceive: [unwrapData] } },
			},
			[
				websiteField,
				...aiReturnAllOrLimit,
				filtersCollection([
					...createdFilters('URLs discovered'),
					{
						displayName: 'Status',
						name: 'status',
						type: 'options',
						options: ['discovered', 'failed', 'processed', 'processing', 'skipped'].map((value) => ({ name: value[0].toUpperCase() + value.slice(1), value })),
						default: 'discovered',
						description: 'Only URLs with this status',
						routing: { send: { type: 'query', property: 'status' } },
					},
				]),
			],
		),
		defineOperation(
			'knowledgeBase',
			{
				name: 'Process Discovered URLs',
				value: 'processDiscoveredUrls',
				action: 'Process the URLs a crawl discovered',
				description: 'Crawl and index the pages a website crawl discovered, except those excluded',
				// POST …/discovered-urls/process  body {exclude: [...]}  →  {success, message, data: {batchId, urlsProcessed, totalUrls, webhookUrl, status}}
				routing: { request: { method: 'POST', url: `${discovered}/process` }, send: { preSend: [sendIdList('exclude', false)] }, output: { postReceive: [unwrapData] } },
			},
			[websiteField, urlIds('IDs of discovered URLs to leave out (none: process them all)', false)],
		),
		defineOperation(
			'knowledgeBase',
			{
				name: 'Get Discovered URL Status',
				value: 'pollDiscoveredUrls',
				action: 'Get the status of discovered URLs',
				description: 'Get the indexing status of discovered URLs; one item per URL',
				// POST …/discovered-urls/status/poll  body {uniqueId: [...]}  →  {success, data: {<id>: <status>}}
				routing: { request: { method: 'POST', url: `${discovered}/status/poll` }, send: { preSend: [sendIdList('uniqueId', true)] }, output: { postReceive: [statusItems] } },
			},
			[websiteField, urlIds('IDs of the discovered URLs', true)],
		),
		defineOperation(
			'knowledgeBase',
			{
				name: 'Retry Website Indexing',
				value: 'syncDiscoveredUrls',
				action: 'Retry indexing website pages',
				description: 'Index website pages again after their indexing failed',
				// PATCH …/discovered-urls/sync  body {uniqueIds: [...]} (empty: every page that failed)  →  {success, message, data: {batchId, …}}
				routing: { request: { method: 'PATCH', url: `${discovered}/sync` }, send: { preSend: [sendIdList('uniqueIds', false)] }, output: { postReceive: [unwrapData] } },
			},
			[websiteField, urlIds('IDs of the pages to index again (none: every page that failed)', false)],
		),
	];
}
