import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { aiAgentsNode, aiAgentsNodeType, runNode } from '../harness';
import { byId, expectRequest, httpCode, json, optionsOf, useEmulator } from '../helpers';
import { AVAILABLE_MODELS, READY_TOOLS, aiAgents } from '../emulator/routes/aiAgents';

const AB = '/v3/ai-agents/agent-builder/agents';

describe('CometChat AI Agents → Agent: models, tools, actions and knowledge', () => {
	const ctx = useEmulator();
	const run = (parameters: INodeParameters, input?: IDataObject[]) =>
		runNode({ parameters: { resource: 'agent', ...parameters }, credentials: ctx.credentials(), node: aiAgentsNode, ...(input ? { input: input.map((j) => ({ json: j })) } : {}) });
	const store = () => aiAgents(ctx.emulator.state);
	let uid = '';
	beforeEach(async () => {
		const { items } = await run({ operation: 'create', name: 'Helper' });
		uid = String(items[0].json.uid);
		ctx.emulator.requests.length = 0;
	});

	it('gets the models, one item each', async () => {
		const { items } = await run({ operation: 'getModels' });
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `${AB}/available-models`, body: undefined }, ctx.emulator.apiKey);
		expect(json(items)).toEqual(AVAILABLE_MODELS);
	});

	it.each([
		['Tools', 'tools', 'tools', 'tools', 'tools'],
		['McpServers', 'mcp', 'mcps', 'mcpServers', 'mcpServers'],
		['ApiTools', 'api-tools', 'apiTools', 'apiTools', 'apiTools'],
		['FrontendActions', 'frontend-actions', 'frontendActions', 'frontendActions', 'frontendActions'],
	])('adds and removes %s: PATCH …/%s/add|remove with the body list; the updated agent is the output', async (value, path, bodyKey, field, agentField) => {
		const added = await run({ operation: `add${value}`, uid: byId(uid), [field]: 'one, two' });
		expect(added.error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'PATCH', path: `${AB}/${uid}/${path}/add`, body: { [bodyKey]: ['one', 'two'] } }, ctx.emulator.apiKey);
		expect(json(added.items)).toEqual([store().agents.get(uid)]);
		expect(added.items[0].json[agentField]).toEqual(['one', 'two']);
		const removed = await run({ operation: `remove${value}`, uid: byId(uid), [field]: 'one' });
		expectRequest(ctx.emulator.requests[1], { method: 'PATCH', path: `${AB}/${uid}/${path}/remove`, body: { [bodyKey]: ['one'] } }, ctx.emulator.apiKey);
		expect(removed.items[0].json[agentField]).toEqual(['two']);
	});

	it('refuses an empty list before any request, naming item and field', async () => {
		const { error } = await run({ operation: 'addTools', uid: byId(uid), tools: '={{ $json.tools }}' }, [{ tools: ' , ' }]);
		expect(error?.message).toContain('Tools');
		expect(error?.message).toContain('[item 0]');
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('enables and disables actions of a tool, and gets the tool\'s actions', async () => {
		const actions = await run({ operation: 'getToolActions', uid: byId(uid), tool: 'gmail' });
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `${AB}/${uid}/tools/gmail/actions`, body: undefined }, ctx.emulator.apiKey);
		expect(json(actions.items)).toEqual(READY_TOOLS.gmail.actions);
		const add = await run({ operation: 'addToolActions', uid: byId(uid), tool: 'gmail', actions: 'GMAIL_SEND_EMAIL, GMAIL_READ_EMAILS' });
		expectRequest(ctx.emulator.requests[1], { method: 'PATCH', path: `${AB}/${uid}/tools/gmail/actions/add`, body: { actions: ['GMAIL_SEND_EMAIL', 'GMAIL_READ_EMAILS'] } }, ctx.emulator.apiKey);
		expect(json(add.items)).toEqual([{ uid, tool: 'gmail', success: true }]);
		const remove = await run({ operation: 'removeToolActions', uid: byId(uid), tool: 'gmail', actions: 'GMAIL_READ_EMAILS' });
		expect(json(remove.items)).toEqual([{ uid, tool: 'gmail', success: true }]);
		expectRequest(ctx.emulator.requests[2], { method: 'PATCH', path: `${AB}/${uid}/tools/gmail/actions/remove`, body: { actions: ['GMAIL_READ_EMAILS'] } }, ctx.emulator.apiKey);
		expect(store().toolActions.get(uid)?.get('gmail')).toEqual(['GMAIL_SEND_EMAIL']);
	});

	it('refuses a tool slug that would change the path before any request', async () => {
		const { error } = await run({ operation: 'getToolActions', uid: byId(uid), tool: '..' });
		expect(error?.message).toContain('Tool');
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('keeps CometChat\'s 404 for a tool it does not offer', async () => {
		const { error } = await run({ operation: 'getToolActions', uid: byId(uid), tool: 'fax' });
		expect(httpCode(error)).toBe('404');
		expect(error?.message).toContain("Tool 'fax' not found");
	});

	it('gets the enabled items as one item, the categories chosen and the search text as query', async () => {
		await run({ operation: 'addTools', uid: byId(uid), tools: 'gmail' });
		await run({ operation: 'addApiTools', uid: byId(uid), apiTools: 'get_weather' });
		await run({ operation: 'addToolActions', uid: byId(uid), tool: 'gmail', actions: 'GMAIL_SEND_EMAIL' });
		ctx.emulator.requests.length = 0;
		const { items } = await run({ operation: 'getEnabledItems', uid: byId(uid), filters: { apiTools: false, mcpServers: false, key: 'mail' } });
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `${AB}/${uid}/enabled-items`, query: { apiTools: 'false', mcpServers: 'false', key: 'mail' }, body: undefined }, ctx.emulator.apiKey);
		expect(json(items)).toEqual([
			{ tools: [{ slug: 'gmail', name: 'Gmail', description: '', icon: '', actions: [{ slug: 'GMAIL_SEND_EMAIL', name: 'GMAIL_SEND_EMAIL', description: '' }] }], frontendActions: [] },
		]);
	});

	it('searches tools: one item per result; an empty search sends no key', async () => {
		const { items } = await run({ operation: 'searchTools', uid: byId(uid), key: 'gm' });
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `${AB}/${uid}/tools/search`, query: { key: 'gm' }, body: undefined }, ctx.emulator.apiKey);
		expect(json(items)).toEqual([{ slug: 'gmail', name: 'Gmail' }]);
		const all = await run({ operation: 'searchTools', uid: byId(uid), key: '' });
		expect(ctx.emulator.requests[1].query).toEqual({});
		expect(all.items).toHaveLength(Object.keys(READY_TOOLS).length);
	});

	it("offers the knowledge base's source types (uploads, text, website) as Retry Indexing does; another is refused before any request", async () => {
		const sourceType = (resource: string, operation: string) =>
			aiAgentsNodeType.description.properties.find((p) => p.name === 'sourceType' && p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions.show.operation?.includes(operation))!;
		for (const operation of ['addKnowledge', 'removeKnowledge']) {
			const field = sourceType('agent', operation);
			expect(field).toMatchObject({ type: 'options', default: 'uploads', required: true });
			expect(optionsOf(field)).toEqual(optionsOf(sourceType('knowledgeBase', 'sync')));
		}
		expect(optionsOf(sourceType('agent', 'addKnowledge')).map((o) => o.value)).toEqual(['text', 'uploads', 'website']);
		const { items } = await run({ operation: 'addKnowledge', uid: byId(uid), sourceType: 'text', uniqueIds: 'text-1' });
		expectRequest(ctx.emulator.requests[0], { method: 'PATCH', path: `${AB}/${uid}/knowledge-base/text/add`, body: { uniqueIds: ['text-1'] } }, ctx.emulator.apiKey);
		expect(json(items)).toEqual([{ uid, sourceType: 'text', success: true }]);
		const { error } = await run({ operation: 'removeKnowledge', uid: byId(uid), sourceType: 'files', uniqueIds: 'text-1' });
		expect(error?.message).toMatch(/^Source Type: .*\[item 0\]$/);
		expect(ctx.emulator.requests).toHaveLength(1);
	});

	it('adds and removes knowledge sources by source type', async () => {
		const { items } = await run({ operation: 'addKnowledge', uid: byId(uid), sourceType: 'uploads', uniqueIds: 'file-1, file-2' });
		expectRequest(ctx.emulator.requests[0], { method: 'PATCH', path: `${AB}/${uid}/knowledge-base/uploads/add`, body: { uniqueIds: ['file-1', 'file-2'] } }, ctx.emulator.apiKey);
		expect(json(items)).toEqual([{ uid, sourceType: 'uploads', success: true }]);
		const removed = await run({ operation: 'removeKnowledge', uid: byId(uid), sourceType: 'uploads', uniqueIds: 'file-1' });
		expect(json(removed.items)).toEqual([{ uid, sourceType: 'uploads', success: true }]);
		expectRequest(ctx.emulator.requests[1], { method: 'PATCH', path: `${AB}/${uid}/knowledge-base/uploads/remove`, body: { uniqueIds: ['file-1'] } }, ctx.emulator.apiKey);
		expect(store().agents.get(uid)?.files).toEqual(['file-2']);
	});
});
