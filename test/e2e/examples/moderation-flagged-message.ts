// examples/moderation-flagged-message.json: the CometChat Trigger receives a moderation_engine_blocked
// event over HTTP (Basic Auth, as CometChat sends it) and the workflow bans the sender.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ExampleCheck, requestLines } from '../n8n/checks';
import { WEBHOOK_AUTH } from '../n8n/setup';
import { ROOT } from '../n8n/runtime';

interface Workflow {
	nodes: Array<{ name: string; webhookId?: string }>;
	pinData: Record<string, Array<{ json: Record<string, unknown> }>>;
}

const workflow = JSON.parse(readFileSync(join(ROOT, 'examples', 'moderation-flagged-message.json'), 'utf8')) as Workflow;
// The event as CometChat posts it; the example pins what the trigger made of it.
const { trigger, appId, region, webhook: webhookName, data } = workflow.pinData['CometChat Trigger'][0].json;
const event = { trigger, appId, region, webhook: webhookName, data };
const path = `${String(workflow.nodes.find((n) => n.name === 'CometChat Trigger')?.webhookId)}/webhook`;
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

export const check: ExampleCheck = {
	async live({ activate, webhook, lastExecution, executionCount, emulator }) {
		await activate();
		// A delivery with the wrong password is refused and starts nothing.
		const refused = await webhook(path, event, { authorization: basic(WEBHOOK_AUTH.username, 'wrong') });
		expect(refused.status).toBe(401);
		expect(await executionCount()).toBe(0);

		const accepted = await webhook(path, event, { authorization: basic(WEBHOOK_AUTH.username, WEBHOOK_AUTH.password) });
		expect(accepted.status).toBe(200);
		const run = await lastExecution();
		expect(run.error).toBeUndefined();
		expect(run.output('CometChat Trigger')).toMatchObject([{ trigger: 'moderation_engine_blocked', sender: { uid: 'cometchat-uid-2' }, group: { guid: 'cometchat-guid-1' } }]);
		expect(run.output('Ban the sender')).toEqual([
			{ success: true, message: 'The user with uid cometchat-uid-2 has been banned from the Group with cometchat-guid-1.' },
		]);
		expect(requestLines(emulator)).toEqual([
			'POST /groups/cometchat-guid-1/bannedusers/cometchat-uid-2 [mod-olivia]',
			'POST /messages {"category":"message","type":"text","receiverType":"user","receiver":"mod-olivia","muid":"n8n-<derived>","data":{"text":"Moderation blocked a message from George Alan (cometchat-uid-2) in Hiking Group: \\"Cheap pills, 90% off: pm me\\". They are now banned from the group."},"tags":["moderation"]}',
		]);
		expect(emulator.state.getGroup('cometchat-guid-1')?.bans.has('cometchat-uid-2')).toBe(true);
		// The same event delivered again (CometChat retries) starts no second execution.
		const repeated = await webhook(path, event, { authorization: basic(WEBHOOK_AUTH.username, WEBHOOK_AUTH.password) });
		expect(repeated.status).toBe(200);
		expect(await executionCount()).toBe(1);
	},
};
