// examples/signup-provisioning.json: a sign-up creates the CometChat user with an auth token, and the
// webhook answers with that token.
import { type ExampleCheck, requestLines, texts } from '../n8n/checks';

const TOKEN = (uid: string) => new RegExp(`^${uid}_[0-9a-f]{40}$`);

export const check: ExampleCheck = {
	headless(run, { emulator }) {
		expect(run.error).toBeUndefined();
		const [user] = run.output('Create user with auth token');
		expect(user).toMatchObject({ uid: 'ada-lovelace', name: 'Ada Lovelace', tags: ['new-member'], metadata: { '@private': { email: 'ada@example.com' } } });
		expect(String(user.authToken)).toMatch(TOKEN('ada-lovelace'));
		expect(texts(run.output('Welcome message'))).toEqual(['Welcome aboard, Ada Lovelace!']);
		expect(requestLines(emulator)).toEqual([
			'POST /users {"uid":"ada-lovelace","name":"Ada Lovelace","metadata":{"@private":{"email":"ada@example.com"}},"tags":["new-member"],"withAuthToken":true}',
			'POST /messages {"category":"message","type":"text","receiverType":"user","receiver":"ada-lovelace","muid":"n8n-<derived>","data":{"text":"Welcome aboard, Ada Lovelace!"}}',
		]);
		// The user and the token exist in CometChat, and the token is the one the workflow returned.
		expect(emulator.state.getUser('ada-lovelace')?.name).toBe('Ada Lovelace');
		expect(emulator.state.latestAuthToken('ada-lovelace')?.authToken).toBe(user.authToken);
	},

	async live({ activate, webhook, emulator }) {
		await activate();
		const answer = await webhook('cometchat-signup', { uid: 'grace-hopper', name: 'Grace Hopper', email: 'grace@example.com' });
		expect(answer.status).toBe(200);
		const body = answer.body as { uid: string; authToken: string };
		expect(Object.keys(body).sort()).toEqual(['authToken', 'uid']);
		expect(body.uid).toBe('grace-hopper');
		expect(body.authToken).toMatch(TOKEN('grace-hopper'));
		expect(emulator.state.latestAuthToken('grace-hopper')?.authToken).toBe(body.authToken);
		expect(emulator.state.getUser('grace-hopper')?.metadata).toEqual({ '@private': { email: 'grace@example.com' } });
	},
};
