import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { aiAgentsNode, listSearch, runNode } from '../harness';
import { byId, expectRequest, httpCode, json, useEmulator } from '../helpers';
import { aiAgents } from '../emulator/routes/aiAgents';

const PATH = '/v3/ai-agents/agents';

describe('CometChat AI Agents → BYO Agent', () => {
	const ctx = useEmulator();
	const run = (parameters: INodeParameters, input?: IDataObject[]) =>
		runNode({ parameters: { resource: 'byoAgent', ...parameters }, credentials: ctx.credentials(), node: aiAgentsNode, ...(input ? { input: input.map((j) => ({ json: j })) } : {}) });
	const store = () => aiAgents(ctx.emulator.state);
	const create = (extra: INodeParameters = {}) =>
		run({ operation: 'create', name: 'Helper', icon: 'https://example.com/h.png', integrateWith: 'langgraph', baseUrl: 'https://agents.example.com', ...extra });
	const seed = async (extra: INodeParameters = {}) => {
		const { items, error } = await create(extra);
		expect(error).toBeUndefined();
		ctx.emulator.requests.length = 0;
		return String(items[0].json.uid);
	};

	it('creates a LangGraph agent: its headers as an object in integrationMeta, hidden in the output', async () => {
		store().byoTools.set('searchDocs', { name: 'searchDocs', type: 'tool' });
		const { items, error } = await create({
			headers: '{"authorization": "Basic c2VjcmV0LXBhc3M="}',
			options: { isActive: false, tools: 'searchDocs', greetingMessage: 'Hi!', introductoryMessage: 'I help with orders', suggestedMessages: 'Track, Cancel' },
		});
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: PATH,
				body: {
					name: 'Helper',
					icon: 'https://example.com/h.png',
					integrateWith: 'langgraph',
					integrationType: 'agent',
					integrationMeta: { baseUrl: 'https://agents.example.com', headers: { authorization: 'Basic c2VjcmV0LXBhc3M=' } },
					isActive: false,
					tools: ['searchDocs'],
					metaData: { greetingMessage: 'Hi!', introductoryMessage: 'I help with orders', suggestedMessages: ['Track', 'Cancel'] },
				},
			},
			ctx.emulator.apiKey,
		);
		const stored = [...store().byoAgents.values()][0];
		expect(json(items)).toEqual([{ ...stored, integrationMeta: { baseUrl: 'https://agents.example.com', headers: '[redacted]' } }]);
		expect(JSON.stringify(items)).not.toContain('c2VjcmV0LXBhc3M=');
	});

	it('sends each integration only its own integrationMeta keys: agentId for Mastra, text headers and defaultUserId for AG2, lines for Rasa', async () => {
		await create({ integrateWith: 'mastra', agentId: 'weather', headers: '{"x": "1"}' });
		await create({ integrateWith: 'ag2', defaultUserId: 'u1', headers: '{"x": "1"}', agentId: 'ignored' });
		await create({ integrateWith: 'rasa', headers: 'authorization: Bearer abc' });
		expect(ctx.emulator.requests.map((r) => (r.body as IDataObject).integrationMeta)).toEqual([
			{ baseUrl: 'https://agents.example.com', agentId: 'weather' },
			{ baseUrl: 'https://agents.example.com', defaultUserId: 'u1', headers: '{"x":"1"}' },
			{ baseUrl: 'https://agents.example.com', headers: 'authorization: Bearer abc' },
		]);
		expect(ctx.emulator.requests.map((r) => r.status)).toEqual([201, 201, 201]);
	});

	it('keeps CometChat\'s message when a tool it names does not exist', async () => {
		const { error } = await create({ options: { tools: 'missing' } });
		expect(httpCode(error)).toBe('400');
		expect(error?.message).toContain("The tool 'missing' does not exist");
	});

	it('refuses a missing base URL and headers that are not JSON before any request', async () => {
		const noUrl = await create({ baseUrl: '={{ $json.url }}' });
		expect(noUrl.error?.message).toContain('Base URL');
		const badHeaders = await create({ headers: 'authorization: x' });
		expect(badHeaders.error?.message).toContain('Headers');
		expect(badHeaders.error?.message).not.toContain('authorization: x');
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('gets many BYO agents, one item each, Limit trimming the unpaged list', async () => {
		await seed({ name: 'One' });
		await seed({ name: 'Two', headers: '{"authorization": "Bearer secret-token-1"}' });
		const all = await run({ operation: 'getAll', returnAll: true });
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: PATH, body: undefined }, ctx.emulator.apiKey);
		expect(all.items.map((item) => item.json.name)).toEqual(['One', 'Two']);
		expect(JSON.stringify(all.items)).not.toContain('secret-token-1');
		const one = await run({ operation: 'getAll', limit: 1 });
		expect(one.items.map((item) => item.json.name)).toEqual(['One']);
	});

	it('updates a BYO agent: only what is given; with Unchanged, the integration read first is sent (UpdateAgentDTO\'s discriminator)', async () => {
		const uid = await seed();
		const { items, error } = await run({ operation: 'update', uid: byId(uid), updateFields: { name: 'Renamed', baseUrl: 'https://new.example.com' } });
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: PATH, body: undefined }, ctx.emulator.apiKey);
		expectRequest(
			ctx.emulator.requests[1],
			{ method: 'PATCH', path: `${PATH}/${uid}`, body: { name: 'Renamed', integrateWith: 'langgraph', integrationType: 'agent', integrationMeta: { baseUrl: 'https://new.example.com' } } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([{ uid, success: true }]);
		expect(store().byoAgents.get(uid)).toMatchObject({ name: 'Renamed', integrateWith: 'langgraph' });
		await run({ operation: 'update', uid: byId(uid), integrateWith: 'crewai', headers: '{"k": "v"}' });
		expect(ctx.emulator.requests.slice(2).map((r) => [r.method, r.body])).toEqual([['PATCH', { integrateWith: 'crewai', integrationType: 'agent', integrationMeta: { headers: { k: 'v' } } }]]);
	});

	it('an error that quotes one header of Rasa\'s "name: value" lines, or only its token, does not carry it', async () => {
		ctx.emulator.failNext({ status: 400, body: { statusCode: 400, message: 'Rasa refused "Bearer tok-98765" (token tok-98765); X-Trace: on', error: 'Bad Request' } });
		const { error } = await create({ integrateWith: 'rasa', headers: 'X-Trace: on\nAuthorization: Bearer tok-98765' });
		expect((ctx.emulator.requests[0].body as IDataObject).integrationMeta).toMatchObject({ headers: 'X-Trace: on\nAuthorization: Bearer tok-98765' });
		expect(error?.message).toBe('Bad Request: Rasa refused "[redacted]" (token [redacted]); X-Trace: on [item 0]');
		expect(JSON.stringify({ message: error?.message, description: error?.description })).not.toContain('tok-98765');
	});

	it('changes only the headers with Integrate With = Unchanged: the current integration is read and sent with them', async () => {
		const uid = await seed({ integrateWith: 'rasa' });
		const { error } = await run({ operation: 'update', uid: byId(uid), headers: 'authorization: Bearer new' });
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => [r.method, r.path, r.body])).toEqual([
			['GET', PATH, undefined],
			['PATCH', `${PATH}/${uid}`, { integrateWith: 'rasa', integrationType: 'agent', integrationMeta: { headers: 'authorization: Bearer new' } }],
		]);
		expect(store().byoAgents.get(uid)).toMatchObject({ integrateWith: 'rasa', integrationMeta: { headers: 'authorization: Bearer new' } });
	});

	it('with Unchanged, refuses a field the current integration does not take, and an unknown agent, before any change', async () => {
		const uid = await seed();
		const wrong = await run({ operation: 'update', uid: byId(uid), agentId: 'weatherAgent' });
		expect(wrong.error?.message).toMatch(/^Agent ID: is not taken by the agent's integration \(LangGraph\).*\[item 0\]$/);
		const unknown = await run({ operation: 'update', uid: byId('nobody'), updateFields: { name: 'X' } });
		expect(unknown.error?.message).toMatch(/^Agent: no BYO agent has the UID "nobody".*\[item 0\]$/);
		expect(ctx.emulator.requests.map((r) => r.method)).toEqual(['GET', 'GET']);
	});

	it('refuses an update with nothing to change before any request', async () => {
		const { error } = await run({ operation: 'update', uid: byId('someone') });
		expect(error?.message).toContain('Update Fields');
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('deletes a BYO agent with CometChat\'s message', async () => {
		const uid = await seed();
		const { items } = await run({ operation: 'delete', uid: byId(uid) });
		expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: `${PATH}/${uid}`, body: undefined }, ctx.emulator.apiKey);
		expect(json(items)).toEqual([{ deleted: true, message: `Agent with UID '${uid}' has been deleted successfully` }]);
		expect(store().byoAgents.size).toBe(0);
	});

	it('lists BYO agents in the picker, filtered by the typed text', async () => {
		const uid = await seed({ name: 'Order Helper' });
		await seed({ name: 'Other' });
		const found = await listSearch('searchByoAgents', ctx.credentials(), {}, 'order', undefined, aiAgentsNode);
		expect(found.results).toEqual([{ name: `Order Helper (${uid})`, value: uid }]);
	});
});
