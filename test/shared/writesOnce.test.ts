import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { createEmulator, type Emulator } from '../emulator';
import { DEFAULT_MANAGEMENT_KEY, DEFAULT_MANAGEMENT_SECRET, managementStore } from '../emulator/management';
import { apiKeyStore } from '../emulator/routes/apiKeys';
import { seedMessage } from '../emulator/routes/messages';
import { managementNode, runNode, type NodeSettings } from '../harness';
import { faultOnce } from '../helpers';

// Writes that are not safe to repeat, across n8n's Retry On Fail (which runs the whole node again, every
// item): each is made at most once per node run and item (shared/retry.ts writeOnceInRun), and User →
// Create returns only the user its own try created (shared/userCreateOnce.ts).
describe('writes once across n8n\'s Retry On Fail', () => {
	let emulator: Emulator;
	const retryOnFail: NodeSettings = { retryOnFail: true, maxTries: 3, waitBetweenTries: 0 };
	const chat = (parameters: INodeParameters, input?: INodeExecutionData[], settings: NodeSettings = retryOnFail) =>
		runNode({ parameters, credentials: { appId: emulator.appId, apiKey: emulator.apiKey, baseUrl: emulator.url }, input, settings });
	const management = (parameters: INodeParameters, settings: NodeSettings = retryOnFail) =>
		runNode({
			parameters,
			node: managementNode,
			credentials: { key: DEFAULT_MANAGEMENT_KEY, secret: DEFAULT_MANAGEMENT_SECRET, baseUrl: emulator.url.replace(/\/v3$/, '') },
			settings,
		});
	const serverError = { status: 500, body: { error: { message: 'Boom.', devMessage: '', source: 'chat-api', code: 'ERR_EXCEPTION' } } };
	const gateway = { status: 502, body: '<html>Bad Gateway</html>' };
	const refused = { status: 400, body: { error: { message: 'Try later.', devMessage: '', source: 'chat-api', code: 'ERR_BAD_REQUEST' } } };
	const log = () => emulator.requests.map((r) => `${r.method} ${r.path} ${r.status ?? 'dropped'}`);

	afterEach(async () => emulator?.close());
	const start = async (options: Parameters<typeof createEmulator>[0] = {}) => {
		emulator = await createEmulator(options);
		emulator.seedUser({ uid: 'alice', name: 'Alice' });
	};

	describe('an unknown outcome is remembered (#24 case 3)', () => {
		it('Message → Update: a re-run does not edit again after a lost answer (a second edit is a second "edited" message)', async () => {
			await start();
			const id = seedMessage(emulator.state, { sender: 'alice', receiver: 'alice', text: 'Typo' }).id;
			emulator.failNext({ drop: true, handle: true });
			const { error } = await chat({ resource: 'message', operation: 'update', messageId: id, updateFields: { text: 'Fixed' } });
			expect(error?.message).toBe(
				`An earlier try of this node got no answer to PUT /messages/${id} (the connection broke before the answer came): it may or may not have taken effect, so n8n's Retry On Fail did not repeat it [item 0]`,
			);
			expect(log()).toEqual([`PUT /v3/messages/${id} dropped`]);
			expect(emulator.state.messages.filter((m) => m.category === 'action')).toHaveLength(1);
		});

		it('Message → Delete: a re-run does not delete again after a lost answer', async () => {
			await start();
			const id = seedMessage(emulator.state, { sender: 'alice', receiver: 'alice', text: 'Oops' }).id;
			emulator.failNext(serverError);
			const { error } = await chat({ resource: 'message', operation: 'delete', messageId: id });
			expect(error?.message).toBe(
				`An earlier try of this node got no answer to DELETE /messages/${id} (HTTP 500): it may or may not have taken effect, so n8n's Retry On Fail did not repeat it [item 0]`,
			);
			expect(log()).toEqual([`DELETE /v3/messages/${id} 500`]);
		});

		it('API Key → Create: a re-run finds the key its lost try made (by name, created since the try) and returns it', async () => {
			await start();
			faultOnce(emulator, 'POST', '/v3/apikeys', { drop: true, handle: true });
			const { items, error } = await chat({ resource: 'apiKey', operation: 'create', name: 'Signup service', scope: 'fullAccess' });
			expect(error).toBeUndefined();
			const made = [...apiKeyStore(emulator.state).keys.values()].filter((key) => key.name === 'Signup service');
			expect(made).toHaveLength(1);
			expect(items.map((item) => item.json)).toEqual([{ apiKey: made[0].apiKey, name: 'Signup service', scope: 'fullAccess', createdAt: made[0].createdAt }]);
			expect(log()).toEqual(['POST /v3/apikeys dropped', 'GET /v3/apikeys 200']);
			expect(emulator.requests[1].query).toEqual({ searchKey: 'Signup service', scope: 'fullAccess' });
		});

		// Lookups until the settle time has passed, the first at once: how many fit in it depends on timing.
		const lookupsThenCreate = (path: string) => {
			const entries = log();
			expect(entries.slice(0, 2)).toEqual([`POST ${path} 502`, `GET ${path} 200`]);
			expect(entries.slice(2, -1).every((entry) => entry === `GET ${path} 200`)).toBe(true);
			expect(entries.at(-1)).toBe(`POST ${path} 200`);
		};

		it('API Key → Create: a key of that name made before the try does not count; absent over the settle time, the key is created', async () => {
			await start();
			const old = apiKeyStore(emulator.state).add({ name: 'Signup service', scope: 'fullAccess', createdAt: emulator.state.now() - 600 });
			faultOnce(emulator, 'POST', '/v3/apikeys', gateway);
			const { items, error } = await chat({ resource: 'apiKey', operation: 'create', name: 'Signup service', scope: 'fullAccess', retry: { settleTime: 2 } });
			expect(error).toBeUndefined();
			lookupsThenCreate('/v3/apikeys');
			const made = [...apiKeyStore(emulator.state).keys.values()].filter((key) => key.name === 'Signup service');
			expect(made).toHaveLength(2);
			expect(items[0].json.apiKey).not.toBe(old.apiKey);
			expect(made.map((key) => key.apiKey)).toContain(items[0].json.apiKey);
		});

		it('API Key → Create: with two keys of that name made since the try it cannot tell, and creates none', async () => {
			await start();
			emulator.planFaults((request) => {
				if (request.method !== 'POST' || request.path !== '/v3/apikeys') return undefined;
				// Someone else makes a key of the same name while this one's answer is lost.
				apiKeyStore(emulator.state).add({ name: 'Signup service', scope: 'fullAccess' });
				emulator.planFaults(undefined);
				return { drop: true, handle: true };
			});
			const { error } = await chat({ resource: 'apiKey', operation: 'create', name: 'Signup service', scope: 'fullAccess' });
			expect(error?.message).toBe(
				"An earlier try of this node got no answer to POST /apikeys (the connection broke before the answer came): it may or may not have taken effect, so n8n's Retry On Fail did not repeat it [item 0]",
			);
			expect(error?.description).toContain('could not tell: 2 keys named "Signup service" were created since the try.');
			expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
		});

		it('Management App → Create: a re-run finds the app its lost try made (by name, created since the try) and returns it as the create answers', async () => {
			await start();
			faultOnce(emulator, 'POST', '/apps', { drop: true, handle: true });
			const { items, error } = await management({ resource: 'app', operation: 'create', name: 'Acme Support', region: 'eu' });
			expect(error).toBeUndefined();
			const apps = [...managementStore(emulator.state).apps.values()].filter((app) => app.name === 'Acme Support');
			expect(apps).toHaveLength(1);
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({ id: apps[0].id, name: 'Acme Support', region: 'eu', createdAt: apps[0].createdAt });
			expect(Object.keys(items[0].json.apiKeys as object)).toEqual(apps[0].apiKeys.map((key) => key.apiKey));
			expect(items[0].json).not.toHaveProperty('accessKey');
			expect(log()).toEqual(['POST /apps dropped', 'GET /apps 200']);
			expect(emulator.requests[1].query).toMatchObject({ searchKey: 'Acme Support' });
		});

		it('Management App → Create: the lookup reads every page of the apps the name matches', async () => {
			await start();
			const store = managementStore(emulator.state);
			for (let i = 0; i < 1_000; i++) store.seedApp({ id: `old${i}`, name: `Acme Support ${i}`, region: 'eu', createdAt: emulator.state.now() - 600 });
			faultOnce(emulator, 'POST', '/apps', { drop: true, handle: true });
			const { items, error } = await management({ resource: 'app', operation: 'create', name: 'Acme Support', region: 'eu' });
			expect(error).toBeUndefined();
			expect(log()).toEqual(['POST /apps dropped', 'GET /apps 200', 'GET /apps 200']);
			expect(emulator.requests.slice(1).map((r) => r.query.page)).toEqual(['1', '2']);
			const made = [...store.apps.values()].filter((app) => app.name === 'Acme Support');
			expect(made).toHaveLength(1);
			expect(items.map((item) => item.json.id)).toEqual([made[0].id]);
		});

		it('Management App → Create: an app of that name made before the try is someone else\'s; absent over the settle time, the app is created', async () => {
			await start();
			managementStore(emulator.state).seedApp({ id: 'older', name: 'Acme Support', region: 'eu', createdAt: emulator.state.now() - 600 });
			faultOnce(emulator, 'POST', '/apps', { status: 502, body: 'Bad Gateway' });
			const { items, error } = await management({ resource: 'app', operation: 'create', name: 'Acme Support', region: 'eu', retry: { settleTime: 2 } });
			expect(error).toBeUndefined();
			lookupsThenCreate('/apps');
			expect(items[0].json.id).not.toBe('older');
			expect([...managementStore(emulator.state).apps.values()].filter((app) => app.name === 'Acme Support')).toHaveLength(2);
		});

		it('API Key → Create: a key CometChat stores after the answer was lost is found by a later lookup within the settle time, not created again', async () => {
			await start();
			// The 502 comes at once; CometChat stores the key 1.5 s later. Today's main looked once, found nothing, created a second key.
			faultOnce(emulator, 'POST', '/v3/apikeys', { ...gateway, handleAfterMs: 1_500 });
			const { items, error } = await chat({ resource: 'apiKey', operation: 'create', name: 'Signup service', scope: 'fullAccess', retry: { settleTime: 20 } });
			expect(error).toBeUndefined();
			const made = [...apiKeyStore(emulator.state).keys.values()].filter((key) => key.name === 'Signup service');
			expect(made).toHaveLength(1);
			expect(items.map((item) => item.json.apiKey)).toEqual([made[0].apiKey]);
			expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
			expect(log().at(-1)).toBe('GET /v3/apikeys 200');
		});

		it('Management App → Create: an app CometChat stores after the answer was lost is found within the settle time, not created again', async () => {
			await start();
			faultOnce(emulator, 'POST', '/apps', { status: 502, body: 'Bad Gateway', handleAfterMs: 1_500 });
			const { items, error } = await management({ resource: 'app', operation: 'create', name: 'Acme Support', region: 'eu', retry: { settleTime: 20 } });
			expect(error).toBeUndefined();
			const apps = [...managementStore(emulator.state).apps.values()].filter((app) => app.name === 'Acme Support');
			expect(apps).toHaveLength(1);
			expect(items.map((item) => item.json.id)).toEqual([apps[0].id]);
			expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
		});

		it('API Key → Create: a key of that name made 3 s before the try may be another\'s: the item fails "outcome unknown", it takes no key and makes none', async () => {
			// Found by the independent attack: within the clock margin, someone else's key was output as the item's.
			await start();
			apiKeyStore(emulator.state).add({ name: 'Signup service', scope: 'fullAccess', createdAt: emulator.state.now() - 3 });
			faultOnce(emulator, 'POST', '/v3/apikeys', gateway);
			const { items, error } = await chat({ resource: 'apiKey', operation: 'create', name: 'Signup service', scope: 'fullAccess' });
			expect(items).toEqual([]);
			expect(error?.message).toMatch(/^An earlier try of this node got no answer to POST \/apikeys /);
			expect(error?.description).toContain('a key named "Signup service" was created about when the try began');
			expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
		});

		it('Management App → Create: an app of that name made 3 s before the try may be another\'s: the item fails "outcome unknown"', async () => {
			await start();
			managementStore(emulator.state).seedApp({ id: 'older', name: 'Acme Support', region: 'eu', createdAt: emulator.state.now() - 3 });
			faultOnce(emulator, 'POST', '/apps', { status: 502, body: 'Bad Gateway' });
			const { items, error } = await management({ resource: 'app', operation: 'create', name: 'Acme Support', region: 'eu' });
			expect(items).toEqual([]);
			expect(error?.description).toContain('an app named "Acme Support" was created about when the try began');
			expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
		});

		it('Management App → Create: with two apps of that name made since the try it cannot tell, and creates none', async () => {
			await start();
			emulator.planFaults((request) => {
				if (request.method !== 'POST' || request.path !== '/apps') return undefined;
				managementStore(emulator.state).seedApp({ id: 'elsewhere', name: 'Acme Support', region: 'eu' });
				emulator.planFaults(undefined);
				return { drop: true, handle: true };
			});
			const { error } = await management({ resource: 'app', operation: 'create', name: 'Acme Support', region: 'eu' });
			expect(error?.message).toMatch(/^An earlier try of this node got no answer to POST \/apps /);
			expect(error?.description).toContain('could not tell: 2 apps named "Acme Support" were created since the try.');
			expect(emulator.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
		});

		it('any other create (Group → Create) is not repeated by a re-run after a lost answer', async () => {
			await start();
			emulator.failNext(serverError);
			const { error } = await chat({ resource: 'group', operation: 'create', guid: 'hikers', name: 'Hikers', type: 'public' });
			expect(error?.message).toBe(
				"An earlier try of this node got no answer to POST /groups (HTTP 500): it may or may not have taken effect, so n8n's Retry On Fail did not repeat it [item 0]",
			);
			expect(log()).toEqual(['POST /v3/groups 500']);
		});

		it('a re-run returns the answers the other items\' writes already got: three keys, one refused once, make three keys', async () => {
			await start();
			faultOnce(emulator, 'POST', '/v3/apikeys', refused);
			const { items, error } = await chat(
				{ resource: 'apiKey', operation: 'create', name: '={{ $json.name }}', scope: 'authOnly', retry: { concurrency: 1 } },
				[{ json: { name: 'One' } }, { json: { name: 'Two' } }, { json: { name: 'Three' } }],
			);
			expect(error).toBeUndefined();
			const stored = [...apiKeyStore(emulator.state).keys.values()].filter((key) => key.scope === 'authOnly');
			expect(stored.map((key) => key.name).sort()).toEqual(['One', 'Three', 'Two']);
			expect(items.map((item) => [item.json.name, item.json.apiKey])).toEqual(['One', 'Two', 'Three'].map((name) => [name, stored.find((key) => key.name === name)!.apiKey]));
			// The first run: One refused, Two and Three made; the re-run sent One only.
			expect(log()).toEqual(['POST /v3/apikeys 400', 'POST /v3/apikeys 200', 'POST /v3/apikeys 200', 'POST /v3/apikeys 200']);
		});

		it('a batch write (Group Member → Add) that got its answer is not sent again by a re-run', async () => {
			await start();
			emulator.seedUser({ uid: 'bob', name: 'Bob' });
			emulator.seedGroup({ guid: 'one', owner: 'alice' });
			emulator.seedGroup({ guid: 'two', owner: 'alice' });
			faultOnce(emulator, 'POST', '/v3/groups/two/members', refused);
			const { items, error } = await chat(
				{ resource: 'groupMember', operation: 'add', guid: { __rl: true, mode: 'id', value: '={{ $json.guid }}' }, participants: 'bob', retry: { concurrency: 1 } },
				[{ json: { guid: 'one' } }, { json: { guid: 'two' } }],
			);
			expect(error).toBeUndefined();
			expect(items.map((item) => [item.json.uid, item.json.success])).toEqual([
				['bob', true],
				['bob', true],
			]);
			expect(log()).toEqual(['POST /v3/groups/one/members 200', 'POST /v3/groups/two/members 400', 'POST /v3/groups/two/members 200']);
		});

		it('a removal that got its answer is not sent again by a re-run (User → Delete: a second would answer "not found")', async () => {
			await start();
			emulator.seedUser({ uid: 'bob', name: 'Bob' });
			faultOnce(emulator, 'DELETE', '/v3/users/alice', refused);
			const { items, error } = await chat({ resource: 'user', operation: 'delete', uid: { __rl: true, mode: 'id', value: '={{ $json.uid }}' }, retry: { concurrency: 1 } }, [
				{ json: { uid: 'bob' } },
				{ json: { uid: 'alice' } },
			]);
			expect(error).toBeUndefined();
			expect(items).toHaveLength(2);
			expect(log()).toEqual(['DELETE /v3/users/bob 200', 'DELETE /v3/users/alice 400', 'DELETE /v3/users/alice 200']);
		});

		it('not across executions: a second execution (as n8n\'s Retry execution makes) is not recognised and creates again', async () => {
			await start();
			const parameters = { resource: 'apiKey', operation: 'create', name: 'Signup service' };
			await chat(parameters);
			await chat(parameters);
			expect([...apiKeyStore(emulator.state).keys.values()].filter((key) => key.name === 'Signup service')).toHaveLength(2);
		});
	});

	describe('User → Create returns only the user its own try created (#24 case 6)', () => {
		const create = (extra: INodeParameters = {}) => ({ resource: 'user', operation: 'create', uid: 'bob', name: 'Bob', ...extra });
		const seedOtherBob = (secondsAgo: number) => {
			emulator.seedUser({ uid: 'bob', name: 'Bob' });
			emulator.state.users.get('bob')!.createdAt = emulator.state.now() - secondsAgo;
		};

		it('ERR_UID_ALREADY_EXISTS for a user made elsewhere 4 minutes before stays a refusal under Retry On Fail', async () => {
			await start();
			seedOtherBob(240);
			const { items, error } = await chat(create());
			expect(items).toEqual([]);
			expect(error?.message).toMatch(/^ERR_UID_ALREADY_EXISTS: /);
			expect(log()).toEqual(['POST /v3/users 400', 'POST /v3/users 400', 'POST /v3/users 400']);
		});

		it('after a lost answer, a user made elsewhere 4 minutes before is not output as created', async () => {
			await start();
			seedOtherBob(240);
			emulator.failNext(gateway);
			const { items, error } = await chat(create(), undefined, {});
			expect(items).toEqual([]);
			expect(error?.message).toBe('CometChat did not confirm POST /users (HTTP 502): it may or may not have taken effect, so it was not repeated [item 0]');
			expect(error?.description).toContain('could not tell: a user bob exists, created before this try by CometChat\'s clock');
			expect(log()).toEqual(['POST /v3/users 502', 'GET /v3/users/bob 200']);
		});

		it('after a lost answer, a user created during the try but without a field sent is not output as created', async () => {
			await start();
			emulator.failNext(gateway);
			emulator.seedUser({ uid: 'bob', name: 'Robert' });
			const { error } = await chat(create(), undefined, {});
			expect(error?.description).toContain('could not tell: a user bob was created during this try, but not with every field this item sent');
		});

		it('two items with one UID: the second gets ERR_UID_ALREADY_EXISTS, also under Retry On Fail, and the first is created once', async () => {
			await start();
			const { error } = await chat({ ...create({ name: '={{ $json.name }}' }), retry: { concurrency: 1 } }, [{ json: { name: 'Bob' } }, { json: { name: 'Bob' } }]);
			expect(error?.message).toMatch(/^ERR_UID_ALREADY_EXISTS: .*\[item 1\]$/);
			expect(log()).toEqual(['POST /v3/users 200', 'POST /v3/users 400', 'POST /v3/users 400', 'POST /v3/users 400']);
		});

		it('a re-run returns the answer a create already got, auth token included, without creating again', async () => {
			await start();
			faultOnce(emulator, 'POST', '/v3/users', refused);
			const { items, error } = await chat(
				{ resource: 'user', operation: 'create', uid: '={{ $json.uid }}', name: 'Someone', options: { withAuthToken: true }, retry: { concurrency: 1 } },
				[{ json: { uid: 'erin' } }, { json: { uid: 'frank' } }],
			);
			expect(error).toBeUndefined();
			expect(log()).toEqual(['POST /v3/users 400', 'POST /v3/users 200', 'POST /v3/users 200']);
			expect(items.map((item) => [item.json.uid, item.json.authToken])).toEqual(
				['erin', 'frank'].map((uid) => [uid, emulator.state.authTokens.get(uid)?.[0]?.authToken]),
			);
			expect(items.every((item) => typeof item.json.authToken === 'string')).toBe(true);
		});

		it('reads the try\'s start by CometChat\'s clock (its Date header): 6 minutes behind n8n\'s, the user its lost try made is still found', async () => {
			await start({ clockOffsetSeconds: -360 });
			emulator.failNext({ drop: true, handle: true });
			const { items, error } = await chat(create(), undefined, {});
			expect(error).toBeUndefined();
			expect(items.map((item) => [item.json.uid, item.json.name])).toEqual([['bob', 'Bob']]);
			expect(log()).toEqual(['POST /v3/users dropped', 'GET /v3/users/bob 200']);
		});

		it('a lost create CometChat stores only after the read found nothing: the create sent again is refused, and the user read then is this try\'s', async () => {
			await start();
			let posts = 0;
			emulator.planFaults((request) => {
				if (request.method !== 'POST') return undefined;
				posts++;
				if (posts === 1) return gateway;
				// The first create lands now, late, just before the second.
				if (posts === 2) emulator.seedUser({ uid: 'bob', name: 'Bob' });
				return undefined;
			});
			const { items, error } = await chat(create(), undefined, {});
			expect(error).toBeUndefined();
			expect(items.map((item) => [item.json.uid, item.json.name])).toEqual([['bob', 'Bob']]);
			expect(log()).toEqual(['POST /v3/users 502', 'GET /v3/users/bob 404', 'POST /v3/users 400', 'GET /v3/users/bob 200']);
		});

		it('a re-run after an unknown outcome reads the user again, and with an auth token asked for does not create it again', async () => {
			await start();
			emulator.failNext({ drop: true, handle: true });
			const { error } = await chat(create({ options: { withAuthToken: true } }));
			expect(error?.message).toBe(
				"An earlier try of this node got no answer to POST /users (the connection broke before the answer came): it may or may not have taken effect, so n8n's Retry On Fail did not repeat it [item 0]",
			);
			expect(error?.description).toContain('could not tell: the user was created by this try, but its auth token was only in the lost answer.');
			expect(log()).toEqual(['POST /v3/users dropped', 'GET /v3/users/bob 200', 'GET /v3/users/bob 200', 'GET /v3/users/bob 200']);
		});

		it('with an auth token asked for, a lost create is read too: absent, the user is created again', async () => {
			await start();
			emulator.failNext(gateway);
			const { items, error } = await chat(create({ options: { withAuthToken: true } }));
			expect(error).toBeUndefined();
			expect(log()).toEqual(['POST /v3/users 502', 'GET /v3/users/bob 404', 'POST /v3/users 200']);
			expect(typeof items[0].json.authToken).toBe('string');
		});
	});
});
