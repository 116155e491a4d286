// examples/new-tenant.json: the CometChat Management node creates an app for a tenant, a webhook pointing
// at an n8n URL with Basic Auth, and two triggers on it.
import type { ExampleCheck } from '../n8n/checks';

export const check: ExampleCheck = {
	headless(run, { emulator }) {
		expect(run.error).toBeUndefined();
		const [app] = run.output('Create app') as Array<{ id: string; name: string; region: string }>;
		expect(app).toMatchObject({ name: 'Acme Corp', region: 'eu' });
		expect(run.output('Create webhook')).toMatchObject([{ id: 'n8n-events', webhookURL: 'https://n8n.example.com/webhook/cometchat-acme' }]);
		// The webhook's password never comes back out.
		expect(JSON.stringify(run.output('Create webhook'))).not.toContain('ChangeMe2024');
		expect(run.output('Add two triggers')).toMatchObject([
			{ trigger: 'message_sent', success: true },
			{ trigger: 'group_member_joined', success: true },
		]);
		// The management host got exactly these three calls, for the new app.
		expect(emulator.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /apps',
			`POST /apps/${app.id}/webhooks`,
			`POST /apps/${app.id}/webhooks/n8n-events/triggers`,
		]);
	},
};
