import { createHash } from 'crypto';
import {
	type NodeApiError,
	NodeOperationError,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IHookFunctions,
	type IWebhookFunctions,
	type IHttpRequestMethods,
	type IN8nHttpFullResponse,
	type INode,
} from 'n8n-workflow';
import { basicAuthSecret, redactAll } from '../shared/errors/redaction';
import { MANAGEMENT_CREDENTIAL, managementError, managementRequest, managementSecrets, resolveManagementUrl } from '../shared/management/transport';
import { WEBHOOK_AUTH_CREDENTIAL, generatePair, storedPair, webhookAuthPair, type BasicAuthPair } from '../shared/webhooks/auth';
import { triggerIdsToRegister } from '../shared/webhooks/events';
import { WEBHOOK_VERSION_HEADERS } from '../shared/webhooks/version';
import { isObject } from '../shared/validate';
import { APP_NOT_FOUND_FIX } from '../shared/errors/hints';

/** CometChat's limit (management webhooks overview, constraints). */
export const MAX_WEBHOOKS_PER_APP = 25;

const APP_ID = /^[A-Za-z0-9_-]+$/;
const WEBHOOK_URL_MAX = 255; // CometChat's limit for webhookURL

/** Everything one management call needs, resolved and checked once. */
interface Target {
	baseUrl: string;
	appId: string;
	webhookId: string;
	/** Cut out of every error text: CometChat may echo them. */
	secrets: string[];
}

interface Registration extends Target {
	webhookUrl: string;
	name: string;
	auth: BasicAuthPair;
	triggerIds: string[];
}

/** Where automatic registration keeps the Basic Auth pair it made, in the node's static data. */
const PAIR_KEY = 'basicAuth';

/**
 * The pair a delivery must carry. Manual registration: the Webhook Auth credential's (a problem when
 * CometChat could not use it, or it is too short). Automatic registration: the pair the trigger made and
 * registered, from static data; none before the first activation, so every delivery gets 401.
 */
export async function deliveryPair(ctx: IWebhookFunctions): Promise<{ pair?: BasicAuthPair; problem?: string }> {
	if (isAutomatic(ctx)) return { pair: storedPair(ctx.getWorkflowStaticData('node')[PAIR_KEY]) };
	return webhookAuthPair(await ctx.getCredentials(WEBHOOK_AUTH_CREDENTIAL));
}

/**
 * Automatic registration's own pair: the one in static data, else a new random one put there. n8n saves
 * static data after activation (and hands it to "Listen for test event" deliveries), so the delivery
 * checks the pair that was registered. Changing it needs nothing but a new activation (see deleteWebhook).
 */
function ownPair(ctx: IHookFunctions): BasicAuthPair {
	const staticData = ctx.getWorkflowStaticData('node');
	const kept = storedPair(staticData[PAIR_KEY]);
	if (kept) return kept;
	const pair = generatePair();
	staticData[PAIR_KEY] = { ...pair };
	return pair;
}

/**
 * Every secret the trigger knows: the Basic Auth pair deliveries carry (the credential's, or the one the
 * trigger made), the management key and secret; those of credentials not connected are skipped.
 */
export async function triggerSecrets(ctx: IHookFunctions | IWebhookFunctions, pair?: BasicAuthPair): Promise<string[]> {
	const secrets: string[] = [];
	const read = async (type: string, take: (data: ICredentialDataDecryptedObject) => string[]) => {
		if (!ctx.getNode().credentials?.[type]) return;
		try {
			secrets.push(...take(await ctx.getCredentials(type)));
		} catch {
			// a credential that cannot be read here holds nothing this trigger could have shown
		}
	};
	const own = isAutomatic(ctx) ? storedPair(ctx.getWorkflowStaticData('node')[PAIR_KEY]) : undefined;
	const known = pair ?? own;
	if (known) secrets.push(known.password, basicAuthSecret(known.username, known.password));
	else await read(WEBHOOK_AUTH_CREDENTIAL, (data) => [String(data.password ?? ''), basicAuthSecret(data.username, data.password)]);
	await read(MANAGEMENT_CREDENTIAL, managementSecrets);
	return secrets;
}

export function isAutomatic(ctx: IHookFunctions | IWebhookFunctions): boolean {
	return ctx.getNodeParameter('registration', 'manual') === 'automatic';
}

/**
 * The webhook ID this trigger uses at CometChat, derived from the node's webhook URL, which n8n
 * makes unique per workflow and node and differs between the production and the test URL. So each
 * trigger owns exactly one webhook per URL, finds it again even if its static data was lost, and
 * never touches another trigger's webhook. The ID kept in static data is used only for the URL it
 * was registered for: a test run ("Listen for test event") sees the production registration in the
 * workflow's static data and must not reuse or delete it.
 */
function webhookIdFor(ctx: IHookFunctions): string {
	const url = ctx.getNodeWebhookUrl('default') ?? '';
	const stored = ctx.getWorkflowStaticData('node');
	if (typeof stored.webhookId === 'string' && stored.webhookId !== '' && stored.webhookUrl === url) return stored.webhookId;
	// "n8n" + 32 hex digits: 35 characters, inside CometChat's 50, letters and digits only.
	return `n8n${createHash('sha256').update(url).digest('hex').slice(0, 32)}`;
}

function remember(ctx: IHookFunctions, webhookId: string): void {
	const staticData = ctx.getWorkflowStaticData('node');
	staticData.webhookId = webhookId;
	staticData.webhookUrl = ctx.getNodeWebhookUrl('default') ?? '';
}

function forget(ctx: IHookFunctions, webhookId: string): void {
	const staticData = ctx.getWorkflowStaticData('node');
	if (staticData.webhookId !== webhookId) return;
	delete staticData.webhookId;
	delete staticData.webhookUrl;
}

async function resolveTarget(ctx: IHookFunctions): Promise<Target> {
	const node = ctx.getNode();
	const management = await ctx.getCredentials(MANAGEMENT_CREDENTIAL);
	const key = String(management.key ?? '').trim();
	const secret = String(management.secret ?? '').trim();
	if (!key || !secret) {
		throw new NodeOperationError(
			node,
			'The CometChat Management API credential needs both Key and Secret. Fill them in, or set Registration to Manual and add the webhook in the CometChat dashboard.',
		);
	}
	const { url, problem } = resolveManagementUrl(management);
	if (!url) throw new NodeOperationError(node, String(problem));

	const appId = String(ctx.getNodeParameter('appId', '') ?? '').trim();
	if (!APP_ID.test(appId)) {
		throw new NodeOperationError(
			node,
			appId
				? `The App ID "${appId}" has characters other than letters, digits, "-" and "_". Copy it from the CometChat dashboard (Application → API & Auth Keys).`
				: 'Automatic registration needs the App ID of the CometChat app: fill in the App ID field (CometChat dashboard → Application → API & Auth Keys).',
		);
	}
	return { baseUrl: url, appId, webhookId: webhookIdFor(ctx), secrets: managementSecrets(management) };
}

async function resolveRegistration(ctx: IHookFunctions): Promise<Registration> {
	const node = ctx.getNode();
	const target = await resolveTarget(ctx);
	const pair = ownPair(ctx);

	const webhookUrl = ctx.getNodeWebhookUrl('default') ?? '';
	if (!/^https:\/\/[^\s/?#]+/i.test(webhookUrl)) {
		throw new NodeOperationError(
			node,
			`CometChat delivers webhooks only to public https:// addresses, and this trigger's URL is ${webhookUrl || '(none)'}. Set n8n's WEBHOOK_URL to its public https address (for example through a tunnel), then activate again.`,
		);
	}
	if (webhookUrl.length > WEBHOOK_URL_MAX) {
		throw new NodeOperationError(node, `CometChat accepts webhook URLs of up to ${WEBHOOK_URL_MAX} characters; this trigger's URL has ${webhookUrl.length}. Use a shorter WEBHOOK_URL for n8n.`);
	}

	const events = ctx.getNodeParameter('events', []) as string[];
	const triggerIds = triggerIdsToRegister(Array.isArray(events) ? events : []);
	if (triggerIds.length === 0) {
		throw new NodeOperationError(node, 'Choose at least one event in Events, or All Events.');
	}
	const workflowName = ctx.getWorkflow().name ?? '';
	return {
		...target,
		webhookUrl,
		// CometChat's limit for a webhook name is 50 characters.
		name: `n8n ${workflowName} ${node.name}`.replace(/\s+/g, ' ').trim().slice(0, 50),
		auth: pair,
		triggerIds,
		secrets: [...target.secrets, pair.password, basicAuthSecret(pair.username, pair.password)],
	};
}

// ---- management API calls (the shared management transport) -------------------------------------

async function call(
	ctx: IHookFunctions,
	target: Target,
	method: IHttpRequestMethods,
	path: string,
	body?: IDataObject,
	qs?: IDataObject,
): Promise<IN8nHttpFullResponse> {
	const { response } = await managementRequest(ctx, {
		method,
		path: `/apps/${encodeURIComponent(target.appId)}${path}`,
		body,
		qs,
		// "2" selects CometChat's current webhooks (the `{trigger, data, ...}` deliveries this
		// trigger reads); without the header the management API manages legacy webhooks.
		headers: { ...WEBHOOK_VERSION_HEADERS },
	});
	return response;
}

// The trigger's own hints where the management API's general ones do not fit its context.
const TRIGGER_FIXES: Record<string, string> = {
	ERR_APP_NOT_FOUND: APP_NOT_FOUND_FIX,
	ERR_APP_ARCHIVED: 'The app was archived; use an active app.',
	ERR_WEBHOOK_NOT_FOUND: 'The webhook is gone at CometChat; activate the workflow again to create it.',
	ERR_TOO_MANY_REQUESTS: 'CometChat rate limit reached; wait a minute and activate again.',
};

function registrationError(node: INode, response: IN8nHttpFullResponse, secrets: string[], doing: string): NodeApiError {
	return managementError(node, response, secrets, { doing, fixes: TRIGGER_FIXES });
}

// ---- the webhook lifecycle ---------------------------------------------------------------------

/** checkExists: the webhook this trigger made earlier, if CometChat still has it, brought up to date. */
export async function webhookExists(ctx: IHookFunctions): Promise<boolean> {
	const registration = await resolveRegistration(ctx);
	const path = `/webhooks/${encodeURIComponent(registration.webhookId)}`;
	const response = await call(ctx, registration, 'GET', path);
	if (response.statusCode === 404) {
		forget(ctx, registration.webhookId);
		return false;
	}
	if (response.statusCode >= 400) throw registrationError(ctx.getNode(), response, registration.secrets, 'looking up the webhook this trigger registered');
	// Reuse it, but with today's URL, Basic Auth pair and events: any of them may have changed
	// since it was made (a new password in the credential, other events chosen).
	await updateWebhook(ctx, registration);
	return true;
}

/** create: register this trigger's webhook (URL, Basic Auth, retries on, the chosen triggers). */
export async function createWebhook(ctx: IHookFunctions): Promise<boolean> {
	const registration = await resolveRegistration(ctx);
	const node = ctx.getNode();

	const list = await call(ctx, registration, 'GET', '/webhooks', undefined, { perPage: 1000 });
	if (list.statusCode >= 400) throw registrationError(node, list, registration.secrets, 'listing the app\'s webhooks');
	const existing = isObject(list.body) && Array.isArray(list.body.data) ? (list.body.data as IDataObject[]) : [];
	if (existing.some((webhook) => webhook.id === registration.webhookId)) {
		await updateWebhook(ctx, registration);
		return true;
	}
	if (existing.length >= MAX_WEBHOOKS_PER_APP) {
		throw new NodeOperationError(
			node,
			`CometChat allows ${MAX_WEBHOOKS_PER_APP} webhooks per app, and app "${registration.appId}" already has ${existing.length}, so this trigger cannot register its own. Delete a webhook you no longer use (CometChat dashboard → your app → Settings → Webhooks, or deactivate another workflow with a CometChat Trigger on this app), then activate again.`,
		);
	}

	const created = await call(ctx, registration, 'POST', '/webhooks', {
		id: registration.webhookId,
		...webhookFields(registration),
	});
	if (created.statusCode >= 400) {
		throw registrationError(node, created, registration.secrets, `creating webhook "${registration.webhookId}" for ${registration.webhookUrl}`);
	}
	remember(ctx, registration.webhookId);
	// addTriggers throws NodeApiError / NodeOperationError only.
	const failure = await addTriggers(ctx, registration, registration.triggerIds).then(
		() => undefined,
		(error: Error) => error,
	);
	if (failure) {
		// Leave nothing half-made behind: a webhook without its triggers would count against the
		// app's 25 and deliver nothing.
		await call(ctx, registration, 'DELETE', `/webhooks/${encodeURIComponent(registration.webhookId)}`).catch((cleanupError: Error) => {
			ctx.logger.warn(`CometChat Trigger: could not remove the incomplete webhook: ${redactAll(cleanupError.message, registration.secrets)}`);
		});
		forget(ctx, registration.webhookId);
		throw failure;
	}
	return true;
}

/** delete: remove this trigger's webhook; one CometChat no longer has counts as removed. */
export async function deleteWebhook(ctx: IHookFunctions): Promise<boolean> {
	const target = await resolveTarget(ctx);
	const response = await call(ctx, target, 'DELETE', `/webhooks/${encodeURIComponent(target.webhookId)}`);
	if (response.statusCode >= 400 && response.statusCode !== 404) {
		throw registrationError(ctx.getNode(), response, target.secrets, `deleting webhook "${target.webhookId}"`);
	}
	forget(ctx, target.webhookId);
	// The next activation registers a new pair: nothing that knew this one gets in afterwards.
	delete ctx.getWorkflowStaticData('node')[PAIR_KEY];
	return true;
}

function webhookFields(registration: Registration): IDataObject {
	return {
		name: registration.name,
		webhookURL: registration.webhookUrl,
		useBasicAuth: true,
		username: registration.auth.username,
		password: registration.auth.password,
		enabled: true,
		retryOnFailure: true,
	};
}

async function updateWebhook(ctx: IHookFunctions, registration: Registration): Promise<void> {
	const node = ctx.getNode();
	const path = `/webhooks/${encodeURIComponent(registration.webhookId)}`;
	const updated = await call(ctx, registration, 'PUT', path, webhookFields(registration));
	if (updated.statusCode >= 400) throw registrationError(node, updated, registration.secrets, `updating webhook "${registration.webhookId}"`);
	remember(ctx, registration.webhookId);

	const listed = await call(ctx, registration, 'GET', `${path}/triggers`);
	if (listed.statusCode >= 400) throw registrationError(node, listed, registration.secrets, 'listing the webhook\'s triggers');
	const current = (isObject(listed.body) && Array.isArray(listed.body.data) ? listed.body.data : [])
		.map((entry) => (isObject(entry) ? String(entry.id ?? '') : String(entry)))
		.filter((id) => id !== '');
	const missing = registration.triggerIds.filter((id) => !current.includes(id));
	const extra = current.filter((id) => !registration.triggerIds.includes(id));
	if (missing.length > 0) await addTriggers(ctx, registration, missing);
	if (extra.length > 0) {
		const removed = await call(ctx, registration, 'DELETE', `${path}/triggers`, { triggerIds: extra });
		if (removed.statusCode >= 400) throw registrationError(node, removed, registration.secrets, 'removing events no longer chosen');
	}
}

async function addTriggers(ctx: IHookFunctions, registration: Registration, triggerIds: string[]): Promise<void> {
	const node = ctx.getNode();
	const path = `/webhooks/${encodeURIComponent(registration.webhookId)}/triggers`;
	const added = await call(ctx, registration, 'POST', path, { triggerIds });
	if (added.statusCode >= 400) throw registrationError(node, added, registration.secrets, 'adding the chosen events to the webhook');
	// The answer is per trigger: `{data: {<triggerId>: {success, message}}}`.
	const results = isObject(added.body) && isObject(added.body.data) ? added.body.data : {};
	const refused = Object.entries(results)
		.filter(([, result]) => isObject(result) && result.success === false)
		.map(([id, result]) => `${id} (${String((result as IDataObject).message ?? 'refused')})`);
	if (refused.length > 0) {
		throw new NodeOperationError(
			node,
			redactAll(`CometChat refused these events for app "${registration.appId}": ${refused.join('; ')}. Remove them from Events, then activate again.`, registration.secrets),
		);
	}
}
