// examples/group-announcement.json: a weekly announcement posted to a group on behalf of a moderator.
import { DERIVED_MUID, type ExampleCheck, messagesSince, requestLines } from '../n8n/checks';

export const check: ExampleCheck = {
	headless(run, { emulator }) {
		expect(run.error).toBeUndefined();
		const [{ text }] = run.output('Announcement') as Array<{ text: string }>;
		expect(text).toMatch(/^Hike of the week \(\d{1,2} \w{3}\): Ridge Trail, Saturday 8:00 at the trailhead\. Reply here to join!$/);
		expect(run.output('Post to the group')).toMatchObject([
			{ sender: 'mod-olivia', receiverType: 'group', receiver: 'cometchat-guid-1', tags: ['announcement'], data: { text } },
		]);
		expect(requestLines(emulator)).toEqual([
			`POST /messages ${JSON.stringify({ category: 'message', type: 'text', receiverType: 'group', receiver: 'cometchat-guid-1', muid: DERIVED_MUID, data: { text }, tags: ['announcement'] })} [mod-olivia]`,
		]);
		// The message is in the group's conversation.
		expect(messagesSince(emulator)).toMatchObject([{ conversationId: 'group_cometchat-guid-1', sender: 'mod-olivia', data: { text } }]);
	},
};
