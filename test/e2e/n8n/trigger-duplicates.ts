/**
 * The CometChat Trigger's duplicate check in a real n8n on one process (SQLite), as CometChat
 * delivers: every distinct event starts one execution; a later event resent (CometChat retries after
 * 10 s and 30 s) starts none, also when two copies arrive at the same instant and after n8n restarts;
 * the seen-set is in the workflow's saved static data; a body that is no CometChat event starts nothing.
 * The engine harness keeps static data in memory and could not see whether n8n saves it: this can.
 * Then automatic registration against the emulator's management host: the trigger's own Basic Auth pair
 * is registered, saved in the static data n8n keeps, and is what deliveries need.
 */
import { DEMO_OWNER, type Execution, untilServed, type WorkflowFile } from './instance';
import type { RuntimeName } from './runtime';
import { WEBHOOK_AUTH } from './setup';
import { managementStore } from '../../emulator/management';
import { e2eTest, liveContext, readExecution, useRealN8n } from './suite';

const WORKFLOW_ID = 'dedupeE2e0001';
const WEBHOOK_ID = '5d2f0c8e-7a41-4b6e-9d3c-2e8f1a0b7c11';
const PATH = `${WEBHOOK_ID}/webhook`;
const AUTH = { authorization: `Basic ${Buffer.from(`${WEBHOOK_AUTH.username}:${WEBHOOK_AUTH.password}`).toString('base64')}` };

const workflow: WorkflowFile = {
	id: WORKFLOW_ID,
	name: 'Trigger duplicates (e2e)',
	nodes: [
		{
			name: 'CometChat Trigger',
			type: 'n8n-nodes-cometchat.cometChatTrigger',
			typeVersion: 1,
			position: [0, 0],
			webhookId: WEBHOOK_ID,
			parameters: { registration: 'manual', events: ['*'] },
			credentials: { cometChatWebhookAuthApi: { id: 'cometchat-webhook-auth', name: 'CometChat webhook auth' } },
		},
	],
	connections: {},
	settings: { executionOrder: 'v1' },
	active: false,
};

/** n8n's public webhook address here: CometChat registers https addresses only; n8n still listens on its port. */
const PUBLIC_URL = 'https://n8n.e2e.test/';
const REGISTERED_ID = 'regE2e0001';
const REGISTERED_WEBHOOK_ID = '8c1e6a52-3f0b-4d7e-a9c4-5b2d7e1f0a33';

/** The trigger with automatic registration: the management credential only. */
const registered: WorkflowFile = {
	id: REGISTERED_ID,
	name: 'Trigger automatic registration (e2e)',
	nodes: [
		{
			name: 'CometChat Trigger',
			type: 'n8n-nodes-cometchat.cometChatTrigger',
			typeVersion: 1,
			position: [0, 0],
			webhookId: REGISTERED_WEBHOOK_ID,
			parameters: { registration: 'automatic', appId: 'demo-app', events: ['message_sent'] },
			credentials: { cometChatManagementApi: { id: 'cometchat-management-demo', name: 'CometChat Management demo' } },
		},
	],
	connections: {},
	settings: { executionOrder: 'v1' },
	active: false,
};

/** A message_sent delivery as CometChat posts it (documented idempotency key: webhook, trigger, data.message.id). */
export const messageSent = (id: number) => ({
	trigger: 'message_sent',
	appId: 'e2e-app',
	region: 'us',
	webhook: 'n8n-e2e',
	data: {
		message: {
			id: String(id),
			conversationId: 'cometchat-uid-1_user_cometchat-uid-2',
			sender: 'cometchat-uid-1',
			receiverType: 'user',
			receiver: 'cometchat-uid-2',
			category: 'message',
			type: 'text',
			data: { text: `message ${id}` },
			sentAt: 1700000000 + id,
		},
	},
});

/** The scenario, in its own real n8n of `runtime` (a describe block of e2e tests). */
export function triggerDuplicatesScenario(runtime: RuntimeName): void {
	// One example is imported with it (the suite's import wants at least one); it is never activated.
	const suite = useRealN8n(runtime, ['moderation-flagged-message'], { WEBHOOK_URL: PUBLIC_URL });

	describe(`CometChat Trigger duplicates in ${runtime === 'n8n2' ? 'n8n 2.x' : 'n8n 1.x'} (one process, SQLite)`, () => {
		const ctx = () => ours();
		const ours = () => {
			const executions = () => suite.n8n.executions(WORKFLOW_ID);
			return {
				executions,
				/** The number of executions once it has stopped changing (executions are written after the answer). */
				async settledCount(): Promise<number> {
					let last = -1;
					for (let i = 0; i < 40; i += 1) {
						const list = await executions();
						const busy = list.some((e) => ['new', 'running', 'waiting'].includes(e.status));
						if (!busy && list.length === last) return last;
						last = list.length;
						await new Promise((r) => setTimeout(r, 500));
					}
					return last;
				},
				async lastExecution(): Promise<Execution> {
					const [newest] = await executions();
					return await readExecution(suite.n8n, newest.id);
				},
				async staticData(): Promise<Record<string, unknown>> {
					const saved = await suite.n8n.rest<{ staticData?: Record<string, unknown> | null }>('GET', `/rest/workflows/${WORKFLOW_ID}`);
					return saved.staticData ?? {};
				},
			};
		};
		// liveContext's webhook() waits for the path to be registered, then posts as CometChat does.
		const deliver = (body: unknown) => liveContext(suite, 'moderation-flagged-message').webhook(PATH, body, AUTH);

		beforeAll(async () => {
			await suite.n8n.importWorkflows([workflow, registered]);
			await suite.n8n.start();
			await untilServed(() => suite.n8n.setupOwner());
			const saved = await suite.n8n.rest<{ versionId: string }>('GET', `/rest/workflows/${WORKFLOW_ID}`);
			await suite.n8n.rest('POST', `/rest/workflows/${WORKFLOW_ID}/activate`, { versionId: saved.versionId });
		}, 600000);

		e2eTest(suite, '8 distinct events start 8 executions; resending later ones starts none', async () => {
			for (let id = 101; id <= 108; id += 1) {
				const answer = await deliver(messageSent(id));
				expect(answer.status).toBe(200);
			}
			expect(await ctx().settledCount()).toBe(8);
			// CometChat's retries of events 3, 5, 7 and 8 (not only of the first).
			for (const id of [103, 105, 107, 108]) {
				const answer = await deliver(messageSent(id));
				expect(answer).toEqual({ status: 200, body: { message: 'Event already received; ignored' } });
			}
			expect(await ctx().settledCount()).toBe(8);
		});

		e2eTest(suite, "the workflow's saved static data holds every event seen", async () => {
			const staticData = await ctx().staticData();
			// The entries are hashed keys; that there are 8 shows n8n saved every addition, not only the first.
			const node = staticData['node:CometChat Trigger'] as { seen?: Record<string, number> } | undefined;
			expect(node).toMatchObject({ seen: expect.any(Object) as unknown });
			expect(Object.keys(node?.seen ?? {})).toHaveLength(8);
			expect(JSON.stringify(staticData).length).toBeLessThan(2000);
		});

		e2eTest(suite, 'accepted deliveries are answered with a small JSON, and items carry dedupeKey', async () => {
			const answer = await deliver(messageSent(200));
			expect(answer).toEqual({ status: 200, body: { message: 'Workflow was started' } });
			expect(await ctx().settledCount()).toBe(9);
			const run = await ctx().lastExecution();
			expect(run.output('CometChat Trigger')).toMatchObject([
				{ trigger: 'message_sent', dedupeKey: 'e2e-app:n8n-e2e:message_sent:200', message: { id: '200' } },
			]);
		});

		e2eTest(suite, 'two copies of one event arriving at the same instant start one execution', async () => {
			const answers = await Promise.all([deliver(messageSent(300)), deliver(messageSent(300))]);
			expect(answers.map((a) => a.status)).toEqual([200, 200]);
			expect(answers.map((a) => (a.body as { message: string }).message).sort()).toEqual(['Event already received; ignored', 'Workflow was started']);
			expect(await ctx().settledCount()).toBe(10);
		});

		e2eTest(suite, 'distinct events arriving together are all remembered in the saved static data', async () => {
			await Promise.all([401, 402, 403, 404].map((id) => deliver(messageSent(id))));
			expect(await ctx().settledCount()).toBe(14);
			const node = (await ctx().staticData())['node:CometChat Trigger'] as { seen?: Record<string, number> } | undefined;
			// 8 + 200 + 300 + these 4.
			expect(Object.keys(node?.seen ?? {})).toHaveLength(14);
		});

		e2eTest(suite, 'a body that is not a CometChat event starts nothing and is answered 400', async () => {
			for (const body of [{ trigger: 'message_sent' }, { trigger: 'message_sent', data: 'text' }, { hello: 'world' }, [] as unknown[]]) {
				const answer = await deliver(body);
				expect(answer.status).toBe(400);
				expect(answer.body).toEqual({ message: expect.stringContaining('not a CometChat webhook event') as unknown });
			}
			expect(await ctx().settledCount()).toBe(14);
		});

		e2eTest(suite, 'an event without a documented key: a copy within the retry window starts nothing, the next state change does', async () => {
			const blocked = { trigger: 'user_blocked', appId: 'e2e-app', region: 'us', webhook: 'n8n-e2e', data: { blockedBy: 'cometchat-uid-1', users: { 'cometchat-uid-9': { uid: 'cometchat-uid-9' } } } };
			const unblocked = { ...blocked, trigger: 'user_unblocked', data: { unblockedBy: 'cometchat-uid-1', users: blocked.data.users } };
			expect((await deliver(blocked)).body).toEqual({ message: 'Workflow was started' });
			expect((await deliver(blocked)).body).toEqual({ message: 'Event already received; ignored' });
			expect((await deliver(unblocked)).body).toEqual({ message: 'Workflow was started' });
			expect(await ctx().settledCount()).toBe(16);
		});

		e2eTest(suite, "automatic registration: the trigger registers its own pair, n8n saves it, deliveries need it; deactivation deletes the webhook", async () => {
			const hooks = () => [...managementStore(suite.emulator.state).appWebhooks('demo-app').values()];
			// n8n may finish (de)activating after its answer: wait for CometChat's side to change.
			const until = async (done: () => boolean | Promise<boolean>) => {
				for (let i = 0; i < 120 && !(await done()); i += 1) await new Promise((r) => setTimeout(r, 500));
			};
			const path = `${REGISTERED_WEBHOOK_ID}/webhook`;
			const basic = (pair: { username?: string; password?: string }) => ({ authorization: `Basic ${Buffer.from(`${pair.username}:${pair.password}`).toString('base64')}` });
			const post = (headers: Record<string, string>) => liveContext(suite, 'moderation-flagged-message').webhook(path, messageSent(900), headers);
			const saved = await suite.n8n.rest<{ versionId: string }>('GET', `/rest/workflows/${REGISTERED_ID}`);
			await suite.n8n.rest('POST', `/rest/workflows/${REGISTERED_ID}/activate`, { versionId: saved.versionId });
			// The trigger creates the webhook, then adds its triggers in a second request: wait for both.
			await until(() => (hooks()[0]?.triggers?.length ?? 0) > 0);
			const [hook] = hooks();
			expect(hook).toMatchObject({
				webhookURL: `${PUBLIC_URL}webhook/${path}`,
				useBasicAuth: true,
				username: expect.stringMatching(/^n8n[0-9a-f]{16}$/) as unknown,
				password: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
				triggers: ['message_sent'],
			});
			// In the workflow's saved static data, where each delivery reads it from; n8n saves it once the
			// trigger's create() has returned, so possibly after the webhook is complete on CometChat's side.
			const savedPair = async () =>
				(await suite.n8n.rest<{ staticData?: Record<string, { basicAuth?: unknown }> | null }>('GET', `/rest/workflows/${REGISTERED_ID}`)).staticData?.[
					'node:CometChat Trigger'
				]?.basicAuth;
			let stored: unknown;
			await until(async () => (stored = await savedPair()) !== undefined);
			expect(stored).toEqual({ username: hook.username, password: hook.password });
			// The Webhook Auth credential's pair is not this trigger's: 401.
			expect((await post(AUTH)).status).toBe(401);
			expect(await post(basic(hook))).toEqual({ status: 200, body: { message: 'Workflow was started' } });
			await suite.n8n.rest('POST', `/rest/workflows/${REGISTERED_ID}/deactivate`, {});
			await until(() => hooks().length === 0);
			expect(hooks()).toEqual([]);
		});

		e2eTest(suite, 'after n8n restarts, resent events start nothing and a new one starts one execution', async () => {
			await suite.n8n.stop();
			await suite.n8n.start();
			// The owner's session cookie outlives the restart (same encryption key); sign in again anyway.
			await untilServed(() => suite.n8n.rest('POST', '/rest/login', { emailOrLdapLoginId: DEMO_OWNER.email, password: DEMO_OWNER.password }));
			for (const id of [101, 104, 108, 200, 300, 403]) {
				const answer = await deliver(messageSent(id));
				expect(answer).toEqual({ status: 200, body: { message: 'Event already received; ignored' } });
			}
			expect(await ctx().settledCount()).toBe(16);
			expect((await deliver(messageSent(500))).body).toEqual({ message: 'Workflow was started' });
			expect(await ctx().settledCount()).toBe(17);
		});
	});
}
