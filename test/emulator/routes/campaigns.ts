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
	readonly recipients = new Map<string, CampaignsRecord[]>();
	/** Presigned upload keys issued → the CSV uploaded to them (undefined until then). */
	readonly uploads = new Map<string, string | undefined>();
	readonly imports = new Map<string, Record<string, unknown>>();

	next(): number {
		return ++this.seq;
	}

	clear(): void {
		this.seq = 0;
		for (const records of [this.campaigns, this.templates]) records.byId.clear();
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
	const { limit = '20', sort = 'updatedAt', order = 'desc', id, affix = 'append' } = ctx.query;
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

export const campaignsRoutes: Route[] = [...campaignRoutes];
