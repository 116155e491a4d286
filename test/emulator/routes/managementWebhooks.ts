/**
 * Webhooks and their triggers under `/apps/{appId}/webhooks` (spec tag "Webhooks", reference §9.5).
 */
import { pageParams, paginate, type RouteContext, KNOWN_TRIGGERS, MAX_WEBHOOKS, Validator, checked, mgmtErrors, okData, type ManagementContext, type ManagementRoute, type WebhookRecord } from './prelude';

function webhooksOf(ctx: ManagementContext): Map<string, WebhookRecord> {
	return ctx.store.appWebhooks(ctx.app!.id);
}

function webhookOf(ctx: ManagementContext): WebhookRecord {
	const record = webhooksOf(ctx).get(ctx.params.webhookId);
	if (!record) throw mgmtErrors.webhookNotFound(ctx.params.webhookId);
	return record;
}

function triggerIds(ctx: ManagementContext): string[] {
	const ids = ctx.body.triggerIds;
	if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'string')) {
		throw mgmtErrors.badRequest({ triggerIds: ['The trigger ids field is required and must be an array of strings.'] });
	}
	return ids as string[];
}

export const managementWebhookRoutes: ManagementRoute[] = [
	{
		// perPage default 100, max 1000; no page in the spec; searchKey matches the name.
		method: 'GET',
		path: '/apps/:appId/webhooks',
		app: true,
		handler: (ctx) => {
			const v = new Validator();
			const page = pageParams({ query: { perPage: '100', ...ctx.query, page: '1' } } as unknown as RouteContext, v);
			checked(v);
			const search = ctx.query.searchKey?.toLowerCase();
			const all = [...webhooksOf(ctx).values()].filter((w) => !search || w.name.toLowerCase().includes(search));
			const { pageItems, pagination } = paginate(all, page);
			return okData(pageItems.map(webhookView), { pagination });
		},
	},
	{
		method: 'POST',
		path: '/apps/:appId/webhooks',
		app: true,
		handler: (ctx) => {
			const hooks = webhooksOf(ctx);
			const fields = validateWebhook(ctx.body, true);
			if (hooks.has(fields.id as string)) throw mgmtErrors.badRequest({ id: ['The id has already been taken.'] });
			if (hooks.size >= MAX_WEBHOOKS) throw mgmtErrors.limit();
			return okData(webhookView(ctx.store.seedWebhook(ctx.app!.id, { ...(fields as WebhookRecord), triggers: [] })));
		},
	},
	{ method: 'GET', path: '/apps/:appId/webhooks/:webhookId', app: true, handler: (ctx) => okData(webhookView(webhookOf(ctx))) },
	{
		method: 'PUT',
		path: '/apps/:appId/webhooks/:webhookId',
		app: true,
		handler: (ctx) => {
			const record = webhookOf(ctx);
			Object.assign(record, validateWebhook(ctx.body, false), { updatedAt: ctx.store.state.now() });
			return okData(webhookView(record));
		},
	},
	{
		method: 'DELETE',
		path: '/apps/:appId/webhooks/:webhookId',
		app: true,
		handler: (ctx) => {
			webhookOf(ctx);
			webhooksOf(ctx).delete(ctx.params.webhookId);
			return okData({ success: true, message: 'Deleted Webhook successfully.' });
		},
	},
	{
		method: 'GET',
		path: '/apps/:appId/webhooks/:webhookId/triggers',
		app: true,
		handler: (ctx) => {
			const data = webhookOf(ctx).triggers.map((id) => ({ id, description: KNOWN_TRIGGERS[id] }));
			return okData(data, { pagination: { total: data.length, count: data.length, per_page: 100, current_page: 1, total_pages: 1 } });
		},
	},
	{
		method: 'POST',
		path: '/apps/:appId/webhooks/:webhookId/triggers',
		app: true,
		handler: (ctx) => {
			const record = webhookOf(ctx);
			// Per trigger, as in the spec's example; the refusal text for an unknown ID is INFERRED.
			const data: Record<string, { success: boolean; message: string }> = {};
			for (const id of triggerIds(ctx)) {
				if (!(id in KNOWN_TRIGGERS) || ctx.store.refusedTriggers.has(id)) {
					data[id] = { success: false, message: `The trigger ${id} does not exist.` };
					continue;
				}
				if (!record.triggers.includes(id)) record.triggers.push(id);
				data[id] = { success: true, message: 'Triggers has been added successfully.' };
			}
			return okData(data);
		},
	},
	{
		method: 'DELETE',
		path: '/apps/:appId/webhooks/:webhookId/triggers',
		app: true,
		handler: (ctx) => {
			const record = webhookOf(ctx);
			const ids = triggerIds(ctx);
			record.triggers = record.triggers.filter((id) => !ids.includes(id));
			return okData({ success: true, message: 'Removed trigger successfully.' });
		},
	},
];

const WEBHOOK_ID = /^[A-Za-z0-9_-]{1,50}$/; // "50 characters, alphanumeric" (the spec's example has "_")
const ALNUM = /^[A-Za-z0-9]+$/;

/** Create (all required fields) or update (any subset) body, CometChat's constraints table. */
function validateWebhook(body: Record<string, unknown>, creating: boolean): Partial<WebhookRecord> {
	const v = new Validator();
	const out: Partial<WebhookRecord> = {};
	if (creating) {
		const id = v.requiredString(body, 'id', 50);
		if (id !== undefined && !WEBHOOK_ID.test(id)) v.add('id', 'The id may only contain letters and numbers.');
		out.id = id;
	}
	const name = creating ? v.requiredString(body, 'name', 50) : v.optionalString(body, 'name', 50);
	if (name !== undefined) out.name = name;
	const url = creating ? v.requiredString(body, 'webhookURL', 255) : v.optionalString(body, 'webhookURL', 255);
	if (url !== undefined) {
		// "Must be a publicly accessible HTTPS endpoint"; the error text is INFERRED.
		if (!/^https:\/\/[^\s/?#]+/i.test(url)) v.add('webhookURL', 'The webhook u r l must be a valid HTTPS URL.');
		out.webhookURL = url;
	}
	const useBasicAuth = v.optionalBoolean(body, 'useBasicAuth');
	if (useBasicAuth !== undefined) out.useBasicAuth = useBasicAuth;
	else if (creating) out.useBasicAuth = false;
	for (const [field, max] of [
		['username', 50],
		['password', 100],
	] as const) {
		const value = useBasicAuth ? v.requiredString(body, field, max) : v.optionalString(body, field, max);
		if (value !== undefined && !ALNUM.test(value)) v.add(field, `The ${field} may only contain letters and numbers.`);
		if (value !== undefined) out[field] = value;
	}
	const enabled = v.optionalBoolean(body, 'enabled');
	// INFERRED default: a webhook made without `enabled` is on, as in the dashboard.
	out.enabled = enabled ?? (creating ? true : undefined);
	if (out.enabled === undefined) delete out.enabled;
	const retry = v.optionalBoolean(body, 'retryOnFailure');
	if (retry !== undefined) out.retryOnFailure = retry;
	else if (creating) out.retryOnFailure = false; // the spec's default
	checked(v);
	return out;
}

/** The webhook as the API shows it (spec webhookSchema plus what create returns); never the password. */
function webhookView(record: WebhookRecord): Record<string, unknown> {
	return {
		id: record.id,
		name: record.name,
		webhookURL: record.webhookURL,
		enabled: record.enabled,
		useBasicAuth: record.useBasicAuth,
		...(record.username !== undefined ? { username: record.username } : {}),
		retryOnFailure: record.retryOnFailure,
		createdAt: record.createdAt,
		updatedAt: record.updatedAt,
	};
}
