// examples/moderation-webhook.json: block / ban / unban requests from a webhook, or three samples from "Try it".
import { DERIVED_MUID, type ExampleCheck, messagesSince, requestLines, texts } from '../n8n/checks';

const notFound = 'The uid no-such-user does not exist, please make sure you have created a uid with uid no-such-user.';

export const check: ExampleCheck = {
	headless(run, { emulator }) {
		expect(run.error).toBeUndefined();
		expect(run.status).toBe('success');
		// The Switch routes each sample request to its own branch.
		expect(run.outputs('Action').map((items) => items.map((i) => (i.body as { action: string }).action))).toEqual([['block'], ['ban'], ['unban']]);
		expect(run.output('Block reported users')).toEqual([
			{ uid: 'spammer-42', success: true, message: 'The user with UID cometchat-uid-3 has blocked user with UID spammer-42 successfully.' },
			{ uid: 'guest-emma', success: true, message: 'The user with UID cometchat-uid-3 has blocked user with UID guest-emma successfully.' },
			{ uid: 'no-such-user', success: false, message: notFound },
		]);
		expect(texts(run.output('Report to the moderator'))).toEqual([
			'Report from cometchat-uid-3: spammer-42 is now blocked',
			'Report from cometchat-uid-3: guest-emma is now blocked',
			`Report from cometchat-uid-3: no-such-user was not blocked (${notFound})`,
		]);
		expect(run.output('Ban from group')).toEqual([
			{ success: true, message: 'The user with uid cometchat-uid-2 has been banned from the Group with cometchat-guid-1.' },
		]);
		expect(run.output('Tell the banned user')).toMatchObject([
			{ sender: 'mod-olivia', receiver: 'cometchat-uid-2', data: { text: 'You were removed from cometchat-guid-1: selling pills in the group. Reply here to appeal.' } },
		]);
		expect(run.output('Unban after review')).toEqual([
			{ success: true, message: 'The user with uid spammer-42 has been unbanned from the Group cometchat-guid-1.' },
		]);
		expect(run.output('Tell the user they are back')).toMatchObject([
			{ sender: 'mod-olivia', receiver: 'spammer-42', data: { text: 'Your appeal was accepted: you can join cometchat-guid-1 again.' } },
		]);
		// A node sends its items' requests concurrently: the three reports may arrive in any order.
		const requests = requestLines(emulator);
		expect(requests[0]).toBe('POST /users/cometchat-uid-3/blockedusers {"blockedUids":["spammer-42","guest-emma","no-such-user"]}');
		expect(requests.slice(1, 4).sort()).toEqual(
			[
				'Report from cometchat-uid-3: guest-emma is now blocked',
				`Report from cometchat-uid-3: no-such-user was not blocked (${notFound})`,
				'Report from cometchat-uid-3: spammer-42 is now blocked',
			].map((text) => `POST /messages ${JSON.stringify({ category: 'message', type: 'text', receiverType: 'user', receiver: 'mod-olivia', muid: DERIVED_MUID, data: { text }, tags: ['moderation'] })}`),
		);
		expect(requests.slice(4)).toEqual([
			'POST /groups/cometchat-guid-1/bannedusers/cometchat-uid-2 [mod-olivia]',
			'POST /messages {"category":"message","type":"text","receiverType":"user","receiver":"cometchat-uid-2","muid":"n8n-<derived>","data":{"text":"You were removed from cometchat-guid-1: selling pills in the group. Reply here to appeal."}} [mod-olivia]',
			'DELETE /groups/cometchat-guid-1/bannedusers/spammer-42 [mod-olivia]',
			'POST /messages {"category":"message","type":"text","receiverType":"user","receiver":"spammer-42","muid":"n8n-<derived>","data":{"text":"Your appeal was accepted: you can join cometchat-guid-1 again."}} [mod-olivia]',
		]);
		// CometChat's state afterwards: the blocks, the ban and the lifted ban really happened.
		const blocked = emulator.state.blocks.get('cometchat-uid-3');
		expect([...(blocked?.keys() ?? [])].sort()).toEqual(['guest-emma', 'spammer-42']);
		const group = emulator.state.getGroup('cometchat-guid-1');
		expect(group?.bans.has('cometchat-uid-2')).toBe(true);
		expect(group?.members.has('cometchat-uid-2')).toBe(false);
		expect(group?.bans.has('spammer-42')).toBe(false);
		expect(messagesSince(emulator).map((m) => `${m.sender} → ${m.receiver}`)).toEqual([
			'app_system → mod-olivia',
			'app_system → mod-olivia',
			'app_system → mod-olivia',
			'mod-olivia → cometchat-uid-2',
			'mod-olivia → spammer-42',
		]);
	},

	// In production: one request per webhook call; n8n answers with what the last step returned.
	async live({ activate, webhook, emulator }) {
		await activate();
		const answer = await webhook('cometchat-moderation', {
			action: 'ban',
			guid: 'cometchat-guid-1',
			uid: 'cometchat-uid-5',
			moderator: 'mod-olivia',
			reason: 'spamming links',
		});
		expect(answer.status).toBe(200);
		expect(answer.body).toMatchObject([
			{ sender: 'mod-olivia', receiver: 'cometchat-uid-5', data: { text: 'You were removed from cometchat-guid-1: spamming links. Reply here to appeal.' } },
		]);
		expect(requestLines(emulator)[0]).toBe('POST /groups/cometchat-guid-1/bannedusers/cometchat-uid-5 [mod-olivia]');
		expect(emulator.state.getGroup('cometchat-guid-1')?.bans.has('cometchat-uid-5')).toBe(true);
	},
};
