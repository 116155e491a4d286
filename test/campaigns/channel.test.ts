import type { IDataObject } from 'n8n-workflow';
import { byId, json } from '../helpers';
import { useCampaigns } from './helpers';

describe('Campaigns → Channel', () => {
	const c = useCampaigns();
	const requests = () => c.ctx.emulator.requests;
	const run = (operation: string, parameters: IDataObject = {}) => c.run('channel', operation, parameters);
	const channel = (fields: Record<string, unknown> = {}) =>
		c.store().channels.add(c.ctx.emulator.state, { channelId: 'cc-push', name: 'Push', channelType: 'push', enabled: true, metadata: { apiKey: 'provider-secret-1', senderId: 'acme' }, ...fields }, c.store().next());

	it('Create sends name, type and the options; the output hides the provider\'s key', async () => {
		const { items, error } = await run('create', { name: 'My Push', type: 'push', options: { slug: 'cc-my-push', enabled: true, metadata: '{"apiKey": "provider-secret-1", "senderId": "acme"}' } });
		expect(error).toBeUndefined();
		c.expectRequest(requests()[0], 'POST', '/channels', { body: { type: 'push', name: 'My Push', channelId: 'cc-my-push', enabled: true, metadata: { apiKey: 'provider-secret-1', senderId: 'acme' } } });
		const [stored] = c.store().channels.byId.values();
		expect(json(items)).toEqual([{ ...stored, metadata: { apiKey: '[redacted]', senderId: 'acme' } }]);
		expect(JSON.stringify(items)).not.toContain('provider-secret-1');
	});

	it('Create refuses a type that is not a channel type before any request', async () => {
		const { error } = await run('create', { name: 'X', type: '={{ "fax" }}' });
		expect(error?.message).toContain('Type');
		expect(error?.message).toContain('[item 0]');
		expect(requests()).toEqual([]);
	});

	it('Get, Get Many (with search) and Get Availability', async () => {
		const stored = channel();
		const one = await run('get', { channelId: byId('cc-push') });
		c.expectRequest(requests()[0], 'GET', '/channels/cc-push');
		expect(json(one.items)).toEqual([{ ...stored, metadata: { apiKey: '[redacted]', senderId: 'acme' } }]);
		const many = await run('getAll', { limit: 3, filters: { search: 'push', sort: 'channelType' } });
		c.expectRequest(requests()[1], 'GET', '/channels', { query: { limit: '3', search: 'push', sort: 'channelType' } });
		expect(json(many.items)).toHaveLength(1);
		const availability = await run('getAvailability');
		c.expectRequest(requests()[2], 'GET', '/channels/availability');
		expect(json(availability.items)).toEqual(['in_app', 'push', 'sms', 'email', 'whatsapp', 'custom'].map((type) => ({ type, available: type === 'in_app' || type === 'push' })));
	});

	it('Get hides provider secrets at every depth, also inside a JSON text', async () => {
		const privateKey = '-----BEGIN PRIVATE KEY-----abcdefghijklmnop';
		const stored = channel({
			metadata: { apiKey: 'provider-secret-1', senderId: 'acme', serviceAccount: { project_id: 'p1', private_key: privateKey }, credentials: { user: 'u', pass: 'provider-pass-1' }, nested: { list: [{ clientSecret: 's3cret-value-1' }], config: JSON.stringify({ private_key: privateKey, region: 'eu' }) } },
		});
		const { items } = await run('get', { channelId: byId(stored.id) });
		c.expectRequest(requests()[0], 'GET', `/channels/${stored.id}`);
		expect(json(items)).toEqual([
			{ ...stored, metadata: { apiKey: '[redacted]', senderId: 'acme', serviceAccount: '[redacted]', credentials: '[redacted]', nested: { list: [{ clientSecret: '[redacted]' }], config: JSON.stringify({ private_key: '[redacted]', region: 'eu' }) } } },
		]);
		for (const secret of [privateKey, 'provider-pass-1', 's3cret-value-1', 'provider-secret-1']) expect(JSON.stringify(items)).not.toContain(secret);
	});

	it('an error that echoes the typed metadata carries none of its secrets, however deep', async () => {
		const stored = channel();
		const privateKey = '-----BEGIN PRIVATE KEY-----abcdefghijklmnop';
		const metadata = JSON.stringify({ serviceAccount: { private_key: privateKey } });
		c.ctx.emulator.failNext({ status: 400, body: { error: { message: `Invalid metadata ${metadata}`, devMessage: privateKey, source: 'campaigns', code: 'ERR_BAD_REQUEST' } } });
		const { error } = await run('update', { channelId: byId(stored.id), updateFields: { metadata } });
		c.expectRequest(requests()[0], 'PUT', `/channels/${stored.id}`, { body: { metadata: JSON.parse(metadata) } });
		expect(error?.message).toContain('ERR_BAD_REQUEST');
		expect(JSON.stringify({ message: error?.message, description: error?.description })).not.toContain(privateKey);
	});

	it('an error that echoes metadata an expression gives as an object carries none of its secrets either', async () => {
		const stored = channel();
		const privateKey = '-----BEGIN PRIVATE KEY-----qrstuvwxyz012345';
		c.ctx.emulator.failNext({ status: 400, body: { error: { message: `Invalid metadata ${privateKey}`, devMessage: 'provider-pass-object-2', source: 'campaigns', code: 'ERR_BAD_REQUEST' } } });
		const metadata = `={{ { "serviceAccount": { "private_key": "${privateKey}" }, "credentials": ["provider-pass-object-2"] } }}`;
		const { error } = await run('update', { channelId: byId(stored.id), updateFields: { metadata } });
		c.expectRequest(requests()[0], 'PUT', `/channels/${stored.id}`, { body: { metadata: { serviceAccount: { private_key: privateKey }, credentials: ['provider-pass-object-2'] } } });
		expect(error?.message).toContain('ERR_BAD_REQUEST');
		const shown = JSON.stringify({ message: error?.message, description: error?.description });
		expect(shown).not.toContain(privateKey);
		expect(shown).not.toContain('provider-pass-object-2');
	});

	// Provider secrets are often shorter than 20 characters (an SMTP password, a short auth token): under a key
	// that names a secret they are hidden in the output and cut from error texts alike, however short (from 6).
	it('a short secret in metadata, under a key that names one, reaches neither the output nor an error', async () => {
		const metadata = { smtp: { host: 'mail.example.com', user: 'mailer', pass: 'Sh0rtPass9' }, smtpPwd: 'pw-4242', authToken: 'tok-1234' };
		const stored = channel({ metadata });
		const { items } = await run('get', { channelId: byId(stored.id) });
		expect(json(items)).toEqual([{ ...stored, metadata: { smtp: { host: 'mail.example.com', user: 'mailer', pass: '[redacted]' }, smtpPwd: '[redacted]', authToken: '[redacted]' } }]);
		c.ctx.emulator.failNext({ status: 400, body: { error: { message: 'Invalid metadata: Sh0rtPass9 rejected by mail.example.com', devMessage: 'pw-4242 tok-1234', source: 'campaigns', code: 'ERR_BAD_REQUEST' } } });
		const { error } = await run('update', { channelId: byId(stored.id), updateFields: { metadata: JSON.stringify(metadata) } });
		c.expectRequest(requests()[1], 'PUT', `/channels/${stored.id}`, { body: { metadata } });
		const shown = JSON.stringify({ message: error?.message, description: error?.description });
		expect(error?.message).toBe('ERR_BAD_REQUEST: Invalid metadata: [redacted] rejected by mail.example.com [item 0]');
		for (const secret of ['Sh0rtPass9', 'pw-4242', 'tok-1234']) expect(shown).not.toContain(secret);
	});

	it('Update sends the fields added; an empty Update Fields is refused', async () => {
		const stored = channel();
		const { items } = await run('update', { channelId: byId(stored.id), updateFields: { enabled: false, name: 'Renamed' } });
		c.expectRequest(requests()[0], 'PUT', `/channels/${stored.id}`, { body: { enabled: false, name: 'Renamed' } });
		expect(json(items)).toEqual([expect.objectContaining({ name: 'Renamed', enabled: false })]);
		const refused = await run('update', { channelId: byId(stored.id), updateFields: {} });
		expect(refused.error?.message).toContain('Update Fields: is empty [item 0]');
		expect(requests()).toHaveLength(1);
	});

	it('the channel picker searches by name', async () => {
		const stored = channel();
		const result = await c.search('searchChannels', 'pu');
		c.expectRequest(requests()[0], 'GET', '/channels', { query: { limit: '100', sort: 'updatedAt', search: 'pu' } });
		expect(result.results).toEqual([{ name: `Push (${stored.id})`, value: stored.id }]);
	});
});
