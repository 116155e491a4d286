import type { IDataObject } from 'n8n-workflow';
import { byId, json } from '../helpers';
import { useCampaigns } from './helpers';

describe('Campaigns → Template', () => {
	const c = useCampaigns();
	const requests = () => c.ctx.emulator.requests;
	const run = (operation: string, parameters: IDataObject = {}) => c.run('template', operation, parameters);
	const channels = [{ channelType: 'push', content: { title: 'Hi' } }];
	const template = (fields: Record<string, unknown> = {}) => c.store().addTemplate(c.ctx.emulator.state, { templateId: 'order_update', name: 'Order update', templateCategory: 'Custom', tags: ['promo'], channels: JSON.parse(JSON.stringify(channels)), ...fields });

	it('Create sends name, channels and every option, and returns the template', async () => {
		const { items, error } = await run('create', {
			name: 'Order update',
			channels: JSON.stringify(channels),
			options: { slug: 'order_update', templateCategory: 'Transactional', label: 'Order', alternativeText: 'Your order', status: 'approved', tags: 'orders, shipping', variableSchema: 'user_name, order_id', config: '{"a": 1}' },
		});
		expect(error).toBeUndefined();
		const body = { name: 'Order update', channels, templateId: 'order_update', templateCategory: 'Transactional', label: 'Order', alternativeText: 'Your order', status: 'approved', tags: ['orders', 'shipping'], variableSchema: ['user_name', 'order_id'], config: { a: 1 } };
		c.expectRequest(requests()[0], 'POST', '/templates', { body });
		const [stored] = c.store().templates.byId.values();
		expect(json(items)).toEqual([JSON.parse(JSON.stringify(stored))]);
		expect(stored).toMatchObject(body);
	});

	it.each([
		['[]', 'Channels (JSON): is empty'],
		['[{"content": {}}]', 'Channels (JSON): entry 1 has no channelType'],
		['nope', 'Channels (JSON): is not valid JSON'],
	])('Create refuses channels %s before any request', async (value, message) => {
		const { error } = await run('create', { name: 'X', channels: value });
		expect(error?.message).toContain(`${message}`);
		expect(error?.message).toContain('[item 0]');
		expect(requests()).toEqual([]);
	});

	it('Get finds a template by its template ID', async () => {
		const stored = template();
		const { items } = await run('get', { templateId: byId('order_update') });
		c.expectRequest(requests()[0], 'GET', '/templates/order_update');
		expect(json(items)).toEqual([stored]);
	});

	it('Get Many sends the filters, tags as one comma-separated value', async () => {
		const stored = template();
		template({ templateId: 'other', name: 'Other', tags: ['x'] });
		const { items } = await run('getAll', { limit: 5, filters: { tags: 'promo, sale', tagMatch: 'any', templateCategory: 'Custom', search: 'order', status: 'approved', sort: 'createdAt', order: 'asc' } });
		c.expectRequest(requests()[0], 'GET', '/templates', { query: { limit: '5', tags: 'promo,sale', tagMatch: 'any', templateCategory: 'Custom', search: 'order', status: 'approved', sort: 'createdAt', order: 'asc' } });
		expect(json(items)).toEqual([stored]);
	});

	it('Update sends only the fields added; an empty Update Fields is refused', async () => {
		const stored = template();
		const { items } = await run('update', { templateId: byId(stored.id), updateFields: { name: 'Renamed', tags: 'a' } });
		c.expectRequest(requests()[0], 'PUT', `/templates/${stored.id}`, { body: { name: 'Renamed', tags: ['a'] } });
		expect(json(items)).toEqual([{ ...stored }]);
		const refused = await run('update', { templateId: byId(stored.id), updateFields: {} });
		expect(refused.error?.message).toContain('Update Fields: is empty [item 0]');
		expect(requests()).toHaveLength(1);
	});

	it('Update Channel Content puts the content under the channel type', async () => {
		const stored = template();
		const { items } = await run('updateChannelContent', { templateId: byId(stored.id), channelType: 'push', content: '{"title": "Shipped"}' });
		c.expectRequest(requests()[0], 'PUT', `/templates/${stored.id}/channels/push`, { body: { content: { title: 'Shipped' } } });
		expect(json(items)).toEqual([expect.objectContaining({ channels: [{ channelType: 'push', content: { title: 'Shipped' } }] })]);
	});

	it('Update Channel Content keeps CometChat\'s 404 for a channel the template lacks', async () => {
		const stored = template();
		const { error } = await run('updateChannelContent', { templateId: byId(stored.id), channelType: 'sms', content: '{}' });
		expect(error?.message).toContain('Template channel not found');
	});

	it('Create Version and Archive act on the template', async () => {
		const stored = template();
		const version = await run('createVersion', { templateId: byId(stored.id) });
		c.expectRequest(requests()[0], 'POST', `/templates/${stored.id}/versions`);
		expect(json(version.items)).toEqual([{ id: stored.id, templateId: 'order_update', version: 2 }]);
		const archived = await run('archive', { templateId: byId(stored.id) });
		c.expectRequest(requests()[1], 'DELETE', `/templates/${stored.id}`);
		expect(json(archived.items)).toEqual([expect.objectContaining({ id: stored.id, status: 'archived' })]);
	});

	describe('Category: the built-ins and the app\'s own, by name', () => {
		const fromList = (value: string) => ({ __rl: true, mode: 'list', value });
		const own = () => c.store().categories.add(c.ctx.emulator.state, { name: 'Orders', description: 'Receipts' }, c.store().next());

		it('the category picker lists the 7 built-ins, then the app\'s own categories, by name', async () => {
			own();
			const all = await c.search('searchTemplateCategoryNames');
			c.expectRequest(requests()[0], 'GET', '/templates/categories', { query: { limit: '100', sort: 'updatedAt' } });
			expect(all.results).toEqual([
				...['Alerts', 'Custom', 'Marketing', 'Onboarding', 'Polls', 'Product Showcase', 'Transactional'].map((name) => ({ name: `${name} (built-in)`, value: name.replace(' ', '_') })),
				{ name: 'Orders', value: 'Orders' },
			]);
			const searched = await c.search('searchTemplateCategoryNames', 'ord');
			expect(searched.results).toEqual([{ name: 'Orders', value: 'Orders' }]);
		});

		it('Update sets one of the app\'s own categories; Create sends a built-in one picked from the list', async () => {
			own();
			const stored = template();
			const updated = await run('update', { templateId: byId(stored.id), updateFields: { templateCategory: fromList('Orders') } });
			expect(updated.error).toBeUndefined();
			c.expectRequest(requests()[0], 'PUT', `/templates/${stored.id}`, { body: { templateCategory: 'Orders' } });
			expect(json(updated.items)).toEqual([expect.objectContaining({ id: stored.id, templateCategory: 'Orders' })]);
			const created = await run('create', { name: 'Promo', channels: JSON.stringify(channels), options: { templateCategory: fromList('Marketing') } });
			expect(created.error).toBeUndefined();
			c.expectRequest(requests()[1], 'POST', '/templates', { body: { name: 'Promo', channels, templateCategory: 'Marketing' } });
		});

		it('Create refuses a category that is not built-in before any request (POST takes only the 7)', async () => {
			own();
			const { error } = await run('create', { name: 'Promo', channels: JSON.stringify(channels), options: { templateCategory: { __rl: true, mode: 'name', value: 'Orders' } } });
			expect(error?.message).toBe('Category: Create takes only a built-in category (Alerts, Custom, Marketing, Onboarding, Polls, Product_Showcase, Transactional), not "Orders" [item 0]');
			expect(requests()).toEqual([]);
		});

		it('Get Many filters by a category picked from the list', async () => {
			template({ templateCategory: 'Orders' });
			const { items } = await run('getAll', { limit: 5, filters: { templateCategory: fromList('Orders') } });
			c.expectRequest(requests()[0], 'GET', '/templates', { query: { limit: '5', templateCategory: 'Orders', sort: 'updatedAt' } });
			expect(json(items)).toHaveLength(1);
		});
	});

	it('the template picker searches by name', async () => {
		const stored = template();
		const result = await c.search('searchTemplates', 'order');
		c.expectRequest(requests()[0], 'GET', '/templates', { query: { limit: '100', sort: 'updatedAt', search: 'order' } });
		expect(result.results).toEqual([{ name: `Order update (${stored.id})`, value: stored.id }]);
	});
});
