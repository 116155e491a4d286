import type { IDataObject } from 'n8n-workflow';
import { byId, faultOnce, json } from '../helpers';
import { useCampaigns } from './helpers';

describe('Campaigns → Campaign', () => {
	const c = useCampaigns();
	const requests = () => c.ctx.emulator.requests;
	const template = () => c.store().addTemplate(c.ctx.emulator.state, { name: 'Order update', templateId: 'order_update' });
	const campaign = (fields: Record<string, unknown> = {}) => c.store().addCampaign(c.ctx.emulator.state, { name: 'Summer', templateId: template().id, templateVersion: 1, ...fields });
	const run = (operation: string, parameters: IDataObject = {}, input?: Parameters<typeof c.run>[3]) => c.run('campaign', operation, parameters, input);

	describe('Create', () => {
		it('sends name, template, version and the added JSON options, and returns the campaign', async () => {
			template();
			const { items, error } = await run('create', {
				name: ' Summer sale ',
				templateId: byId('order_update'),
				templateVersion: 2,
				options: { variables: '{"promoCode": "SUMMER25"}', config: '{"priority": "high"}' },
			});
			expect(error).toBeUndefined();
			expect(requests()).toHaveLength(1);
			c.expectRequest(requests()[0], 'POST', '/campaigns', {
				body: { name: 'Summer sale', templateId: 'order_update', templateVersion: 2, variables: { promoCode: 'SUMMER25' }, config: { priority: 'high' } },
			});
			const [stored] = c.store().campaigns.byId.values();
			expect(json(items)).toEqual([JSON.parse(JSON.stringify(stored))]);
			expect(stored).toMatchObject({ name: 'Summer sale', status: 'draft', templateVersion: 2, variables: { promoCode: 'SUMMER25' } });
		});

		it.each([
			[{ templateVersion: '={{ 0 }}' }, 'Template Version: must be a whole number of at least 1'],
			[{ name: '={{ "" }}' }, 'Name: is empty'],
			[{ templateId: byId('={{ "a/b" }}') }, 'Template: "a/b" has characters'],
			[{ options: { variables: '[1]' } }, 'Variables (JSON): must be a JSON object'],
		])('refuses bad input %j before any request, naming item and field', async (bad, message) => {
			const { error, items } = await run('create', { name: 'Summer', templateId: byId('order_update'), templateVersion: 1, ...bad });
			expect(error?.message).toContain(message);
			expect(error?.message).toContain('[item 0]');
			expect(items).toEqual([]);
			expect(requests()).toEqual([]);
		});

		it('keeps CometChat\'s code and message when the template does not exist', async () => {
			const { error } = await run('create', { name: 'Summer', templateId: byId('missing'), templateVersion: 1 });
			expect(error?.message).toContain('Template not found');
			expect(JSON.stringify(error)).toContain('ERR_TEMPLATE_NOT_FOUND');
		});
	});

	it('Get returns the campaign with its recipient summary', async () => {
		const stored = campaign();
		const { items } = await run('get', { campaignId: byId(stored.id) });
		c.expectRequest(requests()[0], 'GET', `/campaigns/${stored.id}`);
		expect(json(items)).toEqual([{ ...stored, recipientSummary: { total: 0, pending: 0, processing: 0, completed: 0, failed: 0 } }]);
	});

	describe('Get Many', () => {
		it('asks for no more than the Limit, with the filters, one item per campaign', async () => {
			for (const name of ['Summer', 'Summer two', 'Winter']) campaign({ name });
			const { items } = await run('getAll', { limit: 1, filters: { search: 'summer', status: 'draft', sort: 'name', order: 'asc' } });
			expect(requests()).toHaveLength(1);
			c.expectRequest(requests()[0], 'GET', '/campaigns', { query: { limit: '1', search: 'summer', status: 'draft', sort: 'name', order: 'asc' } });
			expect(json(items).map((item) => item.name)).toEqual(['Summer']);
		});

		it('Return All walks pages of 100 from the last record\'s updatedAt and id', async () => {
			for (let i = 0; i < 150; i++) campaign({ name: `C${i}` });
			const { items, error } = await run('getAll', { returnAll: true });
			expect(error).toBeUndefined();
			expect(items).toHaveLength(150);
			expect(new Set(json(items).map((item) => item.id)).size).toBe(150);
			expect(requests()).toHaveLength(2);
			// Sort By left out is still sent: the spec gives no default sort, and the cursor pages under its own only.
			c.expectRequest(requests()[0], 'GET', '/campaigns', { query: { limit: '100', sort: 'updatedAt' } });
			const last = json(items)[99] as { id: string; updatedAt: number };
			c.expectRequest(requests()[1], 'GET', '/campaigns', { query: { limit: '100', sort: 'updatedAt', updatedAt: String(last.updatedAt), id: last.id, affix: 'append' } });
		});

		it('with another Sort By than the cursor\'s, Return All and a Limit over 100 are refused before any request', async () => {
			for (let i = 0; i < 150; i++) campaign({ name: `C${i}` });
			const all = await run('getAll', { returnAll: true, filters: { sort: 'name' } });
			expect(all.error?.message).toBe('Return All: reads at most 100 records with Sort By name [item 0]');
			const over = await run('getAll', { limit: 101, filters: { sort: 'createdAt' } });
			expect(over.error?.message).toBe('Limit: reads at most 100 records with Sort By createdAt [item 0]');
			expect(requests()).toEqual([]);
			// Up to 100 is one page: no cursor is needed.
			const first = await run('getAll', { limit: 100, filters: { sort: 'name', order: 'asc' } });
			expect(first.error).toBeUndefined();
			expect(requests()).toHaveLength(1);
			c.expectRequest(requests()[0], 'GET', '/campaigns', { query: { limit: '100', sort: 'name', order: 'asc' } });
			expect(first.items).toHaveLength(100);
			// Sort By Updated At, the cursor's own, still walks every page.
			const sorted = await run('getAll', { returnAll: true, filters: { sort: 'updatedAt' } });
			expect(sorted.items).toHaveLength(150);
		});
	});

	describe('Update', () => {
		it('sends only the fields added', async () => {
			const stored = campaign();
			const { items } = await run('update', { campaignId: byId(stored.id), updateFields: { name: 'Autumn', config: '{"a": 1}' } });
			c.expectRequest(requests()[0], 'PUT', `/campaigns/${stored.id}`, { body: { name: 'Autumn', config: { a: 1 } } });
			expect(json(items)).toEqual([{ ...stored }]);
			expect(stored).toMatchObject({ name: 'Autumn', config: { a: 1 } });
		});

		it('refuses an empty Update Fields before any request', async () => {
			const { error } = await run('update', { campaignId: byId('cmpgn1'), updateFields: {} });
			expect(error?.message).toContain('Update Fields: is empty [item 0]');
			expect(requests()).toEqual([]);
		});
	});

	it('Delete deletes a draft campaign and says so', async () => {
		const stored = campaign();
		const { items } = await run('delete', { campaignId: byId(stored.id) });
		c.expectRequest(requests()[0], 'DELETE', `/campaigns/${stored.id}`);
		expect(json(items)).toEqual([{ deleted: true, message: `Campaign ${stored.id} deleted` }]);
		expect(c.store().campaigns.byId.size).toBe(0);
	});

	describe('Recipients', () => {
		it('Add Recipients sends the UIDs (repeats once) and the per-user variables', async () => {
			const stored = campaign();
			const { items } = await run('addRecipients', { campaignId: byId(stored.id), userIds: 'u1, u2, U1', options: { userVariables: '{"u1": {"name": "Ajay"}}' } });
			c.expectRequest(requests()[0], 'POST', `/campaigns/${stored.id}/recipients`, { body: { userIds: ['u1', 'u2'], userVariables: { u1: { name: 'Ajay' } } } });
			expect(json(items)).toEqual([{ added: 2, total: 2 }]);
		});

		it('Add Recipients refuses an empty list before any request', async () => {
			const { error } = await run('addRecipients', { campaignId: byId('cmpgn1'), userIds: ' , ' });
			expect(error?.message).toContain('User IDs: is empty; give at least one ID [item 0]');
			expect(requests()).toEqual([]);
		});

		it('Get Recipients filters by status, one item per recipient; Get Recipient Summary counts them', async () => {
			const stored = campaign();
			await run('addRecipients', { campaignId: byId(stored.id), userIds: 'u1, u2' });
			c.store().recipients.get(stored.id)![1].status = 'failed';
			const { items } = await run('getRecipients', { campaignId: byId(stored.id), limit: 10, filters: { status: 'failed' } });
			c.expectRequest(requests()[1], 'GET', `/campaigns/${stored.id}/recipients`, { query: { limit: '10', status: 'failed', sort: 'updatedAt' } });
			expect(json(items)).toEqual([c.store().recipients.get(stored.id)![1]]);
			const summary = await run('getRecipientSummary', { campaignId: byId(stored.id) });
			c.expectRequest(requests()[2], 'GET', `/campaigns/${stored.id}/recipients/summary`);
			expect(json(summary.items)).toEqual([{ total: 2, pending: 1, processing: 0, completed: 0, failed: 1 }]);
		});
	});

	describe('Upload Recipients CSV', () => {
		const csv = (text: string) => [{ json: {}, binary: { file: { data: Buffer.from(text).toString('base64'), mimeType: 'text/csv', fileName: 'r.csv' } } }];

		it('gets a presigned URL, PUTs the file there without the key or CometChat headers, then starts the import', async () => {
			const stored = campaign();
			const { items, error } = await run('uploadRecipients', { campaignId: byId(stored.id), binaryPropertyName: 'file' }, csv('uid\nu1\nu2\n'));
			expect(error).toBeUndefined();
			expect(requests()).toHaveLength(3);
			c.expectRequest(requests()[0], 'POST', `/campaigns/${stored.id}/recipients/upload-url`);
			const s3Key = `campaigns/${stored.id}/recipients-3.csv`;
			const put = requests()[1];
			expect({ method: put.method, path: put.path, body: put.body }).toEqual({ method: 'PUT', path: `/v3/campaigns/uploads/${encodeURIComponent(s3Key)}`, body: 'uid\nu1\nu2\n' });
			expect(put.headers['content-type']).toBe('text/csv');
			for (const header of ['apikey', 'appid', 'onbehalfof', 'authorization']) expect(put.headers).not.toHaveProperty(header);
			c.expectRequest(requests()[2], 'POST', `/campaigns/${stored.id}/import-csv`, { body: { s3Key } });
			const { jobId } = c.store().imports.get(stored.id)!;
			expect(json(items)).toEqual([{ jobId, campaignId: stored.id, status: 'processing' }]);
			expect(c.store().recipients.get(stored.id)!.map((r) => r.userId)).toEqual(['u1', 'u2']);
			const status = await run('getImportStatus', { campaignId: byId(stored.id) });
			c.expectRequest(requests()[3], 'GET', `/campaigns/${stored.id}/import-status`);
			expect(json(status.items)).toEqual([{ jobId, campaignId: stored.id, s3Key, status: 'completed', totalRows: 2, imported: 2 }]);
		});

		it.each([
			['https://uploads.example.com/k?sig=1', 'is on uploads.example.com, not on Amazon S3'],
			['http://bucket.s3.amazonaws.com/k', 'is not https'],
			['not a url', 'is not a URL'],
		])('sends the file nowhere when the presigned URL is %s', async (uploadUrl, problem) => {
			const stored = campaign();
			faultOnce(c.ctx.emulator, 'POST', `/v3/campaigns/campaigns/${stored.id}/recipients/upload-url`, { status: 201, body: { data: { uploadUrl, s3Key: 'k' } } });
			const { error } = await run('uploadRecipients', { campaignId: byId(stored.id), binaryPropertyName: 'file' }, csv('u1'));
			expect(error?.message).toBe(`Recipient CSV not uploaded: the upload URL in CometChat's answer ${problem} [item 0]`);
			expect(requests()).toHaveLength(1);
		});

		it('refuses an item without the binary field before any request', async () => {
			const { error } = await run('uploadRecipients', { campaignId: byId('cmpgn1'), binaryPropertyName: 'file' }, [{ json: {} }]);
			expect(error?.message).toContain('Input Binary Field: the input item has no binary field "file" [item 0]');
			expect(requests()).toEqual([]);
		});

		it('Get Import Status keeps CometChat\'s 404 when no import ran', async () => {
			const stored = campaign();
			const { error } = await run('getImportStatus', { campaignId: byId(stored.id) });
			expect(error?.message).toContain('No active import found');
			expect(JSON.stringify(error)).toContain('ERR_IMPORT_NOT_FOUND');
		});
	});

	describe('Sending', () => {
		it('Schedule sends the date in Unix seconds', async () => {
			const stored = campaign();
			const { items, error } = await run('schedule', { campaignId: byId(stored.id), scheduledAt: '2099-05-01T09:00:00Z' });
			expect(error).toBeUndefined();
			c.expectRequest(requests()[0], 'POST', `/campaigns/${stored.id}/schedule`, { body: { scheduledAt: Date.UTC(2099, 4, 1, 9) / 1000 } });
			expect(json(items)).toEqual([{ ...stored }]);
			expect(stored).toMatchObject({ status: 'scheduled', scheduledAt: Date.UTC(2099, 4, 1, 9) / 1000 });
		});

		it('Schedule refuses a value that is not a date before any request', async () => {
			const { error } = await run('schedule', { campaignId: byId('cmpgn1'), scheduledAt: 'next week' });
			expect(error?.message).toContain('Send At: "next week" is not a date [item 0]');
			expect(requests()).toEqual([]);
		});

		it('Send, Get Sequence Metrics and Cancel act on the campaign', async () => {
			const stored = campaign();
			await run('addRecipients', { campaignId: byId(stored.id), userIds: 'u1' });
			const sent = await run('send', { campaignId: byId(stored.id) });
			c.expectRequest(requests()[1], 'POST', `/campaigns/${stored.id}/send`);
			expect(json(sent.items)).toEqual([expect.objectContaining({ id: stored.id, status: 'sending' })]);
			const metrics = await run('getSequenceMetrics', { campaignId: byId(stored.id) });
			c.expectRequest(requests()[2], 'GET', `/campaigns/${stored.id}/sequence-metrics`);
			expect(json(metrics.items)).toEqual([{ campaignId: stored.id, steps: [{ sequenceOrder: 1, channelType: 'in_app', sent: 0, delivered: 0, read: 0, failed: 0 }] }]);
			const cancelled = await run('cancel', { campaignId: byId(stored.id) });
			c.expectRequest(requests()[3], 'POST', `/campaigns/${stored.id}/cancel`);
			expect(json(cancelled.items)).toEqual([expect.objectContaining({ id: stored.id, status: 'cancelled' })]);
		});

		it('Send keeps CometChat\'s error for a campaign without recipients', async () => {
			const stored = campaign();
			const { error } = await run('send', { campaignId: byId(stored.id) });
			expect(error?.message).toContain('Campaign not in sendable status or no recipients');
		});
	});

	it('the campaign picker\'s page token is the Get Many cursor: updatedAt in Unix seconds', async () => {
		const stored = Array.from({ length: 101 }, (_, i) => campaign({ name: `C${i}` }));
		// A record holding its time as a date text: the spec's cursor is a number.
		for (const record of stored) (record as { updatedAt: unknown }).updatedAt = '2026-01-02T03:04:05.000Z';
		const first = await c.search('searchCampaigns');
		expect(first.results).toHaveLength(100);
		const lastId = first.results[99].value as string;
		const second = await c.search('searchCampaigns', undefined, first.paginationToken as string);
		c.expectRequest(requests()[1], 'GET', '/campaigns', { query: { limit: '100', sort: 'updatedAt', updatedAt: '1767323045', id: lastId, affix: 'append' } });
		expect(second.results).toHaveLength(1);
	});

	it('the campaign picker lists campaigns by name, searched by the service', async () => {
		const stored = campaign({ name: 'Summer' });
		campaign({ name: 'Winter' });
		const result = await c.search('searchCampaigns', 'sum');
		c.expectRequest(requests()[0], 'GET', '/campaigns', { query: { limit: '100', sort: 'updatedAt', search: 'sum' } });
		expect(result).toEqual({ results: [{ name: `Summer (${stored.id})`, value: stored.id }], paginationToken: undefined });
	});
});
