import type { IDataObject } from 'n8n-workflow';
import { byId, json } from '../helpers';
import { useCampaigns } from './helpers';

// Template Notification, Notification Feed, Push Notification and Analytics: a template notification
// makes the feed items and push notifications the other resources read.
describe('Campaigns → notifications', () => {
	const c = useCampaigns();
	const requests = () => c.ctx.emulator.requests;
	const run = (resource: string, operation: string, parameters: IDataObject = {}) => c.run(resource, operation, parameters);
	const template = () => c.store().addTemplate(c.ctx.emulator.state, { templateId: 'order_update', name: 'Order update', templateCategory: 'Transactional', tags: ['orders'] });
	const notify = async (receivers = 'u1, u2') => {
		template();
		const result = await run('notification', 'send', { templateId: byId('order_update'), receivers, options: { tag: 'order-1', variables: '{"u1": {"order_id": "12345"}}' } });
		requests().length = 0;
		return result;
	};
	const feedOf = (uid: string) => [...c.store().feed.byId.values()].filter((f) => f.receiver === uid);
	const pushOf = (uid: string) => [...c.store().pushes.byId.values()].filter((p) => p.receiver === uid);

	describe('Template Notification → Send', () => {
		it('sends template, receivers, tag and variables, and returns CometChat\'s answer', async () => {
			template();
			const { items, error } = await run('notification', 'send', { templateId: byId('order_update'), receivers: 'u1, u2', options: { tag: 'order-1', variables: '{"u1": {"order_id": "12345"}}' } });
			expect(error).toBeUndefined();
			c.expectRequest(requests()[0], 'POST', '/notifications/messages', { body: { templateId: 'order_update', receivers: ['u1', 'u2'], tag: 'order-1', variables: { u1: { order_id: '12345' } } } });
			expect(json(items)).toEqual([{ notificationId: feedOf('u1')[0].notificationId, receivers: 2 }]);
			expect(feedOf('u1')[0]).toMatchObject({ variables: { order_id: '12345' }, tag: 'order-1' });
		});

		it('refuses an empty list of receivers before any request', async () => {
			const { error } = await run('notification', 'send', { templateId: byId('order_update'), receivers: ' ' });
			expect(error?.message).toContain('Receivers: is empty; give at least one ID [item 0]');
			expect(requests()).toEqual([]);
		});
	});

	describe('Notification Feed', () => {
		it('Get Many lists a user\'s feed on their behalf, with filters, dates in seconds', async () => {
			await notify();
			const { items } = await run('notificationFeed', 'getAll', {
				limit: 10,
				filters: { readState: 'unread', templateCategory: 'Transactional', tags: 'orders', tagMatch: 'all', dateFrom: '2001-01-01T00:00:00Z', includeDeleted: true, templateOnly: true, sort: 'sentAt', order: 'asc' },
				options: { onBehalfOf: 'u1' },
			});
			c.expectRequest(requests()[0], 'GET', '/notification-feed', {
				query: { limit: '10', readState: 'unread', templateCategory: 'Transactional', tags: 'orders', tagMatch: 'all', dateFrom: '978307200', includeDeleted: 'true', templateOnly: 'true', sort: 'sentAt', order: 'asc' },
			});
			expect(requests()[0].headers.onbehalfof).toBe('u1');
			expect(json(items)).toEqual(feedOf('u1'));
		});

		it('Get Many and Get Unread Count take the category and the channel from pickers', async () => {
			await notify();
			const channel = c.store().channels.add(c.ctx.emulator.state, { channelId: 'cc-in-app', name: 'In-App', channelType: 'in_app', enabled: true }, c.store().next());
			const picked = await c.search('searchChannels');
			expect(picked.results).toEqual([{ name: `In-App (${channel.id})`, value: channel.id }]);
			const fromList = (value: string) => ({ __rl: true, mode: 'list', value });
			const before = requests().length;
			const many = await run('notificationFeed', 'getAll', { limit: 10, filters: { templateCategory: fromList('Transactional'), channelId: fromList(channel.id) }, options: { onBehalfOf: 'u1' } });
			expect(many.error).toBeUndefined();
			c.expectRequest(requests()[before], 'GET', '/notification-feed', { query: { limit: '10', templateCategory: 'Transactional', channelId: channel.id, sort: 'sentAt' } });
			expect(json(many.items)).toEqual([]);
			const count = await run('notificationFeed', 'getUnreadCount', { templateCategory: fromList('Transactional'), options: { onBehalfOf: 'u1' } });
			c.expectRequest(requests()[before + 1], 'GET', '/notification-feed/unread-count', { query: { templateCategory: 'Transactional' } });
			expect(json(count.items)).toEqual([{ templateCategory: 'Transactional', unreadCount: 1 }]);
		});

		it('Get Many with Sort By Created At reads one page at most: Return All is refused before any request', async () => {
			const { error } = await run('notificationFeed', 'getAll', { returnAll: true, filters: { sort: 'createdAt' } });
			expect(error?.message).toBe('Return All: reads at most 100 records with Sort By createdAt [item 0]');
			expect(requests()).toEqual([]);
		});

		it('Mark as Read, Get Unread Count, Report Engagement, Mark as Delivered, Get and Delete act on one item', async () => {
			await notify();
			const [item] = feedOf('u1');
			const as = { options: { onBehalfOf: 'u1' } };
			const read = await run('notificationFeed', 'markAsRead', { feedItemId: item.id, ...as });
			c.expectRequest(requests()[0], 'POST', `/notification-feed/${item.id}/read`);
			expect(item.readAt).toBeDefined();
			expect(json(read.items)).toEqual([JSON.parse(JSON.stringify(item))]);
			const count = await run('notificationFeed', 'getUnreadCount', { templateCategory: 'Transactional', ...as });
			c.expectRequest(requests()[1], 'GET', '/notification-feed/unread-count', { query: { templateCategory: 'Transactional' } });
			expect(json(count.items)).toEqual([{ templateCategory: 'Transactional', unreadCount: 0 }]);
			const engaged = await run('notificationFeed', 'reportEngagement', { feedItemId: item.id, options: { onBehalfOf: 'u1', topic: 'clicked' } });
			c.expectRequest(requests()[2], 'POST', `/notification-feed/${item.id}/engagement`, { body: { topic: 'clicked' } });
			expect(json(engaged.items)).toEqual([{ id: item.id, eventType: 'interacted', topic: 'clicked', at: expect.any(Number) }]);
			const delivered = await run('notificationFeed', 'markAsDelivered', { feedItemId: item.id, ...as });
			c.expectRequest(requests()[3], 'POST', `/notification-feed/${item.id}/delivered`);
			expect(json(delivered.items)).toEqual([expect.objectContaining({ id: item.id, readAt: item.readAt, deliveredAt: expect.any(Number) })]);
			const got = await run('notificationFeed', 'get', { feedItemId: item.id, options: { onBehalfOf: 'u1', templateOnly: true } });
			c.expectRequest(requests()[4], 'GET', `/notification-feed/${item.id}`, { query: { templateOnly: 'true' } });
			expect(json(got.items)).toEqual([item]);
			const deleted = await run('notificationFeed', 'delete', { feedItemId: item.id });
			c.expectRequest(requests()[5], 'DELETE', `/notification-feed/${item.id}`);
			expect(json(deleted.items)).toEqual([{ deleted: true, message: `Feed item ${item.id} deleted` }]);
		});

		it('another user\'s item is CometChat\'s 404; a bad topic is refused before any request', async () => {
			await notify();
			const [item] = feedOf('u1');
			const { error } = await run('notificationFeed', 'get', { feedItemId: item.id, options: { onBehalfOf: 'u2' } });
			expect(error?.message).toContain('Feed item not found');
			requests().length = 0;
			const bad = await run('notificationFeed', 'reportEngagement', { feedItemId: item.id, options: { topic: 'two words' } });
			expect(bad.error?.message).toContain('Topic: must be at most 64 letters, digits, "_" and "-" [item 0]');
			expect(requests()).toEqual([]);
		});
	});

	it('Push Notification: Get Many, Get, Mark as Delivered, Mark as Clicked, Report Engagement', async () => {
		await notify();
		const [push] = pushOf('u2');
		const as = { options: { onBehalfOf: 'u2' } };
		const many = await run('pushNotification', 'getAll', { limit: 5, ...as });
		c.expectRequest(requests()[0], 'GET', '/push-notifications', { query: { limit: '5' } });
		expect(json(many.items)).toEqual([push]);
		const delivered = await run('pushNotification', 'markDelivered', { pushNotificationId: push.id, ...as });
		c.expectRequest(requests()[1], 'PUT', `/push-notifications/${push.id}/delivered`);
		expect(json(delivered.items)).toEqual([expect.objectContaining({ id: push.id, deliveredAt: expect.any(Number) })]);
		const clicked = await run('pushNotification', 'markClicked', { pushNotificationId: push.id, ...as });
		c.expectRequest(requests()[2], 'PUT', `/push-notifications/${push.id}/clicked`);
		expect(json(clicked.items)).toEqual([expect.objectContaining({ id: push.id, clickedAt: expect.any(Number) })]);
		const engaged = await run('pushNotification', 'reportEngagement', { pushNotificationId: push.id, options: { onBehalfOf: 'u2', topic: 'dismissed' } });
		c.expectRequest(requests()[3], 'POST', `/push-notifications/${push.id}/engagement`, { body: { topic: 'dismissed' } });
		expect(json(engaged.items)).toEqual([expect.objectContaining({ topic: 'dismissed' })]);
		const got = await run('pushNotification', 'get', { pushNotificationId: push.id, ...as });
		c.expectRequest(requests()[4], 'GET', `/push-notifications/${push.id}`);
		expect(json(got.items)).toEqual([expect.objectContaining({ id: push.id, deliveredAt: expect.any(Number), clickedAt: expect.any(Number) })]);
	});

	describe('Analytics', () => {
		it('Get for User sends the filters, dates as ISO 8601', async () => {
			await notify();
			const { items } = await run('analytics', 'getUser', { userId: 'u1', filters: { dimension: 'template', dimensionId: 'order_update', period: 'hourly', startDate: '2001-01-01T00:00:00Z', endDate: '2099-01-01T00:00:00Z', limit: 10 } });
			c.expectRequest(requests()[0], 'GET', '/analytics/users/u1', {
				query: { dimension: 'template', dimensionId: 'order_update', period: 'hourly', startDate: '2001-01-01T00:00:00.000Z', endDate: '2099-01-01T00:00:00.000Z', limit: '10' },
			});
			expect(json(items)).toEqual([{ sent: 2, delivered: 0, read: 0, clicked: 0, period: 'hourly' }]);
		});

		it('Get for User picks the user from the chat API\'s users', async () => {
			c.ctx.emulator.seedUser({ uid: 'u1', name: 'Uma' });
			const picked = await c.search('searchUsers', 'uma');
			expect(picked.results).toEqual([{ name: 'Uma (u1)', value: 'u1' }]);
			expect(requests()[0].path).toBe('/v3/users');
			await notify();
			const { items, error } = await run('analytics', 'getUser', { userId: { __rl: true, mode: 'list', value: picked.results[0].value } });
			expect(error).toBeUndefined();
			c.expectRequest(requests().at(-1), 'GET', '/analytics/users/u1');
			expect(json(items)).toEqual([expect.objectContaining({ sent: 2 })]);
		});

		it('Get Overview, Get for Campaign, Get for Template and Get by Channel', async () => {
			await notify();
			const templateId = c.store().templates.byId.keys().next().value as string;
			const overview = await run('analytics', 'getOverview');
			c.expectRequest(requests()[0], 'GET', '/analytics/overview');
			expect(json(overview.items)).toEqual([{ sent: 4, delivered: 0, read: 0, clicked: 0, period: 'daily' }]);
			await run('analytics', 'getCampaign', { campaignId: byId('cmpgn1') });
			c.expectRequest(requests()[1], 'GET', '/analytics/campaigns/cmpgn1');
			const byTemplate = await run('analytics', 'getTemplate', { templateId: byId(templateId) });
			c.expectRequest(requests()[2], 'GET', `/analytics/templates/${templateId}`);
			expect(json(byTemplate.items)[0]).toMatchObject({ sent: 4 });
			const channels = await run('analytics', 'getChannels');
			c.expectRequest(requests()[3], 'GET', '/analytics/channels');
			expect(json(channels.items).map((item) => [item.channelType, item.sent])).toEqual([['in_app', 2], ['push', 2]]);
		});

		it('refuses a start date that is not a date before any request', async () => {
			const { error } = await run('analytics', 'getOverview', { filters: { startDate: 'soon' } });
			expect(error?.message).toContain('Start Date: "soon" is not a date [item 0]');
			expect(requests()).toEqual([]);
		});
	});
});
