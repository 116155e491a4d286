// examples/ai-agent-moderator.json: an AI Agent with two CometChat Tool nodes (ban, message), driven by
// the scripted stand-in model, which calls every tool offered with the values named in the request.
import { type ExampleCheck, requestLines } from '../n8n/checks';

export const check: ExampleCheck = {
	headless(run, { emulator, model }) {
		expect(run.error).toBeUndefined();
		// n8n offered both CometChat tools, described from their operations, with the $fromAI() parameters.
		const [first, second] = model.requests;
		const tools = Object.fromEntries((first.tools ?? []).map((t) => [t.function.name, t.function]));
		expect(Object.keys(tools).sort()).toEqual(['Ban_from_group', 'Tell_the_user_why']);
		expect(tools.Ban_from_group.description).toBe('Ban a user from a group in CometChat');
		expect(tools.Ban_from_group.parameters?.required).toEqual(['guid', 'uid']);
		expect(tools.Tell_the_user_why.description).toBe('Send a message in CometChat');
		expect(tools.Tell_the_user_why.parameters?.required).toEqual(['uid', 'guid', 'reason']);
		// Both tools ran against CometChat, on behalf of the moderator.
		expect(requestLines(emulator).sort()).toEqual([
			'POST /groups/cometchat-guid-1/bannedusers/cometchat-uid-2 [mod-olivia]',
			'POST /messages {"category":"message","type":"text","receiverType":"user","receiver":"cometchat-uid-2","muid":"n8n-<derived>","data":{"text":"You were removed from cometchat-guid-1: selling pills in the group."}} [mod-olivia]',
		]);
		expect(emulator.state.getGroup('cometchat-guid-1')?.bans.has('cometchat-uid-2')).toBe(true);
		// The tools' answers went back to the model, and its final answer is the agent's output.
		expect(model.requests).toHaveLength(2);
		const toolResults = second.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
		expect(toolResults.some((r) => r.includes('has been banned from the Group with cometchat-guid-1'))).toBe(true);
		expect(toolResults.some((r) => r.includes('You were removed from cometchat-guid-1: selling pills in the group.'))).toBe(true);
		const [{ output }] = run.output('AI Agent') as Array<{ output: string }>;
		expect(output).toMatch(/^Done\. The tools answered:\n/);
		expect(output).toContain('- Ban_from_group: ');
		expect(output).toContain('- Tell_the_user_why: ');
	},
};
