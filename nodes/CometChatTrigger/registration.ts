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
import { WEBHOOK_AUTH_CREDENTIAL, generatePair, openSecret, storedPair, webhookAuthPair, type BasicAuthPair } from '../shared/webhooks/auth';
import { triggerIdsToRegister } from '../shared/webhooks/events';
import { WEBHOOK_VERSION_HEADERS } from '../shared/webhooks/version';
import { isObject } from '../shared/validate';
import { APP_NOT_FOUND_FIX } from '../shared/errors/hints';
import { CHAT_CREDENTIAL } from '../shared/chat/baseUrl';

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
 * The pair's record in the node's static data: the pair and its generation, or the generation alone once
 * deactivation forgot the pair (records of earlier versions: generation 0).
 *
 * n8n saves a workflow's whole static data, last writer wins: a delivery that loaded the record before a
 * deactivation and is saved after it (downloads take up to 2 minutes) writes the old pair back. So
 * - activation makes a new pair whenever CometChat no longer has the trigger's webhook (deactivation
 *   deleted it), whatever the static data holds: a pair written back is never registered again;
 * - this process keeps the newest record it knows per trigger URL (one object, changed in place) and
 *   every production delivery's static data points at it: what n8n saves for a delivery is the record as
 *   it is then (forgotten after a deactivation here, the new pair after an activation here), and a
 *   record of an older generation, written back by another process, is not believed here.
 */
interface PairRecord {
	username?: string;
	password?: string;
	generation: number;
}

// The records this process knows, least recently used first. Each is under 300 bytes (a 19-character
// username, a 64-character password, a number, the key: workflow ID, node ID and URL up to 255), so this
// count caps them at about 600 KB (INFERRED size: far more automatic triggers than one n8n serves).
export const PAIR_MEMORY_MAX = 2000;
const pairMemory = new Map<string, PairRecord>();

function recordOf(value: unknown): PairRecord | undefined {
	if (!isObject(value)) return undefined;
	const generation = typeof value.generation === 'number' && Number.isFinite(value.generation) ? value.generation : undefined;
	const pair = storedPair(value);
	if (pair) return { ...pair, generation: generation ?? 0 };
	return generation === undefined ? undefined : { generation };
}

/**
 * This process's record of the trigger's pair at `url`, having learned a newer one from `staticData`, and
 * `staticData` pointed at it without marking it changed (the proxy n8n puts around static data marks
 * assignments only): nothing is saved on this account, but whatever saves that static data later writes
 * the record as it is then. `undefined` when neither knows a record.
 */
function liveRecord(ctx: IHookFunctions | IWebhookFunctions, staticData: IDataObject, url: string, create = false): PairRecord | undefined {
	const node = ctx.getNode();
	const key = `${String(ctx.getWorkflow().id)}\n${node.id || node.name}\n${url}`;
	const loaded = recordOf(staticData[PAIR_KEY]);
	let live = pairMemory.get(key);
	pairMemory.delete(key);
	if (!live) {
		if (!loaded && !create) return undefined;
		live = loaded ?? { generation: 0 };
	} else if (loaded && loaded.generation > live.generation) {
		refill(live, loaded);
	}
	pairMemory.set(key, live);
	if (pairMemory.size > PAIR_MEMORY_MAX) pairMemory.delete(pairMemory.keys().next().value as string);
	if (staticData[PAIR_KEY] !== live) Object.defineProperty(staticData, PAIR_KEY, { value: live, writable: true, enumerable: true, configurable: true });
	return live;
}

/** Makes `target` hold exactly `source`, in place (deliveries' static data point at it). */
function refill(target: PairRecord, source: PairRecord): void {
	delete target.username;
	delete target.password;
	Object.assign(target, source);
}

/** Sets the trigger's record (and this process's), as an assignment: n8n saves it after (de)activation. */
export function setRecord(ctx: IHookFunctions, source: (live: PairRecord) => PairRecord): void {
	const staticData = ctx.getWorkflowStaticData('node');
	const live = liveRecord(ctx, staticData, ctx.getNodeWebhookUrl('default') ?? '', true) as PairRecord;
	refill(live, source(live));
	staticData[PAIR_KEY] = live;
}

/** A generation above every one known, from the clock (records made by other processes compare with it). */
export const nextGeneration = (live: PairRecord) => Math.max(Date.now(), live.generation + 1);

/**
 * The pair a delivery must carry. Manual registration: the Webhook Auth credential's (a problem when
 * CometChat could not use it, or it is too short). Automatic registration: the pair the trigger made and
 * registered (see PairRecord); none before the first activation or after a deactivation, so every
 * delivery gets 401. A test delivery ("Listen for test event") reads the static data n8n keeps with the
 * test webhook, which its activation filled and which n8n never saves.
 */
export async function deliveryPair(ctx: IWebhookFunctions): Promise<{ pair?: BasicAuthPair; problem?: string }> {
	if (ownsPair(ctx)) {
		const staticData = ctx.getWorkflowStaticData('node');
		// A delivery context gives the production URL in either mode: test deliveries stay out of the memory.
		const record = ctx.getMode() === 'manual' ? recordOf(staticData[PAIR_KEY]) : liveRecord(ctx, staticData, ctx.getNodeWebhookUrl('default') ?? '');
		return { pair: storedPair(record) };
	}
	return webhookAuthPair(await ctx.getCredentials(WEBHOOK_AUTH_CREDENTIAL));
}

/**
 * The pair an activation registers. `reuse` (CometChat still has the trigger's webhook): the one in the
 * record, if there is one. Otherwise, and always when the webhook is gone at CometChat (a deactivation
 * deleted it), a new random pair, with a new generation. Changing it needs nothing but a new activation.
 */
export function registrationPair(ctx: IHookFunctions, reuse: boolean, make = generatePair): BasicAuthPair {
	const staticData = ctx.getWorkflowStaticData('node');
	const loaded = recordOf(staticData[PAIR_KEY]);
	const live = reuse ? liveRecord(ctx, staticData, ctx.getNodeWebhookUrl('default') ?? '') : undefined;
	const kept = storedPair(live);
	if (kept) {
		// This process knew a newer record than the static data held: saved with the activation.
		if (loaded?.generation !== live?.generation) staticData[PAIR_KEY] = live;
		return kept;
	}
	const pair = make();
	setRecord(ctx, (live) => ({ ...pair, generation: nextGeneration(live) }));
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
	const staticData = ctx.getWorkflowStaticData('node');
	const own = ownsPair(ctx) ? storedPair(staticData[PAIR_KEY]) : undefined;
	const known = pair ?? own;
	if (known) secrets.push(known.password, basicAuthSecret(known.username, known.password));
	else await read(WEBHOOK_AUTH_CREDENTIAL, (data) => [String(data.password ?? ''), basicAuthSecret(data.username, data.password)]);
	await read(MANAGEMENT_CREDENTIAL, managementSecrets);
	// Bot Conversations (automatic): also the password the bot had before, kept sealed to put back (botRegistration.ts).
	await read(CHAT_CREDENTIAL, (data) => [String(data.apiKey ?? ''), ...[botOriginalPassword(staticData[BOT_ORIGINAL_KEY], data)].filter((p): p is string => p !== undefined)]);
	return secrets;
}

export function isAutomatic(ctx: IHookFunctions | IWebhookFunctions): boolean {
	return ctx.getNodeParameter('registration', 'manual') === 'automatic';
}

/** Bot Conversations registered by the trigger itself: PUT /bots/{uid} with a pair it makes (botRegistration.ts). */
export const BOT_AUTOMATIC = 'botAutomatic';

export function isBotAutomatic(ctx: IHookFunctions | IWebhookFunctions): boolean {
	return ctx.getNodeParameter('registration', 'manual') === BOT_AUTOMATIC;
}

/** Where that registration keeps what the bot had before, to put it back on deactivation. */
export const BOT_ORIGINAL_KEY = 'botOriginal';

/** What the bot's own callback password is sealed with: the chat credential's REST API Key, per bot. */
export const botSeal = (credentials: ICredentialDataDecryptedObject, uid: unknown) => [String(credentials.apiKey ?? ''), `bot callback password ${String(uid)}`] as const;

/**
 * The password the bot had before, from what BOT_ORIGINAL_KEY holds: sealed (`sealedPassword`), or in clear
 * text as versions before sealing kept it. Undefined when none was kept, or the seal's key changed.
 */
export function botOriginalPassword(original: unknown, credentials: ICredentialDataDecryptedObject): string | undefined {
	if (!isObject(original)) return undefined;
	if (typeof original.password === 'string') return original.password;
	return openSecret(original.sealedPassword, ...botSeal(credentials, original.uid));
}

/** Registrations whose Basic Auth pair the trigger makes and keeps itself (PairRecord). */
function ownsPair(ctx: IHookFunctions | IWebhookFunctions): boolean {
	const registration = ctx.getNodeParameter('registration', 'manual');
	return registration === 'automatic' || registration === BOT_AUTOMATIC;
}

/** The pair the trigger registered and deliveries must carry, if it has one (for its URL). */
export function keptPair(ctx: IHookFunctions): BasicAuthPair | undefined {
	return storedPair(liveRecord(ctx, ctx.getWorkflowStaticData('node'), ctx.getNodeWebhookUrl('default') ?? ''));
}

/** Forgets the pair (its generation stays, above any copy written back later): nothing that knew it gets in. */
export function forgetPair(ctx: IHookFunctions): void {
	setRecord(ctx, (live) => ({ generation: nextGeneration(live) }));
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

/** Everything but the pair, checked before any request. */
async function resolveRegistration(ctx: IHookFunctions): Promise<Omit<Registration, 'auth'>> {
	const node = ctx.getNode();
	const target = await resolveTarget(ctx);

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
	// The pair kept now is cut out of errors too (CometChat may echo it before a new one is made).
	const kept = storedPair(recordOf(ctx.getWorkflowStaticData('node')[PAIR_KEY]));
	return {
		...target,
		secrets: kept ? [...target.secrets, kept.password, basicAuthSecret(kept.username, kept.password)] : target.secrets,
		webhookUrl,
		// CometChat's limit for a webhook name is 50 characters.
		name: `n8n ${workflowName} ${node.name}`.replace(/\s+/g, ' ').trim().slice(0, 50),
		triggerIds,
	};
}

function withPair(registration: Omit<Registration, 'auth'>, pair: BasicAuthPair): Registration {
	return { ...registration, auth: pair, secrets: [...registration.secrets, pair.password, basicAuthSecret(pair.username, pair.password)] };
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
	const resolved = await resolveRegistration(ctx);
	const path = `/webhooks/${encodeURIComponent(resolved.webhookId)}`;
	const response = await call(ctx, resolved, 'GET', path);
	if (response.statusCode === 404) {
		// create() follows, with a new pair.
		forget(ctx, resolved.webhookId);
		return false;
	}
	if (response.statusCode >= 400) throw registrationError(ctx.getNode(), response, resolved.secrets, 'looking up the webhook this trigger registered');
	// Reuse it, with its pair, but with today's URL and events: they may have changed since it was made.
	await updateWebhook(ctx, withPair(resolved, registrationPair(ctx, true)));
	return true;
}

/** create: register this trigger's webhook (URL, Basic Auth, retries on, the chosen triggers). */
export async function createWebhook(ctx: IHookFunctions): Promise<boolean> {
	// CometChat does not have the webhook (checkExists said so): a new pair, never one the static data kept.
	const registration = withPair(await resolveRegistration(ctx), registrationPair(ctx, false));
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
	// The pair is forgotten, and the next activation registers a new one.
	forgetPair(ctx);
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
