import type { INodeParameters } from 'n8n-workflow';
import { byId, expectRequest, run, useEmulator } from './helpers';

describe('Blocked User → Block', () => {
	const ctx = useEmulator();
	const block = (uid: unknown, blockedUids: unknown) => ({ resource: 'blockedUser', operation: 'block', uid, blockedUids }) as INodeParameters;

	beforeEach(() => {
		for (const uid of ['moderator-1', 'spammer-1', 'spammer-2', 'spammer-3']) ctx.emulator.seedUser({ uid });
	});

	it('sends one POST with the UID list and returns one item per UID', async () => {
		const { items, error } = await run(ctx, block(byId('moderator-1'), 'spammer-1, spammer-2'));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: '/v3/users/moderator-1/blockedusers',
				body: { blockedUids: ['spammer-1', 'spammer-2'] },
				headers: { 'content-type': 'application/json', onBehalfOf: undefined },
			},
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([
			{ uid: 'spammer-1', success: true, message: 'The user with UID moderator-1 has blocked user with UID spammer-1 successfully.' },
			{ uid: 'spammer-2', success: true, message: 'The user with UID moderator-1 has blocked user with UID spammer-2 successfully.' },
		]);
		expect(ctx.emulator.state.users.get('moderator-1')).toBeDefined();
	});

	it('reports UIDs CometChat refused as success: false with its message, in the order given', async () => {
		const { items } = await run(ctx, block(byId('moderator-1'), 'ghost-9\nmoderator-1,spammer-3,spammer-3'));
		expect(ctx.emulator.requests[0].body).toEqual({ blockedUids: ['ghost-9', 'moderator-1', 'spammer-3'] });
		expect(items.map((item) => item.json)).toEqual([
			{ uid: 'ghost-9', success: false, message: 'The uid ghost-9 does not exist, please make sure you have created a uid with uid ghost-9.' },
			{ uid: 'moderator-1', success: false, message: 'The UID moderator-1 cannot block UID moderator-1.' },
			{ uid: 'spammer-3', success: true, message: 'The user with UID moderator-1 has blocked user with UID spammer-3 successfully.' },
		]);
	});

	it('matches CometChat\'s lower-cased keys to UIDs given in capitals', async () => {
		const { items } = await run(ctx, block(byId('Moderator-1'), 'SPAMMER-1'));
		expect(ctx.emulator.requests[0].path).toBe('/v3/users/Moderator-1/blockedusers');
		expect(items.map((item) => item.json)).toEqual([
			{ uid: 'SPAMMER-1', success: true, message: 'The user with UID moderator-1 has blocked user with UID spammer-1 successfully.' },
		]);
	});

	it('takes an array from an expression and runs one request per input item', async () => {
		const { items, error } = await run(ctx, block('={{ $json.blocker }}', '={{ $json.targets }}'), {
			input: [
				{ json: { blocker: 'moderator-1', targets: ['spammer-1'] } },
				{ json: { blocker: 'spammer-2', targets: ['spammer-3', 'spammer-1'] } },
			],
		});
		expect(error).toBeUndefined();
		const requests = [...ctx.emulator.requests].sort((a, b) => a.path.localeCompare(b.path));
		expect(requests.map((r) => [r.path, r.body])).toEqual([
			['/v3/users/moderator-1/blockedusers', { blockedUids: ['spammer-1'] }],
			['/v3/users/spammer-2/blockedusers', { blockedUids: ['spammer-3', 'spammer-1'] }],
		]);
		expect(items.map((item) => item.json.uid)).toEqual(['spammer-1', 'spammer-3', 'spammer-1']);
		expect([...(ctx.emulator.state.blocks.get('spammer-2')?.keys() ?? [])]).toEqual(['spammer-3', 'spammer-1']);
	});

	it('lets n8n refuse a static invalid UID before the run starts', async () => {
		const { error } = await run(ctx, block(byId('bad uid'), 'spammer-1'));
		expect(error?.message).toContain("The 'CometChat' node has issues");
		expect(error?.message).toContain('A UID has 1 to 100 letters, digits, "-" and "_"');
		expect(ctx.emulator.requests).toEqual([]);
	});

	// Values from expressions (a form, a webhook) are checked by the node itself.
	it.each([
		['an empty User', '', 'spammer-1', 'User: is empty [item 0]'],
		['a User with a space', 'bad uid', 'spammer-1', 'User: "bad uid" has characters CometChat does not allow'],
		['an empty Blocked UIDs', 'moderator-1', ' , ', 'Blocked UIDs: is empty; give at least one ID [item 0]'],
		['a Blocked UID with a slash', 'moderator-1', 'spammer-1, ../groups', 'Blocked UIDs: "../groups" has characters'],
		['a Blocked UID over 100 characters', 'moderator-1', 'a'.repeat(101), 'Blocked UIDs: is 101 characters long'],
		['Blocked UIDs that are objects', 'moderator-1', [{ uid: 1 }], 'Blocked UIDs: every entry must be text, but one is a object'],
	])('stops %s before any request, naming the field and item', async (_case, uid, blockedUids, message) => {
		const { items, error } = await run(ctx, block(byId('={{ $json.uid }}'), '={{ $json.blocked }}'), {
			input: [{ json: { uid, blocked: blockedUids } }],
		});
		expect(error?.message).toContain(message);
		expect(items).toEqual([]);
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('fails the item with CometChat\'s code and message when the blocker does not exist', async () => {
		const { error } = await run(ctx, block(byId('nobody'), 'spammer-1'));
		expect(error?.message).toBe(
			'ERR_UID_NOT_FOUND: The UID nobody does not exist, please make sure you have created a user with UID nobody. [item 0]',
		);
		expect(error?.description).toContain('Check the UID');
		expect((error as { httpCode?: string }).httpCode).toBe('404');
	});
});
