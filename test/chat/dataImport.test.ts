import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { dataImportStore } from '../emulator/routes/dataImport';
import { expectRefused, expectRequest, httpCode, json, run, useEmulator } from '../helpers';

const serverError = { status: 500, body: { error: { message: 'Boom.', devMessage: 'Boom.', source: 'chat-api', code: 'ERR_EXCEPTION' } } };
const CREATED = 1673421419; // the spec's example times
const ACTIVE = 1673421425;

/** `count` user records user-001, user-002, ... */
const userRecords = (count: number, from = 1) =>
	Array.from({ length: count }, (_, i) => ({ uid: `user-${String(from + i).padStart(3, '0')}`, name: `User ${from + i}` }));

describe('Data Import → Import Users', () => {
	const ctx = useEmulator();
	const importUsers = (users: unknown, extra: Record<string, unknown> = {}) =>
		({ resource: 'dataImport', operation: 'importUsers', users, ...extra }) as INodeParameters;
	const users = () => ctx.emulator.state.users;

	it('sends the users keyed by UID in one POST and returns one item per user with the imported record', async () => {
		const records = [
			{
				uid: 'jane',
				name: 'Jane Doe',
				avatar: 'https://example.com/jane.png',
				link: 'https://example.com/jane',
				role: 'default',
				createdAt: CREATED,
				lastActiveAt: ACTIVE,
				metadata: { plan: 'pro' },
				tags: ['vip'],
			},
			{ uid: 'old-bob', name: 'Bob', createdAt: CREATED, deactivatedAt: ACTIVE },
		];
		const { items, error } = await run(ctx, importUsers(JSON.stringify(records)));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: '/v3/data_import/users',
				body: { users: { jane: records[0], 'old-bob': records[1] } },
				headers: { 'content-type': 'application/json', onBehalfOf: undefined },
			},
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([
			{
				uid: 'jane',
				success: true,
				data: {
					uid: 'jane',
					name: 'Jane Doe',
					link: 'https://example.com/jane',
					avatar: 'https://example.com/jane.png',
					metadata: { plan: 'pro' },
					status: 'offline',
					role: 'default',
					lastActiveAt: ACTIVE,
					createdAt: CREATED,
					tags: ['vip'],
				},
			},
			{
				uid: 'old-bob',
				success: true,
				data: { uid: 'old-bob', name: 'Bob', status: 'offline', role: 'default', createdAt: CREATED, deactivatedAt: ACTIVE },
			},
		]);
		expect(users().get('jane')).toMatchObject({ name: 'Jane Doe', createdAt: CREATED, tags: ['vip'] });
		expect(users().get('old-bob')).toMatchObject({ createdAt: CREATED, deactivatedAt: ACTIVE });
	});

	it('converts times to UNIX seconds, tags text to a list, and leaves blank optional fields out', async () => {
		const { error } = await run(ctx, importUsers('={{ $json.users }}'), {
			input: [
				{
					json: {
						users: [
							{ uid: 'iso', name: 'Iso', createdAt: '2023-01-11T07:16:59Z', lastActiveAt: '1673421425', avatar: '', link: null, tags: 'a, b' },
							{ uid: 'millis', name: 'Millis', createdAt: CREATED * 1000 + 999 },
						],
					},
				},
			],
		});
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests[0].body).toEqual({
			users: {
				iso: { uid: 'iso', name: 'Iso', createdAt: CREATED, lastActiveAt: ACTIVE, tags: ['a', 'b'] },
				millis: { uid: 'millis', name: 'Millis', createdAt: CREATED },
			},
		});
	});

	it('takes dates from n8n expressions and ISO dates with an offset', async () => {
		const { error } = await run(
			ctx,
			importUsers('={{ [{ uid: "luxon", name: "Luxon", createdAt: DateTime.fromSeconds(1673421419), lastActiveAt: "2023-01-11T08:17:05+01:00" }] }}'),
		);
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests[0].body).toEqual({ users: { luxon: { uid: 'luxon', name: 'Luxon', createdAt: CREATED, lastActiveAt: ACTIVE } } });
	});

	it('splits 120 users from an expression into requests of 50, 50 and 20, in order, and merges the results in order', async () => {
		const records = userRecords(120);
		const { items, error } = await run(ctx, importUsers('={{ $json.users }}'), { input: [{ json: { users: records } }] });
		expect(error).toBeUndefined();
		const sent = ctx.emulator.requests.map((r) => Object.keys((r.body as { users: IDataObject }).users));
		expect(sent).toEqual([
			records.slice(0, 50).map((r) => r.uid),
			records.slice(50, 100).map((r) => r.uid),
			records.slice(100).map((r) => r.uid),
		]);
		expect(items.map((item) => [item.json.uid, item.json.success])).toEqual(records.map((r) => [r.uid, true]));
		expect(users().size).toBe(120);
	});

	it('sends Batch Size records per request', async () => {
		const records = userRecords(5);
		const { items } = await run(ctx, importUsers(JSON.stringify(records), { options: { batchSize: 2 } }));
		expect(ctx.emulator.requests.map((r) => Object.keys((r.body as { users: IDataObject }).users).length)).toEqual([2, 2, 1]);
		expect(items.map((item) => item.json.uid)).toEqual(records.map((r) => r.uid));
	});

	it('reports users CometChat refused with its code and message, in order, and matches its lower-cased keys to the UIDs as given', async () => {
		ctx.emulator.seedUser({ uid: 'taken', name: 'Taken' });
		const { items, error } = await run(ctx, importUsers(JSON.stringify([{ uid: 'New-One', name: 'New' }, { uid: 'taken', name: 'Again' }, { uid: 'last', name: 'Last' }])));
		expect(error).toBeUndefined();
		expect(json(items)).toEqual([
			{ uid: 'New-One', success: true, data: { uid: 'new-one', name: 'New', status: 'offline', role: 'default', createdAt: users().get('new-one')!.createdAt } },
			{
				uid: 'taken',
				success: false,
				message: 'The uid taken already exists. Please use another uid or try after permanently deleting the user.',
				code: 'ERR_UID_ALREADY_EXISTS',
			},
			{ uid: 'last', success: true, data: expect.objectContaining({ uid: 'last', name: 'Last' }) },
		]);
		expect(users().get('taken')!.name).toBe('Taken');
	});

	it('takes CometChat\'s own form too: users keyed by UID (the key fills in a missing uid), or a single user', async () => {
		const keyed = await run(ctx, importUsers('={{ $json.users }}'), {
			input: [{ json: { users: { ann: { name: 'Ann' }, ben: { uid: 'ben', name: 'Ben' } } } }],
		});
		expect(keyed.error).toBeUndefined();
		expect(ctx.emulator.requests[0].body).toEqual({ users: { ann: { uid: 'ann', name: 'Ann' }, ben: { uid: 'ben', name: 'Ben' } } });
		const single = await run(ctx, importUsers('={{ $json.user }}'), { input: [{ json: { user: { uid: 'cyd', name: 'Cyd' } } }] });
		expect(json(single.items).map((item) => item.uid)).toEqual(['cyd']);
		expect(ctx.emulator.requests[1].body).toEqual({ users: { cyd: { uid: 'cyd', name: 'Cyd' } } });
	});

	it('runs one import per input item', async () => {
		const { items, error } = await run(ctx, importUsers('={{ $json.users }}'), {
			input: [{ json: { users: userRecords(2) } }, { json: { users: userRecords(1, 3) } }],
		});
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(2);
		expect(items.map((item) => item.json.uid)).toEqual(['user-001', 'user-002', 'user-003']);
	});

	it.each([
		['a number', 42, 'Users: must be a list of user records (a JSON array), not the number 42 [item 0]'],
		['text that is not JSON', '[{"uid": "a"', 'Users: is not valid JSON'],
		['an empty list', [], 'Users: is empty; give at least one user record [item 0]'],
		['a record that is text', [{ uid: 'a', name: 'A' }, 'bob'], 'Users: record 2 must be an object with the user\'s fields, not the text "bob" [item 0]'],
		['a record without name', [{ uid: 'a', name: 'A' }, { uid: 'b' }], 'Users: record 2 (uid "b"): name is missing [item 0]'],
		['a blank name', [{ uid: 'a', name: '  ' }], 'Users: record 1 (uid "a"): name is empty [item 0]'],
		['a UID with a space', [{ uid: 'bad uid', name: 'A' }], 'Users: record 1 (uid "bad uid"): uid "bad uid" has characters CometChat does not allow'],
		['a UID over 100 characters', [{ uid: 'u'.repeat(101), name: 'A' }], 'uid is 101 characters long; CometChat allows at most 100'],
		['a name over 100 characters', [{ uid: 'a', name: 'n'.repeat(101) }], 'Users: record 1 (uid "a"): name is 101 characters long; CometChat allows at most 100 [item 0]'],
		['a field the import does not take', [{ uid: 'a', name: 'A', email: 'a@example.com' }], 'Users: record 1 (uid "a"): email is not a field of CometChat\'s user import, which takes uid, name, avatar'],
		['a time that is no time', [{ uid: 'a', name: 'A', createdAt: 'yesterday' }], 'Users: record 1 (uid "a"): createdAt must be a time: UNIX seconds'],
		['a time of 11 digits', [{ uid: 'a', name: 'A', lastActiveAt: 16734214190 }], 'Users: record 1 (uid "a"): lastActiveAt must be a time: UNIX seconds (e.g. 1700000000) or an ISO date (e.g. 2024-05-01T10:00:00Z), not the number 16734214190 [item 0]'],
		['metadata that is a list', [{ uid: 'a', name: 'A', metadata: [1] }], 'Users: record 1 (uid "a"): metadata must be a JSON object, not an array [item 0]'],
		['26 tags', [{ uid: 'a', name: 'A', tags: Array.from({ length: 26 }, (_, i) => `t${i}`) }], 'tags has 26 tags; CometChat allows at most 25'],
		['the same UID twice in different case', [{ uid: 'Ann', name: 'A' }, { uid: 'ann', name: 'B' }], 'Users: record 2 (uid "ann") has the same uid as record 1; CometChat imports each user once [item 0]'],
		['a keyed user whose uid differs from its key', { ann: { uid: 'bob', name: 'A' } }, 'Users: record 1 (uid "bob"): uid is "bob" but the record is listed under "ann" [item 0]'],
	])('stops %s before any request, naming the record and field', async (_case, value, message) => {
		await expectRefused(ctx, importUsers('={{ $json.users }}'), { users: value } as IDataObject, message);
	});

	it('refuses text that is not JSON without quoting it (the records may hold what should not reach an error)', async () => {
		const { error } = await run(ctx, importUsers('={{ $json.users }}'), { input: [{ json: { users: '[{"uid": "a", "name": Sk1pMe}]' } }] });
		expect(error?.message).toMatch(/^Users: is not valid JSON \(/);
		expect(error?.message).not.toContain('Sk1pMe');
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('stops a Batch Size outside 1 to 50 before any request', async () => {
		const { error } = await run(ctx, importUsers(JSON.stringify(userRecords(1)), { options: { batchSize: '={{ $json.size }}' } }), {
			input: [{ json: { size: 51 } }],
		});
		expect(error?.message).toBe('Batch Size: must be a whole number from 1 to 50, not the number 51 [item 0]');
		expect(ctx.emulator.requests).toEqual([]);
	});

	it('waits as long as CometChat asks when the import limit of 60 a minute is reached, then goes on', async () => {
		// The emulator's import budget, lowered to 2 requests a second: the third batch is throttled.
		Object.assign(dataImportStore(ctx.emulator.state), { limit: 2, windowSeconds: 1 });
		// Start right after a second boundary, so that the three batches fall in one window.
		await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
		const records = userRecords(150);
		const started = Date.now();
		const { items, error } = await run(ctx, importUsers(JSON.stringify(records)));
		expect(error).toBeUndefined();
		expect(Date.now() - started).toBeGreaterThanOrEqual(900);
		const bodies = ctx.emulator.requests.map((r) => Object.keys((r.body as { users: IDataObject }).users)[0]);
		expect(bodies).toEqual(['user-001', 'user-051', 'user-101', 'user-101']);
		expect(items.map((item) => [item.json.uid, item.json.success])).toEqual(records.map((r) => [r.uid, true]));
		expect(users().size).toBe(150);
	});

	it('counts the import limit per endpoint, and with Max Wait 0 fails at once with CometChat\'s import message', async () => {
		Object.assign(dataImportStore(ctx.emulator.state), { limit: 1, windowSeconds: 60 });
		expect((await run(ctx, importUsers(JSON.stringify(userRecords(1))))).error).toBeUndefined();
		const groups = await run(ctx, { resource: 'dataImport', operation: 'importGroups', groups: '[{"guid": "g-1", "name": "G", "type": "public"}]' });
		expect(groups.error).toBeUndefined();
		const { error } = await run(ctx, importUsers(JSON.stringify(userRecords(1, 2)), { retry: { maxWait: 0 } }));
		expect(error?.message).toMatch(
			/^ERR_TOO_MANY_REQUESTS: Too many requests for data import API\. 1 per minute is the maximum request allowed\. Please retry for seconds after \d+\. \[item 0\]$/,
		);
		expect(error?.description).toMatch(/CometChat asks to retry after \d+ seconds\..*Not retried: Rate Limits and Retries → Max Wait is 0\./);
		expect(ctx.emulator.requests.map((r) => r.path)).toEqual(['/v3/data_import/users', '/v3/data_import/groups', '/v3/data_import/users']);
		expect(users().has('user-002')).toBe(false);
	});

	it('waits out a 429 with Retry-After: 1 on a later batch and sends only that batch again', async () => {
		ctx.emulator.failNext(
			{
				status: 429,
				headers: { 'Retry-After': '1' },
				body: {
					error: {
						message: 'Too many requests for data import API. 60 per minute is the maximum request allowed. Please retry for seconds after 1.',
						devMessage: '',
						source: 'chat-api',
						code: 'ERR_TOO_MANY_REQUESTS',
					},
				},
				after: 1,
			},
		);
		const started = Date.now();
		const { items, error } = await run(ctx, importUsers(JSON.stringify(userRecords(60))));
		expect(error).toBeUndefined();
		expect(Date.now() - started).toBeGreaterThanOrEqual(950);
		expect(ctx.emulator.requests.map((r) => Object.keys((r.body as { users: IDataObject }).users).length)).toEqual([50, 10, 10]);
		expect(items).toHaveLength(60);
		expect(users().size).toBe(60);
	});

	it('does not repeat a batch after a 5xx: the item fails saying the outcome is unknown and where every record stands', async () => {
		ctx.emulator.failNext({ ...serverError, after: 1 });
		const { items, error } = await run(ctx, importUsers(JSON.stringify(userRecords(120))));
		expect(error?.message).toBe(
			'CometChat did not confirm POST /data_import/users (HTTP 500): it may or may not have taken effect, so it was not repeated [item 0]',
		);
		expect(error?.description).toContain(
			'Records 1–50 of the 120 users went in earlier requests and CometChat answered for each (50 imported, 0 not). Records 51–100 were in this request. Records 101–120 were not sent. To go on, run the users from record 51 on',
		);
		expect(httpCode(error)).toBe('500');
		expect(items).toEqual([]);
		expect(ctx.emulator.requests).toHaveLength(2);
		expect(users().size).toBe(50);
	});

	it('fails the item with CometChat\'s code, message and hint when it refuses a whole request', async () => {
		ctx.emulator.failNext({
			status: 400,
			body: {
				error: {
					message: 'The value for users property should be an array of user objects.',
					devMessage: '',
					source: 'chat-api',
					code: 'ERR_IMPORT_INVALID_USER_FORMAT',
				},
			},
		});
		const { items, error } = await run(ctx, importUsers(JSON.stringify(userRecords(2))));
		expect(error?.message).toBe('ERR_IMPORT_INVALID_USER_FORMAT: The value for users property should be an array of user objects. [item 0]');
		expect(error?.description).toBe(
			"The import request's users value is not a collection of user objects. Check the body's shape. HTTP 400. All 2 users were in this request.",
		);
		expect(httpCode(error)).toBe('400');
		expect(items).toEqual([]);
		expect(ctx.emulator.requests).toHaveLength(1);
	});

	it('fails with AUTH_ERR_APIKEY_NOT_FOUND (404) for a key CometChat does not know, sending nothing twice', async () => {
		const { error } = await run(
			{ credentials: () => ({ ...ctx.credentials(), apiKey: 'unknown-key' }) },
			importUsers(JSON.stringify(userRecords(1))),
		);
		expect(error?.message).toBe('AUTH_ERR_APIKEY_NOT_FOUND: The key [redacted] does not exist. Please use correct apiKey. [item 0]');
		expect(httpCode(error)).toBe('404');
		expect(ctx.emulator.requests).toHaveLength(1);
	});
});

describe('Data Import → Import Groups', () => {
	const ctx = useEmulator();
	const importGroups = (groups: unknown, extra: Record<string, unknown> = {}) =>
		({ resource: 'dataImport', operation: 'importGroups', groups, ...extra }) as INodeParameters;
	const groups = () => ctx.emulator.state.groups;

	beforeEach(() => ctx.emulator.seedUser({ uid: 'jane', name: 'Jane' }));

	it('sends the groups keyed by GUID and returns one item per group; owners come from groupOwnerDetails when new', async () => {
		const records = [
			{
				guid: 'hiking',
				name: 'Hiking',
				type: 'public',
				icon: 'https://example.com/hiking.png',
				owner: 'jane',
				createdAt: CREATED,
				metadata: { region: 'alps' },
				tags: ['outdoor'],
			},
			{
				guid: 'board',
				name: 'Board',
				type: 'password',
				password: 'secret',
				owner: 'olga',
				groupOwnerDetails: { uid: 'olga', name: 'Olga', createdAt: CREATED },
			},
		];
		const { items, error } = await run(ctx, importGroups(JSON.stringify(records)));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: '/v3/data_import/groups',
				body: { groups: { hiking: records[0], board: records[1] } },
				headers: { 'content-type': 'application/json', onBehalfOf: undefined },
			},
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([
			{
				guid: 'hiking',
				success: true,
				data: {
					guid: 'hiking',
					name: 'Hiking',
					icon: 'https://example.com/hiking.png',
					metadata: { region: 'alps' },
					type: 'public',
					membersCount: 1,
					conversationId: 'group_hiking',
					createdAt: CREATED,
					owner: 'jane',
					tags: ['outdoor'],
				},
			},
			{
				guid: 'board',
				success: true,
				data: { guid: 'board', name: 'Board', type: 'password', membersCount: 1, conversationId: 'group_board', createdAt: groups().get('board')!.createdAt, owner: 'olga' },
			},
		]);
		expect(groups().get('hiking')).toMatchObject({ owner: 'jane', createdAt: CREATED, type: 'public' });
		expect(groups().get('board')).toMatchObject({ owner: 'olga', password: 'secret' });
		expect(ctx.emulator.state.users.get('olga')).toMatchObject({ name: 'Olga', createdAt: CREATED });
	});

	it('splits 60 groups into requests of 50 and 10 and reports the ones CometChat refused', async () => {
		ctx.emulator.seedGroup({ guid: 'group-07', owner: 'jane' });
		const records = Array.from({ length: 60 }, (_, i) => ({ guid: `group-${String(i + 1).padStart(2, '0')}`, name: `Group ${i + 1}`, type: 'public' }));
		records[58] = { ...records[58], owner: 'ghost' } as (typeof records)[number];
		const { items, error } = await run(ctx, importGroups('={{ $json.groups }}'), { input: [{ json: { groups: records } }] });
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => Object.keys((r.body as { groups: IDataObject }).groups).length)).toEqual([50, 10]);
		expect(items.map((item) => item.json.guid)).toEqual(records.map((r) => r.guid));
		expect(items.filter((item) => !item.json.success).map((item) => item.json)).toEqual([
			{
				guid: 'group-07',
				success: false,
				message: 'The guid group-07 already exists. Please use another guid or try after permanently deleting the group.',
				code: 'ERR_GUID_ALREADY_EXISTS',
			},
			{
				guid: 'group-59',
				success: false,
				message: 'The UID ghost does not exist, please make sure you have created a user with UID ghost.',
				code: 'ERR_UID_NOT_FOUND',
			},
		]);
		expect(groups().size).toBe(59);
	});

	it.each([
		['a type that is not one', [{ guid: 'g', name: 'G', type: 'secret' }], 'Groups: record 1 (guid "g"): type is "secret"; use one of public, password, private [item 0]'],
		['no type', [{ guid: 'g', name: 'G' }], 'Groups: record 1 (guid "g"): type is missing [item 0]'],
		['a password group without password', [{ guid: 'g', name: 'G', type: 'password' }], 'Groups: record 1 (guid "g"): password is missing; a group of type password needs one [item 0]'],
		['owner details of someone else', [{ guid: 'g', name: 'G', type: 'public', owner: 'jane', groupOwnerDetails: { uid: 'olga', name: 'Olga' } }], 'Groups: record 1 (guid "g"): groupOwnerDetails.uid is "olga" but owner is "jane" [item 0]'],
		['owner details without a name', [{ guid: 'g', name: 'G', type: 'public', groupOwnerDetails: { uid: 'olga' } }], 'Groups: record 1 (guid "g"): groupOwnerDetails.name is missing [item 0]'],
		['a GUID with a slash', [{ guid: '../users', name: 'G', type: 'public' }], 'Groups: record 1 (guid "../users"): guid "../users" has characters CometChat does not allow'],
		['a description (not a field of the import)', [{ guid: 'g', name: 'G', type: 'public', description: 'x' }], 'Groups: record 1 (guid "g"): description is not a field of CometChat\'s group import'],
	])('stops %s before any request', async (_case, value, message) => {
		const { error } = await run(ctx, importGroups('={{ $json.groups }}'), { input: [{ json: { groups: value } as IDataObject }] });
		expect(error?.message).toContain(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Data Import → Import Members', () => {
	const ctx = useEmulator();
	const importMembers = (members: unknown) => ({ resource: 'dataImport', operation: 'importMembers', members }) as INodeParameters;
	const group = () => ctx.emulator.state.getGroup('hiking')!;

	beforeEach(() => {
		for (const uid of ['owner', 'ann', 'ben', 'cyd']) ctx.emulator.seedUser({ uid });
		ctx.emulator.state.addGroup({ guid: 'hiking', owner: 'owner', createdAt: CREATED });
	});

	it('fills in memberId, sends the members keyed by it and returns one item per member; bans and new users and groups come in too', async () => {
		const { items, error } = await run(ctx, importMembers('={{ $json.members }}'), {
			input: [
				{
					json: {
						members: [
							{ guid: 'hiking', uid: 'ann', scope: 'admin', joinedAt: CREATED + 10 },
							{ guid: 'hiking', uid: 'ben', isBanned: true, joinedAt: CREATED + 20 },
							{
								memberId: 'chess_member_dan',
								guid: 'chess',
								uid: 'dan',
								joinedAt: CREATED + 30,
								groupDetails: { guid: 'chess', name: 'Chess', type: 'private', owner: 'owner', createdAt: CREATED },
								userDetails: { uid: 'dan', name: 'Dan' },
							},
						],
					},
				},
			],
		});
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: '/v3/data_import/members',
				body: {
					members: {
						hiking_member_ann: { memberId: 'hiking_member_ann', guid: 'hiking', uid: 'ann', scope: 'admin', joinedAt: CREATED + 10 },
						hiking_member_ben: { memberId: 'hiking_member_ben', guid: 'hiking', uid: 'ben', isBanned: true, joinedAt: CREATED + 20 },
						chess_member_dan: {
							memberId: 'chess_member_dan',
							guid: 'chess',
							uid: 'dan',
							joinedAt: CREATED + 30,
							groupDetails: { guid: 'chess', name: 'Chess', type: 'private', owner: 'owner', createdAt: CREATED },
							userDetails: { uid: 'dan', name: 'Dan' },
						},
					},
				},
				headers: { onBehalfOf: undefined },
			},
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([
			{ memberId: 'hiking_member_ann', guid: 'hiking', uid: 'ann', success: true, data: { guid: 'hiking', uid: 'ann', scope: 'admin', joinedAt: CREATED + 10 } },
			{
				memberId: 'hiking_member_ben',
				guid: 'hiking',
				uid: 'ben',
				success: true,
				data: { guid: 'hiking', uid: 'ben', scope: 'participant', joinedAt: CREATED + 20, isBanned: true },
			},
			{ memberId: 'chess_member_dan', guid: 'chess', uid: 'dan', success: true, data: { guid: 'chess', uid: 'dan', scope: 'participant', joinedAt: CREATED + 30 } },
		]);
		expect(group().members.get('ann')).toEqual({ scope: 'admin', joinedAt: CREATED + 10 });
		expect(group().bans.get('ben')).toMatchObject({ bannedAt: CREATED + 20 });
		expect(ctx.emulator.state.getGroup('chess')?.members.get('dan')).toEqual({ scope: 'participant', joinedAt: CREATED + 30 });
		expect(ctx.emulator.state.users.get('dan')?.name).toBe('Dan');
	});

	it('reports members CometChat refused (join time before the group, unknown group) with their codes, in order', async () => {
		const { items, error } = await run(
			ctx,
			importMembers(
				JSON.stringify([
					{ guid: 'hiking', uid: 'ann', joinedAt: CREATED - 1 },
					{ guid: 'nowhere', uid: 'ben' },
					{ guid: 'Hiking', uid: 'CYD' },
				]),
			),
		);
		expect(error).toBeUndefined();
		expect(json(items)).toEqual([
			{
				memberId: 'hiking_member_ann',
				guid: 'hiking',
				uid: 'ann',
				success: false,
				message: 'The value for joinedAt should be greater than createdAt and less than the current timestamp.',
				code: 'ERR_IMPORT_INVALID_JOINEDAT',
			},
			{
				memberId: 'nowhere_member_ben',
				guid: 'nowhere',
				uid: 'ben',
				success: false,
				message: 'The GUID nowhere does not exist, please make sure you have created a group with GUID nowhere.',
				code: 'ERR_GUID_NOT_FOUND',
			},
			{ memberId: 'Hiking_member_CYD', guid: 'Hiking', uid: 'CYD', success: true, data: expect.objectContaining({ guid: 'hiking', uid: 'cyd' }) },
		]);
		expect([...group().members.keys()].sort()).toEqual(['cyd', 'owner']);
	});

	it('splits 55 members into requests of 50 and 5', async () => {
		const uids = Array.from({ length: 55 }, (_, i) => `m-${i + 1}`);
		for (const uid of uids) ctx.emulator.seedUser({ uid });
		const { items, error } = await run(ctx, importMembers(JSON.stringify(uids.map((uid) => ({ guid: 'hiking', uid })))));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => Object.keys((r.body as { members: IDataObject }).members).length)).toEqual([50, 5]);
		expect(items.map((item) => item.json.uid)).toEqual(uids);
		expect(group().members.size).toBe(56);
	});

	it.each([
		['a memberId that is not <guid>_member_<uid>', [{ memberId: 'x', guid: 'hiking', uid: 'ann' }], 'Members: record 1 (guid "hiking", uid "ann"): memberId is "x"; it must be <guid>_member_<uid>, here "hiking_member_ann" (or leave it out) [item 0]'],
		['a scope that is not one', [{ guid: 'hiking', uid: 'ann', scope: 'owner' }], 'Members: record 1 (guid "hiking", uid "ann"): scope is "owner"; use one of admin, moderator, participant [item 0]'],
		['user details of someone else', [{ guid: 'hiking', uid: 'ann', userDetails: { uid: 'ben', name: 'Ben' } }], 'Members: record 1 (guid "hiking", uid "ann"): userDetails.uid is "ben" but uid is "ann" [item 0]'],
		['isBanned that is no switch', [{ guid: 'hiking', uid: 'ann', isBanned: 'yes' }], 'Members: record 1 (guid "hiking", uid "ann"): isBanned must be true or false, not the text "yes" [item 0]'],
		['no uid', [{ guid: 'hiking' }], 'Members: record 1 (guid "hiking"): uid is missing [item 0]'],
		['the same membership twice', [{ guid: 'hiking', uid: 'ann' }, { guid: 'HIKING', uid: 'ann' }], 'Members: record 2 (guid "HIKING", uid "ann") has the same memberId as record 1; CometChat imports each member once [item 0]'],
	])('stops %s before any request', async (_case, value, message) => {
		const { error } = await run(ctx, importMembers('={{ $json.members }}'), { input: [{ json: { members: value } as IDataObject }] });
		expect(error?.message).toBe(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Data Import → Import Messages', () => {
	const ctx = useEmulator();
	const importMessages = (messages: unknown) => ({ resource: 'dataImport', operation: 'importMessages', messages }) as INodeParameters;
	const messages = () => ctx.emulator.state.messages;

	beforeEach(() => {
		for (const uid of ['jane', 'john']) ctx.emulator.seedUser({ uid, name: uid === 'jane' ? 'Jane' : 'John' });
		ctx.emulator.state.addGroup({ guid: 'hiking', owner: 'jane', createdAt: CREATED });
	});

	it('sends the messages keyed by muid and returns one item per message with the imported message', async () => {
		const records = [
			{
				muid: 'm-1',
				sender: 'jane',
				receiverType: 'user',
				receiver: 'john',
				category: 'message',
				type: 'text',
				data: { text: 'Hi John', metadata: { source: 'legacy' } },
				tags: ['imported'],
				sentAt: CREATED,
				deliveredAt: CREATED + 5,
				readAt: CREATED + 9,
			},
			{
				muid: 'm-2',
				sender: 'pia',
				receiverType: 'group',
				receiver: 'hiking',
				type: 'image',
				data: { text: 'The summit', attachments: [{ url: 'https://example.com/summit.jpg', name: 'summit.jpg', mimeType: 'image/jpeg', extension: 'jpg', size: '350.2' }] },
				sentAt: CREATED + 60,
				senderUserDetails: { uid: 'pia', name: 'Pia' },
			},
			{
				muid: 'm-3',
				sender: 'john',
				receiverType: 'user',
				receiver: 'jane',
				category: 'custom',
				type: 'location',
				data: { customData: { lat: 46.5, lon: 7.9 } },
				sentAt: CREATED + 120,
				mentionedUserDetails: [{ uid: 'jane', name: 'Jane' }],
			},
		];
		const { items, error } = await run(ctx, importMessages(JSON.stringify(records)));
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests).toHaveLength(1);
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'POST',
				path: '/v3/data_import/messages',
				body: {
					messages: {
						'm-1': records[0],
						'm-2': records[1],
						// A list of mentioned users goes out as the spec's object keyed by UID.
						'm-3': { ...records[2], mentionedUserDetails: { jane: { uid: 'jane', name: 'Jane' } } },
					},
				},
				headers: { 'content-type': 'application/json', onBehalfOf: undefined },
			},
			ctx.emulator.apiKey,
		);
		expect(items.map((item) => [item.json.muid, item.json.success])).toEqual([
			['m-1', true],
			['m-2', true],
			['m-3', true],
		]);
		const [first, second, third] = messages();
		expect(items[0].json.data).toEqual({
			id: first.id,
			muid: 'm-1',
			conversationId: 'jane_user_john',
			sender: 'jane',
			receiverType: 'user',
			receiver: 'john',
			category: 'message',
			type: 'text',
			data: {
				text: 'Hi John',
				metadata: { source: 'legacy' },
				entities: {
					sender: { entity: expect.objectContaining({ uid: 'jane', name: 'Jane' }), entityType: 'user' },
					receiver: { entity: expect.objectContaining({ uid: 'john', name: 'John' }), entityType: 'user' },
				},
			},
			sentAt: CREATED,
			deliveredAt: CREATED + 5,
			readAt: CREATED + 9,
			updatedAt: CREATED,
			tags: ['imported'],
		});
		expect(items[1].json.data).toMatchObject({ id: second.id, muid: 'm-2', sender: 'pia', receiver: 'hiking', conversationId: 'group_hiking', type: 'image', sentAt: CREATED + 60 });
		expect(items[2].json.data).toMatchObject({ id: third.id, category: 'custom', type: 'location', data: { customData: { lat: 46.5, lon: 7.9 } } });
		expect(messages().map((m) => [m.muid, m.sentAt])).toEqual([
			['m-1', CREATED],
			['m-2', CREATED + 60],
			['m-3', CREATED + 120],
		]);
		expect(ctx.emulator.state.users.get('pia')?.name).toBe('Pia');
	});

	it('reports messages CometChat refused (muid imported before, unknown sender) with their codes, in order', async () => {
		const message = (muid: string, sender = 'jane') => ({ muid, sender, receiverType: 'user', receiver: 'john', sentAt: CREATED, data: { text: muid } });
		await run(ctx, importMessages(JSON.stringify([message('m-1')])));
		const { items, error } = await run(ctx, importMessages(JSON.stringify([message('m-1'), message('m-2', 'ghost'), message('m-3')])));
		expect(error).toBeUndefined();
		expect(json(items)).toEqual([
			{ muid: 'm-1', success: false, message: 'The message muid m-1 already exists. The muid is expected to be unique.', code: 'ERR_IMPORT_MUID_ALREADY_EXISTS' },
			{
				muid: 'm-2',
				success: false,
				message: 'The UID ghost does not exist, please make sure you have created a user with UID ghost.',
				code: 'ERR_UID_NOT_FOUND',
			},
			{ muid: 'm-3', success: true, data: expect.objectContaining({ muid: 'm-3', data: expect.objectContaining({ text: 'm-3' }) }) },
		]);
		expect(messages().map((m) => m.muid)).toEqual(['m-1', 'm-3']);
	});

	it('splits 101 messages into requests of 50, 50 and 1 and imports them in order', async () => {
		const records = Array.from({ length: 101 }, (_, i) => ({ muid: `m-${i + 1}`, sender: 'jane', receiverType: 'group', receiver: 'hiking', sentAt: CREATED + i, data: { text: `Message ${i + 1}` } }));
		const { items, error } = await run(ctx, importMessages('={{ $json.messages }}'), { input: [{ json: { messages: records } }] });
		expect(error).toBeUndefined();
		expect(ctx.emulator.requests.map((r) => Object.keys((r.body as { messages: IDataObject }).messages).length)).toEqual([50, 50, 1]);
		expect(items.map((item) => item.json.muid)).toEqual(records.map((r) => r.muid));
		expect(messages().map((m) => m.muid)).toEqual(records.map((r) => r.muid));
		expect(messages().map((m) => Number(m.id))).toEqual(records.map((_, i) => i + 1));
	});

	it.each([
		['a text message without text', [{ muid: 'm', sender: 'jane', receiverType: 'user', receiver: 'john', sentAt: CREATED }], 'Messages: record 1 (muid "m"): data.text is missing; a text message needs its text [item 0]'],
		['an image without attachment', [{ muid: 'm', sender: 'jane', receiverType: 'user', receiver: 'john', sentAt: CREATED, type: 'image', data: { text: 'x' } }], 'Messages: record 1 (muid "m"): data.attachments is missing; an image message needs at least one attachment [item 0]'],
		['an attachment without mimeType', [{ muid: 'm', sender: 'jane', receiverType: 'user', receiver: 'john', sentAt: CREATED, type: 'file', data: { attachments: [{ url: 'https://example.com/a.pdf', name: 'a.pdf', extension: 'pdf' }] } }], 'Messages: record 1 (muid "m"): data.attachments[0].mimeType is missing [item 0]'],
		['a custom message without customData', [{ muid: 'm', sender: 'jane', receiverType: 'user', receiver: 'john', sentAt: CREATED, category: 'custom', type: 'poll' }], 'Messages: record 1 (muid "m"): data.customData is missing; a custom message needs its customData object [item 0]'],
		['a type of category message that is not one', [{ muid: 'm', sender: 'jane', receiverType: 'user', receiver: 'john', sentAt: CREATED, type: 'poll', data: { text: 'x' } }], 'Messages: record 1 (muid "m"): type is "poll"; a message of category "message" has one of text, image, file, audio, video [item 0]'],
		['a receiverType that is not one', [{ muid: 'm', sender: 'jane', receiverType: 'channel', receiver: 'john', sentAt: CREATED, data: { text: 'x' } }], 'Messages: record 1 (muid "m"): receiverType is "channel"; use one of user, group [item 0]'],
		['no sentAt', [{ muid: 'm', sender: 'jane', receiverType: 'user', receiver: 'john', data: { text: 'x' } }], 'Messages: record 1 (muid "m"): sentAt is missing [item 0]'],
		['sender details of someone else', [{ muid: 'm', sender: 'jane', receiverType: 'user', receiver: 'john', sentAt: CREATED, data: { text: 'x' }, senderUserDetails: { uid: 'john', name: 'John' } }], 'Messages: record 1 (muid "m"): senderUserDetails.uid is "john" but sender is "jane" [item 0]'],
		['group details on a message to a user', [{ muid: 'm', sender: 'jane', receiverType: 'user', receiver: 'john', sentAt: CREATED, data: { text: 'x' }, receiverGroupDetails: { guid: 'g', name: 'G', type: 'public' } }], 'Messages: record 1 (muid "m"): receiverGroupDetails is for messages to a group, but receiverType is user [item 0]'],
		['entities in data', [{ muid: 'm', sender: 'jane', receiverType: 'user', receiver: 'john', sentAt: CREATED, data: { text: 'x', entities: {} } }], 'Messages: record 1 (muid "m"): data.entities is filled in by CometChat; leave it out [item 0]'],
		['a muid twice', [{ muid: 'm', sender: 'jane', receiverType: 'user', receiver: 'john', sentAt: CREATED, data: { text: 'x' } }, { muid: 'm', sender: 'john', receiverType: 'user', receiver: 'jane', sentAt: CREATED, data: { text: 'y' } }], 'Messages: record 2 (muid "m") has the same muid as record 1; CometChat imports each message once [item 0]'],
	])('stops %s before any request', async (_case, value, message) => {
		const { error } = await run(ctx, importMessages('={{ $json.messages }}'), { input: [{ json: { messages: value } as IDataObject }] });
		expect(error?.message).toBe(message);
		expect(ctx.emulator.requests).toEqual([]);
	});
});

describe('Data Import → Import Messages on the wire', () => {
	// A server that keeps the raw request text: the emulator sees parsed JSON, where numeric keys lose their order.
	let server: Server;
	let url: string;
	const raw: string[] = [];
	beforeAll(async () => {
		server = createServer((req, res) => {
			let text = '';
			req.on('data', (chunk) => (text += chunk));
			req.on('end', () => {
				raw.push(text);
				const keys = Object.keys((JSON.parse(text) as { messages: IDataObject }).messages);
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ data: Object.fromEntries(keys.map((key) => [key, { success: true, data: { muid: key } }])) }));
			});
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
	});
	afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

	it('writes the records in the order given, numeric muids too, and keeps that order in the output', async () => {
		const muids = ['3118', '20', 'b-7', '5'];
		const records = muids.map((muid, i) => ({ muid, sender: 'jane', receiverType: 'user', receiver: 'john', sentAt: CREATED + i, data: { text: `#${i}` } }));
		const { items, error } = await run(
			{ credentials: () => ({ appId: 'wire', region: 'us', apiKey: 'wire-key', baseUrl: url }) },
			{ resource: 'dataImport', operation: 'importMessages', messages: JSON.stringify(records) },
		);
		expect(error).toBeUndefined();
		// Parsed into a JS object the numeric keys would come first ("5", "20", "3118", "b-7").
		expect(raw).toEqual([`{"messages":{${records.map((r) => `"${r.muid}":${JSON.stringify(r)}`).join(',')}}}`]);
		expect(items.map((item) => item.json.muid)).toEqual(muids);
	});
});
