import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as urlParse } from 'node:url';
import { NodeHelpers, type IDataObject, type INodeExecutionData, type INodeParameters, type INodeProperties, type INodePropertyOptions } from 'n8n-workflow';
// n8n 1.85's n8n-workflow (n8n@1.85.x depends on n8n-workflow 1.83.0), the oldest the README supports.
import { NodeHelpers as NodeHelpers185 } from 'n8n-workflow-1-83';
import { legacyParse } from '../../nodes/shared/legacyUrl';
import { chatNode, listSearch, managementNode, managementNodeType, nodeType, runNode, TestCredentialsHelper, underRoutingNode as asN8nRunsIt, type NodeKind } from '../harness';
import { byId, useEmulator } from '../helpers';

// The CometChat and CometChat Management nodes run their declarative descriptions themselves
// (nodes/shared/router.ts) instead of through n8n's RoutingNode, walking only the properties their
// parameters show. These tests keep it honest: the
// description uses nothing the runner does not take, and the runner sends exactly what RoutingNode sends
// for the same description and answers with the same items and errors.

/** The same description without execute(): n8n runs it with its RoutingNode, as any declarative node. */
const underRoutingNode: NodeKind = asN8nRunsIt(chatNode);

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
	describe('keeps the policies RoutingNode applies (issue 26)', () => {
		const ctx = useEmulator();
		beforeEach(() => {
			for (const uid of ['alice', 'bob']) ctx.emulator.seedUser({ uid, name: uid.toUpperCase() });
		});

		/** The error as a user sees it: its class, message and description. */
		const shape = (error: unknown) => {
			const e = error as { name: string; message: string; description?: string } | undefined;
			return e && { class: e.name, message: e.message, description: e.description };
		};

		describe("the credential's Allowed HTTP Request Domains", () => {
			const restricted = (allowedDomains: string) => ({ ...ctx.credentials(), allowedHttpRequestDomains: 'domains', allowedDomains });

			it.each([
				['CometChat', chatNode, { resource: 'user', operation: 'get', uid: byId('alice') }, () => restricted('api.example.com')],
				['CometChat Management', managementNode, { resource: 'app', operation: 'getAll', returnAll: true }, () => ({ ...ctx.managementCredentials(), allowedHttpRequestDomains: 'domains', allowedDomains: 'api.example.com' })],
			] as const)('%s: a request to a host not on the list is refused as RoutingNode refuses it, before it is sent', async (_name, kind, parameters, credentials) => {
				const errors = [];
				for (const node of [kind, asN8nRunsIt(kind)]) {
					ctx.emulator.reset();
					const { error } = await runNode({ parameters: parameters as INodeParameters, credentials: credentials(), node });
					errors.push(shape(error));
					expect(ctx.emulator.requests).toEqual([]);
				}
				expect(errors[0]?.message).toMatch(/^Domain not allowed: This credential is restricted from accessing 127\.0\.0\.1:\d+\. Only the following domains are allowed: api\.example\.com$/);
				expect(errors[0]).toEqual(errors[1]);
			});

			it('the host on the list is served; Specific Domains with an empty list stops the node as RoutingNode does', async () => {
				const { error, items } = await runNode({ parameters: { resource: 'user', operation: 'get', uid: byId('alice') }, credentials: restricted('127.0.0.1') });
				expect(error).toBeUndefined();
				expect(items[0].json.uid).toBe('alice');
				const errors = [];
				for (const node of [chatNode, underRoutingNode]) {
					ctx.emulator.reset();
					errors.push(shape((await runNode({ parameters: { resource: 'user', operation: 'get', uid: byId('alice') }, credentials: restricted(' '), node })).error));
				}
				expect(errors[0]?.message).toBe('No allowed domains specified. Configure allowed domains or change restriction setting.');
				expect(errors[0]).toEqual(errors[1]);
			});

			describe('on a redirect', () => {
				let redirector: Server;
				let redirectorUrl = '';
				beforeAll(async () => {
					// Sends every request on to the emulator under another name of the same machine (localhost).
					redirector = createServer((request, response) => {
						response.writeHead(302, { location: `${ctx.emulator.url.replace('127.0.0.1', 'localhost').replace(/\/v3$/, '')}${request.url}` }).end();
					});
					await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
					redirectorUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/v3`;
				});
				afterAll(async () => await new Promise((resolve) => redirector.close(resolve)));

				it('a redirect to a host not on the list is refused as RoutingNode refuses it', async () => {
					const errors = [];
					for (const node of [chatNode, underRoutingNode]) {
						ctx.emulator.reset();
						const credentials = { ...restricted('127.0.0.1'), baseUrl: redirectorUrl };
						errors.push(shape((await runNode({ parameters: { resource: 'user', operation: 'get', uid: byId('alice') }, credentials, node })).error));
						expect(ctx.emulator.requests).toEqual([]);
					}
					expect(errors[0]?.message).toMatch(/^Redirected request failed: Domain not allowed: This credential is restricted from accessing localhost:\d+\. Only the following domains are allowed: 127\.0\.0\.1$/);
					expect(errors[0]).toEqual(errors[1]);
				});
			});

			it("the nodes' own requests (list searches, Send and Wait, the trigger's registration) are held to the same list", async () => {
				await expect(listSearch('searchUsers', restricted('api.example.com'))).rejects.toThrow(/^Domain not allowed: .* Only the following domains are allowed: api\.example\.com$/);
				expect(ctx.emulator.requests).toEqual([]);
				const managementCredentials = { ...ctx.managementCredentials(), allowedHttpRequestDomains: 'domains', allowedDomains: 'api.example.com' };
				await expect(listSearch('searchApps', managementCredentials, {}, undefined, undefined, managementNode)).rejects.toThrow(/Domain not allowed/);
				expect(ctx.emulator.requests).toEqual([]);
				expect((await listSearch('searchUsers', restricted('127.0.0.1'))).results.map((user) => user.value).sort()).toEqual(['alice', 'bob']);
			});
		});

		describe("on n8n 1.85 (n8n-workflow 1.83's displayParameter, whose fourth argument is the parameters' root)", () => {
			beforeEach(() => {
				jest.spyOn(NodeHelpers, 'displayParameter').mockImplementation(NodeHelpers185.displayParameter as never);
			});
			afterEach(() => jest.restoreAllMocks());

			it('sends what the folded collections hold: On Behalf Of, a Get Many filter', async () => {
				const { error } = await runNode({
					parameters: { resource: 'message', operation: 'send', receiverType: 'user', receiver: byId('bob'), text: 'Hi', options: { onBehalfOf: 'alice' } },
					credentials: ctx.credentials(),
				});
				expect(error).toBeUndefined();
				expect(ctx.emulator.requests[0].headers.onbehalfof).toBe('alice');
				ctx.emulator.reset();
				await runNode({ parameters: { resource: 'user', operation: 'getAll', limit: 2, filters: { roles: 'default' } }, credentials: ctx.credentials() });
				expect(ctx.emulator.requests[0].query).toMatchObject({ roles: 'default' });
			});

			it('App → Create sends its body fields', async () => {
				const { error } = await runNode({
					parameters: { resource: 'app', operation: 'create', name: 'Acme', region: 'eu', options: { skipSampleData: true, version: '3' } },
					credentials: ctx.managementCredentials(),
					node: managementNode,
				});
				expect(error).toBeUndefined();
				expect(ctx.emulator.requests[0].body).toEqual({ name: 'Acme', region: 'eu', skipSampleData: true, version: '3' });
			});
		});

		it('an expression that fails in a field only a pre-send reads stops the node there, as in RoutingNode: no later item is sent', async () => {
			// The UID is read by User → Create's pre-send only; the first item has none and asks a node that is not there.
			const parameters = { resource: 'user', operation: 'create', uid: '={{ $json.uid || $("Nowhere").item.json.uid }}', name: 'Someone' };
			const input = [{ json: {} }, { json: { uid: 'carl' } }];
			const errors = [];
			for (const node of [chatNode, underRoutingNode]) {
				ctx.emulator.reset();
				const { error } = await runNode({ parameters, credentials: ctx.credentials(), input, node });
				expect(ctx.emulator.requests).toEqual([]);
				errors.push(shape(error));
			}
			expect(errors[0]).toMatchObject({ class: 'NodeOperationError', message: "Referenced node doesn't exist" });
			expect(errors[0]).toEqual(errors[1]);
		});

		describe('Request Options: the proxy read as n8n reads it (url.parse)', () => {
			it.each([
				'http://proxy:80',
				'http://user:pa%3Ass@proxy.example:3128',
				'http://[::1]:3128',
				'HTTP://User:P@Proxy.Example:3128/path?x#y',
				'  http://u:p:q@proxy:3128 ',
				'http://a@b@c:1',
				'http://exämple.com:1',
				'http://:3128',
				'http://proxy:',
				'http://proxy:abc',
				'http://a b:1',
				'proxy:3128',
				'//u@h:1',
				'javascript://x:1',
				'x',
				'http://[::1:1',
				'http://%zz@p:1',
			])('%j: what url.parse gives', (proxy) => {
				const parts = (parse: (url: string) => IDataObject) => {
					try {
						const { protocol, auth, host, hostname, port } = parse(proxy);
						return { protocol, auth, host, hostname, port };
					} catch (error) {
						return { throws: (error as Error).message };
					}
				};
				expect(parts((url) => legacyParse(url, null) as never)).toEqual(parts(urlParse as never));
			});

			it('sends the proxy RoutingNode sends: a default port, an encoded colon in the password, an IPv6 address', async () => {
				const proxies = ['http://proxy:80', 'http://user:pa%3Ass@proxy.example:3128', 'http://[::1]:3128'];
				const runs = [];
				for (const node of [chatNode, underRoutingNode]) {
					const seen: unknown[] = [];
					const proto = TestCredentialsHelper.prototype;
					const original = proto.authenticate;
					const spy = jest.spyOn(proto, 'authenticate').mockImplementation(async function (this: TestCredentialsHelper, credentials, type, options, ...rest) {
						seen.push(options.proxy);
						return await original.call(this, credentials, type, { ...options, proxy: undefined }, ...rest);
					});
					try {
						const { error } = await runNode({
							parameters: { resource: 'user', operation: 'get', uid: byId('alice'), requestOptions: { proxy: '={{ $json.proxy }}' } },
							credentials: ctx.credentials(),
							input: proxies.map((proxy) => ({ json: { proxy } })),
							node,
						});
						expect(error).toBeUndefined();
					} finally {
						spy.mockRestore();
					}
					runs.push(seen);
				}
				expect(runs[0]).toEqual([
					{ host: 'proxy', port: 80, protocol: 'http' },
					{ host: 'proxy.example', port: 3128, protocol: 'http', auth: { username: 'user', password: 'pa' } },
					{ host: '::1', port: 3128, protocol: 'http' },
				]);
				expect(runs[0]).toEqual(runs[1]);
			});
		});
	});
});
