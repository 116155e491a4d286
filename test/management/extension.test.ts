/**
 * CometChat Management → Extension, through n8n's engine against the emulator's management host: the
 * catalogue (Get Many), the switch (Enable, Disable), the settings of every extension (Get, Store,
 * Update, Delete Settings) and the push certificates; exact requests, outputs, state, bad input and
 * CometChat's errors.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { DEFAULT_MANAGEMENT_KEY, DEFAULT_MANAGEMENT_SECRET, managementStore } from '../emulator/management';
import { EXTENSION_CATALOGUE, EXTENSION_RULES, extensionStore } from '../emulator/routes/managementExtensions';
import { loadOptions, managementNode } from '../harness';
import { byId, expectManagementRequest, runManagement, useEmulator } from '../helpers';
import { variants } from '../package/spec';

const ctx = useEmulator();
const APP = 'demo-app';
const extensions = () => extensionStore({ store: managementStore(ctx.emulator.state) });
const on = (...ids: string[]) => ids.forEach((id) => extensions().setEnabled(APP, id, true));
const run = (operation: string, parameters: INodeParameters = {}, extra: Parameters<typeof runManagement>[2] = {}) =>
	runManagement(ctx, { resource: 'extension', operation, appId: byId(APP), ...parameters }, extra);
const requests = () => ctx.emulator.requests;
const settingsPath = (id: string, version = 'v1') => `/apps/${APP}/extensions/${id}/${version}/settings`;
const stored = (id: string) => extensions().settings.get(`${APP}/${id}`);

describe('Extension → Get Many', () => {
	it('lists the whole catalogue with Return All in one call of perPage=1000 (no page: the spec gives only perPage)', async () => {
		on('gifs-giphy');
		const { items, error } = await run('getAll', { returnAll: true });
		expect(error).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expectManagementRequest(requests()[0], { method: 'GET', path: `/apps/${APP}/extensions`, query: { perPage: '1000' } });
		expect(items.map((item) => item.json.id)).toEqual(EXTENSION_CATALOGUE.map((entry) => entry.id));
		expect(items.find((item) => item.json.id === 'gifs-giphy')?.json).toEqual({
			id: 'gifs-giphy',
			name: 'Giphy',
			tagLine: 'Be Animated',
			description: 'Be Animated',
			author: 'CometChat',
			email: 'help@cometchat.com',
			webhookURL: 'https://gifs-giphy-us.cometchat.io/v1/hook',
			accessToAppData: false,
			adminURL: 'https://gifs-giphy-us.cometchat.io/v1/show-setting?appToken=demo-app',
			websiteURL: 'https://www.cometchat.com',
			isActive: true,
			isPrivate: false,
			isInvisible: false,
			isThirdParty: false,
			createdAt: 1591812821,
			hooks: { data: [] },
			categories: { data: [] },
		});
		expect(items.filter((item) => item.json.isActive).map((item) => item.json.id)).toEqual(['gifs-giphy']);
	});

	it('never sends page, which the spec does not declare for this list: a list longer than 1000 fails the item, not cut', async () => {
		for (let i = 1; i <= 1005; i++) extensions().added.push({ id: `custom-${i}`, name: `Custom ${i}`, tagLine: 'A custom extension' });
		const { items, error } = await run('getAll', { returnAll: true });
		expect(requests().map((request) => ({ path: request.path, query: request.query }))).toEqual([{ path: `/apps/${APP}/extensions`, query: { perPage: '1000' } }]);
		expect(error?.message).toBe('CometChat has more than 1000 entries in this list, and its API documents no way to fetch past the first 1000 [item 0]');
		expect(items).toEqual([]);
	});

	it('asks for no more than Limit', async () => {
		const { items, error } = await run('getAll', { returnAll: false, limit: 3 });
		expect(error).toBeUndefined();
		expectManagementRequest(requests()[0], { method: 'GET', path: `/apps/${APP}/extensions`, query: { perPage: '3' } });
		expect(items.map((item) => item.json.id)).toEqual(['widget', 'document', 'whiteboard']);
	});

	it('stops a Limit of 0 before any request, and reports an unknown app with its code', async () => {
		const bad = await run('getAll', { returnAll: false, limit: '={{ $json.n }}' }, { input: [{ json: { n: 0 } }] });
		expect(bad.error?.message).toBe('Limit: must be a whole number of at least 1, not 0 [item 0]');
		expect(requests()).toEqual([]);
		const unknown = await runManagement(ctx, { resource: 'extension', operation: 'getAll', appId: byId('nowhere'), returnAll: true });
		expect(unknown.error?.message).toBe('ERR_APP_NOT_FOUND: The App ID nowhere does not exist or has been archived. [item 0]');
	});
});

describe('Extension → Enable and Disable', () => {
	it('enables the chosen extensions: one item per ID, an unknown one refused on its own', async () => {
		const { items, error } = await run('enable', { extensions: ['polls', 'no-such-extension'] });
		expect(error).toBeUndefined();
		expectManagementRequest(requests()[0], { method: 'POST', path: `/apps/${APP}/extensions`, body: { enabled: ['polls', 'no-such-extension'] } });
		expect(items.map((item) => item.json)).toEqual([
			{ extension: 'polls', success: true, message: 'The extension polls has been enabled successfully.' },
			{ extension: 'no-such-extension', success: false, message: 'The extension no-such-extension does not exist.' },
		]);
		expect(extensions().isEnabled(APP, 'polls')).toBe(true);
	});

	it('takes IDs from an expression (comma-separated), one call per input item', async () => {
		const { items, error } = await run('enable', { extensions: '={{ $json.ids }}' }, { input: [{ json: { ids: 'polls, reactions' } }, { json: { ids: ['gifs-giphy'] } }] });
		expect(error).toBeUndefined();
		expect(requests().map((request) => request.body)).toEqual([{ enabled: ['polls', 'reactions'] }, { enabled: ['gifs-giphy'] }]);
		expect(items.map((item) => item.json.extension)).toEqual(['polls', 'reactions', 'gifs-giphy']);
	});

	it('disables: body {disabled: [...]}, the extension is off afterwards', async () => {
		on('polls');
		const { items, error } = await run('disable', { extensions: ['polls'] });
		expect(error).toBeUndefined();
		expectManagementRequest(requests()[0], { method: 'POST', path: `/apps/${APP}/extensions`, body: { disabled: ['polls'] } });
		expect(items.map((item) => item.json)).toEqual([{ extension: 'polls', success: true, message: 'The extension polls has been disabled successfully.' }]);
		expect(extensions().isEnabled(APP, 'polls')).toBe(false);
	});

	it('reports an extension the answer leaves out as not switched', async () => {
		ctx.emulator.failNext({ status: 200, body: { data: { disabled: {} } } });
		const { items } = await run('disable', { extensions: ['polls'] });
		expect(items.map((item) => item.json)).toEqual([{ extension: 'polls', success: false, message: 'CometChat returned no result for this key.' }]);
	});

	it.each([
		['no extension', '', 'Extension Names or IDs: is empty; choose at least one extension [item 0]'],
		['an ID with a space', 'gifs giphy', 'Extension Names or IDs: "gifs giphy" has characters CometChat does not allow; use only letters, digits, "-" and "_" [item 0]'],
		['an object', { id: 'polls' }, 'Extension Names or IDs: expected a comma-separated list or an array but got an object [item 0]'],
	])('stops %s before any request', async (_case, ids, message) => {
		const { error } = await run('enable', { extensions: '={{ $json.ids }}' }, { input: [{ json: { ids } as IDataObject }] });
		expect(error?.message).toBe(message);
		expect(requests()).toEqual([]);
	});

	it('loads the app\'s extensions for the list, sorted by name, saying which are active', async () => {
		on('polls');
		const options = await loadOptions('getExtensions', ctx.managementCredentials(), { resource: 'extension', operation: 'enable', appId: byId(APP) }, managementNode);
		expectManagementRequest(requests()[0], { method: 'GET', path: `/apps/${APP}/extensions`, query: { perPage: '1000' } });
		expect(options).toHaveLength(EXTENSION_CATALOGUE.length);
		expect(options.map((option) => option.name)).toEqual([...options.map((option) => option.name)].sort((a, b) => a.localeCompare(b)));
		expect(options.find((option) => option.value === 'polls')).toEqual({ name: 'Polls', value: 'polls', description: 'Active: Polls to quickly ask for opinions in chats' });
		expect(options.find((option) => option.value === 'reactions')).toEqual({ name: 'Reactions', value: 'reactions', description: 'Inactive: React to an individual message with a specific emotion quickly.' });
		const none = await loadOptions('getExtensions', ctx.managementCredentials(), { resource: 'extension', operation: 'enable', appId: byId('') }, managementNode);
		expect(none).toEqual([]);
	});
});

describe('Extension → Get Settings', () => {
	it('reads an extension\'s settings: {extension, ...settings}', async () => {
		on('gifs-giphy');
		extensions().settings.set(`${APP}/gifs-giphy`, { giphyApiKey: 'giphy-key-1' });
		const { items, error } = await run('getSettings', { extension: 'gifs-giphy' });
		expect(error).toBeUndefined();
		expectManagementRequest(requests()[0], { method: 'GET', path: settingsPath('gifs-giphy'), body: undefined });
		expect(items).toEqual([{ json: { extension: 'gifs-giphy', giphyApiKey: 'giphy-key-1', appId: APP } }]);
	});

	it('lists the chat widgets (v2 path), one item per widget, trimmed by Limit', async () => {
		on('widget');
		extensions().appWidgets(APP).set('w-1', { version: 'v2', name: 'Support' });
		extensions().appWidgets(APP).set('w-2', { version: 'v2', name: 'Sales' });
		const all = await run('getSettings', { extension: 'widget', returnAll: true });
		expect(all.error).toBeUndefined();
		expectManagementRequest(requests()[0], { method: 'GET', path: settingsPath('widget', 'v2') });
		expect(all.items.map((item) => item.json)).toEqual([
			{ extension: 'widget', widgetId: 'w-1', version: 'v2', name: 'Support', appId: APP },
			{ extension: 'widget', widgetId: 'w-2', version: 'v2', name: 'Sales', appId: APP },
		]);
		const one = await run('getSettings', { extension: 'widget', returnAll: false, limit: 1 });
		expect(one.items.map((item) => item.json.widgetId)).toEqual(['w-1']);
	});

	it('reports ERR_EXTENSION_INACTIVE per item with Continue On Fail', async () => {
		on('gifs-giphy');
		const { items, error } = await run('getSettings', { extension: '={{ $json.id }}' }, {
			input: [{ json: { id: 'xss-filter' } }, { json: { id: 'gifs-giphy' } }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{ error: 'ERR_EXTENSION_INACTIVE: The operation failed because the extension xss-filter is currently inactive. Please enable it first. [item 0]' },
			{ extension: 'gifs-giphy' },
		]);
	});

	it('stops an extension that has no settings before any request', async () => {
		const { error } = await run('getSettings', { extension: '={{ $json.id }}' }, { input: [{ json: { id: 'polls' } }] });
		expect(error?.message).toMatch(/^Extension: "polls" is not one of bitly|url-shortener-bitly/i);
		expect(error?.message).toMatch(/\[item 0\]$/);
		expect(requests()).toEqual([]);
	});
});

describe('Extension → Store Settings', () => {
	it('stores an extension\'s settings and returns what it answered', async () => {
		on('gifs-giphy');
		const { items, error } = await run('storeSettings', { extension: 'gifs-giphy', giphyApiKey: ' giphy-key-1 ' });
		expect(error).toBeUndefined();
		expectManagementRequest(requests()[0], { method: 'POST', path: settingsPath('gifs-giphy'), body: { settings: { giphyApiKey: 'giphy-key-1' } } });
		expect(items).toEqual([{ json: { extension: 'gifs-giphy', giphyApiKey: 'giphy-key-1' } }]);
		expect(stored('gifs-giphy')).toEqual({ giphyApiKey: 'giphy-key-1' });
	});

	it('sends required settings always and additional ones when added (Report User)', async () => {
		on('report-user');
		const { items, error } = await run('storeSettings', {
			extension: 'report-user',
			reportUserMaxReports: 5,
			reportUserUseWebhook: true,
			reportUserAdditionalSettings: { webhookURL: 'https://hooks.example.com/reports', basicAuthUsername: 'reports', basicAuthPassword: 's3cret' },
		});
		expect(error).toBeUndefined();
		const settings = { maxReports: 5, useWebhook: true, webhookURL: 'https://hooks.example.com/reports', basicAuthUsername: 'reports', basicAuthPassword: 's3cret' };
		expect(requests()[0].body).toEqual({ settings });
		expect(items).toEqual([{ json: { extension: 'report-user', ...settings } }]);
	});

	it('sends lists as arrays, empty ones too when the setting is required (In-Flight Message Moderation)', async () => {
		on('human-moderation');
		const { error } = await run('storeSettings', {
			extension: 'human-moderation',
			humanModerationAllMessages: false,
			humanModerationAllUserMessages: true,
			humanModerationAllGroupMessages: false,
			humanModerationSenders: 'cometchat-uid-1, cometchat-uid-2',
			humanModerationReceiverUsers: '',
			humanModerationReceiverGroups: '={{ ["cometchat-guid-1"] }}',
		});
		expect(error).toBeUndefined();
		expect(requests()[0].body).toEqual({
			settings: {
				allMessages: false,
				allUserMessages: true,
				allGroupMessages: false,
				senders: ['cometchat-uid-1', 'cometchat-uid-2'],
				receiverUsers: [],
				receiverGroups: ['cometchat-guid-1'],
			},
		});
	});

	it('answers {extension, success} where the extension answers only success (Profanity Filter, SMS)', async () => {
		on('profanity-filter', 'sms-notification');
		const profanity = await run('storeSettings', { extension: 'profanity-filter', profanityFilterDropMessage: true, profanityFilterBadwords: 'darn, heck' });
		expect(requests()[0].body).toEqual({ settings: { dropMessage: true, badwords: ['darn', 'heck'] } });
		expect(profanity.items).toEqual([{ json: { extension: 'profanity-filter', success: true } }]);
		const sms = await run('storeSettings', {
			extension: 'sms-notification',
			smsFromMobileNo: '+15550100',
			smsMessageDelay: 90,
			smsTwilioAccountSid: 'AC123',
			smsTwilioAuthToken: 'twilio-token',
			smsWebsiteURL: 'https://www.example.com',
		});
		expect(requests()[1].body).toEqual({
			settings: { fromMobileNo: '+15550100', messageDelay: 90, twilioAccountSid: 'AC123', twilioAuthToken: 'twilio-token', websiteURL: 'https://www.example.com' },
		});
		expect(sms.items).toEqual([{ json: { extension: 'sms-notification', success: true } }]);
		expect(stored('sms-notification')?.messageDelay).toBe(90);
	});

	it('sends choices as the spec\'s numbers and groups as objects (Push Notification)', async () => {
		on('push-notification');
		const { items, error } = await run('storeSettings', {
			extension: 'push-notification',
			pushVersion: 2,
			pushProvider: 0,
			pushAdditionalSettings: {
				fcmCredentials: { values: { project_id: 'acme', client_email: 'push@acme.iam.example.com', private_key: 'KEY', private_key_id: 'k1' } },
				notificationInPayload: { values: { web: true, android: false, ionic_cordova: true, react_native: false, ios: true, flutter: false } },
				sendEditMessageNotification: true,
				bundleId: 'com.acme.chat',
			},
		});
		expect(error).toBeUndefined();
		const settings = {
			version: 2,
			pushProvider: 0,
			fcmCredentials: { project_id: 'acme', client_email: 'push@acme.iam.example.com', private_key: 'KEY', private_key_id: 'k1' },
			notificationInPayload: { web: true, android: false, ionic_cordova: true, react_native: false, ios: true, flutter: false },
			sendEditMessageNotification: true,
			bundleId: 'com.acme.chat',
		};
		expect(requests()[0].body).toEqual({ settings });
		expect(items).toEqual([{ json: { extension: 'push-notification', ...settings } }]);
	});

	it('sends shortcuts as a map (Message Shortcuts)', async () => {
		on('message-shortcuts');
		const { error } = await run('storeSettings', {
			extension: 'message-shortcuts',
			shortcuts: { entries: [{ key: '!hi', value: 'Hello there!' }, { key: '!ty', value: 'Thank you 😊' }] },
		});
		expect(error).toBeUndefined();
		expect(requests()[0].body).toEqual({ settings: { shortcuts: { '!hi': 'Hello there!', '!ty': 'Thank you 😊' } } });
	});

	it('keeps a shortcut named like an object method, and refuses "__proto__", which would be lost on the way', async () => {
		on('message-shortcuts');
		const { error } = await run('storeSettings', { extension: 'message-shortcuts', shortcuts: { entries: [{ key: 'toString', value: 'y' }] } });
		expect(error).toBeUndefined();
		expect(requests()[0].body).toEqual({ settings: { shortcuts: { toString: 'y' } } });
		const proto = await run('storeSettings', { extension: 'message-shortcuts', shortcuts: { entries: [{ key: '__proto__', value: 'x' }] } });
		expect(proto.error?.message).toBe('Shortcuts: "__proto__" cannot be a key [item 0]');
		expect(requests()).toHaveLength(1);
	});

	it('creates a chat widget (v2, version "v2" always sent) and answers its widget ID', async () => {
		on('widget');
		const { items, error } = await run('storeSettings', {
			extension: 'widget',
			widgetName: 'Support',
			widgetAdditionalSettings: {
				sidebar: { values: { chats: true, users: true, groups: false, calls: false, user_settings: true, recent_chat_listing: 'all_chats', user_listing: 'friends', sidebar_navigation_sequence: 'chats, users', start_a_new_conversation: 'all_chats', group_listing: 'public_groups' } },
			},
		});
		expect(error).toBeUndefined();
		expectManagementRequest(requests()[0], {
			method: 'POST',
			path: settingsPath('widget', 'v2'),
			body: {
				settings: {
					version: 'v2',
					name: 'Support',
					sidebar: {
						chats: true,
						users: true,
						groups: false,
						calls: false,
						user_settings: true,
						recent_chat_listing: 'all_chats',
						user_listing: 'friends',
						sidebar_navigation_sequence: ['chats', 'users'],
						start_a_new_conversation: 'all_chats',
						group_listing: 'public_groups',
					},
				},
			},
		});
		const [widgetId] = [...extensions().appWidgets(APP).keys()];
		expect(items).toEqual([{ json: { extension: 'widget', widgetId } }]);
	});

	it.each([
		['an empty required text', { extension: 'gifs-giphy', giphyApiKey: '={{ $json.v }}' }, '   ', 'Giphy API Key: is empty [item 0]'],
		['a number that is not one', { extension: 'report-user', reportUserMaxReports: '={{ $json.v }}', reportUserUseWebhook: false }, 'many', 'Max Reports: must be a number, not "many" [item 0]'],
		['a number below its minimum', { extension: 'report-user', reportUserMaxReports: '={{ $json.v }}', reportUserUseWebhook: false }, 0, 'Max Reports: must be a whole number of at least 1, not 0 [item 0]'],
		['a switch that is text', { extension: 'xss-filter', xssFilterDropMessage: '={{ $json.v }}' }, 'yes', 'Drop Message: must be true or false, not "yes" [item 0]'],
		['a choice the spec does not have', { extension: 'push-notification', pushVersion: '={{ $json.v }}', pushProvider: 1 }, 7, 'Push Version: 7 is not one of 2 (Token-Based (Recommended)), 1 (Topic-Based (Legacy)), 0 (Topic-Based and Token-Based) [item 0]'],
		['a list entry that is not text', { extension: 'profanity-filter', profanityFilterDropMessage: true, profanityFilterBadwords: '={{ $json.v }}' }, [{ word: 'x' }], 'Bad Words: every entry must be text, but one is an object [item 0]'],
		['a shortcut given twice', { extension: 'message-shortcuts', shortcuts: { entries: [{ key: '!a', value: 'A' }, { key: '={{ $json.v }}', value: 'B' }] } }, '!a', 'Shortcuts: "!a" is given twice [item 0]'],
		['a shortcut without its key', { extension: 'message-shortcuts', shortcuts: { entries: [{ key: '={{ $json.v }}', value: 'B' }] } }, ' ', 'Shortcuts: entry 1 key is empty [item 0]'],
		['a group entry that is not text', { extension: 'push-notification', pushVersion: 2, pushProvider: 1, pushAdditionalSettings: { fcmCredentials: { values: { project_id: '={{ $json.v }}' } } } }, { id: 1 }, 'FCM Credentials: Project ID must be text, not an object [item 0]'],
		[
			'a sidebar section CometChat does not know',
			{ extension: 'widget', widgetName: 'W', widgetAdditionalSettings: { sidebar: { values: { sidebar_navigation_sequence: '={{ $json.v }}' } } } },
			'chats, news',
			'Sidebar: Sidebar Navigation Sequence "news" is not one of chats, users, groups, calls, settings [item 0]',
		],
		['an empty required text in a group', { extension: 'widget', widgetName: 'W', widgetAdditionalSettings: { style: { values: { docked_layout_icon_open: '={{ $json.v }}' } } } }, '', 'Style: Docked Layout Icon Open is empty [item 0]'],
	])('stops %s before any request', async (_case, parameters, v, message) => {
		on('gifs-giphy', 'report-user', 'xss-filter', 'push-notification', 'profanity-filter', 'message-shortcuts', 'widget');
		const { error } = await run('storeSettings', parameters as INodeParameters, { input: [{ json: { v } as IDataObject }] });
		expect(error?.message).toBe(message);
		expect(requests()).toEqual([]);
	});

	it('reports ERR_EXTENSION_INACTIVE for an extension that is off', async () => {
		const { error } = await run('storeSettings', { extension: 'gifs-giphy', giphyApiKey: 'k' });
		expect(error?.message).toBe('ERR_EXTENSION_INACTIVE: The operation failed because the extension gifs-giphy is currently inactive. Please enable it first. [item 0]');
		expect(stored('gifs-giphy')).toBeUndefined();
	});
});

describe('Extension → Update Settings', () => {
	it('updates the chat widget named by Widget ID', async () => {
		on('widget');
		extensions().appWidgets(APP).set('w-1', { version: 'v2', name: 'Old' });
		const { items, error } = await run('updateSettings', {
			extension: 'widget',
			widgetId: 'w-1',
			widgetName: 'New',
			widgetAdditionalSettings: { style: { values: { docked_layout_icon_background: '#000000', docked_layout_icon_close: 'https://x/close.svg', docked_layout_icon_open: 'https://x/open.svg', primary_color: '#FF0000' } } },
		});
		expect(error).toBeUndefined();
		const style = {
			docked_layout_icon_background: '#000000',
			docked_layout_icon_close: 'https://x/close.svg',
			docked_layout_icon_open: 'https://x/open.svg',
			primary_color: '#FF0000',
			// n8n fills a group's other fields with their defaults, which are sent as shown in the editor.
			foreground_color: '#000000',
			background_color: '#FFFFFF',
			override_system_background_colors: true,
		};
		expectManagementRequest(requests()[0], { method: 'PUT', path: settingsPath('widget', 'v2'), body: { settings: { version: 'v2', widgetId: 'w-1', name: 'New', style } } });
		expect(items).toEqual([{ json: { extension: 'widget', success: true } }]);
		expect(extensions().appWidgets(APP).get('w-1')).toEqual({ version: 'v2', name: 'New', style });
	});

	it('reports an unknown widget with CometChat\'s validation details', async () => {
		on('widget');
		const { error } = await run('updateSettings', { extension: 'widget', widgetId: 'nope', widgetName: 'New' });
		expect(error?.message).toBe('ERR_BAD_REQUEST: Failed to validate the data sent with the request. [item 0]');
		expect(String(error?.description)).toContain('widgetId: The selected widget id is invalid.');
	});

	it('sends the Stickers keys at the top level, as its spec body has them', async () => {
		on('stickers');
		const sticker = { stickerName: 'wave', stickerUrl: 'https://example.com/wave.png', stickerOrder: 1, stickerSetId: 'set-1', stickerSetName: 'Hands', stickerSetOrder: 2, enableFlag: true };
		const { items, error } = await run('updateSettings', { extension: 'stickers', stickersAdditionalSettings: { customStickersData: { entries: [{ id: '', ...sticker }] } } });
		expect(error).toBeUndefined();
		// The empty ID of a new sticker is left out, as any empty optional text.
		expectManagementRequest(requests()[0], { method: 'PUT', path: settingsPath('stickers'), body: { customStickersData: [sticker] } });
		expect(items).toEqual([{ json: { extension: 'stickers', success: true } }]);
		expect(stored('stickers')).toEqual({ customStickersData: [sticker] });
	});

	it.each([
		['an update with no settings (Stickers has only optional ones)', { extension: 'stickers', stickersAdditionalSettings: {} }, '', 'Additional Settings: is empty; add at least one setting [item 0]'],
		['a sticker name that is not text', { extension: 'stickers', stickersAdditionalSettings: { customStickersData: { entries: [{ stickerName: '={{ $json.v }}' }] } } }, { a: 1 }, 'Custom Stickers: entry 1, Sticker Name must be text, not an object [item 0]'],
		['a sticker order below 0', { extension: 'stickers', stickersAdditionalSettings: { defaultMasterStickersData: { entries: [{ stickerOrder: '={{ $json.v }}' }] } } }, -1, 'Default Stickers: entry 1, Sticker Order must be a whole number of at least 0, not -1 [item 0]'],
	])('stops %s before any request', async (_case, parameters, v, message) => {
		on('stickers');
		const { error } = await run('updateSettings', parameters as INodeParameters, { input: [{ json: { v } as IDataObject }] });
		expect(error?.message).toBe(message);
		expect(requests()).toEqual([]);
	});

	it('sends mask lists (Data Masking, whose only write is an update)', async () => {
		on('data-masking');
		const { error } = await run('updateSettings', {
			extension: 'data-masking',
			dataMaskingDropMessage: false,
			dataMaskingDefaultRegexData: { entries: [{ id: '2', name: 'Emails', regex: '\\w+@\\w+', enableFlag: true }] },
			dataMaskingCustomregexData: { entries: [{ name: 'PIN', regex: '\\d{4}' }] },
			dataMaskingDeleteCustomRegexData: '1983958',
		});
		expect(error).toBeUndefined();
		expect(requests()[0].body).toEqual({
			settings: {
				dropMessage: false,
				defaultRegexData: [{ id: '2', name: 'Emails', regex: '\\w+@\\w+', enableFlag: true }],
				customregexData: [{ name: 'PIN', regex: '\\d{4}' }],
				deleteCustomRegexData: ['1983958'],
			},
		});
	});

	it('stops an update of the widget without its ID before any request', async () => {
		on('widget');
		const { error } = await run('updateSettings', { extension: 'widget', widgetId: '={{ $json.id }}', widgetName: 'New' }, { input: [{ json: { id: '' } }] });
		expect(error?.message).toBe('Widget ID: is empty [item 0]');
		expect(requests()).toEqual([]);
	});
});

describe('Extension → Delete Settings', () => {
	it.each([
		['gifs-giphy', { giphyApiKey: 'k' }],
		['xss-filter', { dropMessage: true }],
		['sms-notification', { fromMobileNo: '+1' }],
	])('deletes the settings of %s: {extension, deleted: true}, whatever else the extension answers', async (id, settings) => {
		on(id);
		extensions().settings.set(`${APP}/${id}`, settings);
		const { items, error } = await run('deleteSettings', { extension: id });
		expect(error).toBeUndefined();
		expectManagementRequest(requests()[0], { method: 'DELETE', path: settingsPath(id), body: undefined });
		expect(items).toEqual([{ json: { extension: id, deleted: true } }]);
		expect(stored(id)).toBeUndefined();
	});

	it('reports a failure the extension wraps inside an HTTP 200 with its code and message', async () => {
		on('gifs-giphy');
		ctx.emulator.failNext({ status: 200, body: { data: { statusCode: 400, success: false, body: { error: { code: 'ERR_SETTINGS_NOT_FOUND', message: 'No settings to delete.' } } } } });
		const { error } = await run('deleteSettings', { extension: 'gifs-giphy' });
		expect(error?.message).toBe('ERR_SETTINGS_NOT_FOUND: No settings to delete. [item 0]');
		expect(String(error?.description)).toContain('Giphy extension');
		expect(requests()).toHaveLength(1);
	});

	it('repeats a delete whose wrapped answer is a server error (deletes are safe to repeat)', async () => {
		on('gifs-giphy');
		extensions().settings.set(`${APP}/gifs-giphy`, { giphyApiKey: 'k' });
		ctx.emulator.failNext({ status: 200, body: { data: { statusCode: 503, success: false, body: { message: 'Service unavailable' } } } });
		const { items, error } = await run('deleteSettings', { extension: 'gifs-giphy' });
		expect(error).toBeUndefined();
		expect(requests().map((request) => request.method)).toEqual(['DELETE', 'DELETE']);
		expect(items).toEqual([{ json: { extension: 'gifs-giphy', deleted: true } }]);
	});
});

describe('Extension → push certificates', () => {
	const pem = '-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg\n-----END PRIVATE KEY-----\n';
	const file = (text: string, fileName: string) => ({ json: {}, binary: { cert: { data: Buffer.from(text).toString('base64'), mimeType: 'application/octet-stream', fileName } } });

	it.each([
		['p8', pem, 'AuthKey_ABC123.p8'],
		['p12', 'PKCS12-sample-bytes', 'apns.p12'],
	])('uploads a %s file from the input\'s binary field as multipart part "certificate"', async (type, text, fileName) => {
		on('push-notification');
		const { items, error } = await run('uploadCertificate', { certificateType: type, binaryPropertyName: 'cert' }, { input: [file(text, fileName)] });
		expect(error).toBeUndefined();
		expectManagementRequest(requests()[0], { method: 'POST', path: `/apps/${APP}/extensions/push-notification/v1/upload-certificate-${type}`, body: { certificate: text } });
		expect(requests()[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
		expect(items).toEqual([{ json: { certificateType: type, success: true } }]);
		expect(extensions().certificates.get(APP)).toEqual({ [type]: text });
	});

	it.each([
		['cert', undefined],
		['valueOf', file(pem, 'AuthKey.p8')],
	])('stops an item without the binary field "%s" before any request', async (field, item) => {
		const { error } = await run('uploadCertificate', { certificateType: 'p8', binaryPropertyName: field }, item ? { input: [item] } : {});
		expect(error?.message).toBe(`Input Binary Field: the input item has no binary field "${field}" [item 0]`);
		expect(requests()).toEqual([]);
	});

	it('tells which certificates the extension holds', async () => {
		on('push-notification');
		extensions().certificates.set(APP, { p8: pem });
		const { items, error } = await run('getCertificates');
		expect(error).toBeUndefined();
		expectManagementRequest(requests()[0], { method: 'GET', path: `/apps/${APP}/extensions/push-notification/v1/query-certificates` });
		expect(items).toEqual([{ json: { certificate_p12: false, certificate_p8: true } }]);
	});

	it('reports ERR_EXTENSION_INACTIVE when Push Notification is off', async () => {
		const { error } = await run('getCertificates');
		expect(error?.message).toBe('ERR_EXTENSION_INACTIVE: The operation failed because the extension push-notification is currently inactive. Please enable it first. [item 0]');
	});
});

describe('Extension: key and secret', () => {
	it('never shows the key or the secret in an error, though CometChat echoes the key', async () => {
		managementStore(ctx.emulator.state).credentials = { key: 'another-key-0000', secret: 'another-secret' };
		const { error } = await run('getAll', { returnAll: true });
		managementStore(ctx.emulator.state).credentials = { key: DEFAULT_MANAGEMENT_KEY, secret: DEFAULT_MANAGEMENT_SECRET };
		expect(error?.message).toBe('AUTH_ERR_APIKEY_NOT_FOUND: The key [redacted] does not exist or the secret does not match it. Please use the correct key and secret. [item 0]');
		const shown = JSON.stringify({ message: error?.message, description: error?.description, error });
		expect(shown).not.toContain(DEFAULT_MANAGEMENT_KEY);
		expect(shown).not.toContain(DEFAULT_MANAGEMENT_SECRET);
	});
});

describe('Extension: every settings method of every extension (110 spec operations with the three above)', () => {
	// Each operation's contract variants (one per extension, every field filled: test/package/spec.ts), run against
	// the emulator, whose own reading of each extension's schema must accept the body.
	const cases = (['getSettings', 'storeSettings', 'updateSettings', 'deleteSettings'] as const).flatMap((operation) =>
		variants('extension', operation, managementNode)
			.filter((parameters) => typeof parameters.extension === 'string')
			.map((parameters) => [`${operation} ${String(parameters.extension)}`, operation, parameters] as const),
	);
	const METHOD = { getSettings: 'GET', storeSettings: 'POST', updateSettings: 'PUT', deleteSettings: 'DELETE' };

	it('has one case per extension and method the spec defines', () => {
		const expected = Object.entries(EXTENSION_RULES).flatMap(([id, rules]) => rules.methods.map((method) => `${method} ${id}`));
		expect(cases.map(([, operation, parameters]) => `${METHOD[operation]} ${String(parameters.extension)}`).sort()).toEqual(expected.sort());
		expect(cases).toHaveLength(105);
	});

	it.each(cases.map(([name, operation, parameters]) => [name, operation, parameters]))('%s', async (_name, operation, parameters) => {
		const id = String(parameters.extension);
		const rules = EXTENSION_RULES[id];
		on(id);
		if (id === 'widget') extensions().appWidgets(APP).set(String(parameters.widgetId ?? 'w-1'), { version: 'v2', name: 'Old' });
		const { items, error } = await runManagement(ctx, { ...parameters, appId: byId(APP) });
		expect(error?.message).toBeUndefined();
		expect(requests()).toHaveLength(1);
		expect({ method: requests()[0].method, path: requests()[0].path }).toEqual({ method: METHOD[operation], path: settingsPath(id, rules.version) });
		expect(items.length).toBeGreaterThan(0);
		expect(items[0].json.extension).toBe(id);
		if (operation === 'storeSettings' || operation === 'updateSettings') {
			const body = requests()[0].body as IDataObject;
			const sent = (rules.wrapped ? body.settings : body) as IDataObject;
			if (id === 'widget') expect([...extensions().appWidgets(APP).values()].at(-1)).toEqual(Object.fromEntries(Object.entries(sent).filter(([key]) => key !== 'widgetId')));
			else expect(stored(id)).toEqual(sent);
		}
		if (operation === 'deleteSettings') expect(items).toEqual([{ json: { extension: id, deleted: true } }]);
	});
});
