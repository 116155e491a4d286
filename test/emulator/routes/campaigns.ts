/**
 * CometChat's campaigns service, under /v3/campaigns (campaigns-apis.json): campaigns and their
 * recipients; the other groups of the spec are added beside them. The spec gives no answer schemas and
 * no error bodies: answers are `{data: ...}` as the rest of v3, errors CometChat's error body with the
 * spec's statuses and descriptions as messages; codes INFERRED. Lists page by cursor: `limit` (1–100,
 * default 20, INFERRED) and the previous page's last `id` (with its `updatedAt`), `affix=append`.
 */
import { cometError } from '../errors';
import type { EmulatorState } from '../state';
import { bodyObject, isPlainObject, type Route, type RouteContext, type RouteResult } from './shared';

export interface CampaignsRecord {
	id: string;
	createdAt: number;
	updatedAt: number;
	[key: string]: unknown;
}

/** One kind of record of the service, by id, in insertion order. */
export class Records {
	readonly byId = new Map<string, CampaignsRecord>();
	constructor(private readonly prefix: string) {}

	add(state: EmulatorState, fields: Record<string, unknown>, seq: number): CampaignsRecord {
		const now = state.now();
		const record: CampaignsRecord = { id: `${this.prefix}${String(seq).padStart(6, '0')}`, ...fields, createdAt: now, updatedAt: now };
		this.byId.set(record.id, record);
		return record;
	}

	/** By id, or else by the slug field (templates: templateId; channels: channelId). */
	find(id: string, slug?: string): CampaignsRecord | undefined {
		return this.byId.get(id) ?? (slug ? [...this.byId.values()].find((record) => record[slug] === id) : undefined);
	}
}

export class CampaignsStore {
	private seq = 0;
	readonly campaigns = new Records('cmpgn');
	readonly templates = new Records('tmpl');
	readonly categories = new Records('ctgry');
	readonly channels = new Records('chnl');
	readonly feed = new Records('feed');
	readonly pushes = new Records('push');
	readonly recipients = new Map<string, CampaignsRecord[]>();
	/** Presigned upload keys issued → the CSV uploaded to them (undefined until then). */
	readonly uploads = new Map<string, string | undefined>();
	readonly imports = new Map<string, Record<string, unknown>>();

	next(): number {
		return ++this.seq;
	}

	clear(): void {
		this.seq = 0;
		for (const records of [this.campaigns, this.templates, this.categories, this.channels, this.feed, this.pushes]) records.byId.clear();
		this.recipients.clear();
		this.uploads.clear();
		this.imports.clear();
	}

	addTemplate(state: EmulatorState, fields: Record<string, unknown>): CampaignsRecord {
		return this.templates.add(state, { status: 'approved', version: 1, ...fields }, this.next());
	}

	addCampaign(state: EmulatorState, fields: Record<string, unknown>): CampaignsRecord {
		return this.campaigns.add(state, { status: 'draft', ...fields }, this.next());
	}
}

export const campaignsStore = (state: EmulatorState) => state.store('campaigns', () => new CampaignsStore());

// ---- shared by every group ---------------------------------------------------------------------------

const answer = (data: unknown, status = 200): RouteResult => ({ status, body: { data } });
export const badRequest = (message: string) => cometError(400, 'ERR_BAD_REQUEST', message);
export const notFound = (what: string) => cometError(404, `ERR_${what.toUpperCase().replace(/ /g, '_')}_NOT_FOUND`, `${what} not found`);

/** A page of a cursor list, sorted as asked (default updatedAt, newest first; ties by id). */
export function page(ctx: RouteContext, records: CampaignsRecord[], sorts: string[] = ['updatedAt', 'createdAt']): RouteResult {
	const { limit = '20', sort = sorts.includes('updatedAt') ? 'updatedAt' : sorts[0], order = 'desc', id, affix = 'append' } = ctx.query;
	const size = Number(limit);
	if (!Number.isInteger(size) || size < 1 || size > 100) throw badRequest('limit must be a whole number from 1 to 100');
	if (!sorts.includes(sort) || !['asc', 'desc'].includes(order) || !['append', 'prepend'].includes(affix)) throw badRequest('sort, order or affix has a value the service does not take');
	const sign = order === 'asc' ? 1 : -1;
	const sorted = [...records].sort((a, b) => sign * (String(a[sort]).localeCompare(String(b[sort]), undefined, { numeric: true }) || a.id.localeCompare(b.id)));
	const at = id === undefined ? -1 : sorted.findIndex((record) => record.id === id);
	return answer(sorted.slice(at + 1, at + 1 + size));
}

/** A required non-empty text field of the body, else 400. */
function text(body: Record<string, unknown>, field: string, required = true): string | undefined {
	const value = body[field];
	if (value === undefined && !required) return undefined;
	if (typeof value !== 'string' || value.trim() === '') throw badRequest(`${field} must be a non-empty string`);
	return value;
}
function object(body: Record<string, unknown>, field: string): Record<string, unknown> | undefined {
	if (body[field] === undefined) return undefined;
	if (!isPlainObject(body[field])) throw badRequest(`${field} must be an object`);
	return body[field] as Record<string, unknown>;
}
const only = (body: Record<string, unknown>, allowed: string[]) => {
	const extra = Object.keys(body).find((key) => !allowed.includes(key));
	if (extra) throw badRequest(`property ${extra} should not exist`);
};

// ---- campaigns -----------------------------------------------------------------------------------------

const RECIPIENT_STATUSES = ['pending', 'processing', 'completed', 'failed'];

function campaignOf(ctx: RouteContext, draftOnly = false): CampaignsRecord {
	const campaign = campaignsStore(ctx.state).campaigns.find(ctx.params.id);
	if (!campaign) throw notFound('Campaign');
	if (draftOnly && campaign.status !== 'draft') throw cometError(400, 'ERR_CAMPAIGN_NOT_DRAFT', 'Campaign not in draft status');
	return campaign;
}

function summary(ctx: RouteContext, id: string): Record<string, number> {
	const list = campaignsStore(ctx.state).recipients.get(id) ?? [];
	const counts: Record<string, number> = { total: list.length };
	for (const status of RECIPIENT_STATUSES) counts[status] = list.filter((r) => r.status === status).length;
	return counts;
}

const enriched = (ctx: RouteContext, campaign: CampaignsRecord) => ({ ...campaign, recipientSummary: summary(ctx, campaign.id) });

function addRecipients(ctx: RouteContext, campaign: CampaignsRecord, userIds: string[], variables: Record<string, unknown> = {}): number {
	const store = campaignsStore(ctx.state);
	const list = store.recipients.get(campaign.id) ?? [];
	store.recipients.set(campaign.id, list);
	let added = 0;
	for (const userId of userIds) {
		if (list.some((r) => r.userId === userId)) continue;
		const now = ctx.state.now();
		list.push({ id: `rcpt${String(store.next()).padStart(6, '0')}`, campaignId: campaign.id, userId, status: 'pending', ...(isPlainObject(variables[userId]) ? { variables: variables[userId] } : {}), createdAt: now, updatedAt: now });
		added++;
	}
	return added;
}

const touch = (ctx: RouteContext, record: CampaignsRecord, fields: Record<string, unknown>) => Object.assign(record, fields, { updatedAt: ctx.state.now() });

const campaignRoutes: Route[] = [
	{
		method: 'POST',
		path: '/campaigns/campaigns',
		handler: (ctx) => {
			const body = bodyObject(ctx);
			only(body, ['name', 'templateId', 'templateVersion', 'variables', 'config']);
			const name = text(body, 'name');
			const templateId = text(body, 'templateId') as string;
			const version = body.templateVersion;
			if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) throw badRequest('templateVersion must be a number not less than 1');
			const template = campaignsStore(ctx.state).templates.find(templateId, 'templateId');
			if (!template) throw notFound('Template');
			const fields = { name, templateId: template.id, templateVersion: version, variables: object(body, 'variables'), config: object(body, 'config') };
			const campaign = campaignsStore(ctx.state).addCampaign(ctx.state, JSON.parse(JSON.stringify(fields)) as Record<string, unknown>);
			return answer(campaign, 201);
		},
	},
	{
		method: 'GET',
		path: '/campaigns/campaigns',
		handler: (ctx) => {
			const { status, search } = ctx.query;
			const list = [...campaignsStore(ctx.state).campaigns.byId.values()].filter(
				(c) => (status === undefined || c.status === status) && (search === undefined || String(c.name).toLowerCase().includes(search.toLowerCase())),
			);
			const result = page(ctx, list, ['updatedAt', 'createdAt', 'name']);
			return answer(((result.body as { data: CampaignsRecord[] }).data).map((c) => enriched(ctx, c)));
		},
	},
	{ method: 'GET', path: '/campaigns/campaigns/:id', handler: (ctx) => answer(enriched(ctx, campaignOf(ctx))) },
	{
		method: 'PUT',
		path: '/campaigns/campaigns/:id',
		handler: (ctx) => {
			const campaign = campaignOf(ctx, true);
			const body = bodyObject(ctx);
			only(body, ['name', 'config']);
			const name = text(body, 'name', false);
			const config = object(body, 'config');
			return answer(touch(ctx, campaign, { ...(name !== undefined ? { name } : {}), ...(config !== undefined ? { config } : {}) }));
		},
	},
	{
		method: 'DELETE',
		path: '/campaigns/campaigns/:id',
		handler: (ctx) => {
			const campaign = campaignOf(ctx, true);
			const store = campaignsStore(ctx.state);
			store.campaigns.byId.delete(campaign.id);
			store.recipients.delete(campaign.id);
			return answer({ success: true, message: `Campaign ${campaign.id} deleted` });
		},
	},
	{
		method: 'POST',
		path: '/campaigns/campaigns/:id/recipients',
		handler: (ctx) => {
			const campaign = campaignOf(ctx, true);
			const body = bodyObject(ctx);
			only(body, ['userIds', 'userVariables']);
			const ids = body.userIds;
			if (!Array.isArray(ids) || ids.length < 1 || ids.length > 10000 || !ids.every((id) => typeof id === 'string' && id !== '')) {
				throw badRequest('userIds must be an array of 1 to 10000 strings');
			}
			const added = addRecipients(ctx, campaign, ids as string[], object(body, 'userVariables'));
			return answer({ added, total: summary(ctx, campaign.id).total }, 201);
		},
	},
	{
		method: 'GET',
		path: '/campaigns/campaigns/:id/recipients',
		handler: (ctx) => {
			const campaign = campaignOf(ctx);
			const { status } = ctx.query;
			if (status !== undefined && !RECIPIENT_STATUSES.includes(status)) throw badRequest(`status must be one of ${RECIPIENT_STATUSES.join(', ')}`);
			return page(ctx, (campaignsStore(ctx.state).recipients.get(campaign.id) ?? []).filter((r) => status === undefined || r.status === status));
		},
	},
	{ method: 'GET', path: '/campaigns/campaigns/:id/recipients/summary', handler: (ctx) => answer(summary(ctx, campaignOf(ctx).id)) },
	{
		method: 'POST',
		path: '/campaigns/campaigns/:id/recipients/upload-url',
		handler: (ctx) => {
			const campaign = campaignOf(ctx, true);
			const store = campaignsStore(ctx.state);
			const s3Key = `campaigns/${campaign.id}/recipients-${store.next()}.csv`;
			store.uploads.set(s3Key, undefined);
			const uploadUrl = `http://${ctx.headers.host}/v3/campaigns/uploads/${encodeURIComponent(s3Key)}?X-Amz-Expires=900&X-Amz-Signature=emulated`;
			return answer({ uploadUrl, s3Key, expiresIn: 900 }, 201);
		},
	},
	{
		method: 'PUT',
		path: '/campaigns/uploads/:key',
		open: true,
		handler: (ctx) => {
			const store = campaignsStore(ctx.state);
			// S3 refuses a key it did not sign, and a request carrying credentials it does not expect.
			if (!store.uploads.has(ctx.params.key) || ctx.query['X-Amz-Signature'] !== 'emulated' || ctx.headers.apikey !== undefined) return { status: 403, body: 'AccessDenied' };
			store.uploads.set(ctx.params.key, typeof ctx.body === 'string' ? ctx.body : JSON.stringify(ctx.body ?? ''));
			return { status: 200, body: '' };
		},
	},
	{
		method: 'POST',
		path: '/campaigns/campaigns/:id/import-csv',
		handler: (ctx) => {
			const campaign = campaignOf(ctx, true);
			const body = bodyObject(ctx);
			only(body, ['s3Key']);
			const s3Key = text(body, 's3Key') as string;
			const store = campaignsStore(ctx.state);
			const csv = store.uploads.get(s3Key);
			if (csv === undefined) throw badRequest(`No uploaded file at ${s3Key}`);
			if (store.imports.get(campaign.id)?.status === 'processing') throw cometError(409, 'ERR_IMPORT_IN_PROGRESS', 'Import already in progress');
			// INFERRED: one UID per row, in the first column; a header row names it uid or userId.
			const rows = csv.split(/\r?\n/).map((line) => line.split(',')[0].trim()).filter(Boolean);
			const ids = /^(uid|userid)$/i.test(rows[0] ?? '') ? rows.slice(1) : rows;
			const imported = addRecipients(ctx, campaign, ids);
			const job = { jobId: `job${store.next()}`, campaignId: campaign.id, s3Key, status: 'completed', totalRows: ids.length, imported };
			store.imports.set(campaign.id, job);
			return answer({ jobId: job.jobId, campaignId: campaign.id, status: 'processing' }, 202);
		},
	},
	{
		method: 'GET',
		path: '/campaigns/campaigns/:id/import-status',
		handler: (ctx) => {
			const job = campaignsStore(ctx.state).imports.get(campaignOf(ctx).id);
			if (!job) throw cometError(404, 'ERR_IMPORT_NOT_FOUND', 'No active import found');
			return answer(job);
		},
	},
	{
		method: 'POST',
		path: '/campaigns/campaigns/:id/send',
		handler: (ctx) => {
			const campaign = campaignOf(ctx);
			if (!['draft', 'scheduled'].includes(String(campaign.status)) || summary(ctx, campaign.id).total === 0) {
				throw cometError(400, 'ERR_CAMPAIGN_NOT_SENDABLE', 'Campaign not in sendable status or no recipients');
			}
			return answer(touch(ctx, campaign, { status: 'sending' }));
		},
	},
	{
		method: 'POST',
		path: '/campaigns/campaigns/:id/schedule',
		handler: (ctx) => {
			const campaign = campaignOf(ctx, true);
			const body = bodyObject(ctx);
			only(body, ['scheduledAt']);
			const at = body.scheduledAt;
			if (typeof at !== 'number' || !Number.isInteger(at) || at <= ctx.state.now()) throw cometError(400, 'ERR_INVALID_SCHEDULE', 'Campaign not in draft status or invalid time');
			return answer(touch(ctx, campaign, { status: 'scheduled', scheduledAt: at }));
		},
	},
	{
		method: 'GET',
		path: '/campaigns/campaigns/:id/sequence-metrics',
		handler: (ctx) => {
			const campaign = campaignOf(ctx);
			const s = summary(ctx, campaign.id);
			return answer({ campaignId: campaign.id, steps: [{ sequenceOrder: 1, channelType: 'in_app', sent: s.completed, delivered: s.completed, read: 0, failed: s.failed }] });
		},
	},
	{
		method: 'POST',
		path: '/campaigns/campaigns/:id/cancel',
		handler: (ctx) => {
			const campaign = campaignOf(ctx);
			if (!['scheduled', 'sending'].includes(String(campaign.status))) throw cometError(400, 'ERR_CAMPAIGN_NOT_CANCELLABLE', 'Campaign not in cancellable status');
			return answer(touch(ctx, campaign, { status: 'cancelled' }));
		},
	},
];

// ---- templates -----------------------------------------------------------------------------------------

const CHANNEL_TYPES = ['in_app', 'push', 'sms', 'email', 'whatsapp', 'custom'];
const TEMPLATE_CATEGORIES = ['Onboarding', 'Transactional', 'Marketing', 'Product_Showcase', 'Alerts', 'Polls', 'Custom'];
const TEMPLATE_STATUSES = ['draft', 'approved', 'archived'];

function templateOf(ctx: RouteContext): CampaignsRecord {
	const template = campaignsStore(ctx.state).templates.find(ctx.params.id, 'templateId');
	if (!template) throw notFound('Template');
	return template;
}

/**
 * The optional fields of a template body, checked (Create and Update alike). The category: Create's DTO
 * takes only the built-ins (enum), Update's any text [SPEC]; the emulator takes a built-in or the name of
 * one of the app's own categories there (INFERRED: that is what a per-app category is for).
 */
function templateFields(ctx: RouteContext, body: Record<string, unknown>, create: boolean): Record<string, unknown> {
	const fields: Record<string, unknown> = {};
	for (const key of ['name', 'label', 'alternativeText']) if (body[key] !== undefined) fields[key] = text(body, key);
	const own = create ? [] : [...campaignsStore(ctx.state).categories.byId.values()].map((category) => String(category.name));
	if (body.templateCategory !== undefined && ![...TEMPLATE_CATEGORIES, ...own].includes(String(body.templateCategory))) throw badRequest(`templateCategory must be one of ${TEMPLATE_CATEGORIES.join(', ')}`);
	if (body.status !== undefined && !TEMPLATE_STATUSES.includes(String(body.status))) throw badRequest(`status must be one of ${TEMPLATE_STATUSES.join(', ')}`);
	for (const key of ['tags', 'variableSchema']) {
		if (body[key] !== undefined && !(Array.isArray(body[key]) && (body[key] as unknown[]).every((v) => typeof v === 'string'))) throw badRequest(`${key} must be an array of strings`);
	}
	for (const key of ['templateCategory', 'status', 'tags', 'variableSchema']) if (body[key] !== undefined) fields[key] = body[key];
	if (body.config !== undefined) fields.config = object(body, 'config');
	return fields;
}

const TEMPLATE_KEYS = ['name', 'templateCategory', 'label', 'alternativeText', 'tags', 'status', 'variableSchema', 'config'];

const templateRoutes: Route[] = [
	{
		method: 'POST',
		path: '/campaigns/templates',
		handler: (ctx) => {
			const body = bodyObject(ctx);
			only(body, [...TEMPLATE_KEYS, 'templateId', 'channels']);
			const name = text(body, 'name') as string;
			const channels = body.channels;
			if (!Array.isArray(channels) || !channels.every((c) => isPlainObject(c) && CHANNEL_TYPES.includes(String(c.channelType)))) {
				throw badRequest(`channels must be an array of objects with a channelType of ${CHANNEL_TYPES.join(', ')}`);
			}
			const store = campaignsStore(ctx.state);
			const templateId = text(body, 'templateId', false) ?? name.toLowerCase().replace(/[^a-z0-9]+/g, '_');
			if (store.templates.find(templateId, 'templateId')) throw cometError(409, 'ERR_TEMPLATE_EXISTS', `Template ${templateId} already exists`);
			const template = store.addTemplate(ctx.state, { templateId, name, templateCategory: 'Custom', status: 'draft', tags: [], variableSchema: [], ...templateFields(ctx, body, true), channels, version: 1 });
			return answer(template, 201);
		},
	},
	{
		method: 'GET',
		path: '/campaigns/templates',
		handler: (ctx) => {
			const { status, search, tags, tagMatch = 'any', templateCategory } = ctx.query;
			const wanted = tags?.split(',') ?? [];
			const list = [...campaignsStore(ctx.state).templates.byId.values()].filter((t) => {
				const has = (tag: string) => (t.tags as string[] | undefined)?.includes(tag) ?? false;
				return (
					(status === undefined || t.status === status) &&
					(templateCategory === undefined || t.templateCategory === templateCategory) &&
					(search === undefined || `${String(t.name)} ${String(t.templateId)}`.toLowerCase().includes(search.toLowerCase())) &&
					(wanted.length === 0 || (tagMatch === 'all' ? wanted.every(has) : wanted.some(has)))
				);
			});
			return page(ctx, list, ['updatedAt', 'createdAt', 'name']);
		},
	},
	{ method: 'GET', path: '/campaigns/templates/:id', handler: (ctx) => answer(templateOf(ctx)) },
	{
		method: 'PUT',
		path: '/campaigns/templates/:id',
		handler: (ctx) => {
			const template = templateOf(ctx);
			const body = bodyObject(ctx);
			only(body, TEMPLATE_KEYS);
			return answer(touch(ctx, template, templateFields(ctx, body, false)));
		},
	},
	{ method: 'DELETE', path: '/campaigns/templates/:id', handler: (ctx) => answer(touch(ctx, templateOf(ctx), { status: 'archived' })) },
	{
		method: 'PUT',
		path: '/campaigns/templates/:id/channels/:channelType',
		handler: (ctx) => {
			const template = templateOf(ctx);
			const body = bodyObject(ctx);
			only(body, ['content']);
			const content = object(body, 'content');
			if (!content) throw badRequest('content must be an object');
			const channel = (template.channels as Array<Record<string, unknown>>).find((c) => c.channelType === ctx.params.channelType);
			if (!channel) throw notFound('Template channel');
			channel.content = content;
			return answer(touch(ctx, template, {}));
		},
	},
	{
		method: 'POST',
		path: '/campaigns/templates/:id/versions',
		handler: (ctx) => {
			const template = templateOf(ctx);
			touch(ctx, template, { version: Number(template.version) + 1 });
			return answer({ id: template.id, templateId: template.templateId, version: template.version }, 201);
		},
	},
];

// ---- template categories and channels ------------------------------------------------------------------

function recordOf(ctx: RouteContext, records: Records, what: string, slug?: string): CampaignsRecord {
	const record = records.find(ctx.params.id, slug);
	if (!record) throw notFound(what);
	return record;
}

const categoryRoutes: Route[] = [
	{
		method: 'POST',
		path: '/campaigns/templates/categories',
		handler: (ctx) => {
			const body = bodyObject(ctx);
			only(body, ['name', 'description']);
			const store = campaignsStore(ctx.state);
			const fields = { name: text(body, 'name'), ...(body.description !== undefined ? { description: text(body, 'description') } : {}) };
			return answer(store.categories.add(ctx.state, fields, store.next()), 201);
		},
	},
	{ method: 'GET', path: '/campaigns/templates/categories', handler: (ctx) => page(ctx, [...campaignsStore(ctx.state).categories.byId.values()], ['name', 'createdAt', 'updatedAt']) },
	{ method: 'GET', path: '/campaigns/templates/categories/:id', handler: (ctx) => answer(recordOf(ctx, campaignsStore(ctx.state).categories, 'Template category')) },
	{
		method: 'PUT',
		path: '/campaigns/templates/categories/:id',
		handler: (ctx) => {
			const category = recordOf(ctx, campaignsStore(ctx.state).categories, 'Template category');
			const body = bodyObject(ctx);
			only(body, ['name', 'description']);
			const fields: Record<string, unknown> = {};
			for (const key of ['name', 'description']) if (body[key] !== undefined) fields[key] = text(body, key);
			return answer(touch(ctx, category, fields));
		},
	},
	{
		method: 'DELETE',
		path: '/campaigns/templates/categories/:id',
		handler: (ctx) => {
			const store = campaignsStore(ctx.state);
			const category = recordOf(ctx, store.categories, 'Template category');
			store.categories.byId.delete(category.id);
			return answer({ success: true, message: `Template category ${category.id} deleted` });
		},
	},
];

function channelFields(body: Record<string, unknown>): Record<string, unknown> {
	const fields: Record<string, unknown> = {};
	if (body.name !== undefined) fields.name = text(body, 'name');
	if (body.enabled !== undefined) {
		if (typeof body.enabled !== 'boolean') throw badRequest('enabled must be a boolean value');
		fields.enabled = body.enabled;
	}
	if (body.metadata !== undefined) fields.metadata = object(body, 'metadata');
	return fields;
}

const channelRoutes: Route[] = [
	{
		method: 'POST',
		path: '/campaigns/channels',
		handler: (ctx) => {
			const body = bodyObject(ctx);
			only(body, ['name', 'type', 'channelId', 'enabled', 'metadata']);
			const name = text(body, 'name') as string;
			if (!CHANNEL_TYPES.includes(String(body.type))) throw badRequest(`type must be one of ${CHANNEL_TYPES.join(', ')}`);
			const store = campaignsStore(ctx.state);
			const channelId = text(body, 'channelId', false) ?? `cc-notification-channel-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
			const channel = store.channels.add(ctx.state, { channelId, name, channelType: body.type, enabled: false, ...channelFields(body) }, store.next());
			return answer(channel, 201);
		},
	},
	{
		method: 'GET',
		path: '/campaigns/channels',
		handler: (ctx) => {
			const { search } = ctx.query;
			const list = [...campaignsStore(ctx.state).channels.byId.values()].filter((c) => search === undefined || `${String(c.name)} ${String(c.channelId)}`.toLowerCase().includes(search.toLowerCase()));
			return page(ctx, list, ['channelType', 'createdAt', 'updatedAt']);
		},
	},
	{ method: 'GET', path: '/campaigns/channels/availability', handler: () => answer(CHANNEL_TYPES.map((type) => ({ type, available: type === 'in_app' || type === 'push' }))) },
	{ method: 'GET', path: '/campaigns/channels/:id', handler: (ctx) => answer(recordOf(ctx, campaignsStore(ctx.state).channels, 'Channel', 'channelId')) },
	{
		method: 'PUT',
		path: '/campaigns/channels/:id',
		handler: (ctx) => {
			const channel = recordOf(ctx, campaignsStore(ctx.state).channels, 'Channel', 'channelId');
			const body = bodyObject(ctx);
			only(body, ['name', 'enabled', 'metadata']);
			return answer(touch(ctx, channel, channelFields(body)));
		},
	},
];

// ---- template notifications, the notification feed, push notifications, analytics ---------------------

const viewer = (ctx: RouteContext) => ctx.headers.onbehalfof?.trim() || undefined;

const notificationRoutes: Route[] = [
	{
		method: 'POST',
		path: '/campaigns/notifications/messages',
		handler: (ctx) => {
			const body = bodyObject(ctx);
			only(body, ['templateId', 'receivers', 'variables', 'tag']);
			const store = campaignsStore(ctx.state);
			const template = store.templates.find(text(body, 'templateId') as string, 'templateId');
			if (!template) throw notFound('Template');
			if (template.status !== 'approved') throw badRequest('Template must be in approved status');
			const receivers = body.receivers;
			if (!Array.isArray(receivers) || receivers.length < 1 || receivers.length > 10000 || !receivers.every((r) => typeof r === 'string' && r !== '')) throw badRequest('receivers must be an array of 1 to 10000 strings');
			const tag = text(body, 'tag', false);
			const variables = object(body, 'variables') ?? {};
			const notificationId = `ntf${store.next()}`;
			for (const receiver of receivers as string[]) {
				const fields = { notificationId, receiver, templateId: template.id, templateCategory: template.templateCategory, ...(tag ? { tag } : {}), ...(isPlainObject(variables[receiver]) ? { variables: variables[receiver] } : {}) };
				store.feed.add(ctx.state, { ...fields, channelType: 'in_app', tags: template.tags ?? [], sentAt: ctx.state.now() }, store.next());
				store.pushes.add(ctx.state, { ...fields, status: 'sent' }, store.next());
			}
			// 1–10 receivers: realtime, the notificationId; more: a queued batch, its batchId [SPEC].
			return answer(receivers.length <= 10 ? { notificationId, receivers: receivers.length } : { batchId: notificationId, receivers: receivers.length, status: 'queued' }, 201);
		},
	},
];

/** A record of `records` the viewer (onBehalfOf) may see: their own, or any without it (the app). */
function ownRecord(ctx: RouteContext, records: Records, what: string): CampaignsRecord {
	const record = records.find(ctx.params.id);
	const user = viewer(ctx);
	if (!record || (user !== undefined && record.receiver !== user)) throw notFound(what);
	return record;
}
const mark = (records: (s: CampaignsStore) => Records, what: string, field: string) => (ctx: RouteContext) => {
	const record = ownRecord(ctx, records(campaignsStore(ctx.state)), what);
	if (record[field] === undefined) touch(ctx, record, { [field]: ctx.state.now() });
	return answer(record);
};
const engage = (records: (s: CampaignsStore) => Records, what: string) => (ctx: RouteContext) => {
	const record = ownRecord(ctx, records(campaignsStore(ctx.state)), what);
	const body = bodyObject(ctx);
	only(body, ['topic']);
	const topic = text(body, 'topic', false);
	if (topic !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(topic)) throw badRequest('topic must be at most 64 letters, digits, _ and -');
	const engagement = { id: record.id, eventType: 'interacted', ...(topic ? { topic } : {}), at: ctx.state.now() };
	record.engagements = [...((record.engagements as unknown[] | undefined) ?? []), engagement];
	return answer(engagement, 201);
};
const boolQuery = (value: string | undefined) => value === 'true';

const feedRoutes: Route[] = [
	{
		method: 'GET',
		path: '/campaigns/notification-feed/unread-count',
		handler: (ctx) => {
			const { templateCategory } = ctx.query;
			if (!templateCategory) throw badRequest('templateCategory should not be empty');
			const user = viewer(ctx);
			const unread = [...campaignsStore(ctx.state).feed.byId.values()].filter((f) => (user === undefined || f.receiver === user) && f.templateCategory === templateCategory && f.readAt === undefined && f.deletedAt === undefined);
			return answer({ templateCategory, unreadCount: unread.length });
		},
	},
	{
		method: 'GET',
		path: '/campaigns/notification-feed',
		handler: (ctx) => {
			const q = ctx.query;
			const user = viewer(ctx) ?? q.receiver;
			const wanted = q.tags?.split(',') ?? [];
			const list = [...campaignsStore(ctx.state).feed.byId.values()].filter((f) => {
				const has = (tag: string) => (f.tags as string[]).includes(tag);
				const sentAt = Number(f.sentAt);
				return (
					(user === undefined || f.receiver === user) &&
					(q.readState === undefined || q.readState === 'all' || (q.readState === 'read') === (f.readAt !== undefined)) &&
					(q.dateFrom === undefined || sentAt >= Number(q.dateFrom)) &&
					(q.dateTo === undefined || sentAt <= Number(q.dateTo)) &&
					(q.templateCategory === undefined || f.templateCategory === q.templateCategory) &&
					(q.channelId === undefined || f.channelId === q.channelId) &&
					(boolQuery(q.includeDeleted) || f.deletedAt === undefined) &&
					(wanted.length === 0 || (q.tagMatch === 'all' ? wanted.every(has) : wanted.some(has)))
				);
			});
			return page(ctx, list, ['sentAt', 'createdAt']);
		},
	},
	{ method: 'GET', path: '/campaigns/notification-feed/:id', handler: (ctx) => answer(ownRecord(ctx, campaignsStore(ctx.state).feed, 'Feed item')) },
	{
		method: 'DELETE',
		path: '/campaigns/notification-feed/:id',
		handler: (ctx) => {
			const item = ownRecord(ctx, campaignsStore(ctx.state).feed, 'Feed item');
			touch(ctx, item, { deletedAt: ctx.state.now() });
			return answer({ success: true, message: `Feed item ${item.id} deleted` });
		},
	},
	{ method: 'POST', path: '/campaigns/notification-feed/:id/read', handler: mark((s) => s.feed, 'Feed item', 'readAt') },
	{ method: 'POST', path: '/campaigns/notification-feed/:id/delivered', handler: mark((s) => s.feed, 'Feed item', 'deliveredAt') },
	{ method: 'POST', path: '/campaigns/notification-feed/:id/engagement', handler: engage((s) => s.feed, 'Feed item') },
];

const pushRoutes: Route[] = [
	{
		method: 'GET',
		path: '/campaigns/push-notifications',
		handler: (ctx) => {
			const size = Number(ctx.query.limit);
			if (!Number.isInteger(size) || size < 1) throw badRequest('limit must be a positive whole number');
			const user = viewer(ctx);
			const list = [...campaignsStore(ctx.state).pushes.byId.values()].filter((p) => user === undefined || p.receiver === user).reverse();
			return answer(list.slice(0, size));
		},
	},
	{ method: 'GET', path: '/campaigns/push-notifications/:id', handler: (ctx) => answer(ownRecord(ctx, campaignsStore(ctx.state).pushes, 'Push notification')) },
	{ method: 'PUT', path: '/campaigns/push-notifications/:id/delivered', handler: mark((s) => s.pushes, 'Push notification', 'deliveredAt') },
	{ method: 'PUT', path: '/campaigns/push-notifications/:id/clicked', handler: mark((s) => s.pushes, 'Push notification', 'clickedAt') },
	{ method: 'POST', path: '/campaigns/push-notifications/:id/engagement', handler: engage((s) => s.pushes, 'Push notification') },
];

/** Figures of the feed items and pushes that `keep` selects, in the asked window. */
function figures(ctx: RouteContext, keep: (record: CampaignsRecord) => boolean): RouteResult {
	const { dimension, period, startDate, endDate, limit } = ctx.query;
	if (dimension !== undefined && !['campaign', 'template', 'channel'].includes(dimension)) throw badRequest('dimension must be one of campaign, template, channel');
	if (period !== undefined && !['hourly', 'daily'].includes(period)) throw badRequest('period must be one of hourly, daily');
	for (const date of [startDate, endDate]) if (date !== undefined && Number.isNaN(Date.parse(date))) throw badRequest('startDate and endDate must be ISO 8601 dates');
	if (limit !== undefined && !(Number(limit) >= 1)) throw badRequest('limit must be a positive number');
	const from = startDate ? Date.parse(startDate) / 1000 : -Infinity;
	const to = endDate ? Date.parse(endDate) / 1000 : Infinity;
	const store = campaignsStore(ctx.state);
	const records = [...store.feed.byId.values(), ...store.pushes.byId.values()].filter((r) => keep(r) && r.createdAt >= from && r.createdAt <= to);
	const count = (field: string) => records.filter((r) => r[field] !== undefined).length;
	return answer({ sent: records.length, delivered: count('deliveredAt'), read: count('readAt'), clicked: count('clickedAt'), period: period ?? 'daily' });
}

const analyticsRoutes: Route[] = [
	{ method: 'GET', path: '/campaigns/analytics/overview', handler: (ctx) => figures(ctx, () => true) },
	{ method: 'GET', path: '/campaigns/analytics/campaigns/:campaignId', handler: (ctx) => figures(ctx, (r) => r.campaignId === ctx.params.campaignId) },
	{ method: 'GET', path: '/campaigns/analytics/templates/:templateId', handler: (ctx) => figures(ctx, (r) => r.templateId === ctx.params.templateId) },
	{ method: 'GET', path: '/campaigns/analytics/users/:userId', handler: (ctx) => figures(ctx, (r) => r.receiver === ctx.params.userId) },
	{
		method: 'GET',
		path: '/campaigns/analytics/channels',
		handler: (ctx) => {
			const store = campaignsStore(ctx.state);
			return answer([
				{ channelType: 'in_app', ...((figures(ctx, (r) => store.feed.byId.has(r.id)).body as { data: object }).data) },
				{ channelType: 'push', ...((figures(ctx, (r) => store.pushes.byId.has(r.id)).body as { data: object }).data) },
			]);
		},
	},
];

// Literal paths before the {id} ones: /templates/categories is not a template, /channels/availability not a channel.
export const campaignsRoutes: Route[] = [...campaignRoutes, ...categoryRoutes, ...templateRoutes, ...channelRoutes, ...notificationRoutes, ...feedRoutes, ...pushRoutes, ...analyticsRoutes];
