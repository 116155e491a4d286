import type { INodeParameters } from 'n8n-workflow';
import { DEFAULT_MANAGEMENT_KEY, DEFAULT_MANAGEMENT_SECRET, managementStore } from '../emulator/management';
import { expectManagementRequest, runManagement, useEmulator } from '../helpers';

describe('CometChat Management → Tenant', () => {
	const ctx = useEmulator();
	const store = () => managementStore(ctx.emulator.state);
	const basic = `Basic ${Buffer.from(`${DEFAULT_MANAGEMENT_KEY}:${DEFAULT_MANAGEMENT_SECRET}`).toString('base64')}`;
	const tenant = (extra: INodeParameters = {}): INodeParameters => ({
		resource: 'tenant',
		operation: 'create',
		name: 'Ana Silva',
		email: 'ana@acme.example',
		password: 'Pass word#1',
		appName: 'Acme Support',
		appRegion: 'in',
		...extra,
	});

	it('POST /tenants with Basic auth (key and secret); the output is the account and its app with keys', async () => {
		const { items, error } = await runManagement(
			ctx,
			tenant({ options: { contactNumber: '+1 555 0100', industry: 'Retail', role: 'developer', technology: 'React' } }),
		);
		expect(error).toBeUndefined();
		expectManagementRequest(ctx.emulator.requests[0], {
			method: 'POST',
			path: '/tenants',
			body: {
				name: 'Ana Silva',
				email: 'ana@acme.example',
				password: 'Pass word#1',
				appName: 'Acme Support',
				appRegion: 'in',
				contactNumber: '+1 555 0100',
				industry: 'Retail',
				role: 'developer',
				technology: 'React',
			},
			headers: { authorization: basic },
		});
		const record = store().tenants.get('ana@acme.example')!;
		const app = store().apps.get(record.appId)!;
		expect(record).toMatchObject({ name: 'Ana Silva', industry: 'Retail', technology: 'React' });
		expect(items).toEqual([
			{
				json: {
					name: 'Ana Silva',
					email: 'ana@acme.example',
					createdAt: record.createdAt,
					contactNumber: '+1 555 0100',
					app: {
						name: 'Acme Support',
						appId: app.id,
						region: 'in',
						authKey: app.apiKeys[1].apiKey,
						apiKey: app.apiKeys[0].apiKey,
						createdAt: app.createdAt,
						plan: 'Build',
					},
				},
			},
		]);
		expect(JSON.stringify(items)).not.toContain('Pass word#1');
	});

	it('sends only the required fields when no option is added', async () => {
		await runManagement(ctx, tenant());
		expect(ctx.emulator.requests[0].body).toEqual({
			name: 'Ana Silva',
			email: 'ana@acme.example',
			password: 'Pass word#1',
			appName: 'Acme Support',
			appRegion: 'in',
		});
	});

	it.each([
		['an empty e-mail', { email: '={{ $json.v }}' }, { v: '' }, 'Email: is empty [item 0]'],
		['an empty password', { password: '={{ $json.v }}' }, { v: '' }, 'Password: is empty [item 0]'],
		['an unknown region', { appRegion: '={{ $json.v }}' }, { v: 'au' }, 'App Region: "au" is not one of eu, in, us [item 0]'],
		['a contact number that is not text', { options: { contactNumber: '={{ $json.v }}' } }, { v: { n: 1 } }, 'Contact Number: must be text, not an object [item 0]'],
	])('stops %s before any request', async (_case, parameters: INodeParameters, json, message) => {
		const { error } = await runManagement(ctx, tenant(parameters), { input: [{ json }] });
		expect(error?.message).toBe(message);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('reports CometChat\'s validation details for an e-mail already taken', async () => {
		await runManagement(ctx, tenant());
		const { error } = await runManagement(ctx, tenant());
		expect(error?.message).toBe('ERR_BAD_REQUEST: Failed to validate the data sent with the request. [item 0]');
		expect(error?.description).toContain('email: The email has already been taken.');
		expect(store().tenants.size).toBe(1);
	});
});
