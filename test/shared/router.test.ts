import type { IDataObject, INodeExecutionData, INodeParameters, INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';
import { chatNode, managementNodeType, nodeType, runNode, TestCredentialsHelper, type NodeKind } from '../harness';
import { byId, useEmulator } from '../helpers';

// The CometChat and CometChat Management nodes run their declarative descriptions themselves
// (nodes/shared/router.ts) instead of through n8n's RoutingNode, walking only the properties their
// parameters show. These tests keep it honest: the
// description uses nothing the runner does not take, and the runner sends exactly what RoutingNode sends
// for the same description and answers with the same items and errors.

/** The same description without execute(): n8n runs it with its RoutingNode, as any declarative node. */
const underRoutingNode: NodeKind = { ...chatNode, nodeType: { description: nodeType.description, methods: nodeType.methods } as INodeType };

type Routed = INodeProperties | INodePropertyOptions;
function* routedParts(parts: readonly unknown[], path: string): Generator<{ path: string; part: Routed }> {
	for (const part of parts as Array<Routed & { values?: INodeProperties[] }>) {
		const here = `${path}/${'name' in part ? part.name : ''}${'value' in part && !('type' in part) ? `=${String(part.value)}` : ''}`;
		yield { path: here, part };
		if ('options' in part && Array.isArray(part.options)) yield* routedParts(part.options, here);
		if (Array.isArray(part.values)) yield* routedParts(part.values, here);
	}
}

describe('the routing runner', () => {
	it.each([
		['CometChat', nodeType],
		['CometChat Management', managementNodeType],
	])('is what runs the %s node, whose description uses only what it takes: $parameter expressions, functions for answers and pagination', (_name, type) => {
		expect(typeof type.execute).toBe('function');
		const problems: string[] = [];
		const check = (path: string, value: unknown) => {
			if (typeof value === 'string' && value.startsWith('=') && /\$(value|credentials|response|request|responseItem)\b/.test(value)) {
				problems.push(`${path}: ${value.slice(0, 60)}`);
			}
		};
		for (const [key, value] of Object.entries(type.description.requestDefaults ?? {})) check(`requestDefaults.${key}`, value);
		let routed = 0;
		for (const { path, part } of routedParts(type.description.properties, '')) {
			const routing = part.routing;
			if (!routing) continue;
			routed++;
			for (const [key, value] of Object.entries(routing.request ?? {})) {
				check(`${path} request.${key}`, value);
				if (value && typeof value === 'object') for (const [inner, entry] of Object.entries(value)) check(`${path} request.${key}.${inner}`, entry);
			}
			check(`${path} send.property`, routing.send?.property);
			check(`${path} send.value`, routing.send?.value);
			check(`${path} output.maxResults`, routing.output?.maxResults);
			for (const action of routing.output?.postReceive ?? []) if (typeof action !== 'function') problems.push(`${path}: postReceive ${action.type}`);
			if (routing.operations?.pagination && typeof routing.operations.pagination !== 'function') problems.push(`${path}: declarative pagination`);
		}
		const operations = type.description.properties.filter((p) => p.name === 'operation').flatMap((p) => p.options ?? []).length;
		expect(operations).toBeGreaterThan(20);
		expect(routed).toBeGreaterThan(operations); // every operation, and the fields they route
		expect(problems).toEqual([]);
		// The runner leaves notices out (they hold no value), so none may route anything.
		for (const notice of type.description.properties.filter((p) => p.type === 'notice')) expect(notice).not.toHaveProperty('routing');
	});

	describe('sends what RoutingNode sends and answers the same', () => {
		const ctx = useEmulator();

		beforeEach(() => {
			for (const uid of ['alice', 'bob', 'carol']) ctx.emulator.seedUser({ uid, name: uid.toUpperCase(), role: uid === 'carol' ? 'moderator' : 'default' });
		});

		// Times differ between two runs; everything else must not.
		const stable = (value: unknown): unknown => {
			if (Array.isArray(value)) return value.map(stable);
			if (value && typeof value === 'object') {
				return Object.fromEntries(Object.entries(value).filter(([key]) => !/At$|^(id|muid|conversationId)$/.test(key)).map(([key, entry]) => [key, stable(entry)]));
			}
			return value;
		};

		async function both(parameters: INodeParameters, input: INodeExecutionData[] = [{ json: {} }], continueOnFail = false) {
			const runs = [];
			for (const node of [chatNode, underRoutingNode]) {
				ctx.emulator.reset();
				for (const uid of ['alice', 'bob', 'carol']) ctx.emulator.seedUser({ uid, name: uid.toUpperCase(), role: uid === 'carol' ? 'moderator' : 'default' });
				const result = await runNode({ parameters, credentials: ctx.credentials(), input, continueOnFail, node });
				runs.push({
					requests: ctx.emulator.requests.map(({ method, path, query, body, headers }) => ({ method, path, query, body: stable(body), onBehalfOf: headers.onbehalfof })),
					items: result.items.map((item) => ({ json: stable(item.json), error: item.error?.message })),
					error: result.error?.message,
				});
			}
			expect(runs[0]).toEqual(runs[1]);
			return runs[0];
		}

		it('User → Create from expressions over two items', async () => {
			const { requests, items } = await both(
				{ resource: 'user', operation: 'create', uid: '={{ $json.uid }}', name: '={{ $json.name }}', options: { tags: '={{ $json.tags }}' } },
				[{ json: { uid: 'dan', name: 'Dan', tags: 'a, b' } }, { json: { uid: 'eve', name: 'Eve', tags: 'c' } }],
			);
			expect(requests.map((r) => r.body)).toEqual([
				{ uid: 'dan', name: 'Dan', tags: ['a', 'b'] },
				{ uid: 'eve', name: 'Eve', tags: ['c'] },
			]);
			expect(items.map((i) => (i.json as IDataObject).uid)).toEqual(['dan', 'eve']);
		});

		it('User → Get Many with lists sent as comma-separated values and a Limit', async () => {
			const { requests, items } = await both({
				resource: 'user',
				operation: 'getAll',
				limit: 2,
				filters: { roles: 'default, moderator', searchIn: ['name', 'uid'] },
			});
			expect(requests[0].query).toEqual({ roles: 'default,moderator', searchIn: 'name,uid', page: '1', perPage: '2' });
			expect(items).toHaveLength(2);
		});

		it('API Key → Get Many: a list CometChat does not page, cut to the Limit', async () => {
			const { items } = await both({ resource: 'apiKey', operation: 'getAll', returnAll: false, limit: 1 });
			expect(items).toHaveLength(1);
		});

		it('Message → Send with On Behalf Of from the item', async () => {
			const { requests } = await both(
				{ resource: 'message', operation: 'send', receiverType: 'user', receiver: byId('={{ $json.to }}'), text: '={{ $json.text }}', options: { onBehalfOf: '={{ $json.from }}' } },
				[{ json: { to: 'bob', from: 'alice', text: 'Hi' } }],
			);
			expect(requests[0]).toMatchObject({ method: 'POST', path: '/v3/messages', onBehalfOf: 'alice' });
		});

		it('an answer CometChat refuses, with Continue On Fail', async () => {
			const { items, requests } = await both({ resource: 'user', operation: 'get', uid: byId('={{ $json.uid }}') }, [{ json: { uid: 'nobody' } }, { json: { uid: 'bob' } }], true);
			expect(requests).toHaveLength(2);
			expect(items[0].error).toMatch(/^ERR_UID_NOT_FOUND/);
			expect((items[1].json as IDataObject).uid).toBe('bob');
		});

		it('bad input: the same error, before any request', async () => {
			const { requests, error } = await both({ resource: 'user', operation: 'get', uid: byId('={{ "has space" }}') });
			expect(requests).toEqual([]);
			expect(error).toMatch(/^User: .*\[item 0\]$/);
		});
	});

	describe('what it adds', () => {
		const ctx = useEmulator();

		it('pairs every output item with the input item it came from, also for lists', async () => {
			for (const uid of ['alice', 'bob']) ctx.emulator.seedUser({ uid });
			const { run, error } = await runNode({
				parameters: { resource: 'user', operation: 'getAll', returnAll: true },
				credentials: ctx.credentials(),
				input: [{ json: { n: 0 } }, { json: { n: 1 } }],
			});
			expect(error).toBeUndefined();
			const output = run.data.resultData.runData[chatNode.name][0].data!.main[0]!;
			expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 1 }, { item: 1 }]);
		});

		it('applies Request Options (proxy, certificates, timeout) per item, as RoutingNode does', async () => {
			ctx.emulator.seedUser({ uid: 'alice' });
			const seen: IDataObject[] = [];
			const proto = TestCredentialsHelper.prototype;
			const original = proto.authenticate;
			const spy = jest.spyOn(proto, 'authenticate').mockImplementation(async function (this: TestCredentialsHelper, credentials, type, options, ...rest) {
				seen.push({ proxy: options.proxy, skip: options.skipSslCertificateValidation, timeout: options.timeout });
				const direct = { ...options };
				delete direct.proxy; // the request itself goes to the emulator
				return await original.call(this, credentials, type, direct, ...rest);
			});
			try {
				const { error } = await runNode({
					parameters: {
						resource: 'user',
						operation: 'get',
						uid: byId('alice'),
						requestOptions: { proxy: '={{ $json.proxy }}', allowUnauthorizedCerts: true, timeout: 1234 },
					},
					credentials: ctx.credentials(),
					input: [{ json: { proxy: 'http://user:p%40ss@proxy.example:3128' } }, { json: { proxy: '' } }],
				});
				expect(error).toBeUndefined();
			} finally {
				spy.mockRestore();
			}
			expect(seen).toEqual([
				{ proxy: { host: 'proxy.example', port: 3128, protocol: 'http', auth: { username: 'user', password: 'p@ss' } }, skip: true, timeout: 1234 },
				{ proxy: undefined, skip: true, timeout: 1234 },
			]);
		});
	});
});
