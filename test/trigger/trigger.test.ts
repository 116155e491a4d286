/**
 * CometChat Trigger in n8n's engine: deliveries as real HTTP requests through n8n-core's
 * WebhookContext (test/harness/trigger.ts), registration through HookContext against the
 * emulator's management host (test/emulator/management.ts).
 *
 * Payloads follow the shapes in CometChat's webhooks overview (reference §9.4), with demo IDs.
 */
import { createEmulator, type Emulator } from '../emulator';
import { DEFAULT_MANAGEMENT_KEY, DEFAULT_MANAGEMENT_SECRET, MAX_WEBHOOKS, managementStore } from '../emulator/management';
import { deliver, deliverAs, envelope } from '../emulator/webhooks';
import type { IDataObject, INodeType } from 'n8n-workflow';
// The seen-set's rules as pure functions (the built node bundles these same sources).
import * as dedupe from '../../nodes/CometChatTrigger/dedupe';
import * as payload from '../../nodes/CometChatTrigger/payload';
import { TRIGGER_NAME, startTrigger, testTriggerCredential, triggerType, type TriggerHarness, type TriggerSetup } from '../harness/trigger';
import { nodeType } from '../harness';

const AUTH = { username: 'n8nhooks', password: 'Wq7Zr2Lp9Xk4Vb8Nm3Ty6Hs1' };
const WRONG = { username: 'n8nhooks', password: 'Wq7Zr2Lp9Xk4Vb8Nm3Ty6Hs2' };

const andrew = { uid: 'cometchat-uid-1', name: 'Andrew Joseph', status: 'available', role: 'default' };
const george = { uid: 'cometchat-uid-2', name: 'George Alan', status: 'offline', role: 'default' };
const hiking = { guid: 'cometchat-guid-1', name: 'Hiking Group', type: 'public', membersCount: 3, conversationId: 'group_cometchat-guid-1', owner: 'cometchat-uid-1' };

const userMessage = {
	id: '101',
	conversationId: 'cometchat-uid-1_user_cometchat-uid-2',
	sender: 'cometchat-uid-1',
	receiverType: 'user',
	receiver: 'cometchat-uid-2',
	category: 'message',
	type: 'text',
	data: {
		text: 'Are we still on for Saturday?',
		entities: {
			sender: { entity: andrew, entityType: 'user' },
			receiver: { entity: { ...george, conversationId: 'cometchat-uid-1_user_cometchat-uid-2' }, entityType: 'user' },
		},
	},
	sentAt: 1696934912,
	updatedAt: 1696934912,
};

const groupMessage = (id: string, text: string, moderation?: string) => ({
	id,
	conversationId: 'group_cometchat-guid-1',
	sender: 'cometchat-uid-2',
	receiverType: 'group',
	receiver: 'cometchat-guid-1',
	category: 'message',
	type: 'text',
	data: {
		text,
		entities: {
			sender: { entity: george, entityType: 'user' },
			receiver: { entity: hiking, entityType: 'group' },
		},
		...(moderation ? { moderation: { status: moderation } } : {}),
	},
	sentAt: 1791285309,
	updatedAt: 1791285309,
});

const membersAdded = envelope('group_member_added', {
	group: { ...hiking, onlineMembersCount: 1 },
	members: { 'cometchat-uid-2': george, 'guest-emma': { uid: 'guest-emma', name: 'Emma Brown', status: 'offline', role: 'default' } },
	by: andrew,
});

function setup(extra: Partial<TriggerSetup> & { parameters?: TriggerSetup['parameters'] } = {}): TriggerSetup {
	return {
		...extra,
		parameters: { registration: 'manual', events: ['*'], ...extra.parameters },
		credentials: { cometChatWebhookAuthApi: AUTH, ...extra.credentials },
	};
}

/** The (hashed) keys of a trigger node's seen-set in the workflow's saved global static data (28 characters an entry). */
function savedKeys(t: TriggerHarness, node = 'trigger-node', set: 'seen' | 'recent' = 'seen'): string[] {
	const sets = (t.globalStaticData()[dedupe.STORE_KEY] ?? {}) as Record<string, Record<string, string> | undefined>;
	return (sets[node]?.[set] ?? '').match(/.{28}/g)?.map((entry) => entry.slice(0, 20)) ?? [];
}

/** Each test's triggers are closed afterwards. */
const open: TriggerHarness[] = [];
async function trigger(options: TriggerSetup): Promise<TriggerHarness> {
	const harness = await startTrigger(options);
	open.push(harness);
	return harness;
}
afterEach(async () => {
	await Promise.all(open.splice(0).map((h) => h.close()));
});

describe('CometChat Trigger: description', () => {
	const description = triggerType.description;

	it('is a webhook trigger with no inputs, not an AI tool, with the CometChat icon', () => {
		expect(description.name).toBe('cometChatTrigger');
		expect(description.group).toEqual(['trigger']);
		expect(description.inputs).toEqual([]);
		expect(description.usableAsTool).toBeUndefined();
		expect(description.icon).toEqual({ light: 'file:../../icons/cometchat.svg', dark: 'file:../../icons/cometchat.dark.svg' });
		expect(description.webhooks).toEqual([{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }]);
		expect(description.credentials).toEqual([
			{ name: 'cometChatWebhookAuthApi', required: true, testedBy: 'checkWebhookAuth', displayOptions: { show: { registration: ['manual', 'bot'] } } },
			{ name: 'cometChatManagementApi', required: true, displayOptions: { show: { registration: ['automatic'] } } },
			{ name: 'cometChatApi', required: true, displayOptions: { show: { registration: ['botAutomatic'] } } },
		]);
	});

	it("carries the CometChat node's description: n8n's nodes panel shows the two as one entry with the trigger's description", () => {
		expect(description.description).toBe(nodeType.description.description);
		expect(description.description).toBe('Manage CometChat users, auth tokens, messages, blocks and bans with the REST API v3');
		expect(description.eventTriggerDescription).toBe('Waiting for CometChat to send an event');
	});

	it('one credential at a time (n8n\'s single-credential-per-node rule): each Registration shows exactly one', () => {
		const registration = description.properties.find((p) => p.name === 'registration');
		const values = (registration?.options ?? []).map((o) => (o as { value: string }).value);
		expect(values).toEqual(['automatic', 'manual', 'bot', 'botAutomatic']);
		for (const value of values) {
			const shown = (description.credentials ?? []).filter((c) => {
				const show = c.displayOptions?.show;
				return show === undefined || (Object.keys(show).length === 1 && (show.registration as string[] | undefined)?.includes(value));
			});
			expect(shown).toHaveLength(1);
		}
	});

	it('offers every trigger ID of CometChat\'s management API, plus All Events', () => {
		// The 46 IDs of the management webhooks overview (reference §9.3 / [WH]).
		const documented = [
			'message_sent', 'message_edited', 'message_deleted', 'message_reaction_added', 'message_reaction_removed',
			'user_blocked', 'user_unblocked', 'group_created', 'group_updated', 'group_deleted', 'group_member_joined',
			'group_member_left', 'group_member_added', 'group_member_kicked', 'group_member_banned', 'group_member_unbanned',
			'group_member_scope_changed', 'group_owner_transferred', 'user_connection_status_changed', 'message_delivery_receipt',
			'message_read_receipt', 'call_initiated', 'call_started', 'call_participant_joined', 'call_participant_left',
			'call_ended', 'meeting_started', 'meeting_participant_joined', 'meeting_participant_left', 'meeting_ended',
			'recording_generated', 'transcription_generated', 'after_campaign_completed', 'after_campaign_failed',
			'after_notification_created', 'after_feed_item_sent', 'after_feed_item_delivered', 'after_feed_item_read',
			'after_feed_item_interacted', 'after_push_notification_sent', 'after_push_notification_delivered',
			'after_push_notification_clicked', 'moderation_engine_approved', 'moderation_engine_blocked',
			'moderation_manual_approved', 'moderation_engine_failed',
		];
		expect(documented).toHaveLength(46);
		const events = description.properties.find((p) => p.name === 'events');
		const values = (events?.options ?? []).map((o) => (o as { value: string }).value);
		expect(values[0]).toBe('*');
		for (const id of documented) expect(values).toContain(id);
		expect(values).toEqual(expect.arrayContaining(['user_mentioned', 'call_busy', 'call_cancelled', 'call_rejected', 'call_unanswered']));
		expect(values).toHaveLength(1 + 46 + 5);
	});
});

describe('CometChat Trigger: events become items', () => {
	it('a message: one item with the event, the message, sender and receiver at the top level', async () => {
		const t = await trigger(setup());
		const answer = await deliver(t.url, envelope('message_sent', { message: userMessage }, { webhook: 'dash-hook' }), { auth: AUTH });
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ message: 'Workflow was started' });
		const [execution] = await t.executions();
		expect(execution.run.data.resultData.error).toBeUndefined();
		expect(execution.items).toEqual([
			{
				json: {
					trigger: 'message_sent',
					appId: 'demo-app',
					region: 'us',
					webhook: 'dash-hook',
					data: { message: userMessage },
					message: userMessage,
					sender: andrew,
					receiverType: 'user',
					receiver: { ...george, conversationId: 'cometchat-uid-1_user_cometchat-uid-2' },
					// CometChat's idempotency key of message_sent (webhook, trigger, message ID), with the app.
					dedupeKey: 'demo-app:dash-hook:message_sent:101',
				},
			},
		]);
	});

	it('a group message: the group at the top level too', async () => {
		const t = await trigger(setup());
		await deliver(t.url, envelope('moderation_engine_blocked', { message: groupMessage('13', 'cheap pills', 'disapproved') }), { auth: AUTH });
		const [{ items }] = await t.executions();
		expect(items[0].json).toMatchObject({ trigger: 'moderation_engine_blocked', sender: { uid: 'cometchat-uid-2' }, group: hiking, receiverType: 'group' });
	});

	it('several members in one event: one item per member, each with its member and the group', async () => {
		const t = await trigger(setup());
		await deliver(t.url, membersAdded, { auth: AUTH });
		const [{ items }] = await t.executions();
		expect(items.map((i) => (i.json.member as { uid: string }).uid)).toEqual(['cometchat-uid-2', 'guest-emma']);
		expect(items[1].json).toMatchObject({
			trigger: 'group_member_added',
			group: { guid: 'cometchat-guid-1' },
			by: andrew,
			data: { members: { 'guest-emma': { uid: 'guest-emma' } } },
		});
		expect(Object.keys(items[1].json.data as object)).toEqual(['group', 'members', 'by']);
		expect(Object.keys((items[1].json.data as { members: object }).members)).toEqual(['guest-emma']);
	});

	it('One Item per Member off: one item with a members list', async () => {
		const t = await trigger(setup({ parameters: { options: { splitMembers: false } } }));
		await deliver(t.url, membersAdded, { auth: AUTH });
		const [{ items }] = await t.executions();
		expect(items).toHaveLength(1);
		expect((items[0].json.members as Array<{ uid: string }>).map((m) => m.uid)).toEqual(['cometchat-uid-2', 'guest-emma']);
	});

	it('a batch (a JSON array of events) becomes one item per event, blocked users split too', async () => {
		const t = await trigger(setup());
		const batch = [
			envelope('message_sent', { message: userMessage }),
			envelope('user_blocked', { users: { 'spammer-42': { uid: 'spammer-42', name: 'Cheap Pills 4U' }, 'guest-liam': { uid: 'guest-liam', name: 'Liam' } }, by: george }),
			envelope('message_read_receipt', {
				receiver: 'cometchat-uid-1',
				receiverType: 'user',
				type: 'receipts',
				sender: 'cometchat-uid-2',
				messageSender: 'cometchat-uid-1',
				body: { action: 'read', messageId: '101', user: { uid: 'cometchat-uid-2', name: 'George Alan', status: 'online' }, timestamp: 1696934950 },
			}),
		];
		expect((await deliver(t.url, batch, { auth: AUTH })).status).toBe(200);
		const executions = await t.executions();
		expect(executions).toHaveLength(1);
		const items = executions[0].items.map((i) => i.json);
		expect(items.map((i) => i.trigger)).toEqual(['message_sent', 'user_blocked', 'user_blocked', 'message_read_receipt']);
		expect(items[1]).toMatchObject({ user: { uid: 'spammer-42' }, by: george });
		expect(items[2]).toMatchObject({ user: { uid: 'guest-liam' } });
		expect(items[3]).toMatchObject({
			sender: { uid: 'cometchat-uid-2', name: 'George Alan' },
			receiver: { uid: 'cometchat-uid-1' },
			receiverType: 'user',
			messageId: '101',
		});
	});

	it('reactions, calls and campaigns get their own shortcuts; call events keep `type`', async () => {
		const t = await trigger(setup());
		const reaction = { id: '77', messageId: '101', reaction: '🏒', uid: 'cometchat-uid-1', reactedAt: 1700655536, reactedBy: { uid: 'cometchat-uid-1', name: 'Andrew Joseph' } };
		await deliver(t.url, envelope('message_reaction_added', { reaction }), { auth: AUTH });
		const ended = { all_occupants: [{ joined_at: 1696934501, audio_call: 'true', left_at: 1696934553, name: 'George Alan' }], destroyed_at: 1696934553, created_at: 1696934501, sessionId: 'v1.us.s1' };
		await deliver(t.url, envelope('call_ended', ended, { type: 'call' }), { auth: AUTH });
		await deliver(t.url, envelope('after_feed_item_read', { id: 'feed-1', receiver: 'cometchat-uid-1', status: 'read' }), { auth: AUTH });
		const [first, second, third] = (await t.executions()).map((e) => e.items[0].json);
		expect(first).toMatchObject({ reaction, messageId: '101', sender: { uid: 'cometchat-uid-1' } });
		expect(second).toMatchObject({ trigger: 'call_ended', type: 'call', sessionId: 'v1.us.s1', data: ended });
		expect(third).toMatchObject({ receiver: { uid: 'cometchat-uid-1' } });
	});

	it('a campaign event chosen on its own starts the workflow with its data as CometChat sends it; a retry of it starts nothing', async () => {
		// The payload of CometChat's campaigns webhooks page (campaigns/webhooks). It documents no key that
		// identifies one event, so a repeat is told by its data within the retry window (reference §9.1).
		const completed = {
			campaignId: 'cmp-1', appId: 'demo-app', name: 'Welcome Campaign', status: 'completed', templateId: 'tpl-1', templateVersion: 1,
			totalTargets: 100, sentCount: 100, failedCount: 0, tag: 'onboarding', scheduledAt: 1696930000, sentAt: 1696932000, completedAt: 1696932060, createdAt: 1696929000,
		};
		const t = await trigger(setup({ parameters: { events: ['after_campaign_completed'] } }));
		expect((await deliver(t.url, envelope('after_campaign_completed', completed), { auth: AUTH })).body).toEqual({ message: 'Workflow was started' });
		expect((await deliver(t.url, envelope('after_campaign_completed', completed), { auth: AUTH })).body).toEqual({ message: 'Event already received; ignored' });
		const other = await deliver(t.url, envelope('after_campaign_failed', { ...completed, status: 'failed' }), { auth: AUTH });
		expect(other.body).toEqual({ message: 'Event not selected in this trigger; ignored' });
		const executions = await t.executions();
		expect(executions.map((e) => e.items.map((item) => item.json))).toEqual([
			[{ trigger: 'after_campaign_completed', appId: 'demo-app', region: 'us', webhook: 'n8n-hook', data: completed, dedupeKey: expect.stringMatching(/^demo-app:n8n-hook:after_campaign_completed:data-[0-9a-f]{32}$/) }],
		]);
	});

	it('a body that is not a CometChat event: 400 and no workflow', async () => {
		const t = await trigger(setup());
		const answer = await deliver(t.url, { hello: 'world' }, { auth: AUTH });
		expect(answer.status).toBe(400);
		expect(await t.executions()).toHaveLength(0);
	});
});

describe('CometChat Trigger: Basic Auth', () => {
	const event = envelope('message_sent', { message: userMessage });

	it('the right pair starts the workflow; a wrong or missing one gets 401 and starts nothing', async () => {
		const t = await trigger(setup());
		const attempts = [
			await deliver(t.url, event, { auth: WRONG }),
			await deliver(t.url, event, { auth: { username: 'someoneelse', password: AUTH.password } }),
			await deliver(t.url, event),
			await deliver(t.url, event, { authorization: 'Bearer abc' }),
			await deliver(t.url, event, { authorization: `Basic ${Buffer.from(AUTH.username + AUTH.password).toString('base64')}` }),
			await deliver(t.url, event, { authorization: `Basic ${Buffer.from(`${AUTH.username}:${AUTH.password}x`).toString('base64')}` }),
		];
		for (const answer of attempts) {
			expect(answer.status).toBe(401);
			expect(answer.headers['www-authenticate']).toBe('Basic realm="CometChat Trigger"');
			expect(JSON.stringify(answer.body)).not.toContain(AUTH.password);
		}
		expect(await t.executions()).toHaveLength(0);

		// The scheme is case-insensitive (RFC 7617).
		const ok = await deliver(t.url, event, { authorization: `basic ${Buffer.from(`${AUTH.username}:${AUTH.password}`).toString('base64')}` });
		expect(ok.status).toBe(200);
		expect(await t.executions()).toHaveLength(1);
	});

	it('a webhook credential CometChat could not use fails loudly instead of answering 401 forever', async () => {
		const t = await trigger(setup({ credentials: { cometChatWebhookAuthApi: { username: 'n8n hooks', password: AUTH.password } } }));
		const answer = await deliver(t.url, event, { auth: AUTH });
		expect(answer.status).toBe(500);
		expect(t.webhookErrors[0].message).toMatch(/Username in the CometChat Webhook Auth credential must be 1 to 50 letters or digits/);
		expect(await t.executions()).toHaveLength(0);
	});

	it('a Webhook Auth password under 16 characters fails loudly: it is the only lock on the URL', async () => {
		const short = { username: AUTH.username, password: 'Short1Password2' }; // 15
		const t = await trigger(setup({ credentials: { cometChatWebhookAuthApi: short } }));
		const answer = await deliver(t.url, event, { auth: short });
		expect(answer.status).toBe(500);
		expect(t.webhookErrors[0].message).toBe(
			"The Password in the CometChat Webhook Auth credential must be 16 to 100 letters or digits: it is the only lock on the trigger's URL, and CometChat accepts no spaces or symbols there. Fix it in the credential (a random one of 40 characters is best).",
		);
		expect(await t.executions()).toHaveLength(0);
		expect((await testTriggerCredential('cometChatWebhookAuthApi', short)).status).toBe('Error');
		expect((await testTriggerCredential('cometChatWebhookAuthApi', { ...short, password: `${short.password}3` })).status).toBe('OK');
	});

	it('the credential test checks CometChat\'s rules for the pair', async () => {
		expect(await testTriggerCredential('cometChatWebhookAuthApi', AUTH)).toEqual({ status: 'OK', message: 'CometChat accepts this username and password' });
		expect(await testTriggerCredential('cometChatWebhookAuthApi', { username: AUTH.username, password: 'has spaces and !' })).toMatchObject({
			status: 'Error',
			message: expect.stringContaining('Password'),
		});
		expect(await testTriggerCredential('cometChatWebhookAuthApi', { username: AUTH.username, password: 'x'.repeat(101) })).toMatchObject({ status: 'Error' });
	});
});

describe('CometChat Trigger: event filter and repeated deliveries', () => {
	it('events not chosen are answered 200 and start nothing (manual registration)', async () => {
		const t = await trigger(setup({ parameters: { events: ['message_sent', 'group_member_banned'] } }));
		const skipped = await deliver(t.url, envelope('group_created', { group: hiking }), { auth: AUTH });
		expect(skipped.status).toBe(200);
		expect(skipped.body).toEqual({ message: 'Event not selected in this trigger; ignored' });
		await deliver(t.url, envelope('message_sent', { message: userMessage }), { auth: AUTH });
		// In a batch only the chosen events go on.
		await deliver(t.url, [envelope('group_created', { group: hiking }), envelope('group_member_banned', { group: hiking, members: { 'cometchat-uid-2': george }, by: andrew })], { auth: AUTH });
		const executions = await t.executions();
		expect(executions.map((e) => e.items.map((i) => i.json.trigger))).toEqual([['message_sent'], ['group_member_banned']]);
	});

	it('the same event delivered again (CometChat retries) starts one execution only', async () => {
		const t = await trigger(setup());
		const event = envelope('message_sent', { message: userMessage });
		const first = await deliver(t.url, event, { auth: AUTH });
		// A retry re-serializes the sender (a newer lastActiveAt): still the same message.
		const retried = envelope('message_sent', { message: { ...userMessage, data: { ...userMessage.data, entities: { ...userMessage.data.entities, sender: { entity: { ...andrew, lastActiveAt: 1 }, entityType: 'user' } } } } });
		const second = await deliver(t.url, retried, { auth: AUTH });
		const third = await deliver(t.url, event, { auth: AUTH });
		expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
		expect(second.body).toEqual({ message: 'Event already received; ignored' });
		// Events without a message ID are compared by their whole data; another message is new.
		await deliver(t.url, membersAdded, { auth: AUTH });
		await deliver(t.url, JSON.parse(JSON.stringify(membersAdded)), { auth: AUTH });
		await deliver(t.url, envelope('message_sent', { message: { ...userMessage, id: '102' } }), { auth: AUTH });
		// The same event twice inside one batch counts once as well.
		await deliver(t.url, [envelope('message_sent', { message: { ...userMessage, id: '103' } }), envelope('message_sent', { message: { ...userMessage, id: '103' } })], { auth: AUTH });
		const executions = await t.executions();
		expect(executions.map((e) => e.items.map((i) => (i.json.message as { id?: string })?.id ?? i.json.trigger))).toEqual([
			['101'],
			['group_member_added', 'group_member_added'],
			['102'],
			['103'],
		]);
	});

	it("as n8n saves static data, every event is remembered: later ones resent start nothing, also after a restart", async () => {
		// persistence 'n8n': a new Workflow per delivery from the saved copy, saved only when flagged
		// changed, the flag reset when the execution starts (test/harness/trigger.ts).
		const t = await trigger(setup({ persistence: 'n8n' }));
		const message = (id: number) => envelope('message_sent', { message: { ...userMessage, id: String(id) } });
		for (let id = 1; id <= 8; id += 1) {
			expect((await deliver(t.url, message(id), { auth: AUTH })).body).toEqual({ message: 'Workflow was started' });
		}
		for (const id of [3, 5, 8]) {
			expect((await deliver(t.url, message(id), { auth: AUTH })).body).toEqual({ message: 'Event already received; ignored' });
		}
		expect(await t.executions()).toHaveLength(8);
		expect(savedKeys(t)).toHaveLength(8);

		// n8n restarted: the node loaded afresh (no memory), the static data as saved.
		let restarted: INodeType | undefined;
		jest.isolateModules(() => {
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			const { CometChatTrigger } = require('../../dist/nodes/CometChatTrigger/CometChatTrigger.node.js') as { CometChatTrigger: new () => INodeType };
			restarted = new CometChatTrigger();
		});
		const after = await trigger(setup({ persistence: 'n8n', nodeType: restarted, workflowId: t.workflow.id, webhookId: t.node.webhookId, staticData: t.savedStaticData() }));
		for (const id of [1, 4, 8]) {
			expect((await deliver(after.url, message(id), { auth: AUTH })).body).toEqual({ message: 'Event already received; ignored' });
		}
		expect((await deliver(after.url, message(9), { auth: AUTH })).body).toEqual({ message: 'Workflow was started' });
		expect((await after.executions()).map((e) => e.items.map((i) => i.json.dedupeKey))).toEqual([['demo-app:n8n-hook:message_sent:9']]);
	});

	it('two CometChat Triggers in one workflow: six pairs of events at once, then a restart: no retry starts a second execution', async () => {
		// n8n saves the whole static data of each delivery, last writer wins: each save must carry both nodes' sets.
		const twoTriggers = (extra: Partial<TriggerSetup> = {}) =>
			setup({
				persistence: 'n8n',
				parameters: { events: ['message_sent'] },
				nodes: [{ name: 'Moderation', parameters: { registration: 'manual', events: ['moderation_engine_blocked'] } }],
				...extra,
			});
		const t = await trigger(twoTriggers());
		const sent = (id: number) => envelope('message_sent', { message: { ...userMessage, id: String(id) } }, { webhook: 'messages-hook' });
		// Identified by a hash of their data: a repeat within 2 minutes (the restart here takes less).
		const blocked = (id: number) => envelope('moderation_engine_blocked', { message: groupMessage(String(id), `spam ${id}`, 'disapproved') }, { webhook: 'moderation-hook' });
		const pairs = [1, 2, 3, 4, 5, 6];
		const answers = await Promise.all(pairs.flatMap((id) => [deliver(t.url, sent(id), { auth: AUTH }), deliver(t.urlOf('Moderation'), blocked(100 + id), { auth: AUTH })]));
		expect(answers.map((a) => a.body)).toEqual(Array(12).fill({ message: 'Workflow was started' }));
		const executions = await t.executions();
		expect(executions.map((e) => e.node).sort()).toEqual([...Array(6).fill('CometChat Trigger'), ...Array(6).fill('Moderation')]);

		// n8n restarted: the node loaded afresh (no memory), the static data as saved. CometChat's retries start nothing.
		let restarted: INodeType | undefined;
		jest.isolateModules(() => {
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			const { CometChatTrigger } = require('../../dist/nodes/CometChatTrigger/CometChatTrigger.node.js') as { CometChatTrigger: new () => INodeType };
			restarted = new CometChatTrigger();
		});
		const after = await trigger(
			twoTriggers({ nodeType: restarted, workflowId: t.workflow.id, webhookId: t.node.webhookId, staticData: t.savedStaticData(), nodes: [{ name: 'Moderation', webhookId: t.workflow.getNode('Moderation')?.webhookId, parameters: { registration: 'manual', events: ['moderation_engine_blocked'] } }] }),
		);
		const retries = await Promise.all(pairs.flatMap((id) => [deliver(after.url, sent(id), { auth: AUTH }), deliver(after.urlOf('Moderation'), blocked(100 + id), { auth: AUTH })]));
		expect(retries.map((a) => a.body)).toEqual(Array(12).fill({ message: 'Event already received; ignored' }));
		expect(await after.executions()).toHaveLength(0);
		// The static data as saved holds both nodes' six.
		expect(savedKeys(t)).toHaveLength(6);
		expect(savedKeys(t, 'trigger-node-2', 'recent')).toHaveLength(6);
	});

	it('two copies of one event arriving at the same instant start one execution', async () => {
		const t = await trigger(setup({ persistence: 'n8n' }));
		const event = envelope('message_sent', { message: { ...userMessage, id: '700' } });
		const answers = await Promise.all([deliver(t.url, event, { auth: AUTH }), deliver(t.url, event, { auth: AUTH })]);
		expect(answers.map((a) => (a.body as { message: string }).message).sort()).toEqual(['Event already received; ignored', 'Workflow was started']);
		// Distinct events arriving together are all kept, although each delivery read the set before the other saved.
		await Promise.all([701, 702, 703].map((id) => deliver(t.url, envelope('message_sent', { message: { ...userMessage, id: String(id) } }), { auth: AUTH })));
		expect(await t.executions()).toHaveLength(4);
		expect(savedKeys(t)).toHaveLength(4);
	});

	it('a delivery that is not a CometChat event (no data object) starts nothing and is answered 400', async () => {
		const t = await trigger(setup({ persistence: 'n8n' }));
		for (const body of [{ trigger: 'message_sent' }, { trigger: 'message_sent', data: 'x' }, [envelope('message_sent', { message: userMessage }), { trigger: 'user_blocked' }], []]) {
			const answer = await deliver(t.url, body, { auth: AUTH });
			expect(answer.status).toBe(400);
			expect(answer.body).toEqual({ message: 'The body is not a CometChat webhook event (a JSON object with "trigger" and a "data" object)' });
		}
		expect(await t.executions()).toHaveLength(0);
		expect(t.savedStaticData()).toEqual({});
	});

	/** The keys (hashed) of a node's seen-set in a workflow's global static data as saved: 28 characters each (hash, then time). */
	const seenIn = (global: IDataObject, node = 'node-1', set: 'seen' | 'recent' = 'seen'): string[] => {
		const saved = JSON.parse(JSON.stringify(global)) as Record<string, Record<string, Record<string, string>> | undefined>;
		const entries = saved[dedupe.STORE_KEY]?.[node]?.[set] ?? '';
		return entries.match(/.{28}/g)?.map((entry) => entry.slice(0, 20)) ?? [];
	};
	/** A delivery of trigger node `node` of `workflow` (its memory in this process) whose global static data is `global`. */
	const scopeOf = (workflow: string, global: IDataObject, node = 'node-1'): dedupe.DedupeScope => ({ workflow, node, global });

	it('an event without a documented key repeats for real after the retry window (injected clock)', () => {
		const { admit, RETRY_WINDOW_MS } = dedupe;
		const blocked = { trigger: 'user_blocked', appId: 'demo-app', webhook: 'n8n-hook', data: { blockedBy: 'cometchat-uid-1', users: { 'cometchat-uid-2': george } } };
		const unblocked = { ...blocked, trigger: 'user_unblocked' };
		const blockedKey = payload.eventIdentity(blocked);
		expect(blockedKey).toEqual({
			dedupeKey: expect.stringMatching(/^demo-app:n8n-hook:user_blocked:data-[0-9a-f]{32}$/) as unknown,
			windowed: true,
			supersedes: [blockedKey.dedupeKey.replace(':user_blocked:', ':user_unblocked:')],
		});
		const store: IDataObject = {};
		const t0 = 1_800_000_000_000;
		const scope = scopeOf('test\nclock', store);
		expect(admit(scope, {}, [blockedKey], t0).fresh).toEqual([true]);
		expect(admit(scope, {}, [blockedKey], t0 + 10_000).fresh).toEqual([false]); // CometChat's retries
		expect(admit(scope, {}, [blockedKey], t0 + 40_000).fresh).toEqual([false]);
		expect(admit(scope, {}, [payload.eventIdentity(unblocked)], t0 + 50_000).fresh).toEqual([true]);
		expect(admit(scope, {}, [blockedKey], t0 + RETRY_WINDOW_MS + 1000).fresh).toEqual([true]); // blocked again
		// Another process (no memory) reads the same store: the window holds there too.
		expect(admit(scopeOf('test\nother process', store), {}, [blockedKey], t0 + RETRY_WINDOW_MS + 2000).fresh).toEqual([false]);
		// A documented key does not expire with the window.
		const sent = payload.eventIdentity(envelope('message_sent', { message: userMessage }) as payload.Envelope);
		expect(sent).toEqual({ dedupeKey: 'demo-app:n8n-hook:message_sent:101', windowed: false });
		expect(admit(scope, {}, [sent], t0).fresh).toEqual([true]);
		expect(admit(scopeOf('test\nrestarted', JSON.parse(JSON.stringify(store)) as IDataObject), {}, [sent], t0 + 24 * 3600 * 1000).fresh).toEqual([false]);
		// The same event twice in one batch counts once.
		expect(admit(scope, {}, [blockedKey, blockedKey], t0 + 10 * RETRY_WINDOW_MS).fresh).toEqual([true, false]);
	});

	it('an event that supersedes another (unblocked after blocked) makes its next copy a real repeat, also in the saved set', () => {
		const { admit } = dedupe;
		const blocked = { dedupeKey: 'demo-app:hook:user_blocked:data-1', windowed: true, supersedes: ['demo-app:hook:user_unblocked:data-1'] };
		const unblocked = { dedupeKey: 'demo-app:hook:user_unblocked:data-1', windowed: true, supersedes: ['demo-app:hook:user_blocked:data-1'] };
		const store: IDataObject = {};
		const t0 = 1_800_000_000_000;
		const scope = scopeOf('test\nsupersedes', store);
		expect(admit(scope, {}, [blocked], t0).fresh).toEqual([true]);
		expect(admit(scope, {}, [blocked], t0 + 10_000).fresh).toEqual([false]);
		expect(admit(scope, {}, [unblocked], t0 + 20_000).fresh).toEqual([true]);
		expect(seenIn(store, 'node-1', 'recent')).toHaveLength(1);
		// Another process reads the saved set: blocked is gone from it, so blocked again starts the workflow.
		expect(admit(scopeOf('test\nsupersedes, other process', JSON.parse(JSON.stringify(store)) as IDataObject), {}, [blocked], t0 + 30_000).fresh).toEqual([true]);
		// In one batch too.
		expect(admit(scope, {}, [blocked, unblocked, blocked], t0 + 40_000).fresh).toEqual([true, true, true]);
	});

	it('deliveries whose saves land out of order lose nothing: the last save written holds every event admitted before it', () => {
		const { admit } = dedupe;
		const key = (n: number) => ({ dedupeKey: `demo-app:n8n-hook:message_sent:${n}`, windowed: false });
		// Four deliveries arrive together: each loads the (empty) static data before any is saved.
		const loaded = [0, 1, 2, 3].map((): IDataObject => ({}));
		loaded.forEach((global, n) => expect(admit(scopeOf('test\nsaves out of order', global), {}, [key(400 + n)]).fresh).toEqual([true]));
		// The node awaits after admitting, so the first delivery's save can be the last one written: n8n
		// writes the whole static data as it serialises it then (last writer wins).
		expect(seenIn(loaded[0])).toHaveLength(4);
	});

	it('several trigger nodes of one workflow: each save holds every node\'s up-to-date set, also one loaded before the others admitted', () => {
		const { admit } = dedupe;
		const key = (node: string, n: number) => ({ dedupeKey: `demo-app:${node}:message_sent:${n}`, windowed: false });
		// Six pairs at once: each delivery (one per node) loads the static data before any is saved.
		const deliveries = [1, 2, 3, 4, 5, 6].flatMap((n) => ['messages', 'moderation'].map((node) => ({ node, n, global: {} as IDataObject })));
		for (const { node, n, global } of deliveries) expect(admit(scopeOf('test\ntwo nodes', global, node), {}, [key(node, n)]).fresh).toEqual([true]);
		// Whichever save n8n writes last, it holds both nodes' six.
		for (const { global } of deliveries) {
			expect(seenIn(global, 'messages')).toHaveLength(6);
			expect(seenIn(global, 'moderation')).toHaveLength(6);
		}
		// Another process (or this one after a restart) learns both from any save, and its saves keep both.
		const reloaded = JSON.parse(JSON.stringify(deliveries[0].global)) as IDataObject;
		expect(admit(scopeOf('test\ntwo nodes, restarted', reloaded, 'messages'), {}, [key('messages', 7), key('messages', 1)]).fresh).toEqual([true, false]);
		expect(seenIn(reloaded, 'messages')).toHaveLength(7);
		expect(seenIn(reloaded, 'moderation')).toHaveLength(6);
	});

	it("an earlier version's set in the node's own static data moves to the global one", () => {
		const { admit } = dedupe;
		const key = (n: number) => ({ dedupeKey: `demo-app:n8n-hook:message_sent:${n}`, windowed: false });
		const earlier: IDataObject = {};
		admit(scopeOf('test\nlegacy, before', earlier), {}, [key(1), key(2)]);
		// Earlier versions: hash → seconds in the node's own static data.
		const node: IDataObject = { seen: Object.fromEntries(seenIn(earlier).map((hash) => [hash, 1_800_000_000])), recentEvents: [{ k: 'older still', t: 1 }] };
		const global: IDataObject = {};
		const admission = admit(scopeOf('test\nlegacy, after', global), node, [key(2), key(3)]);
		expect(admission).toEqual({ fresh: [false, true], changed: true });
		expect(node).toEqual({});
		expect(seenIn(global)).toHaveLength(3);
	});

	/** A clock whose time moves only when the test says: sleeps (and scheduled calls) run in order as it advances. */
	function fakeClock(start: number) {
		let time = start;
		const timers: Array<{ at: number; run: () => void }> = [];
		const settle = async () => await new Promise((resolve) => setImmediate(resolve));
		return {
			clock: { now: () => time, sleep: async (ms: number) => await new Promise<void>((run) => timers.push({ at: time + ms, run })) },
			sleeps: () => timers.length,
			/** Calls `fn` when the time reaches `when`. */
			at: (when: number, fn: () => void) => void timers.push({ at: when, run: fn }),
			/** Moves time to `until`, running each timer at its moment. */
			async advance(until: number) {
				await settle();
				for (;;) {
					timers.sort((a, b) => a.at - b.at);
					if (!timers[0] || timers[0].at > until) break;
					const next = timers.shift()!;
					time = next.at;
					next.run();
					await settle();
				}
				time = until;
				await settle();
			},
		};
	}

	it('saves of events arriving together are spaced or equal, so a database writing them out of order loses nothing (injected clock)', async () => {
		const { admit, saveTurn, SAVE_SPACING_MS, SAVE_WAIT_MAX_MS } = dedupe;
		const t0 = 1_900_000_000_000;
		const { clock, advance, at } = fakeClock(t0);
		const key = (n: number) => ({ dedupeKey: `demo-app:n8n-hook:message_sent:${n}`, windowed: false });
		// What n8n submits when a delivery returns: its whole static data, serialised then.
		const submitted: Array<{ at: number; keys: string[] }> = [];
		const deliveries: Array<Promise<void>> = [];
		const deliver = (n: number, when: number) =>
			at(when, () => {
				const staticData: IDataObject = {};
				const scope = scopeOf('webhook\nturns', staticData);
				const admission = admit(scope, {}, [key(n)], clock.now());
				expect(admission).toEqual({ fresh: [true], changed: true });
				deliveries.push(
					saveTurn(scope, admission, undefined, clock).then(() => {
						submitted.push({ at: clock.now(), keys: seenIn(staticData) });
					}),
				);
			});

		// One event on its own is saved at once.
		deliver(1, t0);
		await advance(t0);
		expect(submitted).toEqual([{ at: t0, keys: [expect.any(String)] }]);

		// Four arrive together 10 ms later, a fifth 100 ms after them: they wait for the first save to be
		// SAVE_SPACING_MS old, then go together, each with all six.
		for (const n of [2, 3, 4, 5]) deliver(n, t0 + 10);
		deliver(6, t0 + 110);
		await advance(t0 + SAVE_SPACING_MS - 1);
		expect(submitted).toHaveLength(1);
		await advance(t0 + SAVE_SPACING_MS);
		expect(submitted.slice(1)).toEqual(Array(5).fill({ at: t0 + SAVE_SPACING_MS, keys: expect.any(Array) }));
		submitted.slice(1).forEach((save) => expect(save.keys).toHaveLength(6));

		// A steady stream (one every 100 ms for 3 s) waits at most SAVE_WAIT_MAX_MS each.
		const streamStart = t0 + 10_000;
		for (let i = 0; i < 30; i += 1) deliver(100 + i, streamStart + i * 100);
		await advance(streamStart + 2900 + SAVE_WAIT_MAX_MS);
		await Promise.all(deliveries);
		expect(submitted).toHaveLength(36);
		submitted.slice(6).forEach((save, i) => expect(save.at - (streamStart + i * 100)).toBeLessThanOrEqual(SAVE_WAIT_MAX_MS));

		// The rule, for every pair: a later save either holds nothing the earlier one lacks, or was
		// submitted SAVE_SPACING_MS after it. So whichever order the database writes saves submitted
		// closer together, the one written last holds everything admitted before it.
		for (const [i, earlier] of submitted.entries()) {
			for (const later of submitted.slice(i + 1)) {
				if (later.keys.some((k) => !earlier.keys.includes(k))) expect(later.at - earlier.at).toBeGreaterThanOrEqual(SAVE_SPACING_MS);
			}
		}
	});

	it('a delivery that changes nothing in the static data does not wait', async () => {
		const { admit, saveTurn } = dedupe;
		const t0 = 1_900_000_000_000;
		const { clock, sleeps } = fakeClock(t0);
		const scope = scopeOf('webhook\nturns, repeats', {});
		const first = admit(scope, {}, [{ dedupeKey: 'demo-app:n8n-hook:message_sent:7', windowed: false }], t0);
		await saveTurn(scope, first, undefined, clock);
		const repeat = admit(scope, {}, [{ dedupeKey: 'demo-app:n8n-hook:message_sent:7', windowed: false }], t0 + 5);
		expect(repeat).toEqual({ fresh: [false], changed: false });
		await saveTurn(scope, repeat, undefined, clock);
		expect(sleeps()).toBe(0);
	});

	it("each node's seen-set in static data is bounded in bytes, the oldest dropped first", () => {
		const { admit, STORE_KEY, STORE_MAX_BYTES, STORE_TRIM_BYTES } = dedupe;
		const store: IDataObject = {};
		const t0 = 1_800_000_000_000;
		const key = (n: number) => ({ dedupeKey: `demo-app:n8n-hook:message_sent:${n}`, windowed: false });
		const scope = scopeOf('test\nbytes', store);
		let largest = 0;
		for (let n = 0; n < 2000; n += 1) {
			expect(admit(scope, {}, [key(n)], t0 + n * 1000).fresh).toEqual([true]);
			largest = Math.max(largest, JSON.stringify((store[STORE_KEY] as IDataObject)['node-1']).length);
		}
		expect(largest).toBeLessThanOrEqual(STORE_MAX_BYTES);
		expect(largest).toBeGreaterThan(STORE_MAX_BYTES - 100);
		expect(JSON.stringify((store[STORE_KEY] as IDataObject)['node-1']).length).toBeGreaterThan(STORE_TRIM_BYTES - 100);
		// A process without memory of them: the newest are still known, the oldest are not.
		const restarted = JSON.parse(JSON.stringify(store)) as IDataObject;
		expect(admit(scopeOf('test\nbytes, restarted', restarted), {}, [key(1999), key(0)], t0 + 2000 * 1000).fresh).toEqual([false, true]);
	});

	it('the process memory is capped in bytes: the sets it holds, counted as their JSON, stay under MEMORY_MAX_BYTES', () => {
		const { admit, memoryUsage, MEMORY_MAX_BYTES, STORE_KEY, STORE_MAX_BYTES, WORKFLOW_OVERHEAD_BYTES } = dedupe;
		const t0 = 1_800_000_000_000;
		// Twice as many full sets as the cap holds: each workflow's node gets 1,200 events in one batch.
		const full = Math.ceil((2 * MEMORY_MAX_BYTES) / STORE_MAX_BYTES);
		const globals: IDataObject[] = [];
		for (let w = 0; w < full; w += 1) {
			const global: IDataObject = {};
			globals.push(global);
			const batch = Array.from({ length: 1200 }, (_, n) => ({ dedupeKey: `demo-app:hook:message_sent:${w}-${n}`, windowed: false }));
			expect(admit(scopeOf(`test\nmemory ${w}`, global), {}, batch, t0).fresh.every(Boolean)).toBe(true);
			expect(memoryUsage().bytes).toBeLessThanOrEqual(MEMORY_MAX_BYTES);
		}
		const { bytes, workflows } = memoryUsage();
		expect(bytes).toBeGreaterThan(MEMORY_MAX_BYTES - STORE_MAX_BYTES - WORKFLOW_OVERHEAD_BYTES);
		// The oldest workflows were forgotten by the process (their static data still has them).
		expect(workflows).toBeLessThan(full);
		// The count is honest: the sets of the workflows still held (the newest), as JSON, are what it counts.
		const held = globals.slice(-workflows).reduce((sum, global) => sum + JSON.stringify(global[STORE_KEY]).length + WORKFLOW_OVERHEAD_BYTES, 0);
		expect(held).toBeLessThanOrEqual(bytes);
		expect(held).toBeGreaterThan(bytes * 0.99);
		expect(admit(scopeOf('test\nmemory 0', JSON.parse(JSON.stringify(globals[0])) as IDataObject), {}, [{ dedupeKey: 'demo-app:hook:message_sent:0-1199', windowed: false }], t0).fresh).toEqual([false]);
	});

	it('Ignore Repeated Deliveries off: every delivery starts a workflow', async () => {
		const t = await trigger(setup({ parameters: { options: { deduplicate: false } } }));
		const event = envelope('message_sent', { message: userMessage });
		await deliver(t.url, event, { auth: AUTH });
		await deliver(t.url, event, { auth: AUTH });
		expect(await t.executions()).toHaveLength(2);
	});
});

describe('CometChat Trigger: automatic registration', () => {
	let emulator: Emulator;
	beforeAll(async () => {
		emulator = await createEmulator();
	});
	beforeEach(() => emulator.reset());
	afterAll(() => emulator.close());

	const origin = () => emulator.url.replace(/\/v3$/, '');
	const management = (extra: Record<string, string> = {}) => ({ key: DEFAULT_MANAGEMENT_KEY, secret: DEFAULT_MANAGEMENT_SECRET, baseUrl: origin(), ...extra });
	// The management credential only: the trigger makes its own Basic Auth pair.
	const automatic = (extra: Partial<TriggerSetup> = {}): TriggerSetup => ({
		...extra,
		parameters: { registration: 'automatic', appId: 'demo-app', events: ['message_sent', 'moderation_engine_blocked'], ...extra.parameters },
		credentials: { cometChatManagementApi: management(), ...extra.credentials },
	});
	const store = () => managementStore(emulator.state);
	const hooks = () => [...store().appWebhooks('demo-app').values()];
	const calls = () => emulator.requests.map((r) => `${r.method} ${r.path}`);

	it('activation creates the webhook (URL, its own Basic Auth pair, retries on, the chosen triggers); deactivation deletes it', async () => {
		const t = await trigger(automatic());
		const event = envelope('message_sent', { message: userMessage });
		// Before any activation no pair exists: nothing gets in, whatever it sends.
		expect((await deliver(t.url, event, { auth: AUTH })).status).toBe(401);
		expect(await t.activate()).toEqual({ existed: false, created: true });
		const [hook] = hooks();
		expect(hook).toMatchObject({
			webhookURL: t.webhookUrl,
			useBasicAuth: true,
			username: expect.stringMatching(/^n8n[0-9a-f]{16}$/),
			password: expect.stringMatching(/^[0-9a-f]{64}$/),
			enabled: true,
			retryOnFailure: true,
			triggers: ['message_sent', 'moderation_engine_blocked'],
		});
		// The pair lives in the workflow's static data (saved by n8n after activation), nowhere else.
		expect(t.staticData().basicAuth).toEqual({ username: hook.username, password: hook.password, generation: expect.any(Number) as unknown });
		expect(t.webhookUrl).toMatch(/^https:\/\/n8n\.example\.test\/webhook\/[0-9a-f-]{36}\/webhook$/);
		expect(hook.id).toMatch(/^n8n[0-9a-f]{32}$/);
		expect(hook.name).toBe('n8n CometChat events CometChat Trigger');
		expect(t.staticData()).toMatchObject({ webhookId: hook.id, webhookUrl: t.webhookUrl });
		expect(calls()).toEqual([
			'GET /apps/demo-app/webhooks/' + hook.id,
			'GET /apps/demo-app/webhooks',
			'POST /apps/demo-app/webhooks',
			`POST /apps/demo-app/webhooks/${hook.id}/triggers`,
		]);
		for (const request of emulator.requests) {
			expect(request.headers).toMatchObject({ key: DEFAULT_MANAGEMENT_KEY, secret: DEFAULT_MANAGEMENT_SECRET, 'x-webhook-version': '2' });
			expect(request.headers.apikey).toBeUndefined();
		}

		// What CometChat then sends with that webhook's Basic Auth pair gets in; anything else gets 401.
		// The last character changed, never kept: a password ending in 0 once made this "wrong" pair the right one.
		const password = String(hook.password);
		const wrongPassword = password.slice(0, -1) + (password.endsWith('0') ? '1' : '0');
		const wrong = await deliver(t.url, event, { auth: { username: String(hook.username), password: wrongPassword } });
		expect(wrong.status).toBe(401);
		expect(JSON.stringify(wrong.body)).not.toContain(String(hook.password));
		const answer = await deliverAs(hook, t.url, envelope('message_sent', { message: userMessage }, { webhook: hook.id }));
		expect(answer.status).toBe(200);
		const executions = await t.executions();
		expect(executions).toHaveLength(1);
		expect(executions[0].items[0].json.webhook).toBe(hook.id);

		expect(await t.deactivate()).toBe(true);
		expect(hooks()).toEqual([]);
		expect(t.staticData().webhookId).toBeUndefined();
		expect(t.staticData().webhookUrl).toBeUndefined();
		// The pair is forgotten (only its generation is kept); the next activation registers a new one, the old one opens nothing.
		expect(t.staticData().basicAuth).toEqual({ generation: expect.any(Number) as unknown });
		expect((await deliverAs(hook, t.url, event)).status).toBe(401);
	});

	it('a message quoting the trigger\'s own password reaches the workflow redacted', async () => {
		const t = await trigger(automatic());
		await t.activate();
		const [hook] = hooks();
		const quoting = { ...userMessage, id: '202', data: { ...userMessage.data, text: `the password is ${String(hook.password)}` } };
		expect((await deliverAs(hook, t.url, envelope('message_sent', { message: quoting }))).status).toBe(200);
		const [execution] = await t.executions();
		expect(JSON.stringify(execution.items)).not.toContain(String(hook.password));
		expect((execution.items[0].json.message as { data: { text: string } }).data.text).toBe('the password is [redacted]');
	});

	it('activating again reuses the webhook it made, updated to the current events and its pair', async () => {
		const t = await trigger(automatic());
		await t.activate();
		const [{ id, password }] = hooks();
		// Events changed since; the static data (and so the pair) is the one n8n saved.
		const second = await trigger({ ...automatic({ parameters: { events: ['message_sent', 'group_member_banned'] } }), webhookId: t.node.webhookId, staticData: { [`node:${TRIGGER_NAME}`]: t.staticData() } });
		emulator.requests.length = 0;
		expect(await second.activate()).toEqual({ existed: true });
		expect(hooks()).toHaveLength(1);
		expect(hooks()[0]).toMatchObject({ id, password, triggers: ['message_sent', 'group_member_banned'] });
		expect(calls()).toEqual([
			`GET /apps/demo-app/webhooks/${id}`,
			`PUT /apps/demo-app/webhooks/${id}`,
			`GET /apps/demo-app/webhooks/${id}/triggers`,
			`POST /apps/demo-app/webhooks/${id}/triggers`,
			`DELETE /apps/demo-app/webhooks/${id}/triggers`,
		]);
		// Even with its static data lost, the trigger finds its webhook by its URL, and registers a new pair
		// (the old one is gone with the static data), which its deliveries then need.
		const third = await trigger({ ...automatic(), webhookId: t.node.webhookId });
		expect(await third.activate()).toEqual({ existed: true });
		expect(hooks()).toHaveLength(1);
		expect(hooks()[0].password).not.toBe(password);
		expect(third.staticData().basicAuth).toMatchObject({ username: hooks()[0].username, password: hooks()[0].password });
		expect((await deliverAs(hooks()[0], third.url, envelope('message_sent', { message: userMessage }))).status).toBe(200);
	});

	it('several workflows on one app each keep their own webhook; removing one leaves the others', async () => {
		const a = await trigger(automatic({ workflowId: 'wf-a' }));
		const b = await trigger(automatic({ workflowId: 'wf-b', parameters: { events: ['*'] } }));
		await a.activate();
		await b.activate();
		expect(hooks()).toHaveLength(2);
		expect(new Set(hooks().map((h) => h.webhookURL))).toEqual(new Set([a.webhookUrl, b.webhookUrl]));
		// All Events registers the 46 IDs of the management API.
		expect(hooks().find((h) => h.webhookURL === b.webhookUrl)?.triggers).toHaveLength(46);
		await a.deactivate();
		expect(hooks().map((h) => h.webhookURL)).toEqual([b.webhookUrl]);
	});

	// n8n's TestWebhooks starts a test webhook on a Workflow with EMPTY static data and keeps what its
	// activation put there for the test deliveries and the deactivation; it is never saved (test/harness/trigger.ts).
	it('Listen for test event, with n8n\'s own empty static data: the test URL gets its own webhook and a pair of its own; the production pair opens nothing there', async () => {
		const production = await trigger(automatic({ workflowId: 'wf-listen' }));
		await production.activate();
		const [live] = hooks();
		const test = await trigger({ ...automatic({ workflowId: 'wf-listen' }), mode: 'manual', webhookId: production.node.webhookId });
		expect(test.staticData()).toEqual({});
		expect(await test.activate()).toEqual({ existed: false, created: true });
		expect(test.webhookUrl).toContain('/webhook-test/');
		const listening = hooks().find((h) => h.webhookURL === test.webhookUrl);
		expect(listening).toMatchObject({ username: expect.stringMatching(/^n8n[0-9a-f]{16}$/) as unknown, password: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown });
		expect(listening?.id).not.toBe(live.id);
		expect(listening?.username).not.toBe(live.username);
		expect(listening?.password).not.toBe(live.password);
		// The test webhook's static data holds its pair; the production static data keeps the production pair.
		expect(test.staticData().basicAuth).toMatchObject({ username: listening?.username, password: listening?.password });
		expect(production.staticData().basicAuth).toMatchObject({ username: live.username, password: live.password });

		const event = envelope('message_sent', { message: userMessage });
		expect((await deliverAs(live, test.url, event)).status).toBe(401);
		expect(await deliverAs(listening!, test.url, event)).toMatchObject({ status: 200, body: { message: 'Workflow was started' } });
		expect((await test.executions()).map((e) => e.items[0].json.dedupeKey)).toEqual(['demo-app:n8n-hook:message_sent:101']);
		// The test pair does not open the production URL; its own pair does.
		expect((await deliverAs(listening!, production.url, event)).status).toBe(401);
		expect((await deliverAs(live, production.url, event)).status).toBe(200);

		expect(await test.deactivate()).toBe(true);
		expect(hooks().map((h) => h.webhookURL)).toEqual([production.webhookUrl]);
		expect(production.staticData().basicAuth).toMatchObject({ username: live.username, password: live.password });
	});

	/** A media message whose attachment is served by the emulator (the Base URL Override host) after `delayMs`. */
	const slowMedia = (id: string, delayMs: number) => {
		const name = `slow-${id}.png`;
		store().putMedia('demo-app', name, { mimeType: 'image/png', data: Buffer.from('slow png'), delayMs });
		const url = `${origin()}/demo-app/media/${name}`;
		return envelope('message_sent', { message: { ...userMessage, id, type: 'image', data: { ...userMessage.data, url, attachments: [{ url, name, mimeType: 'image/png' }] } } });
	};
	const downloading = (extra: Partial<TriggerSetup> = {}) => automatic({ persistence: 'n8n', ...extra, parameters: { options: { downloadAttachments: true } } });

	it('deactivating forgets the pair, also when a delivery loaded before it is saved after it (downloads)', async () => {
		const t = await trigger(downloading());
		await t.activate();
		const [old] = hooks();
		// Answered at once; its static data, loaded now, is saved when its download ends (1.5 s).
		expect((await deliverAs(old, t.url, slowMedia('601', 1500))).status).toBe(200);
		expect(await t.deactivate()).toBe(true);
		expect(t.staticData().basicAuth ?? {}).not.toHaveProperty('password');
		await t.executions();
		// That delivery's save came after the deactivation's: the pair stays forgotten.
		expect(t.staticData().basicAuth ?? {}).not.toHaveProperty('password');
		expect(await t.activate()).toEqual({ existed: false, created: true });
		const [renewed] = hooks();
		expect(renewed.password).not.toBe(old.password);
		expect((await deliverAs(old, t.url, envelope('message_sent', { message: { ...userMessage, id: '602' } }))).status).toBe(401);
		expect((await deliverAs(renewed, t.url, envelope('message_sent', { message: { ...userMessage, id: '603' } }))).status).toBe(200);
	});

	it('a delivery loaded before a deactivation and saved after the next activation writes the new pair, not the old one', async () => {
		const t = await trigger(downloading());
		await t.activate();
		const [old] = hooks();
		expect((await deliverAs(old, t.url, slowMedia('611', 1500))).status).toBe(200);
		await t.deactivate();
		await t.activate();
		const [renewed] = hooks();
		expect(renewed.password).not.toBe(old.password);
		await t.executions();
		expect(t.staticData().basicAuth).toMatchObject({ username: renewed.username, password: renewed.password });
		expect((await deliverAs(renewed, t.url, envelope('message_sent', { message: { ...userMessage, id: '612' } }))).status).toBe(200);
		expect((await deliverAs(old, t.url, envelope('message_sent', { message: { ...userMessage, id: '613' } }))).status).toBe(401);
	});

	it('an old pair written back into the static data (another process, then a restart) is never registered again', async () => {
		const t = await trigger(automatic({ persistence: 'n8n' }));
		await t.activate();
		const [old] = hooks();
		const written = { ...t.staticData().basicAuth as IDataObject };
		await t.deactivate();
		// A webhook process that loaded the static data before the deactivation saves it after (last writer wins).
		(t.savedStaticData()[`node:${TRIGGER_NAME}`] as IDataObject).basicAuth = written;
		let restarted: INodeType | undefined;
		jest.isolateModules(() => {
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			const { CometChatTrigger } = require('../../dist/nodes/CometChatTrigger/CometChatTrigger.node.js') as { CometChatTrigger: new () => INodeType };
			restarted = new CometChatTrigger();
		});
		const after = await trigger(automatic({ persistence: 'n8n', nodeType: restarted, workflowId: t.workflow.id, webhookId: t.node.webhookId, staticData: t.savedStaticData() }));
		expect(await after.activate()).toEqual({ existed: false, created: true });
		const [renewed] = hooks();
		expect(renewed.password).not.toBe(old.password);
		expect((await deliverAs(old, after.url, envelope('message_sent', { message: userMessage }))).status).toBe(401);
		expect((await deliverAs(renewed, after.url, envelope('message_sent', { message: userMessage }))).status).toBe(200);
	});

	it('at CometChat\'s limit of 25 webhooks per app, activation fails saying so', async () => {
		for (let i = 0; i < MAX_WEBHOOKS; i += 1) store().seedWebhook('demo-app', { id: `other${i}` });
		const t = await trigger(automatic());
		await expect(t.activate()).rejects.toThrow(
			'CometChat allows 25 webhooks per app, and app "demo-app" already has 25, so this trigger cannot register its own. Delete a webhook you no longer use',
		);
		expect(calls().filter((c) => c.startsWith('POST'))).toEqual([]);
		expect(hooks()).toHaveLength(25);
		// The emulator refuses a 26th as well.
		const direct = await fetch(`${origin()}/apps/demo-app/webhooks`, {
			method: 'POST',
			headers: { key: DEFAULT_MANAGEMENT_KEY, secret: DEFAULT_MANAGEMENT_SECRET, 'Content-Type': 'application/json' },
			body: JSON.stringify({ id: 'one-more', name: 'one more', webhookURL: 'https://example.com/x' }),
		});
		expect(direct.status).toBe(400);
		expect(((await direct.json()) as { error: { code: string } }).error.code).toBe('ERR_BAD_REQUEST');
	});

	it('management credential errors show CometChat\'s code and message, never the key or secret', async () => {
		const wrong = await trigger(automatic({ credentials: { cometChatManagementApi: management({ secret: 'not-the-secret-123' }) } }));
		const error = await wrong.activate().catch((e: Error & { description?: string }) => e);
		expect(error).toBeInstanceOf(Error);
		const shown = error as Error & { description?: string; httpCode?: string };
		expect(shown.message).toBe('AUTH_ERR_APIKEY_NOT_FOUND: The key [redacted] does not exist or the secret does not match it. Please use the correct key and secret.');
		expect(shown.description).toContain('not the app\'s REST API key');
		expect(shown.httpCode).toBe('401');
		const everything = JSON.stringify(error) + shown.message + (shown.description ?? '');
		expect(everything).not.toContain(DEFAULT_MANAGEMENT_KEY);
		expect(everything).not.toContain('not-the-secret-123');

		const empty = await trigger(automatic({ credentials: { cometChatManagementApi: management({ key: '' }) } }));
		await expect(empty.activate()).rejects.toThrow('The CometChat Management API credential needs both Key and Secret');

		const unknownApp = await trigger(automatic({ parameters: { appId: 'other-app' } }));
		await expect(unknownApp.activate()).rejects.toThrow('ERR_APP_NOT_FOUND: The App ID other-app does not exist or has been archived.');

		emulator.requests.length = 0;
		const plainHttp = await trigger(automatic({ credentials: { cometChatManagementApi: management({ baseUrl: 'http://mgmt.example.com' }) } }));
		await expect(plainHttp.activate()).rejects.toThrow('The Base URL Override in the CometChat Management API credential must start with https://');
		const httpWebhook = await trigger({ ...automatic(), webhookBaseUrl: 'http://n8n.example.test/' });
		await expect(httpWebhook.activate()).rejects.toThrow(/CometChat delivers webhooks only to public https:\/\/ addresses, and this trigger's URL is http:\/\/n8n\.example\.test\/webhook\//);
		expect(emulator.requests).toEqual([]);
	});

	it('automatic registration needs the App ID field, and says so before any request', async () => {
		const missing = await trigger(automatic({ parameters: { appId: '' } }));
		await expect(missing.activate()).rejects.toThrow(
			'Automatic registration needs the App ID of the CometChat app: fill in the App ID field (CometChat dashboard → Application → API & Auth Keys).',
		);
		expect(emulator.requests).toEqual([]);
	});

	it('a deleted-at-CometChat webhook is created again; deleting one that is gone is fine', async () => {
		const t = await trigger(automatic());
		await t.activate();
		store().appWebhooks('demo-app').clear();
		expect(await t.activate()).toEqual({ existed: false, created: true });
		store().appWebhooks('demo-app').clear();
		expect(await t.deactivate()).toBe(true);
	});

	it('a failing delete is logged (without secrets) and does not block deactivation', async () => {
		const t = await trigger(automatic());
		await t.activate();
		emulator.failNext({ status: 500, body: { error: { code: 'ERR_EXCEPTION', message: `boom ${DEFAULT_MANAGEMENT_SECRET}` } } });
		expect(await t.deactivate()).toBe(false);
		expect(t.warnings.join('\n')).toContain('could not delete its webhook');
		expect(t.warnings.join('\n')).not.toContain(DEFAULT_MANAGEMENT_SECRET);
	});

	it('manual registration never calls the management API', async () => {
		const t = await trigger(setup({ credentials: { cometChatManagementApi: management() } }));
		expect(await t.activate()).toEqual({ existed: true });
		expect(await t.deactivate()).toBe(true);
		expect(emulator.requests).toEqual([]);
	});

	it('the management credential test lists one app with the key pair', async () => {
		expect(await testTriggerCredential('cometChatManagementApi', management())).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(emulator.requests.at(-1)).toMatchObject({ method: 'GET', path: '/apps', query: { perPage: '1' } });
		expect(emulator.requests.at(-1)?.headers).toMatchObject({ key: DEFAULT_MANAGEMENT_KEY, secret: DEFAULT_MANAGEMENT_SECRET });
		expect(await testTriggerCredential('cometChatManagementApi', management({ secret: 'wrong-secret' }))).toEqual({
			status: 'Error',
			message: "CometChat did not accept this key and secret. Use the management (multi-tenancy) key pair from CometChat, not an app's REST API key.",
		});
		// A remote plain-http override sends nothing at all.
		emulator.requests.length = 0;
		expect((await testTriggerCredential('cometChatManagementApi', management({ baseUrl: 'http://mgmt.example.com' }))).status).toBe('Error');
		expect(emulator.requests).toEqual([]);
	});
});

// Download Attachments: test/trigger/attachments.test.ts

it('the node name used by the harness is the default name', () => {
	expect(triggerType.description.defaults.name).toBe(TRIGGER_NAME);
});
