import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { aiAgentsNode, listSearch, runNode } from '../harness';
import { byId, expectRequest, httpCode, json, useEmulator } from '../helpers';
import { aiAgents } from '../emulator/routes/aiAgents';

const PATH = '/v3/ai-agents/tools';
const PARAMETERS = { type: 'object', properties: { query: { type: 'string', description: 'What to search for' } }, required: ['query'] };

describe('CometChat AI Agents → BYO Tool', () => {
	const ctx = useEmulator();
	const run = (parameters: INodeParameters, input?: IDataObject[]) =>
		runNode({ parameters: { resource: 'byoTool', ...parameters }, credentials: ctx.credentials(), node: aiAgentsNode, ...(input ? { input: input.map((j) => ({ json: j })) } : {}) });
	const store = () => aiAgents(ctx.emulator.state);
	const action = { displayName: 'Search Docs', executionText: 'Searching...', description: 'Searches the docs', parameters: JSON.stringify(PARAMETERS) };
	const seed = async (name: string, extra: INodeParameters = {}) => {
		const { error } = await run({ operation: 'create', name, ...action, ...extra });
		expect(error).toBeUndefined();
		ctx.emulator.requests.length = 0;
	};

	it('creates an action: ToolDto with description and parameters, the stored tool as output', async () => {
		const { items, error } = await run({ operation: 'create', name: 'searchDocs', ...action });
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'POST', path: PATH, body: { name: 'searchDocs', displayName: 'Search Docs', executionText: 'Searching...', doNotExecute: false, description: 'Searches the docs', parameters: PARAMETERS } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([store().byoTools.get('searchDocs')]);
		expect(items[0].json).toMatchObject({ type: 'action', tool: { name: 'searchDocs', parameters: PARAMETERS } });
	});

	it('creates a tool your app handles (Do Not Execute): no description or parameters sent', async () => {
		await run({ operation: 'create', name: '$openCart', displayName: 'Open Cart', executionText: 'Opening...', doNotExecute: true });
		expect(ctx.emulator.requests[0].body).toEqual({ name: '$openCart', displayName: 'Open Cart', executionText: 'Opening...', doNotExecute: true });
		expect(store().byoTools.get('$openCart')?.type).toBe('tool');
	});

	it('takes empty parameters {} for an action without arguments (ToolDto: "can be an empty object"), on Create and Update', async () => {
		const { items, error } = await run({ operation: 'create', name: 'ping', ...action, parameters: '{}' });
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'POST', path: PATH, body: { name: 'ping', displayName: 'Search Docs', executionText: 'Searching...', doNotExecute: false, description: 'Searches the docs', parameters: {} } },
			ctx.emulator.apiKey,
		);
		expect(items[0].json).toMatchObject({ type: 'action', tool: { name: 'ping', parameters: {} } });
		const updated = await run({ operation: 'update', name: byId('ping'), ...action, parameters: {} });
		expect(updated.error).toBeUndefined();
		expect(ctx.emulator.requests[1]).toMatchObject({ method: 'PUT', path: `${PATH}/ping` });
		expect(ctx.emulator.requests[1].body).toMatchObject({ name: 'ping', parameters: {} });
		const notObject = await run({ operation: 'create', name: 'x', ...action, parameters: '[]' });
		expect(notObject.error?.message).toMatch(/^Parameters \(JSON\): must be a JSON object.*\[item 0\]$/);
		expect(ctx.emulator.requests).toHaveLength(2);
	});

	it('refuses a name off the pattern and parameters that are not a schema before any request', async () => {
		const badName = await run({ operation: 'create', name: '={{ $json.name }}', ...action }, [{ name: '1st tool' }]);
		expect(badName.error?.message).toContain('Name');
		expect(badName.error?.message).toContain('[item 0]');
		const badParameters = await run({ operation: 'create', name: 'x', ...action, parameters: '{"query": "string"}' });
		expect(badParameters.error?.message).toContain('Parameters (JSON)');
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('keeps CometChat\'s message for a name already taken', async () => {
		await seed('searchDocs');
		const { error } = await run({ operation: 'create', name: 'searchDocs', ...action });
		expect(httpCode(error)).toBe('409');
		expect(error?.message).toContain("Tool with name 'searchDocs' already exists");
	});

	it('gets a tool by name', async () => {
		await seed('searchDocs');
		const { items } = await run({ operation: 'get', name: byId('searchDocs') });
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `${PATH}/searchDocs`, body: undefined }, ctx.emulator.apiKey);
		expect(json(items)).toEqual([store().byoTools.get('searchDocs')]);
	});

	it('gets many tools, one item each, filtered by type', async () => {
		await seed('searchDocs');
		await seed('openCart', { doNotExecute: true });
		const all = await run({ operation: 'getAll', returnAll: true });
		expect(all.items.map((item) => item.json.name)).toEqual(['searchDocs', 'openCart']);
		const tools = await run({ operation: 'getAll', returnAll: true, filters: { type: 'tool' } });
		expectRequest(ctx.emulator.requests[1], { method: 'GET', path: PATH, query: { type: 'tool' }, body: undefined }, ctx.emulator.apiKey);
		expect(tools.items.map((item) => item.json.name)).toEqual(['openCart']);
	});

	it('updates a tool with PUT: the whole ToolDto, the name from the picker', async () => {
		await seed('searchDocs');
		const { items } = await run({ operation: 'update', name: byId('searchDocs'), ...action, displayName: 'Find in Docs' });
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'PUT', path: `${PATH}/searchDocs`, body: { name: 'searchDocs', displayName: 'Find in Docs', executionText: 'Searching...', doNotExecute: false, description: 'Searches the docs', parameters: PARAMETERS } },
			ctx.emulator.apiKey,
		);
		expect(items[0].json).toMatchObject({ name: 'searchDocs', displayName: 'Find in Docs' });
	});

	it('deletes a tool', async () => {
		await seed('searchDocs');
		const { items } = await run({ operation: 'delete', name: byId('searchDocs') });
		expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: `${PATH}/searchDocs`, body: undefined }, ctx.emulator.apiKey);
		expect(json(items)).toEqual([{ deleted: true }]);
		expect(store().byoTools.size).toBe(0);
	});

	it('refuses a tool name that would change the path before any request', async () => {
		const { error } = await run({ operation: 'delete', name: '={{ "../agents" }}' });
		expect(error?.message).toContain('Tool');
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('lists tools in the picker by display name and name', async () => {
		await seed('searchDocs');
		const found = await listSearch('searchByoTools', ctx.credentials(), {}, 'search', undefined, aiAgentsNode);
		expect(found.results).toEqual([{ name: 'Search Docs (searchDocs)', value: 'searchDocs' }]);
	});
});
