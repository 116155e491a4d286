import { createHash } from 'node:crypto';
import type { IDataObject, INodeParameters, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { createEmulator, type Emulator, type MessageRecord, type RecordedRequest } from './emulator';
import { userConversationId } from './emulator/state';
import { DEFAULT_MANAGEMENT_KEY, DEFAULT_MANAGEMENT_SECRET } from './emulator/management';
import { managementNode, runNode, TestCredentialsHelper, type RunOptions } from './harness';

/**
 * Runs `task` while recording the address (base URL and path) of every authenticated request the node
 * makes, and sends each to `emulatorUrl` instead: the one place to check where a request would go
 * without a Base URL Override (n8n applies the credential to every request the node sends).
 */
export async function whereRequestsGo(emulatorUrl: string, task: () => Promise<unknown>): Promise<Array<{ baseURL?: string; url?: string }>> {
	const seen: Array<{ baseURL?: string; url?: string }> = [];
	const proto = TestCredentialsHelper.prototype;
	const original = proto.authenticate;
	const spy = jest.spyOn(proto, 'authenticate').mockImplementation(async function (this: TestCredentialsHelper, credentials, type, options, ...rest) {
		seen.push({ baseURL: options.baseURL, url: options.url });
		return await original.call(this, credentials, type, { ...options, baseURL: emulatorUrl }, ...rest);
	});
	try {
		await task();
	} finally {
		spy.mockRestore();
	}
	return seen;
}

/** One emulator per test file, emptied before each test. */
export function useEmulator(): {
	readonly emulator: Emulator;
	credentials: () => IDataObject;
	/** The CometChat Management API credential for the emulator's management host. */
	managementCredentials: () => IDataObject;
} {
	const holder: { emulator?: Emulator } = {};
	beforeAll(async () => {
		holder.emulator = await createEmulator();
	});
	beforeEach(() => holder.emulator?.reset());
	afterAll(async () => {
		await holder.emulator?.close();
	});
	return {
		get emulator() {
			if (!holder.emulator) throw new Error('emulator not started');
			return holder.emulator;
		},
		credentials: () => ({ appId: holder.emulator!.appId, region: 'us', apiKey: holder.emulator!.apiKey, baseUrl: holder.emulator!.url }),
		managementCredentials: () => ({
			key: DEFAULT_MANAGEMENT_KEY,
			secret: DEFAULT_MANAGEMENT_SECRET,
			baseUrl: holder.emulator!.url.replace(/\/v3$/, ''),
		}),
	};
}

/** The JSON of each output item. */
export const json = <T>(items: Array<{ json: T }>): T[] => items.map((item) => item.json);

/** The HTTP status n8n's NodeApiError carries, as text ('404'). */
export const httpCode = (error: unknown) => (error as { httpCode?: string } | undefined)?.httpCode;

/** A resource-locator value as the editor stores it for "By UID"/"By GUID". */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

export function run(
	ctx: { credentials: () => IDataObject },
	parameters: INodeParameters,
	extra: Omit<RunOptions, 'parameters' | 'credentials'> = {},
) {
	return runNode({ parameters, credentials: ctx.credentials(), ...extra });
}

/**
 * Runs `parameters` with one input item (its fields feed `={{ $json.x }}` expressions, the way data
 * from a form or webhook arrives) and asserts the node refused it before any request: the error
 * contains `text`, no items, nothing sent. Returns the run for further checks.
 */
export async function expectRefused(
	ctx: { readonly emulator: Emulator; credentials: () => IDataObject },
	parameters: INodeParameters,
	input: IDataObject,
	text: string,
) {
	const result = await run(ctx, parameters, { input: [{ json: input }] });
	expect(result.error?.message).toContain(text);
	expect(result.items).toEqual([]);
	expect(ctx.emulator.requests).toEqual([]);
	return result;
}

/** Asserts one recorded request exactly: method, path, query, body; headers as given (undefined = absent). */
export function expectRequest(
	request: RecordedRequest | undefined,
	expected: { method: string; path: string; query?: Record<string, string>; body?: unknown; headers?: Record<string, string | undefined> },
	apiKey: string,
) {
	expect(request).toBeDefined();
	expect(request!.method).toBe(expected.method);
	expect(request!.path).toBe(expected.path);
	expect(request!.query).toEqual(expected.query ?? {});
	expect(request!.body).toEqual(expected.body);
	expect(request!.headers.apikey).toBe(apiKey);
	expect(request!.headers.accept).toBe('application/json');
	for (const [name, value] of Object.entries(expected.headers ?? {})) {
		if (value === undefined) expect(request!.headers).not.toHaveProperty(name.toLowerCase());
		else expect(request!.headers[name.toLowerCase()]).toBe(value);
	}
}

/** Runs the CometChat Management node against the emulator's management host. */
export function runManagement(
	ctx: { managementCredentials: () => IDataObject },
	parameters: INodeParameters,
	extra: Omit<RunOptions, 'parameters' | 'credentials' | 'node'> = {},
) {
	return runNode({ parameters, credentials: ctx.managementCredentials(), node: managementNode, ...extra });
}

/**
 * Asserts one recorded management request exactly: method, path, query, body; the key pair in the
 * `key`/`secret` headers and no `apikey`; other headers as given (undefined = absent).
 */
export function expectManagementRequest(
	request: RecordedRequest | undefined,
	expected: { method: string; path: string; query?: Record<string, string>; body?: unknown; headers?: Record<string, string | undefined> },
) {
	expect(request).toBeDefined();
	expect({ method: request!.method, path: request!.path, query: request!.query, body: request!.body }).toEqual({
		method: expected.method,
		path: expected.path,
		query: expected.query ?? {},
		body: expected.body,
	});
	expect(request!.headers.key).toBe(DEFAULT_MANAGEMENT_KEY);
	expect(request!.headers.secret).toBe(DEFAULT_MANAGEMENT_SECRET);
	expect(request!.headers).not.toHaveProperty('apikey');
	expect(request!.headers.accept).toBe('application/json');
	for (const [name, value] of Object.entries(expected.headers ?? {})) {
		if (value === undefined) expect(request!.headers).not.toHaveProperty(name.toLowerCase());
		else expect(request!.headers[name.toLowerCase()]).toBe(value);
	}
}

/**
 * The MUID the node gives a message without one of the user's, in the harness's execution: `n8n-` and
 * the first 24 hex digits of sha256(workflow, execution, node name, run index, item index).
 */
export function derivedMuid(itemIndex = 0, { runIndex = 0, node = 'CometChat', execution = 'test-execution' } = {}): string {
	const key = ['test-workflow', execution, node, String(runIndex), String(itemIndex)].join('\u0000');
	return `n8n-${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
}

/**
 * A one-to-one text message put straight into the emulator's store, as POST /messages would store it
 * but without its side effects (no moderation rules run, no conversation marks).
 */
export function seedTextMessage(emulator: Emulator, sender: string, receiver: string, text: string): MessageRecord {
	const state = emulator.state;
	const now = state.now();
	const record: MessageRecord = {
		id: state.nextMessageId(),
		conversationId: userConversationId(sender, receiver),
		sender,
		receiverType: 'user',
		receiver,
		category: 'message',
		type: 'text',
		data: { text },
		sentAt: now,
		updatedAt: now,
	};
	state.messages.push(record);
	return record;
}

/** The options of a property (an options list, a collection's fields). */
export const optionsOf = (p: INodeProperties) => (p.options ?? []) as INodePropertyOptions[];

/**
 * The entries a collection offers for one resource and operation, as n8n's editor shows them: a folded
 * collection (nodes/shared/fold.ts) holds the entries of several operations, each with `/resource` and
 * `/operation` conditions; here they are filtered by those and returned without them.
 */
export function entriesFor(collection: INodeProperties, resource: string, operation: string): INodeProperties[] {
	return (collection.options as INodeProperties[]).flatMap((entry) => {
		const { '/resource': resources, '/operation': operations, ...show } = entry.displayOptions?.show ?? {};
		if ((resources && !resources.includes(resource)) || (operations && !operations.includes(operation))) return [];
		if (!resources && !operations) return [entry];
		const { displayOptions, ...rest } = entry;
		const others = Object.fromEntries(Object.entries(displayOptions!).filter(([key]) => key !== 'show'));
		const conditions = Object.keys(show).length ? { ...others, show } : others;
		return [Object.keys(conditions).length ? { ...rest, displayOptions: conditions } : rest];
	});
}

/**
 * Asserts what saved workflows depend on in a node's description: the Resource values are `resources`,
 * each resource offers exactly the operations in `contract`, and each operation shows exactly the
 * named parameters, in this order.
 */
export function expectSavedParameters(
	properties: INodeProperties[],
	contract: Record<string, Record<string, string[]>>,
	resources: string[] = Object.keys(contract),
) {
	const resource = properties.find((p) => p.name === 'resource')!;
	expect(optionsOf(resource).map((o) => o.value).sort()).toEqual([...resources].sort());
	for (const [resourceValue, operations] of Object.entries(contract)) {
		const operation = properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resourceValue))!;
		expect(optionsOf(operation).map((o) => o.value).sort()).toEqual(Object.keys(operations).sort());
		for (const [operationValue, names] of Object.entries(operations)) {
			const shown = properties
				.filter((p) => p.displayOptions?.show?.resource?.includes(resourceValue) && p.displayOptions?.show?.operation?.includes(operationValue))
				.map((p) => p.name);
			expect({ [`${resourceValue}.${operationValue}`]: shown }).toEqual({ [`${resourceValue}.${operationValue}`]: names });
		}
	}
}

/**
 * Asserts n8n's UX rules on a node's description: each resource's actions sorted by name, each with an
 * action label and a relative URL; every parameter, nested ones included, has a default; booleans'
 * descriptions start with "Whether". Returns every parameter, nested ones included.
 */
export function expectUxRules(properties: INodeProperties[]): INodeProperties[] {
	for (const operation of properties.filter((p) => p.name === 'operation')) {
		const options = optionsOf(operation);
		// n8n's lint rule (node-param-options-type-unsorted-items) sorts with localeCompare: "Get by Channel" before "Get Overview".
		expect(options.map((o) => o.name)).toEqual([...options.map((o) => o.name)].sort((a, b) => a.localeCompare(b)));
		for (const option of options) {
			expect(option.action).toMatch(/^[A-Z][a-z]/);
			expect(String(option.routing?.request?.url ?? '').replace(/^=/, '')).toMatch(/^\//);
		}
	}
	const walk = (list: INodeProperties[]): INodeProperties[] => list.flatMap((p) => [p, ...walk((p.options ?? []).filter((o): o is INodeProperties => 'type' in o))]);
	const all = walk(properties);
	for (const property of all) {
		expect(property).toHaveProperty('default');
		if (property.type === 'boolean') expect(property.description).toMatch(/^Whether /);
	}
	return all;
}

/** The first `method` request to `path` the emulator gets from now on answers with `fault`. */
export function faultOnce(emulator: Emulator, method: string, path: string, fault: Parameters<Emulator['failNext']>[0]): void {
	let done = false;
	emulator.planFaults((request) => {
		if (done || request.method !== method || request.path !== path) return undefined;
		done = true;
		return fault;
	});
}
