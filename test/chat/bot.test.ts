import type { INodeParameters } from 'n8n-workflow';
import { botStore, setBotCallback } from '../emulator/routes/bots';
import { listSearch } from '../harness';
import { byId, expectRefused, expectRequest, faultOnce, httpCode, json, run, useEmulator } from '../helpers';

const bot = (operation: string, extra: Record<string, unknown> = {}) => ({ resource: 'bot', operation, ...extra }) as INodeParameters;

// Bots answer their stored Basic Auth password (cometchat-ai-agents-and-bots.md B.0): never in an output.
const PASSWORD = 'callback-password-0123456789';
const URL = 'https://n8n.example.com/webhook/abc/webhook';

describe('Bot', () => {
	const ctx = useEmulator();
	const store = () => botStore(ctx.emulator.state);
	const seedBot = (uid: string, extra: Record<string, unknown> = {}) => {
		ctx.emulator.seedUser({ uid });
		store().uids.add(uid);
		setBotCallback(ctx.emulator.state, uid, { webhookURL: URL, useBasicAuth: true, username: 'cometchat', password: PASSWORD, enabled: true, createdAt: 1763472000, ...extra });
	};
	const noPassword = (items: unknown) => expect(JSON.stringify(items)).not.toContain(PASSWORD);

	describe('Create', () => {
		it('sends the user, callback and Basic Auth, and returns the bot without its password', async () => {
			ctx.emulator.seedUser({ uid: 'support-bot' });
			const { items, error } = await run(
				ctx,
				bot('create', {
					uid: byId('Support-Bot'),
					webhookURL: ` ${URL} `,
					useBasicAuth: true,
					username: 'cometchat',
					password: PASSWORD,
					options: { enabled: true, groupChatSetting: 'mentionedMessages' },
				}),
			);
			expect(error).toBeUndefined();
			expect(ctx.emulator.requests).toHaveLength(1);
			expectRequest(
				ctx.emulator.requests[0],
				{
					method: 'POST',
					path: '/v3/bots',
					body: { uid: 'Support-Bot', webhookURL: URL, useBasicAuth: true, username: 'cometchat', password: PASSWORD, enabled: true, groupChatSetting: 'mentionedMessages' },
				},
				ctx.emulator.apiKey,
			);
			const stored = store().callbacks.get('support-bot')!;
			expect(stored.password).toBe(PASSWORD);
			expect(json(items)).toEqual([
				{ uid: 'support-bot', webhookURL: URL, groupChatSetting: 'mentionedMessages', enabled: true, useBasicAuth: true, username: 'cometchat', createdAt: stored.createdAt },
			]);
			noPassword(items);
		});

		it('sends no pair without Use Basic Auth, and options only when added', async () => {
			ctx.emulator.seedUser({ uid: 'faq-bot' });
			const { items } = await run(ctx, bot('create', { uid: byId('faq-bot'), webhookURL: URL, useBasicAuth: false, username: 'ignored', password: 'ignored-password' }));
			expect(ctx.emulator.requests[0].body).toEqual({ uid: 'faq-bot', webhookURL: URL, useBasicAuth: false });
			expect(json(items)).toEqual([{ uid: 'faq-bot', webhookURL: URL, groupChatSetting: 'none', createdAt: store().callbacks.get('faq-bot')!.createdAt }]);
		});

		it.each([
			['an empty Callback URL', { webhookURL: ' ' }, 'Callback URL: is empty [item 0]'],
			['a Callback URL that is no address', { webhookURL: 'n8n.example.com/hook' }, 'Callback URL: "n8n.example.com/hook" is not an http:// or https:// address [item 0]'],
			['a Callback URL over 255 characters', { webhookURL: `https://e.com/${'a'.repeat(250)}` }, 'Callback URL: is 264 characters long; CometChat allows at most 255'],
			['a Password over 50 characters', { password: 'p'.repeat(51) }, 'Password: is 51 characters long; CometChat allows at most 50'],
			['an empty Username', { username: '' }, 'Username: is empty [item 0]'],
			['a UID over 50 characters', { uid: 'u'.repeat(51) }, "User: is 51 characters long; a bot's UID has at most 50 [item 0]"],
			['a Group Messages value CometChat does not know', { groupChatSetting: 'everything' }, 'Group Messages: "everything" is not one of'],
		])('stops %s before any request', async (_case, input, message) => {
			const values = { uid: 'support-bot', webhookURL: URL, username: 'cometchat', password: PASSWORD, groupChatSetting: 'none', ...input };
			await expectRefused(
				ctx,
				bot('create', {
					uid: byId('={{ $json.uid }}'),
					webhookURL: '={{ $json.webhookURL }}',
					useBasicAuth: true,
					username: '={{ $json.username }}',
					password: '={{ $json.password }}',
					options: { groupChatSetting: '={{ $json.groupChatSetting }}' },
				}),
				values,
				message,
			);
		});

		it('fails with ERR_UID_NOT_FOUND for a UID that is no user, and ERR_BOT_ALREADY_EXISTS for a bot', async () => {
			const missing = await run(ctx, bot('create', { uid: byId('ghost'), webhookURL: URL }));
			expect(missing.error?.message).toMatch(/^ERR_UID_NOT_FOUND: The UID ghost does not exist/);
			seedBot('faq-bot');
			const twice = await run(ctx, bot('create', { uid: byId('faq-bot'), webhookURL: URL }));
			expect(twice.error?.message).toBe('ERR_BOT_ALREADY_EXISTS: The bot with uid faq-bot already exists. [item 0]');
			expect(httpCode(twice.error)).toBe('400');
		});

		it('never shows the typed password in an error, should CometChat echo it', async () => {
			ctx.emulator.seedUser({ uid: 'faq-bot' });
			const echo = { error: { code: 'ERR_BAD_REQUEST', message: `The password ${PASSWORD} is invalid.` } };
			faultOnce(ctx.emulator, 'POST', '/v3/bots', { status: 400, body: echo });
			const { error } = await run(ctx, bot('create', { uid: byId('faq-bot'), webhookURL: URL, useBasicAuth: true, username: 'cometchat', password: PASSWORD }));
			expect(error?.message).toBe('ERR_BAD_REQUEST: The password [redacted] is invalid. [item 0]');
			// `node` is the workflow itself (its parameters), which errors carry as they are.
			expect(JSON.stringify({ ...error, node: undefined, message: error?.message, stack: error?.stack })).not.toContain(PASSWORD);
		});
	});

	describe('Get', () => {
		it('gets a bot by UID, without its password', async () => {
			seedBot('faq-bot', { groupChatSetting: 'allMessages' });
			const { items, error } = await run(ctx, bot('get', { uid: byId('faq-bot') }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/bots/faq-bot', body: undefined }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([
				{ uid: 'faq-bot', webhookURL: URL, groupChatSetting: 'allMessages', enabled: true, useBasicAuth: true, username: 'cometchat', createdAt: 1763472000 },
			]);
			noPassword(items);
		});

		it('fails with ERR_BOT_NOT_FOUND (404) for a user that is no bot', async () => {
			ctx.emulator.seedUser({ uid: 'bob' });
			const { error } = await run(ctx, bot('get', { uid: byId('bob') }));
			expect(error?.message).toBe('ERR_BOT_NOT_FOUND: The bot with uid bob does not exist. [item 0]');
			expect(httpCode(error)).toBe('404');
		});

		it('stops a UID with a slash before any request', async () => {
			await expectRefused(ctx, bot('get', { uid: byId('={{ $json.uid }}') }), { uid: 'a/b' }, 'Bot: "a/b" has characters CometChat does not allow');
		});
	});

	describe('Get Many', () => {
		it('lists bots one item per bot, by UID, none with its password', async () => {
			seedBot('zeta-bot');
			seedBot('alpha-bot');
			const { items, error } = await run(ctx, bot('getAll', { returnAll: true }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'GET', path: '/v3/bots', query: { page: '1', perPage: '1000' }, body: undefined }, ctx.emulator.apiKey);
			expect(json(items).map((item) => item.uid)).toEqual(['alpha-bot', 'zeta-bot']);
			expect(json(items)[0]).toEqual({ uid: 'alpha-bot', webhookURL: URL, groupChatSetting: 'none', enabled: true, useBasicAuth: true, username: 'cometchat', createdAt: 1763472000 });
			noPassword(items);
		});

		it('asks for no more than Limit, and sends the filters', async () => {
			for (let i = 0; i < 3; i += 1) seedBot(`bot-${i}`);
			const limited = await run(ctx, bot('getAll', { returnAll: false, limit: 2, filters: { searchKey: 'bot-', isAIBot: false } }));
			expect(ctx.emulator.requests.map((r) => r.query)).toEqual([{ page: '1', perPage: '2', searchKey: 'bot-', isAIBot: 'false' }]);
			expect(json(limited.items).map((item) => item.uid)).toEqual(['bot-0', 'bot-1']);
			ctx.emulator.requests.length = 0;
			const ai = await run(ctx, bot('getAll', { returnAll: true, filters: { isAIBot: true } }));
			expect(ctx.emulator.requests[0].query).toEqual({ page: '1', perPage: '1000', isAIBot: 'true' });
			expect(ai.items).toEqual([]);
		});
	});

	describe('Update', () => {
		it('sends only the fields added and returns the bot without its password', async () => {
			seedBot('faq-bot');
			const { items, error } = await run(ctx, bot('update', { uid: byId('faq-bot'), updateFields: { enabled: false, webhookURL: 'https://other.example.com/hook', password: 'new-password-0123456789' } }));
			expect(error).toBeUndefined();
			expectRequest(
				ctx.emulator.requests[0],
				{ method: 'PUT', path: '/v3/bots/faq-bot', body: { webhookURL: 'https://other.example.com/hook', enabled: false, password: 'new-password-0123456789' } },
				ctx.emulator.apiKey,
			);
			const stored = store().callbacks.get('faq-bot')!;
			expect(stored.password).toBe('new-password-0123456789');
			expect(json(items)).toEqual([
				{ uid: 'faq-bot', webhookURL: 'https://other.example.com/hook', groupChatSetting: 'none', useBasicAuth: true, username: 'cometchat', createdAt: 1763472000, updatedAt: stored.updatedAt },
			]);
			expect(JSON.stringify(items)).not.toContain('new-password-0123456789');
		});

		it('stops empty Update Fields before any request', async () => {
			seedBot('faq-bot');
			await expectRefused(ctx, bot('update', { uid: byId('faq-bot'), updateFields: {} }), {}, 'Update Fields: is empty; add at least one field to change [item 0]');
		});

		it('fails with ERR_BOT_NOT_FOUND for an unknown bot', async () => {
			const { error } = await run(ctx, bot('update', { uid: byId('ghost'), updateFields: { enabled: true } }));
			expect(error?.message).toBe('ERR_BOT_NOT_FOUND: The bot with uid ghost does not exist. [item 0]');
		});
	});

	describe('Delete', () => {
		it('deletes the bot, keeps its user, and a later Get finds no bot', async () => {
			seedBot('faq-bot');
			const { items, error } = await run(ctx, bot('delete', { uid: byId('faq-bot') }));
			expect(error).toBeUndefined();
			expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: '/v3/bots/faq-bot', body: undefined }, ctx.emulator.apiKey);
			expect(json(items)).toEqual([{ deleted: true, message: 'Bot faq-bot has been deleted successfully.' }]);
			expect(ctx.emulator.state.getUser('faq-bot')).toBeDefined();
			const after = await run(ctx, bot('get', { uid: byId('faq-bot') }));
			expect(after.error?.message).toContain('ERR_BOT_NOT_FOUND');
		});
	});

	describe('Bot picker', () => {
		it('lists the bots by UID, searching by the typed prefix', async () => {
			seedBot('faq-bot');
			seedBot('support-bot');
			const { results } = await listSearch('searchBots', ctx.credentials(), {}, 'sup');
			expect(results).toEqual([{ name: 'support-bot', value: 'support-bot' }]);
			expect(ctx.emulator.requests.map((r) => [r.path, r.query])).toEqual([['/v3/bots', { page: '1', perPage: '50', searchKey: 'sup' }]]);
		});
	});
});
