import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEmulator, type Emulator } from '.';
import { type GroupChatSetting, settledRelays } from './routes/bots';
import { addBot } from './routes/messages';

// The emulator's own wire behaviour, which every other test relies on (reference §2–§4).
describe('CometChat emulator', () => {
	let emulator: Emulator;
	beforeAll(async () => {
		emulator = await createEmulator({ rateLimits: { standard: 2 } });
	});
	beforeEach(() => emulator.reset());
	afterAll(() => emulator.close());
	const get = (path: string, key = emulator.apiKey) => fetch(`${emulator.url}${path}`, { headers: { apikey: key } });
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	const json = async (response: Response): Promise<any> => await response.json();

	it('answers with the data envelope, JSON and the recorded rate-limit headers', async () => {
		emulator.seedUser({ uid: 'a' });
		const response = await get('/users?perPage=1');
		expect(response.status).toBe(200);
		expect(response.headers.get('content-type')).toMatch(/^application\/json/);
		expect(response.headers.get('x-ratelimit-limit')).toBe('2');
		expect(response.headers.get('x-ratelimit-remaining')).toBe('1');
		expect(response.headers.get('x-ratelimit-limit-for-app')).toBe('100000');
		const body = await json(response);
		expect(body.data.map((u: { uid: string }) => u.uid)).toEqual(['a']);
		expect(body.meta.pagination).toEqual({ total: 1, count: 1, per_page: 1, current_page: 1, total_pages: 1 });
	});

	it('answers an unknown route with ERR_API_NOT_FOUND and no rate-limit headers', async () => {
		const response = await get('/nothing-here');
		expect(response.status).toBe(404);
		expect(response.headers.get('x-ratelimit-limit')).toBeNull();
		expect((await json(response)).error).toEqual({
			message: 'The API endpoint is invalid. Please verify the API call.',
			devMessage: 'The endpoint of the API is invalid. Please have the API call checked.',
			source: 'chat-api',
			code: 'ERR_API_NOT_FOUND',
		});
	});

	it('throttles with 429 ERR_TOO_MANY_REQUESTS and Retry-After once the budget is spent', async () => {
		await get('/users');
		await get('/users');
		const response = await get('/users');
		expect(response.status).toBe(429);
		expect(response.headers.get('retry-after')).toBe('15');
		expect(Number(response.headers.get('x-rate-limit-reset'))).toBeGreaterThan(Date.now() / 1000 - 1);
		expect((await json(response)).error.code).toBe('ERR_TOO_MANY_REQUESTS');
	});

	it('rejects a missing key with 401 and an unknown one with 404, echoing it as CometChat does', async () => {
		expect((await fetch(`${emulator.url}/users`)).status).toBe(401);
		const response = await get('/users', 'who-knows');
		expect(response.status).toBe(404);
		expect((await json(response)).error).toMatchObject({ code: 'AUTH_ERR_APIKEY_NOT_FOUND', message: 'The key who-knows does not exist. Please use correct apiKey.' });
	});
});

describe('CometChat emulator: editing interactive messages', () => {
	let emulator: Emulator;
	beforeAll(async () => {
		emulator = await createEmulator();
	});
	afterAll(() => emulator.close());
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	const json = async (response: Response): Promise<any> => await response.json();
	const get = (path: string) => fetch(`${emulator.url}${path}`, { headers: { apikey: emulator.apiKey } });

	it('edits an interactive message\'s interactive content too (INFERRED), and refuses a malformed one', async () => {
		emulator.seedUser({ uid: 'a' });
		const call = (method: string, path: string, body: unknown) =>
			fetch(`${emulator.url}${path}`, { method, headers: { apikey: emulator.apiKey, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
		const card = { interactiveData: { text: 'Ban?', cardActions: [] }, interactionGoal: { type: 'none', elementIds: [] }, allowSenderInteraction: false, text: 'Ban?' };
		const sent = await json(await call('POST', '/messages', { receiver: 'a', receiverType: 'user', category: 'interactive', type: 'card', data: card }));
		const bad = await call('PUT', `/messages/${sent.data.id}`, { data: { text: 'Ban? Approved', interactiveData: 'Approved' } });
		expect(bad.status).toBe(400);
		expect((await json(bad)).error.code).toBe('ERR_BAD_REQUEST');
		const edited = await call('PUT', `/messages/${sent.data.id}`, { data: { text: 'Ban? Approved', interactiveData: { text: 'Ban? Approved', cardActions: [] } } });
		expect(edited.status).toBe(200);
		expect((await json(await get(`/messages/${sent.data.id}`))).data.data).toMatchObject({ text: 'Ban? Approved', interactiveData: { text: 'Ban? Approved' }, interactionGoal: card.interactionGoal });
	});
});

describe('CometChat emulator: relays to Custom Bots', () => {
	let emulator: Emulator;
	let server: Server;
	const received: Array<{ authorization?: string; body: { bot: string; appId: string; data: { id: string; sender: string; data: { text: string } } } }> = [];
	beforeAll(async () => {
		emulator = await createEmulator();
		server = createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.on('end', () => {
				received.push({ authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
				res.end('{}');
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	});
	afterAll(async () => {
		await emulator.close();
		await new Promise((resolve) => server.close(resolve));
	});

	it('relays what each bot receives (one-to-one, group messages by its setting), never its own messages', async () => {
		const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
		for (const uid of ['ada', 'all-bot', 'mention-bot', 'slash-bot', 'off-bot', 'outside-bot']) emulator.seedUser({ uid });
		const members = { 'all-bot': 'participant', 'mention-bot': 'participant', 'slash-bot': 'participant', 'off-bot': 'participant' } as const;
		emulator.seedGroup({ guid: 'hikers', owner: 'ada', members });
		const relayTo = (uid: string, groupChatSetting: GroupChatSetting, enabled = true) =>
			addBot(emulator.state, uid, { webhookURL: url, groupChatSetting, enabled, username: 'relay', password: 'relay-password-0123', appId: emulator.appId });
		relayTo('all-bot', 'allMessages');
		relayTo('mention-bot', 'mentionedMessages');
		relayTo('slash-bot', 'slashedMessages');
		relayTo('off-bot', 'allMessages', false);
		relayTo('outside-bot', 'allMessages');
		const send = (path: string, body: object, onBehalfOf?: string) =>
			fetch(`${emulator.url}${path}`, { method: 'POST', headers: { apikey: emulator.apiKey, 'Content-Type': 'application/json', ...(onBehalfOf ? { onBehalfOf } : {}) }, body: JSON.stringify(body) });
		const text = (receiverType: string, receiver: string, value: string) => ({ receiverType, receiver, category: 'message', type: 'text', data: { text: value } });
		await send('/messages', text('group', 'hikers', 'hello all'), 'ada');
		await send('/messages', text('group', 'hikers', 'hey <@uid:mention-bot>'), 'ada');
		await send('/messages', text('group', 'hikers', '/weather'), 'ada');
		await send('/messages', text('user', 'outside-bot', 'just you'), 'ada');
		await send('/bots/all-bot/messages', text('group', 'hikers', 'all-bot speaking'));
		const relays = await settledRelays(emulator.state);
		expect(relays.every((relay) => relay.status === 200)).toBe(true);
		const seen = received.map(({ body }) => `${body.bot} ← ${body.data.sender}: ${body.data.data.text}`).sort();
		expect(seen).toEqual(['all-bot ← ada: /weather', 'all-bot ← ada: hello all', 'all-bot ← ada: hey <@uid:mention-bot>', 'mention-bot ← ada: hey <@uid:mention-bot>', 'outside-bot ← ada: just you', 'slash-bot ← ada: /weather']);
		expect(received[0].body).toMatchObject({ trigger: 'after_message', appId: emulator.appId, chatAPIVersion: '3.0' });
		expect(received[0].authorization).toBe(`Basic ${Buffer.from('relay:relay-password-0123').toString('base64')}`);
	});
});
