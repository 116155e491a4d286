import { byId, expectRequest, run, useEmulator } from './helpers';

describe('Banned User → Unban', () => {
	const ctx = useEmulator();
	const unban = (extra: Record<string, unknown> = {}) => ({
		resource: 'bannedUser',
		operation: 'unban',
		guid: byId('hiking'),
		uid: byId('troll-1'),
		...extra,
	});

	beforeEach(() => {
		for (const uid of ['owner-1', 'mod-1', 'member-1', 'troll-1']) ctx.emulator.seedUser({ uid });
		ctx.emulator.seedGroup({ guid: 'hiking', owner: 'owner-1', members: { 'mod-1': 'moderator', 'member-1': 'participant' } });
		ctx.emulator.ban('hiking', 'troll-1');
	});

	it('sends DELETE with no body and no onBehalfOf header, and returns {success, message}', async () => {
		const { items, error } = await run(ctx, unban());
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'DELETE', path: '/v3/groups/hiking/bannedusers/troll-1', body: undefined, headers: { onBehalfOf: undefined } },
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => item.json)).toEqual([
			{ success: true, message: 'The user with uid troll-1 has been unbanned from the Group hiking.' },
		]);
	});

	it('sends onBehalfOf as a header when it is set', async () => {
		const { items } = await run(ctx, unban({ options: { onBehalfOf: ' mod-1 ' } }));
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'DELETE', path: '/v3/groups/hiking/bannedusers/troll-1', body: undefined, headers: { onBehalfOf: 'mod-1' } },
			ctx.emulator.apiKey,
		);
		expect(items[0].json.success).toBe(true);
	});

	it('leaves the header out when On Behalf Of is added but empty', async () => {
		await run(ctx, unban({ options: { onBehalfOf: '' } }));
		expect(ctx.emulator.requests[0].headers).not.toHaveProperty('onbehalfof');
	});

	it('passes on CometChat\'s refusal when the acting user is not an admin or moderator', async () => {
		const { error } = await run(ctx, unban({ options: { onBehalfOf: 'member-1' } }));
		expect(error?.message).toMatch(/^ERR_GROUP_NO_CLEARANCE: .+ \[item 0\]$/);
		expect(error?.description).toContain('must be an admin or moderator');
	});

	it('fails with ERR_NOT_A_BANNED_USER when the user is not banned', async () => {
		const { error } = await run(ctx, unban({ uid: byId('member-1') }));
		expect(error?.message).toMatch(/^ERR_NOT_A_BANNED_USER: /);
	});

	it.each([
		['an empty Group', { guid: byId('={{ $json.value }}') }, '', 'Group: is empty [item 0]'],
		['a Group with a dot', { guid: byId('={{ $json.value }}') }, 'hik.ing', 'Group: "hik.ing" has characters'],
		['an invalid On Behalf Of', { options: { onBehalfOf: '={{ $json.value }}' } }, 'mod 1', 'On Behalf Of: "mod 1" has characters'],
	])('stops %s before any request', async (_case, extra, value, message) => {
		const { error } = await run(ctx, unban(extra), { input: [{ json: { value } }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});
