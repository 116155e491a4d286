/**
 * Extensions on the management host (spec management-apis.json, tag "Extensions", 110 operations;
 * reference §10): the catalogue and per-app switch (`/apps/{appId}/extensions`), each extension's
 * settings (`/apps/{appId}/extensions/{id}/{version}/settings`, answered inside the extension
 * service's wrapper `{data: {statusCode, success, responseTime, body}}`), the chat widgets, and the
 * push-notification certificates.
 *
 * The settings rules below are this emulator's own reading of the spec's schemas (required keys and
 * their types), written independently of the node so that the tests compare two readings.
 */
import { randomHex, pageParams, paginate, type RouteContext, Validator, checked, fail, isPlainObject, okData, type ManagementContext, type ManagementResult, type ManagementRoute, errors } from './prelude';

type ValueType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
type Answer = 'settings' | 'success' | 'bodySuccess' | 'settingsSuccess' | 'settingsEcho' | 'widget';

interface ExtensionRules {
	version: 'v1' | 'v2';
	methods: Array<'GET' | 'POST' | 'PUT' | 'DELETE'>;
	/** Body `{settings}`; Stickers' spec body has its keys at the top level. */
	wrapped: boolean;
	/** key → type; a key ending in "!" is required. */
	keys: Record<string, ValueType>;
	/** How each write answers, per the spec's examples (defaults: settings / settings / success). */
	answers?: { POST?: Answer; PUT?: Answer; DELETE?: Answer };
}

const ALL: ExtensionRules['methods'] = ['GET', 'POST', 'PUT', 'DELETE'];
const s = (...keys: string[]) => Object.fromEntries(keys.map((k) => [k, 'string' as ValueType]));
const report = { 'maxReports!': 'number', 'useWebhook!': 'boolean', ...s('webhookURL', 'basicAuthUsername', 'basicAuthPassword') } as Record<string, ValueType>;
const drop = { 'dropMessage!': 'boolean' } as Record<string, ValueType>;
const pushEvents = ['NewMessage', 'EditMessage', 'DeleteMessage', 'ThreadedMessage', 'IncomingCall', 'MissedCall', 'MemberJoined', 'MemberLeft', 'MemberKicked', 'MemberBanned', 'MemberUnbanned', 'MemberAdded', 'MemberScopeChanged'];

export const EXTENSION_RULES: Record<string, ExtensionRules> = {
	widget: {
		version: 'v2',
		methods: ['GET', 'POST', 'PUT'],
		wrapped: true,
		keys: { ...s('name!', 'version!', 'appId', 'widgetId'), style: 'object', sidebar: 'object', main: 'object' },
		answers: { POST: 'widget', PUT: 'success' },
	},
	'gifs-giphy': { version: 'v1', methods: ALL, wrapped: true, keys: s('giphyApiKey!'), answers: { DELETE: 'settingsSuccess' } },
	'xss-filter': { version: 'v1', methods: ALL, wrapped: true, keys: drop, answers: { DELETE: 'settingsEcho' } },
	'image-moderation': { version: 'v1', methods: ALL, wrapped: true, keys: drop, answers: { DELETE: 'settingsSuccess' } },
	'report-user': { version: 'v1', methods: ALL, wrapped: true, keys: report },
	'report-message': { version: 'v1', methods: ALL, wrapped: true, keys: report },
	'voice-transcription': { version: 'v1', methods: ALL, wrapped: true, keys: s('revaiAPIKey!') },
	'stickers-stipop': { version: 'v1', methods: ALL, wrapped: true, keys: s('stipopApiKey!', 'stipopAppId!') },
	'sentiment-analysis': { version: 'v1', methods: ALL, wrapped: true, keys: drop, answers: { DELETE: 'settingsEcho' } },
	'url-shortener-tinyurl': { version: 'v1', methods: ALL, wrapped: true, keys: s('tinyUrlAPIToken!', 'tinyUrlDomain!') },
	intercom: { version: 'v1', methods: ALL, wrapped: true, keys: s('intercomAccessToken!', 'customerSupportUid!') },
	'url-shortener-bitly': { version: 'v1', methods: ALL, wrapped: true, keys: s('bitlyAccessToken!', 'groupGUID!') },
	'rich-media': { version: 'v1', methods: ALL, wrapped: true, keys: s('iframelyApiKey!') },
	'virus-malware-scanner': { version: 'v1', methods: ALL, wrapped: true, keys: s('scaniiApiKey!', 'scaniiSecretKey!') },
	broadcast: { version: 'v1', methods: ALL, wrapped: true, keys: { ...s('apiVideoKey!'), 'recordVideo!': 'boolean' } },
	'gifs-tenor': { version: 'v1', methods: ALL, wrapped: true, keys: s('tenorApiKey!') },
	'human-moderation': {
		version: 'v1',
		methods: ALL,
		wrapped: true,
		keys: { 'allUserMessages!': 'boolean', 'allGroupMessages!': 'boolean', 'allMessages!': 'boolean', 'senders!': 'array', 'receiverGroups!': 'array', 'receiverUsers!': 'array' },
	},
	e2ee: { version: 'v1', methods: ALL, wrapped: true, keys: s('virgilAppID!', 'virgilAppKeyID!', 'virgilAppKey!') },
	stickers: {
		version: 'v1',
		methods: ['GET', 'PUT', 'DELETE'],
		wrapped: false,
		keys: { appId: 'string', defaultMasterStickersData: 'array', customStickersData: 'array' },
		answers: { PUT: 'success' },
	},
	'push-notification': {
		version: 'v1',
		methods: ALL,
		wrapped: true,
		keys: {
			'version!': 'integer',
			'pushProvider!': 'integer',
			fcmCredentials: 'object',
			notificationInPayload: 'object',
			cometchatMessagePayloadOptions: 'object',
			useP8: 'boolean',
			sendApnsProduction: 'boolean',
			...s('keyId', 'teamId', 'bundleId', 'appId'),
			...Object.fromEntries(pushEvents.map((e) => [`send${e}Notification`, 'boolean' as ValueType])),
		},
	},
	'email-replies': { version: 'v1', methods: ALL, wrapped: true, keys: { ...s('senderEmailForReplies'), 'sendEmailReplies!': 'boolean' } },
	'sms-notification': {
		version: 'v1',
		methods: ALL,
		wrapped: true,
		keys: { ...s('fromMobileNo!', 'twilioAccountSid!', 'twilioAuthToken!', 'websiteURL!'), 'messageDelay!': 'number' },
		answers: { POST: 'bodySuccess', PUT: 'bodySuccess', DELETE: 'bodySuccess' },
	},
	chatwoot: { version: 'v1', methods: ALL, wrapped: true, keys: s('chatwootAccessToken!', 'chatwootAccountId!', 'chatwootInboxId!', 'customerSupportUid!') },
	'message-shortcuts': { version: 'v1', methods: ALL, wrapped: true, keys: { 'shortcuts!': 'object' } },
	'email-notification': {
		version: 'v1',
		methods: ALL,
		wrapped: true,
		keys: {
			...s('sendGridApiKey', 'senderEmail!', 'senderName!', 'sendGridTemplateId!', 'sendGridUnsubscribeGroupId!', 'webhookURL!', 'webhookUsername!', 'webhookPassword!'),
			'messageDelay!': 'number',
			'useWebhook!': 'boolean',
			'useWebhookBasicAuth!': 'boolean',
		},
	},
	'data-masking': {
		version: 'v1',
		methods: ['GET', 'PUT', 'DELETE'],
		wrapped: true,
		keys: { 'dropMessage!': 'boolean', 'defaultRegexData!': 'array', 'customregexData!': 'array', 'deleteCustomRegexData!': 'array' },
		answers: { PUT: 'success' },
	},
	'profanity-filter': { version: 'v1', methods: ALL, wrapped: true, keys: { ...drop, 'badwords!': 'array' }, answers: { POST: 'success', PUT: 'success' } },
};

/**
 * The catalogue GET /apps/{appId}/extensions lists: the spec example's extensions, names, taglines and
 * hooks (its repeats dropped; its "Report User" name for report-message corrected) plus the three with
 * settings endpoints the example leaves out (xss-filter, chatwoot, message-shortcuts).
 */
export interface CatalogueEntry {
	id: string;
	name: string;
	tagLine: string;
	hook?: string;
}

export const EXTENSION_CATALOGUE: CatalogueEntry[] = [
	{ id: 'widget', name: 'Chat Widget', tagLine: 'Drag-n-drop chat plugin for your website' },
	{ id: 'document', name: 'Collaborative document', tagLine: 'Allows you create and share documents for collaboration' },
	{ id: 'whiteboard', name: 'Collaborative whiteboard', tagLine: 'Allows you create and share whiteboards for collaboration' },
	{ id: 'data-masking', name: 'Data Masking', tagLine: 'Hide phone numbers, email addresses and other sensitive information in messages.', hook: 'before_message' },
	{ id: 'email-notification', name: 'Email Notification', tagLine: 'Notify users via email for unread messages.', hook: 'after_message' },
	{ id: 'email-replies', name: 'Email Replies', tagLine: 'Reply to texts directly via emails' },
	{ id: 'emojis', name: 'Emojis', tagLine: 'Emojis for web', hook: 'before_message' },
	{ id: 'gifs-gfycat', name: 'Gfycat', tagLine: 'Get the best GIFS for all your conversations' },
	{ id: 'gifs-giphy', name: 'Giphy', tagLine: 'Be Animated' },
	{ id: 'image-moderation', name: 'Image Moderation', tagLine: 'AI-powered image moderation to detect unsafe content.', hook: 'before_message' },
	{ id: 'report-user', name: 'Report User', tagLine: 'Enable users to report other users' },
	{ id: 'report-message', name: 'Report Message', tagLine: 'Enable users to report messages in chat' },
	{ id: 'stickers-stipop', name: 'Stipop', tagLine: 'Used to create meaningful experiences in your app with stickers that users love.' },
	{ id: 'url-shortener-tinyurl', name: 'TinyURL', tagLine: 'Helps you convert your long website links into short, manageable URLs that are reliable, secure and never expire.' },
	{ id: 'url-shortener-bitly', name: 'Bitly', tagLine: 'Helps you create and share branded links with custom domains at scale' },
	{ id: 'human-moderation', name: 'In-flight Message Moderation', tagLine: 'Manually moderate content to ensure a safe messaging environment.', hook: 'before_message' },
	{ id: 'link-preview', name: 'Link Preview', tagLine: 'Generate meta description for URLs.', hook: 'before_message' },
	{ id: 'mentions', name: 'Mentions', tagLine: 'Mention users in conversations', hook: 'after_message' },
	{ id: 'voice-transcription', name: 'Voice transcription', tagLine: 'Used to transcribe Audio Messages', hook: 'after_message' },
	{ id: 'message-translation', name: 'Message Translation', tagLine: 'Translate text messages in different languages on-the-fly.', hook: 'before_message' },
	{ id: 'pin-message', name: 'Pin Message', tagLine: 'Pin messages in group conversations' },
	{ id: 'polls', name: 'Polls', tagLine: 'Polls to quickly ask for opinions in chats' },
	{ id: 'profanity-filter', name: 'Profanity Filter', tagLine: 'Detect and censor profanity in messages.', hook: 'before_message' },
	{ id: 'push-notification', name: 'Push Notification', tagLine: 'Notify users via push notifications.', hook: 'after_auth_token_created' },
	{ id: 'reactions', name: 'Reactions', tagLine: 'React to an individual message with a specific emotion quickly.' },
	{ id: 'rich-media', name: 'Rich Media Preview', tagLine: 'Generate rich media previews for all popular sites', hook: 'after_message' },
	{ id: 'save-message', name: 'Save Message', tagLine: 'Saved messages in one-on-one and group conversations' },
	{ id: 'sentiment-analysis', name: 'Sentiment Analysis', tagLine: 'AI-powered sentiment analysis for messages.', hook: 'before_message' },
	{ id: 'smart-reply', name: 'Smart Reply', tagLine: 'Suggest ML-powered ready replies for messages.', hook: 'before_message' },
	{ id: 'sms-notification', name: 'SMS Notification', tagLine: 'Notify users via sms for unread messages.', hook: 'after_message' },
	{ id: 'gifs-tenor', name: 'Tenor Gifs', tagLine: 'Send Gifs' },
	{ id: 'e2ee', name: 'End-to-end Encryption', tagLine: 'End-to-end encryption is intended to prevent data being read or modified by anyone but the sender and recipient(s).', hook: 'before_message' },
	{ id: 'stickers', name: 'Stickers', tagLine: 'Send & manage stickers' },
	{ id: 'intercom', name: 'Intercom', tagLine: 'Connect and exchange messages between CometChat and Intercom', hook: 'after_message' },
	{ id: 'broadcast', name: 'Video Broadcasting', tagLine: 'Real-time live video streaming & broadcasting to 1000s of viewers' },
	{ id: 'virus-malware-scanner', name: 'Virus Malware Scanner', tagLine: 'Scan user uploaded files & media for viruses and malware.', hook: 'after_message' },
	// Not in the spec's example (their taglines are the emulator's own):
	{ id: 'xss-filter', name: 'XSS Filter', tagLine: 'Remove scripts from messages.', hook: 'before_message' },
	{ id: 'chatwoot', name: 'Chatwoot', tagLine: 'Answer Chatwoot conversations from CometChat.' },
	{ id: 'message-shortcuts', name: 'Message Shortcuts', tagLine: 'Expand shortcuts into messages.', hook: 'before_message' },
];

/** Spec example of every list item; createdAt and the URLs are the emulator's. */
const CREATED_AT = 1591812821;

/** Per-app extension state: which are on, their settings, widgets and push certificates. */
export class ExtensionStore {
	/** appId → enabled extension IDs. */
	readonly enabled = new Map<string, Set<string>>();
	/** `appId/extension` → stored settings. */
	readonly settings = new Map<string, Record<string, unknown>>();
	/** appId → widgetId → configuration, in creation order. */
	readonly widgets = new Map<string, Map<string, Record<string, unknown>>>();
	/** appId → uploaded push certificates: type → the uploaded file's text. */
	readonly certificates = new Map<string, Partial<Record<'p12' | 'p8', string>>>();
	/** Extensions tests add to the catalogue (a list longer than a page). */
	readonly added: CatalogueEntry[] = [];

	clear(): void {
		this.added.length = 0;
		this.enabled.clear();
		this.settings.clear();
		this.widgets.clear();
		this.certificates.clear();
	}

	/** Every extension CometChat offers. */
	catalogue(): CatalogueEntry[] {
		return [...EXTENSION_CATALOGUE, ...this.added];
	}

	has(id: string): boolean {
		return this.catalogue().some((entry) => entry.id === id);
	}

	isEnabled(appId: string, id: string): boolean {
		return this.enabled.get(appId)?.has(id) ?? false;
	}

	/** Switch an extension on or off directly (tests). */
	setEnabled(appId: string, id: string, on: boolean): void {
		const set = this.enabled.get(appId) ?? new Set<string>();
		if (on) set.add(id);
		else set.delete(id);
		this.enabled.set(appId, set);
	}

	appWidgets(appId: string): Map<string, Record<string, unknown>> {
		const map = this.widgets.get(appId) ?? new Map<string, Record<string, unknown>>();
		this.widgets.set(appId, map);
		return map;
	}
}

/** The extension store of an emulator (tests read and seed it through here). */
export function extensionStore(ctx: Pick<ManagementContext, 'store'>): ExtensionStore {
	return ctx.store.state.store('managementExtensions', () => new ExtensionStore());
}

// ---- errors (codes and meanings from the management error-codes page; statuses and texts INFERRED) ----

const extensionNotFound = (id: string) =>
	fail(404, 'ERR_EXTENSION_NOT_FOUND', `The extension ${id} does not correspond to any existing microservice. Please verify the ID and try again.`);
const extensionInactive = (id: string) =>
	fail(400, 'ERR_EXTENSION_INACTIVE', `The operation failed because the extension ${id} is currently inactive. Please enable it first.`);
const apiNotFound = (): ManagementResult => {
	const err = errors.apiNotFound();
	return { status: err.status, body: err.body };
};

/** The extension service's wrapper around an answer (spec examples). */
const wrapped = (body: unknown): ManagementResult => okData({ statusCode: 200, success: true, responseTime: 0.05, body });

// ---- routes -----------------------------------------------------------------------------------------

/** The spec example's text for message hooks; for others the same sentence about their event. */
function hookDescription(hook: string): string {
	const [when, ...event] = hook.split('_');
	const what = hook.endsWith('_message') ? 'adding message to database' : event.join(' ');
	return `The hook will be triggered ${when} ${what}.`;
}

const listExtensions: ManagementRoute = {
	// `perPage` default 25, at most 1000: the list's only parameter in the spec, so the first perPage
	// entries are answered and `page` is no parameter here (the example's next-page link shows one, the
	// spec declares none). `isActive` INFERRED: whether the extension is on in this app.
	method: 'GET',
	path: '/apps/:appId/extensions',
	app: true,
	handler: (ctx) => {
		const v = new Validator();
		const page = pageParams({ query: { perPage: ctx.query.perPage ?? '25' } } as unknown as RouteContext, v);
		checked(v);
		const store = extensionStore(ctx);
		const appId = ctx.params.appId;
		const { pageItems, pagination } = paginate(store.catalogue(), page);
		return okData(
			pageItems.map((e) => ({
				id: e.id,
				name: e.name,
				tagLine: e.tagLine,
				description: e.tagLine,
				author: 'CometChat',
				email: 'help@cometchat.com',
				webhookURL: `https://${e.id}-us.cometchat.io/v1/hook`,
				accessToAppData: false,
				...(EXTENSION_RULES[e.id] ? { adminURL: `https://${e.id}-us.cometchat.io/v1/show-setting?appToken=${appId}` } : {}),
				websiteURL: 'https://www.cometchat.com',
				isActive: store.isEnabled(appId, e.id),
				isPrivate: false,
				isInvisible: false,
				isThirdParty: false,
				createdAt: CREATED_AT,
				hooks: {
					data: e.hook
						? [{ hook: e.hook, description: hookDescription(e.hook), isActive: true, enabled: 1, createdAt: 1552383451 }]
						: [],
				},
				categories: { data: [] },
			})),
			{ pagination },
		);
	},
};

const switchExtensions: ManagementRoute = {
	// Body {enabled[], disabled[]}; one result per ID (spec example), an unknown ID refused on its own (INFERRED).
	method: 'POST',
	path: '/apps/:appId/extensions',
	app: true,
	handler: (ctx) => {
		const v = new Validator();
		const enable = v.optionalStringArray(ctx.body, 'enabled') ?? [];
		const disable = v.optionalStringArray(ctx.body, 'disabled') ?? [];
		if (!v.failed && enable.length === 0 && disable.length === 0) v.add('enabled', 'The enabled field is required when disabled is not present.');
		checked(v);
		const store = extensionStore(ctx);
		const results = (ids: string[], on: boolean) =>
			Object.fromEntries(
				ids.map((id) => {
					if (!store.has(id)) return [id, { success: false, message: `The extension ${id} does not exist.` }];
					store.setEnabled(ctx.params.appId, id, on);
					return [id, { success: true, message: `The extension ${id} has been ${on ? 'enabled' : 'disabled'} successfully.` }];
				}),
			);
		return okData({
			...(enable.length ? { enabled: results(enable, true) } : {}),
			...(disable.length ? { disabled: results(disable, false) } : {}),
		});
	},
};

/** The extension of a settings or certificate path, known and on in this app. */
function activeExtension(ctx: ManagementContext, id: string): ExtensionRules | undefined {
	if (!extensionStore(ctx).has(id)) throw extensionNotFound(id);
	const rules = EXTENSION_RULES[id];
	if (rules && !extensionStore(ctx).isEnabled(ctx.params.appId, id)) throw extensionInactive(id);
	return rules;
}

/** The settings in a body, checked against the extension's keys: 400 ERR_BAD_REQUEST with details. */
function validSettings(rules: ExtensionRules, ctx: ManagementContext): Record<string, unknown> {
	const v = new Validator();
	const settings = rules.wrapped ? ctx.body.settings : ctx.body;
	if (!isPlainObject(settings)) {
		v.add('settings', 'The settings field is required and must be an object.');
		checked(v);
	}
	const given = settings as Record<string, unknown>;
	if (rules.wrapped) for (const key of Object.keys(ctx.body)) if (key !== 'settings') v.add(key, `The ${key} field is not allowed.`);
	const types = Object.fromEntries(Object.entries(rules.keys).map(([key, type]) => [key.replace(/!$/, ''), type]));
	for (const key of Object.keys(rules.keys).filter((k) => k.endsWith('!')).map((k) => k.slice(0, -1))) {
		if (given[key] === undefined) v.add(key, `The ${key} field is required.`);
	}
	for (const [key, value] of Object.entries(given)) {
		const type = Object.prototype.hasOwnProperty.call(types, key) ? types[key] : undefined;
		if (!type) v.add(key, `The ${key} field is not allowed.`);
		else if (!hasType(value, type)) v.add(key, `The ${key} must be ${type === 'integer' ? 'an integer' : `a${/^[aeiou]/.test(type) ? 'n' : ''} ${type}`}.`);
	}
	checked(v);
	return given;
}

function hasType(value: unknown, type: ValueType): boolean {
	switch (type) {
		case 'string':
			return typeof value === 'string';
		case 'number':
			return typeof value === 'number' && Number.isFinite(value);
		case 'integer':
			return Number.isInteger(value);
		case 'boolean':
			return typeof value === 'boolean';
		case 'array':
			return Array.isArray(value);
		case 'object':
			return isPlainObject(value);
	}
}

function answer(kind: Answer, settings: Record<string, unknown>): ManagementResult {
	switch (kind) {
		case 'settings':
			return wrapped({ data: { settings } });
		case 'success':
			return wrapped({ data: { success: true } });
		case 'bodySuccess':
			return wrapped({ success: true });
		case 'settingsSuccess':
			return wrapped({ data: { settings: { success: true } } });
		case 'settingsEcho':
			return wrapped({ data: { settings } });
		case 'widget':
			return wrapped({ data: { widgetId: settings.widgetId } });
	}
}

function settingsRoute(method: 'GET' | 'POST' | 'PUT' | 'DELETE'): ManagementRoute {
	return {
		method,
		path: '/apps/:appId/extensions/:extension/:version/settings',
		app: true,
		handler: (ctx) => {
			const { appId, extension, version } = ctx.params;
			const rules = activeExtension(ctx, extension);
			if (!rules || rules.version !== version || !rules.methods.includes(method)) return apiNotFound();
			const store = extensionStore(ctx);
			const key = `${appId}/${extension}`;
			if (extension === 'widget') return widgetRoute(ctx, method, rules);
			if (method === 'GET') {
				// Never stored: empty settings (INFERRED). The spec's examples add the app's ID.
				const stored = store.settings.get(key);
				return wrapped({ data: { settings: stored ? { ...stored, appId } : {} } });
			}
			if (method === 'DELETE') {
				const before = store.settings.get(key) ?? {};
				store.settings.delete(key);
				return answer(rules.answers?.DELETE ?? 'success', before);
			}
			// POST stores, PUT replaces: both keep exactly what was sent (INFERRED; the spec calls POST
			// "saving for the first time" and documents no error for a second time).
			const settings = validSettings(rules, ctx);
			store.settings.set(key, { ...settings });
			return answer(rules.answers?.[method] ?? 'settings', settings);
		},
	};
}

/** Chat widgets: several per app; POST makes one, PUT changes the one `settings.widgetId` names. */
function widgetRoute(ctx: ManagementContext, method: string, rules: ExtensionRules): ManagementResult {
	const widgets = extensionStore(ctx).appWidgets(ctx.params.appId);
	if (method === 'GET') {
		return wrapped({ data: [...widgets.entries()].map(([widgetId, configuration]) => ({ configuration: { ...configuration, appId: ctx.params.appId }, widgetId })) });
	}
	const settings = validSettings(rules, ctx);
	if (settings.version !== 'v2') throw fail(400, 'ERR_BAD_REQUEST', 'Failed to validate the data sent with the request.', { version: ['The selected version is invalid.'] });
	const { widgetId, ...configuration } = settings;
	delete configuration.appId; // the path names the app
	if (method === 'POST') {
		const id = `${randomHex(8)}-${randomHex(4)}-${randomHex(4)}-${randomHex(4)}-${randomHex(12)}`;
		widgets.set(id, configuration);
		return answer('widget', { widgetId: id });
	}
	// Which widget an update changes is not documented: the one settings.widgetId names (INFERRED).
	if (typeof widgetId !== 'string' || !widgets.has(widgetId)) {
		throw fail(400, 'ERR_BAD_REQUEST', 'Failed to validate the data sent with the request.', { widgetId: ['The selected widget id is invalid.'] });
	}
	widgets.set(widgetId, configuration);
	return answer('success', settings);
}

function uploadCertificate(type: 'p12' | 'p8'): ManagementRoute {
	return {
		// multipart/form-data with the file in `certificate` (spec); the answer's body INFERRED as the
		// p8 example's {success: true} for both (the p12 example shows the query's flags).
		method: 'POST',
		path: `/apps/:appId/extensions/push-notification/v1/upload-certificate-${type}`,
		app: true,
		handler: (ctx) => {
			activeExtension(ctx, 'push-notification');
			const v = new Validator();
			if (!/^multipart\/form-data/i.test(ctx.headers['content-type'] ?? '')) v.add('certificate', 'The request body must be multipart/form-data.');
			else if (typeof ctx.body.certificate !== 'string' || ctx.body.certificate === '') v.add('certificate', 'The certificate field is required.');
			checked(v);
			const certificates = extensionStore(ctx).certificates;
			certificates.set(ctx.params.appId, { ...certificates.get(ctx.params.appId), [type]: ctx.body.certificate as string });
			return wrapped({ success: true });
		},
	};
}

const queryCertificates: ManagementRoute = {
	// INFERRED: which certificates are uploaded, as the flags of the spec's p12 example (the query's own
	// example shows only {success: true}; the two look swapped).
	method: 'GET',
	path: '/apps/:appId/extensions/push-notification/v1/query-certificates',
	app: true,
	handler: (ctx) => {
		activeExtension(ctx, 'push-notification');
		const uploaded = extensionStore(ctx).certificates.get(ctx.params.appId) ?? {};
		return wrapped({ certificate_p12: uploaded.p12 !== undefined, certificate_p8: uploaded.p8 !== undefined });
	},
};

export const managementExtensionRoutes: ManagementRoute[] = [
	listExtensions,
	switchExtensions,
	settingsRoute('GET'),
	settingsRoute('POST'),
	settingsRoute('PUT'),
	settingsRoute('DELETE'),
	uploadCertificate('p12'),
	uploadCertificate('p8'),
	queryCertificates,
];
