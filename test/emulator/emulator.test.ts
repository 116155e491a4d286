import { createEmulator, type Emulator } from '.';

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
