import type { IDataObject } from 'n8n-workflow';
import { byId, json } from '../helpers';
import { useCampaigns } from './helpers';

describe('Campaigns → Template Category', () => {
	const c = useCampaigns();
	const requests = () => c.ctx.emulator.requests;
	const run = (operation: string, parameters: IDataObject = {}) => c.run('templateCategory', operation, parameters);
	const category = (name = 'Billing') => c.store().categories.add(c.ctx.emulator.state, { name }, c.store().next());

	it('Create sends name and description and returns the category', async () => {
		const { items } = await run('create', { name: 'Billing', options: { description: 'Invoices' } });
		c.expectRequest(requests()[0], 'POST', '/templates/categories', { body: { name: 'Billing', description: 'Invoices' } });
		expect(json(items)).toEqual([{ ...c.store().categories.byId.values().next().value }]);
	});

	it('Create refuses an empty name before any request', async () => {
		const { error } = await run('create', { name: '={{ "" }}' });
		expect(error?.message).toContain('Name: is empty [item 0]');
		expect(requests()).toEqual([]);
	});

	it('Get Many pages by cursor and sorts as asked; Get gets one', async () => {
		const [a, b] = [category('A'), category('B')];
		const { items } = await run('getAll', { limit: 100, filters: { sort: 'name', order: 'asc' } });
		c.expectRequest(requests()[0], 'GET', '/templates/categories', { query: { limit: '100', sort: 'name', order: 'asc' } });
		expect(json(items)).toEqual([a, b]);
		const one = await run('get', { categoryId: byId(b.id) });
		c.expectRequest(requests()[1], 'GET', `/templates/categories/${b.id}`);
		expect(json(one.items)).toEqual([b]);
	});

	it('Update sends the fields added; Delete says it deleted', async () => {
		const stored = category();
		const { items } = await run('update', { categoryId: byId(stored.id), updateFields: { name: 'Payments', description: 'Receipts' } });
		c.expectRequest(requests()[0], 'PUT', `/templates/categories/${stored.id}`, { body: { name: 'Payments', description: 'Receipts' } });
		expect(json(items)).toEqual([{ ...stored, name: 'Payments', description: 'Receipts' }]);
		const deleted = await run('delete', { categoryId: byId(stored.id) });
		c.expectRequest(requests()[1], 'DELETE', `/templates/categories/${stored.id}`);
		expect(json(deleted.items)).toEqual([{ deleted: true, message: `Template category ${stored.id} deleted` }]);
	});

	it('Get keeps CometChat\'s 404', async () => {
		const { error } = await run('get', { categoryId: byId('missing') });
		expect(error?.message).toContain('Template category not found');
	});

	it('the category picker filters by the typed text', async () => {
		const billing = category('Billing');
		category('Promotions');
		const result = await c.search('searchTemplateCategories', 'bill');
		c.expectRequest(requests()[0], 'GET', '/templates/categories', { query: { limit: '100', sort: 'updatedAt' } });
		expect(result.results).toEqual([{ name: `Billing (${billing.id})`, value: billing.id }]);
	});
});
