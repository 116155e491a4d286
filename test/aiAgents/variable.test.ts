import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { aiAgentsNode, listSearch, runNode } from '../harness';
import { byId, expectRequest, httpCode, json, useEmulator } from '../helpers';
import { aiAgents } from '../emulator/routes/aiAgents';

const PATH = '/v3/ai-agents/agent-builder/agents/variables';

describe('CometChat AI Agents → Variable', () => {
	const ctx = useEmulator();
	const run = (parameters: INodeParameters, input?: IDataObject[]) =>
		runNode({ parameters: { resource: 'variable', ...parameters }, credentials: ctx.credentials(), node: aiAgentsNode, ...(input ? { input: input.map((j) => ({ json: j })) } : {}) });
	const store = () => aiAgents(ctx.emulator.state);
	const seed = async (name: string, extra: INodeParameters = {}) => {
		const { items, error } = await run({ operation: 'create', name, sourceType: 'message_metadata', ...extra });
		expect(error).toBeUndefined();
		ctx.emulator.requests.length = 0;
		return String(items[0].json._id);
	};

	it('creates a custom variable with every option; the stored variable is the output', async () => {
		const { items, error } = await run({
			operation: 'create',
			name: 'order.id',
			sourceType: 'user_metadata',
			options: { description: 'The order', sourcePath: 'order.id', constantValue: 'x', defaultValue: 'none' },
		});
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'POST', path: `${PATH}/custom`, body: { name: 'order.id', sourceType: 'user_metadata', description: 'The order', sourcePath: 'order.id', constantValue: 'x', defaultValue: 'none' } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([[...store().variables.values()][0]]);
		expect(items[0].json).toMatchObject({ name: 'order.id', category: 'custom' });
	});

	it('refuses a name off the pattern and a too long default before any request, naming item and field', async () => {
		const badName = await run({ operation: 'create', name: '={{ $json.name }}', sourceType: 'constant' }, [{ name: '1order' }]);
		expect(badName.error?.message).toContain('Name');
		expect(badName.error?.message).toContain('[item 0]');
		const long = await run({ operation: 'create', name: 'a', sourceType: 'constant', options: { defaultValue: 'x'.repeat(201) } });
		expect(long.error?.message).toContain('Default Value');
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('keeps CometChat\'s message for a name already taken', async () => {
		await seed('orderId');
		const { error } = await run({ operation: 'create', name: 'orderId', sourceType: 'constant' });
		expect(httpCode(error)).toBe('409');
		expect(error?.message).toContain("Variable with name 'orderId' already exists");
	});

	it('gets many variables, predefined and custom, one item each', async () => {
		await seed('orderId');
		const { items } = await run({ operation: 'getAll', returnAll: true });
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `${PATH}/all`, body: undefined }, ctx.emulator.apiKey);
		expect(items.map((item) => item.json.name)).toEqual(['auth.uid', 'auth.name', 'orderId']);
		const limited = await run({ operation: 'getAll', limit: 1 });
		expect(limited.items).toHaveLength(1);
	});

	it('gets many custom variables', async () => {
		const id = await seed('orderId');
		const { items } = await run({ operation: 'getAllCustom', returnAll: true });
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `${PATH}/custom`, body: undefined }, ctx.emulator.apiKey);
		expect(json(items)).toEqual([store().variables.get(id)]);
	});

	it('updates a custom variable: only the fields given', async () => {
		const id = await seed('orderId');
		const { items } = await run({ operation: 'update', variableId: byId(id), updateFields: { sourceType: 'constant', constantValue: '42' } });
		expectRequest(ctx.emulator.requests[0], { method: 'PATCH', path: `${PATH}/custom/${id}`, body: { sourceType: 'constant', constantValue: '42' } }, ctx.emulator.apiKey);
		expect(items[0].json).toMatchObject({ _id: id, name: 'orderId', sourceType: 'constant', constantValue: '42' });
		const empty = await run({ operation: 'update', variableId: byId(id), updateFields: {} });
		expect(empty.error?.message).toContain('Update Fields');
		expect(ctx.emulator.requests).toHaveLength(1);
	});

	it('deletes a custom variable with CometChat\'s message; an unknown one keeps the API\'s 404', async () => {
		const id = await seed('orderId');
		const { items } = await run({ operation: 'delete', variableId: byId(id) });
		expectRequest(ctx.emulator.requests[0], { method: 'DELETE', path: `${PATH}/custom/${id}`, body: undefined }, ctx.emulator.apiKey);
		expect(json(items)).toEqual([{ deleted: true, message: 'Variable deleted successfully' }]);
		const again = await run({ operation: 'delete', variableId: byId(id) });
		expect(httpCode(again.error)).toBe('404');
	});

	it('lists custom variables in the picker by name', async () => {
		const id = await seed('orderId');
		await seed('plan');
		const found = await listSearch('searchVariables', ctx.credentials(), {}, 'order', undefined, aiAgentsNode);
		expect(found.results).toEqual([{ name: `orderId (${id})`, value: id }]);
	});
});
