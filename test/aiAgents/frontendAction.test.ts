import type { INodeParameters } from 'n8n-workflow';
import { aiRecords, seedAiRecord } from '../emulator/routes/aiAgentTools';
import { byId, expectRequest, httpCode, useEmulator } from '../helpers';
import { aiAgentsNode, listSearch } from '../harness';
import { AB, runAi } from './helpers';

const action = (triggerFunction: string) => ({ name: `Action ${triggerFunction}`, description: 'Opens the cart', triggerFunction });
const PARAMETERS = [{ key: 'itemId', type: 'string', description: 'The item to show', required: true }];

describe('CometChat AI Agents → Frontend Action', () => {
	const ctx = useEmulator();
	const op = (operation: string, extra: INodeParameters = {}): INodeParameters => ({ resource: 'frontendAction', operation, ...extra });

	it('Create: POST CreateFrontendActionDto; the output is the action with its ID and the function definition agents see', async () => {
		const { items, error } = await runAi(ctx, op('create', { ...action('openCart'), options: { parameters: JSON.stringify(PARAMETERS) } }));
		expect(error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'POST', path: `${AB}/frontend-actions`, body: { ...action('openCart'), parameters: PARAMETERS } }, ctx.emulator.apiKey);
		const { createdAt, updatedAt } = aiRecords(ctx.emulator.state).byKind.frontendAction.get('demo-app_openCart')!;
		expect(items.map((item) => item.json)).toEqual([
			{
				_id: 'demo-app_openCart',
				appId: 'demo-app',
				...action('openCart'),
				parameters: PARAMETERS,
				tool: {
					name: 'openCart',
					description: 'Opens the cart',
					parameters: { type: 'object', properties: { itemId: { type: 'string', description: 'The item to show' } }, required: ['itemId'] },
				},
				createdAt,
				updatedAt,
			},
		]);
	});

	it.each([
		[{ triggerFunction: 'open-cart' }, 'Trigger Function'],
		[{ description: '={{ "" }}' }, 'Description'],
		[{ options: { parameters: '{"key": "itemId", "type": "string"}' } }, 'Parameters (JSON)'],
		[{ options: { icon: 'cart.png' } }, 'Icon'],
	])('Create: refuses %j before any request, naming item and field', async (bad, field) => {
		const { items, error } = await runAi(ctx, op('create', { ...action('openCart'), ...bad }));
		expect(error?.message).toContain(field);
		expect(error?.message).toMatch(/\[item 0\]/);
		expect(items).toEqual([]);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('Get, Update, Delete by ID', async () => {
		seedAiRecord(ctx.emulator.state, 'frontendAction', action('openCart'));
		const got = await runAi(ctx, op('get', { frontendAction: byId('demo-app_openCart') }));
		expect(got.error).toBeUndefined();
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `${AB}/frontend-actions/demo-app_openCart` }, ctx.emulator.apiKey);
		expect(got.items[0].json).toMatchObject({ _id: 'demo-app_openCart', triggerFunction: 'openCart' });

		const updated = await runAi(ctx, op('update', { frontendAction: byId('demo-app_openCart'), updateFields: { description: 'Shows the cart' } }));
		expect(updated.error).toBeUndefined();
		expectRequest(ctx.emulator.requests[1], { method: 'PATCH', path: `${AB}/frontend-actions/demo-app_openCart`, body: { description: 'Shows the cart' } }, ctx.emulator.apiKey);
		expect(updated.items[0].json).toMatchObject({ description: 'Shows the cart', tool: { description: 'Shows the cart' } });

		const deleted = await runAi(ctx, op('delete', { frontendAction: byId('demo-app_openCart') }));
		expectRequest(ctx.emulator.requests[2], { method: 'DELETE', path: `${AB}/frontend-actions/demo-app_openCart` }, ctx.emulator.apiKey);
		expect(deleted.items.map((item) => item.json)).toEqual([{ deleted: true, message: 'Frontend action deleted successfully' }]);

		const gone = await runAi(ctx, op('get', { frontendAction: byId('demo-app_openCart') }));
		expect(httpCode(gone.error)).toBe('404');
	});

	it('Get Many: one item per action, newest first, up to the limit', async () => {
		for (const name of ['a', 'b', 'c']) seedAiRecord(ctx.emulator.state, 'frontendAction', action(name));
		const { items } = await runAi(ctx, op('getAll', { limit: 2 }));
		expectRequest(ctx.emulator.requests[0], { method: 'GET', path: `${AB}/frontend-actions`, query: { limit: '2' } }, ctx.emulator.apiKey);
		expect(items.map((item) => item.json._id)).toEqual(['demo-app_c', 'demo-app_b']);
	});

	it('the picker lists actions by name and ID', async () => {
		seedAiRecord(ctx.emulator.state, 'frontendAction', action('openCart'));
		const result = await listSearch('searchFrontendActions', ctx.credentials(), {}, 'cart', undefined, aiAgentsNode);
		expect(result.results).toEqual([{ name: 'Action openCart (demo-app_openCart)', value: 'demo-app_openCart' }]);
	});
});
