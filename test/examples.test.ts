import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEmulator, type Emulator } from './emulator';
import { DEFAULT_MANAGEMENT_KEY, DEFAULT_MANAGEMENT_SECRET, managementStore } from './emulator/management';
import { ROOT, runWorkflow, type WorkflowFile } from './harness';

// Every example workflow runs, as exported, in n8n's engine against the emulator's demo data.
describe('example workflows', () => {
	let emulator: Emulator;
	beforeAll(async () => {
		emulator = await createEmulator({ seed: true });
	});
	beforeEach(() => emulator.reset());
	afterAll(() => emulator.close());

	const load = (name: string) => JSON.parse(readFileSync(join(ROOT, 'examples', name), 'utf8')) as WorkflowFile;
	const credentials = () => ({ appId: emulator.appId, apiKey: emulator.apiKey, baseUrl: emulator.url });
	const requests = () => emulator.requests.map((r) => `${r.method} ${r.path.replace('/v3', '')} ${JSON.stringify(r.body ?? '')} ${r.headers.onbehalfof ?? ''}`.trim());

	it('moderation-block-and-report: blocks each reported user and reports every result', async () => {
		const { error, output } = await runWorkflow(load('moderation-block-and-report.json'), credentials());
		expect(error).toBeUndefined();
		expect(output('Block reported users')).toEqual([
			{ uid: 'spammer-42', success: true, message: 'The user with UID cometchat-uid-3 has blocked user with UID spammer-42 successfully.' },
			{ uid: 'guest-emma', success: true, message: 'The user with UID cometchat-uid-3 has blocked user with UID guest-emma successfully.' },
			{ uid: 'no-such-user', success: false, message: 'The uid no-such-user does not exist, please make sure you have created a uid with uid no-such-user.' },
		]);
		expect(output('Tell the moderator').map((m) => (m.data as { text: string }).text)).toEqual([
			'Report from cometchat-uid-3: spammer-42 is now blocked',
			'Report from cometchat-uid-3: guest-emma is now blocked',
			'Report from cometchat-uid-3: no-such-user was not blocked (The uid no-such-user does not exist, please make sure you have created a uid with uid no-such-user.)',
		]);
		expect(requests()[0]).toBe('POST /users/cometchat-uid-3/blockedusers {"blockedUids":["spammer-42","guest-emma","no-such-user"]}');
		expect(requests().slice(1)).toHaveLength(3);
		expect(emulator.requests.slice(1).every((r) => r.path === '/v3/messages' && (r.body as { receiver: string }).receiver === 'mod-olivia')).toBe(true);
	});

	it('unban-appeal: unbans on behalf of the moderator, then tells the user', async () => {
		expect(emulator.state.getGroup('cometchat-guid-1')?.bans.has('spammer-42')).toBe(true);
		const { error, output } = await runWorkflow(load('unban-appeal.json'), credentials());
		expect(error).toBeUndefined();
		expect(output('Unban')).toEqual([
			{ success: true, message: 'The user with uid spammer-42 has been unbanned from the Group cometchat-guid-1.' },
		]);
		expect(output('Tell the user')[0]).toMatchObject({
			sender: 'mod-olivia',
			receiver: 'spammer-42',
			data: { text: 'Your appeal was accepted: you can join cometchat-guid-1 again.' },
		});
		expect(requests()).toEqual([
			'DELETE /groups/cometchat-guid-1/bannedusers/spammer-42 "" mod-olivia',
			'POST /messages {"category":"message","type":"text","receiverType":"user","receiver":"spammer-42","data":{"text":"Your appeal was accepted: you can join cometchat-guid-1 again."}} mod-olivia',
		]);
		expect(emulator.state.getGroup('cometchat-guid-1')?.bans.has('spammer-42')).toBe(false);
	});

	// The trigger's output is pinned (a moderation_engine_blocked event); runWorkflow starts from it.
	it('moderation-flagged-message: bans the sender of the blocked message, then tells the moderators', async () => {
		const { error, output } = await runWorkflow(load('moderation-flagged-message.json'), credentials());
		expect(error).toBeUndefined();
		expect(output('Ban the sender')).toEqual([
			{ success: true, message: 'The user with uid cometchat-uid-2 has been banned from the Group with cometchat-guid-1.' },
		]);
		expect((output('Tell the moderators')[0].data as { text: string }).text).toBe(
			'Moderation blocked a message from George Alan (cometchat-uid-2) in Hiking Group: "Cheap pills, 90% off: pm me". They are now banned from the group.',
		);
		expect(requests()).toEqual([
			'POST /groups/cometchat-guid-1/bannedusers/cometchat-uid-2 "" mod-olivia',
			'POST /messages {"category":"message","type":"text","receiverType":"user","receiver":"mod-olivia","data":{"text":"Moderation blocked a message from George Alan (cometchat-uid-2) in Hiking Group: \\"Cheap pills, 90% off: pm me\\". They are now banned from the group."},"tags":["moderation"]}',
		]);
		expect(emulator.state.getGroup('cometchat-guid-1')?.bans.has('cometchat-uid-2')).toBe(true);
	});

	it('new-tenant: creates the app, a webhook to n8n with Basic Auth and retries, then its two triggers', async () => {
		const management = { key: DEFAULT_MANAGEMENT_KEY, secret: DEFAULT_MANAGEMENT_SECRET, baseUrl: emulator.url.replace(/\/v3$/, '') };
		const { error, output } = await runWorkflow(load('new-tenant.json'), credentials(), management);
		expect(error).toBeUndefined();
		const store = managementStore(emulator.state);
		const app = [...store.apps.values()].find((a) => a.name === 'Acme Corp')!;
		expect(app).toMatchObject({ region: 'eu', skipSampleData: true, state: 'active' });
		// The app's own keys come with it: the REST API key a CometChat credential for the tenant needs.
		const [created] = output('Create app');
		expect(created.id).toBe(app.id);
		expect(Object.values(created.apiKeys as Record<string, { scope: string; apiKey: string }>).find((k) => k.scope === 'fullAccess')?.apiKey).toBe(app.apiKeys[0].apiKey);
		expect(output('Create webhook')).toEqual([
			expect.objectContaining({ id: 'n8n-events', name: 'n8n events for Acme Corp', webhookURL: 'https://n8n.example.com/webhook/cometchat-acme', useBasicAuth: true, retryOnFailure: true }),
		]);
		expect(output('Add two triggers')).toEqual([
			{ trigger: 'message_sent', success: true, message: 'Triggers has been added successfully.' },
			{ trigger: 'group_member_joined', success: true, message: 'Triggers has been added successfully.' },
		]);
		expect(store.appWebhooks(app.id).get('n8n-events')).toMatchObject({ username: 'cometchat', password: 'ChangeMe2024', triggers: ['message_sent', 'group_member_joined'] });
		expect(emulator.requests.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body ?? '')}`)).toEqual([
			'POST /apps {"region":"eu","skipSampleData":true,"name":"Acme Corp"}',
			`POST /apps/${app.id}/webhooks {"id":"n8n-events","name":"n8n events for Acme Corp","webhookURL":"https://n8n.example.com/webhook/cometchat-acme","useBasicAuth":true,"username":"cometchat","password":"ChangeMe2024","retryOnFailure":true}`,
			`POST /apps/${app.id}/webhooks/n8n-events/triggers {"triggerIds":["message_sent","group_member_joined"]}`,
		]);
		expect(JSON.stringify(output('Create webhook'))).not.toContain('ChangeMe2024');
	});

	it('signup-auth-tokens: one forced token per sign-up, then a welcome for each', async () => {
		const { error, output } = await runWorkflow(load('signup-auth-tokens.json'), credentials());
		expect(error).toBeUndefined();
		expect(output('Create auth token').map((t) => t.uid)).toEqual(['guest-emma', 'guest-liam']);
		expect(output('Create auth token').every((t) => /^guest-(emma|liam)_[0-9a-f]{40}$/.test(String(t.authToken)))).toBe(true);
		expect(output('Welcome message').map((m) => [m.receiver, (m.data as { text: string }).text])).toEqual([
			['guest-emma', 'Welcome aboard, Emma!'],
			['guest-liam', 'Welcome aboard, Liam!'],
		]);
		expect(emulator.requests.filter((r) => r.path.endsWith('/auth_tokens')).map((r) => r.body)).toEqual([{ force: true }, { force: true }]);
	});
});
