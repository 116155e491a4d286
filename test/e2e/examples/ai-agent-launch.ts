// examples/ai-agent-launch.json: CometChat AI Agents creates an Agent Builder agent; CometChat Campaigns creates an
// approved in-app template that names it and sends it to three users as a template notification.
import { campaignsStore } from '../../emulator/routes/campaigns';
import { type ExampleCheck, requestLines } from '../n8n/checks';

const INSTRUCTION =
	'You answer questions about invoices, refunds and payment methods, briefly and politely. When you cannot help, say that a person from the billing team will reply.';
const USERS = ['cometchat-uid-1', 'cometchat-uid-2', 'cometchat-uid-3'];

export const check: ExampleCheck = {
	headless(run, { emulator }) {
		expect(run.error).toBeUndefined();
		const [agent] = run.output('Create agent') as Array<{ uid: string }>;
		expect(agent).toMatchObject({ uid: expect.any(String), name: 'Billing Assistant', description: 'Answers billing questions', instruction: INSTRUCTION, isActive: true });
		const channels = [{ channelType: 'in_app', content: { title: 'Meet Billing Assistant', body: 'Our new AI agent answers billing questions, day and night.' } }];
		expect(run.output('Create announcement')).toMatchObject([
			{ templateId: 'meet_billing_assistant', name: 'Meet Billing Assistant', status: 'approved', tags: ['ai-agent'], channels },
		]);
		// 1–10 receivers: sent at once, one notification ID (more would be a queued batch).
		expect(run.output('Announce to users')).toEqual([{ notificationId: expect.any(String), receivers: 3 }]);
		expect(requestLines(emulator)).toEqual([
			`POST /ai-agents/agent-builder/agents ${JSON.stringify({ name: 'Billing Assistant', description: 'Answers billing questions', instruction: INSTRUCTION })}`,
			`POST /campaigns/templates ${JSON.stringify({ name: 'Meet Billing Assistant', channels, status: 'approved', tags: ['ai-agent'] })}`,
			`POST /campaigns/notifications/messages ${JSON.stringify({ templateId: 'meet_billing_assistant', receivers: USERS, tag: `agent-launch-${agent.uid}` })}`,
		]);
		// Each user has the announcement in their notification feed.
		const feed = [...campaignsStore(emulator.state).feed.byId.values()];
		expect(feed.map((item) => [item.receiver, item.channelType, item.tag])).toEqual(USERS.map((uid) => [uid, 'in_app', `agent-launch-${agent.uid}`]));
	},
};
