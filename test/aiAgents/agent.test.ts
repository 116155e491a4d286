import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { aiAgentsNode, listSearch, runNode } from '../harness';
import { byId, expectRequest, httpCode, json, useEmulator } from '../helpers';
import { aiAgents } from '../emulator/routes/aiAgents';

const AB = '/v3/ai-agents/agent-builder/agents';

describe('CometChat AI Agents → Agent', () => {
	const ctx = useEmulator();
	const run = (parameters: INodeParameters, input?: IDataObject[]) =>
		runNode({ parameters: { resource: 'agent', ...parameters }, credentials: ctx.credentials(), node: aiAgentsNode, ...(input ? { input: input.map((j) => ({ json: j })) } : {}) });
	const store = () => aiAgents(ctx.emulator.state);
	const seedAgent = async (name: string, extra: INodeParameters = {}) => {
		const { items, error } = await run({ operation: 'create', name, options: extra });
		expect(error).toBeUndefined();
		ctx.emulator.requests.length = 0;
		return String(items[0].json.uid);
	};

	it('creates an agent: name and every option in CreateCometChatAgentDto, temperature and max tokens in modelMetaData', async () => {
		const { items, error } = await run({
			operation: 'create',
			name: ' Support Agent ',
			options: {
				description: 'Answers questions',
				icon: 'https://example.com/a.png',
				instruction: 'Be brief.',
				isActive: false,
				model: 'gpt-4o',
				temperature: 0.2,
				maxTokens: 1000,
				tools: 'gmail, slack',
				apiTools: 'get_weather',
				mcpServers: 'git',
				metaData: '{"team": "care"}',
			},
		});
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: AB,
				body: {
					name: 'Support Agent',
					description: 'Answers questions',
					icon: 'https://example.com/a.png',
					instruction: 'Be brief.',
					isActive: false,
					model: 'gpt-4o',
					modelMetaData: { temperature: 0.2, maxTokens: 1000 },
					tools: ['gmail', 'slack'],
					apiTools: ['get_weather'],
					mcpServers: ['git'],
					metaData: { team: 'care' },
				},
			},
			ctx.emulator.apiKey,
		);
		const stored = [...store().agents.values()];
		expect(stored).toHaveLength(1);
		expect(json(items)).toEqual([stored[0]]);
		expect(items[0].json).toMatchObject({ name: 'Support Agent', model: 'gpt-4o', tools: ['gmail', 'slack'], isActive: false });
	});

	it('sends only the name when no option is added', async () => {
		await run({ operation: 'create', name: 'Bare' });
		expect(ctx.emulator.requests[0].body).toEqual({ name: 'Bare' });
	});

	it('refuses an empty name and a bad metadata JSON before any request, naming item and field', async () => {
		const empty = await run({ operation: 'create', name: '={{ $json.name }}' }, [{ name: ' ' }]);
		expect(empty.error?.message).toContain('Name');
		expect(empty.error?.message).toContain('[item 0]');
		const bad = await run({ operation: 'create', name: 'A', options: { metaData: '{nope' } });
		expect(bad.error?.message).toContain('Metadata (JSON)');
		const temperature = await run({ operation: 'create', name: 'A', options: { temperature: '={{ "hot" }}' } });
		expect(temperature.error?.message).toContain('Temperature');
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('gets an agent by UID: the bare record', async () => {
		const uid = await seedAgent('Helper');
		const { items } = await run({ operation: 'get', uid: byId(uid) });
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `${AB}/${uid}`, body: undefined }, ctx.emulator.apiKey);
		expect(json(items)).toEqual([store().agents.get(uid)]);
	});

	it('keeps the API\'s error and message for an unknown agent', async () => {
		const { error } = await run({ operation: 'get', uid: byId('nobody') });
		expect(httpCode(error)).toBe('404');
		expect(error?.message).toContain("Agent with UID 'nobody' not found");
	});

	it('gets many agents: Limit asks for that many, one item per agent, newest first', async () => {
		for (const name of ['One', 'Two', 'Three']) await seedAgent(name);
		const { items } = await run({ operation: 'getAll', limit: 2, filters: { search: 't' } });
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: AB, query: { limit: '2', search: 't' }, body: undefined }, ctx.emulator.apiKey);
		expect(items.map((item) => item.json.name)).toEqual(['Three', 'Two']);
	});

	it('walks the createdAt cursor with Return All, as many a page as the answer gives, until a short page', async () => {
		// One clock reading for all (read after the run, a busy machine's second had moved on).
		const first = ctx.emulator.state.now() * 1000;
		for (let i = 1; i <= 205; i++) store().agents.set(`a-${i}`, { uid: `a-${i}`, name: `Agent ${i}`, createdAt: first + i });
		const { items } = await run({ operation: 'getAll', returnAll: true });
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([
			{ limit: '100' },
			{ limit: '100', affix: 'append', createdAt: String(first + 106) },
			{ limit: '100', affix: 'append', createdAt: String(first + 6) },
		]);
		expect(items).toHaveLength(205);
		expect(new Set(items.map((item) => item.json.uid)).size).toBe(205);
	});

	// CometChat's docs answer `"current": {"limit": 10}`: a page smaller than asked is not the last one.
	const seedThirteen = () => {
		store().agentPageCap = 10;
		const first = ctx.emulator.state.now() * 1000;
		for (let i = 1; i <= 13; i++) store().agents.set(`a-${i}`, { uid: `a-${i}`, name: `Agent ${i}`, createdAt: first + i });
		return first;
	};

	it('follows meta.next with Return All when CometChat answers a smaller page than asked (meta.current.limit)', async () => {
		const first = seedThirteen();
		const { items, error } = await run({ operation: 'getAll', returnAll: true });
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([
			{ limit: '100' },
			{ limit: '100', affix: 'append', createdAt: String(first + 4) },
		]);
		expect(items.map((item) => item.json.uid)).toEqual(Array.from({ length: 13 }, (_, i) => `a-${13 - i}`));
	});

	it('offers the next page in the agent picker when CometChat answers a smaller page than asked', async () => {
		const first = seedThirteen();
		const page1 = await listSearch('searchAgents', ctx.credentials(), {}, undefined, undefined, aiAgentsNode);
		expect(page1.results.map((r) => r.value)).toEqual(Array.from({ length: 10 }, (_, i) => `a-${13 - i}`));
		expect(page1.paginationToken).toBeDefined();
		const page2 = await listSearch('searchAgents', ctx.credentials(), {}, undefined, page1.paginationToken, aiAgentsNode);
		expect(ctx.emulator.requests.map((r) => r.query)).toEqual([
			{ limit: '50' },
			{ limit: '50', affix: 'append', createdAt: String(first + 4) },
		]);
		expect(page2.results).toEqual([3, 2, 1].map((i) => ({ name: `Agent ${i} (a-${i})`, value: `a-${i}` })));
		expect(page2.paginationToken).toBeUndefined();
	});

	it('updates an agent: only the fields given, and says it succeeded', async () => {
		const uid = await seedAgent('Old');
		const { items } = await run({ operation: 'update', uid: byId(uid), updateFields: { name: 'New', tools: 'gmail', maxTokens: 10 } });
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'PATCH', path: `${AB}/${uid}`, body: { name: 'New', tools: ['gmail'], modelMetaData: { maxTokens: 10 } } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([{ uid, success: true }]);
		expect(store().agents.get(uid)).toMatchObject({ name: 'New', tools: ['gmail'] });
	});

	it('refuses an update with no field before any request', async () => {
		const { error } = await run({ operation: 'update', uid: byId('someone'), updateFields: {} });
		expect(error?.message).toContain('Update Fields');
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('deletes an agent', async () => {
		const uid = await seedAgent('Gone');
		const { items } = await run({ operation: 'delete', uid: byId(uid) });
		expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: `${AB}/${uid}`, body: undefined }, ctx.emulator.apiKey);
		expect(json(items)).toEqual([{ deleted: true, message: 'Operation completed successfully' }]);
		expect(store().agents.has(uid)).toBe(false);
	});

	it('refuses a UID that is not one before any request', async () => {
		const { error } = await run({ operation: 'get', uid: byId('../x') });
		expect(error?.message).toContain('Agent');
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('lists agents in the picker by name and UID, searching with the typed text', async () => {
		const uid = await seedAgent('Picker Agent');
		await seedAgent('Other');
		const found = await listSearch('searchAgents', ctx.credentials(), {}, 'picker', undefined, aiAgentsNode);
		expect(found.results).toEqual([{ name: `Picker Agent (${uid})`, value: uid }]);
		expect(ctx.emulator.requests[0].query).toEqual({ limit: '50', search: 'picker' });
	});
});
