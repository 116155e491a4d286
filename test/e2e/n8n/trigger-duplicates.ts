/**
 * The CometChat Trigger's duplicate check in a real n8n on one process (SQLite), as CometChat
 * delivers: every distinct event starts one execution; a later event resent (CometChat retries after
 * 10 s and 30 s) starts none, also when two copies arrive at the same instant and after n8n restarts;
 * the seen-set is in the workflow's saved static data; a body that is no CometChat event starts nothing.
 * The engine harness keeps static data in memory and could not see whether n8n saves it: this can.
 * Then automatic registration against the emulator's management host: the trigger's own Basic Auth pair
 * is registered, saved in the static data n8n keeps, and is what deliveries need. Then two CometChat
 * Triggers in one workflow (n8n saves the whole static data of each delivery, last writer wins): pairs of
 * events at once, a restart, and CometChat's retries of all of them start nothing.
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

const TWO_ID = 'dedupeTwo0001';
const MESSAGES_WEBHOOK_ID = '0b6f3d2a-9c7e-4e15-8a4d-6f2c1e9b3a71';
const MODERATION_WEBHOOK_ID = 'e4a7c9d1-2b5f-4c83-9e6a-1d8b7f3c5a29';
const webhookAuth = { cometChatWebhookAuthApi: { id: 'cometchat-webhook-auth', name: 'CometChat webhook auth' } };

/** Two CometChat Triggers in one workflow, each with its own URL and events. */
const twoTriggers: WorkflowFile = {
	id: TWO_ID,
	name: 'Two CometChat Triggers (e2e)',
	nodes: [
		{
			name: 'Messages',
			type: 'n8n-nodes-cometchat.cometChatTrigger',
			typeVersion: 1,
			position: [0, 0],
			webhookId: MESSAGES_WEBHOOK_ID,
			parameters: { registration: 'manual', events: ['message_sent'] },
			credentials: webhookAuth,
		},
		{
			name: 'Moderation',
			type: 'n8n-nodes-cometchat.cometChatTrigger',
			typeVersion: 1,
			position: [0, 300],
			webhookId: MODERATION_WEBHOOK_ID,
			parameters: { registration: 'manual', events: ['moderation_engine_blocked'] },
			credentials: webhookAuth,
		},
	],
	connections: {},
	settings: { executionOrder: 'v1' },
	active: false,
};

/** A moderation_engine_blocked delivery: no documented key, so a hash of its data, a repeat within 2 minutes. */
const moderationBlocked = (id: number) => ({
	trigger: 'moderation_engine_blocked',
	appId: 'e2e-app',
	region: 'us',
	webhook: 'n8n-e2e-moderation',
	data: { message: { ...messageSent(id).data.message, receiverType: 'group', receiver: 'cometchat-guid-1', data: { text: `spam ${id}`, moderation: { status: 'disapproved' } } } },
});

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

/** The seen-sets in a workflow's saved static data (global, key cometChatTrigger): per trigger node, its events. */
function savedSets(staticData: Record<string, unknown>): Array<{ seen: number; recent: number }> {
	const sets = (staticData.global as { cometChatTrigger?: Record<string, { seen: string; recent: string }> } | undefined)?.cometChatTrigger ?? {};
	return Object.values(sets)
		.map((set) => ({ seen: set.seen.length / 28, recent: set.recent.length / 28 }))
		.sort((a, b) => a.seen - b.seen || a.recent - b.recent);
}

/** The scenario, in its own real n8n of `runtime` (a describe block of e2e tests). */
export function triggerDuplicatesScenario(runtime: RuntimeName): void {
	// One example is imported with it (the suite's import wants at least one); it is never activated.
	const suite = useRealN8n(runtime, ['moderation-flagged-message'], { WEBHOOK_URL: PUBLIC_URL });

	describe(`CometChat Trigger duplicates in ${runtime === 'n8n2' ? 'n8n 2.x' : 'n8n 1.x'} (one process, SQLite)`, () => {
		const ctx = () => ours();
		const ours = (workflowId = WORKFLOW_ID) => {
			const executions = () => suite.n8n.executions(workflowId);
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
					const saved = await suite.n8n.rest<{ staticData?: Record<string, unknown> | null }>('GET', `/rest/workflows/${workflowId}`);
					return saved.staticData ?? {};
				},
			};
		};
		// liveContext's webhook() waits for the path to be registered, then posts as CometChat does.
		const deliver = (body: unknown) => liveContext(suite, 'moderation-flagged-message').webhook(PATH, body, AUTH);

		beforeAll(async () => {
			await suite.n8n.importWorkflows([workflow, registered, twoTriggers]);
			await suite.n8n.start();
			await untilServed(() => suite.n8n.setupOwner());
			for (const id of [WORKFLOW_ID, TWO_ID]) {
				const saved = await suite.n8n.rest<{ versionId: string }>('GET', `/rest/workflows/${id}`);
				await suite.n8n.rest('POST', `/rest/workflows/${id}/activate`, { versionId: saved.versionId });
			}
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
			// The entries are hashed keys (28 characters each); that there are 8 shows n8n saved every addition, not only the first.
			expect(savedSets(staticData)).toEqual([{ seen: 8, recent: 0 }]);
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
			// 8 + 200 + 300 + these 4.
			expect(savedSets(await ctx().staticData())).toEqual([{ seen: 14, recent: 0 }]);
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
			expect(stored).toMatchObject({ username: hook.username, password: hook.password });
			// The Webhook Auth credential's pair is not this trigger's: 401.
			expect((await post(AUTH)).status).toBe(401);
			expect(await post(basic(hook))).toEqual({ status: 200, body: { message: 'Workflow was started' } });
			await suite.n8n.rest('POST', `/rest/workflows/${REGISTERED_ID}/deactivate`, {});
			await until(() => hooks().length === 0);
			expect(hooks()).toEqual([]);
		});

		const pairs = [1, 2, 3, 4, 5, 6];
		const deliverPairs = () =>
			Promise.all(
				pairs.flatMap((n) => [
					liveContext(suite, 'moderation-flagged-message').webhook(`${MESSAGES_WEBHOOK_ID}/webhook`, messageSent(600 + n), AUTH),
					liveContext(suite, 'moderation-flagged-message').webhook(`${MODERATION_WEBHOOK_ID}/webhook`, moderationBlocked(700 + n), AUTH),
				]),
			);
		let pairsSentAt = 0;

		e2eTest(suite, "two CometChat Triggers in one workflow: six pairs of events at once start 12 executions, and the saved static data holds both nodes' six", async () => {
			pairsSentAt = Date.now();
			const answers = await deliverPairs();
			expect(answers.map((a) => a.body)).toEqual(Array(12).fill({ message: 'Workflow was started' }));
			expect(await ours(TWO_ID).settledCount()).toBe(12);
			// One set per trigger node: the Messages node's keyed events, the Moderation node's hashed ones.
			expect(savedSets(await ours(TWO_ID).staticData())).toEqual([
				{ seen: 0, recent: 6 },
				{ seen: 6, recent: 0 },
			]);
		});

		e2eTest(suite, 'after n8n restarts, resent events start nothing and a new one starts one execution; so do the retries of both trigger nodes', async () => {
			await suite.n8n.stop();
			await suite.n8n.start();
			// The owner's session cookie outlives the restart (same encryption key); sign in again anyway.
			await untilServed(() => suite.n8n.rest('POST', '/rest/login', { emailOrLdapLoginId: DEMO_OWNER.email, password: DEMO_OWNER.password }));
			// CometChat's retries of the two triggers' twelve, all at once again: the moderation events' copies
			// count as repeats for 2 minutes after the first delivery (this must still be inside it).
			const retries = await deliverPairs();
			expect(Date.now() - pairsSentAt).toBeLessThan(120_000);
			expect(retries.map((a) => a.body)).toEqual(Array(12).fill({ message: 'Event already received; ignored' }));

			for (const id of [101, 104, 108, 200, 300, 403]) {
				const answer = await deliver(messageSent(id));
				expect(answer).toEqual({ status: 200, body: { message: 'Event already received; ignored' } });
			}
			expect(await ctx().settledCount()).toBe(16);
			expect((await deliver(messageSent(500))).body).toEqual({ message: 'Workflow was started' });
			expect(await ctx().settledCount()).toBe(17);
			expect(await ours(TWO_ID).settledCount()).toBe(12);
		});
	});
}
