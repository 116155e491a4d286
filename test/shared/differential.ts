/**
 * The differential run (issue #26): the same node, parameters, input, settings and credential run twice
 * against the emulator over real HTTP — once as the package ships it (its `execute()`, the routing runner
 * of nodes/shared/router.ts) and once as n8n would run its description without that `execute()`: n8n-core's
 * RoutingNode, wired the way n8n's NodeTypes wires a declarative node — and what each sent (method, path,
 * query, headers, body), answered (items, pairing) and threw is compared.
 *
 * Engine-agnostic: it imports `n8n-core` and `n8n-workflow`, which differential.n8n1.test.ts points at
 * n8n 1.85's copies (devDependencies n8n-core-1-84, n8n-workflow-1-83), and
 * differential.latest.check.ts (npm run differential:latest) at the newest n8n-core in the registry.
 */
import { ExecutionLifecycleHooks, RoutingNode, WorkflowExecute, type ExecuteContext } from 'n8n-core';
import {
	Workflow,
	type IConnections,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type IRun,
	type IRunExecutionData,
} from 'n8n-workflow';
import { createEmulator, type Emulator, type Fault } from '../emulator';
import { DEFAULT_MANAGEMENT_KEY, DEFAULT_MANAGEMENT_SECRET } from '../emulator/management';
import { additionalData, chatNode, credentialDefaults, managementNode, TestNodeTypes, type NodeKind } from '../harness';

/** The n8n whose wiring the reference copies: its NodeTypes decides whether a declarative node gets RoutingNode as `execute()`. */
export type N8nMajor = 1 | 2;

/**
 * n8n's `shouldAssignExecuteMethod` (packages/cli/src/utils.ts; n8n is no dependency of this package, so
 * it is copied here). n8n 2.41: a declarative node (one with requestDefaults) gets `execute()` = RoutingNode
 * even with `methods`. n8n 1.85: not when it has `methods` (listSearch, loadOptions: both nodes have them);
 * WorkflowExecute.runNode then runs RoutingNode itself (its last branch).
 */
function shouldAssignExecuteMethod(type: INodeType, major: N8nMajor): boolean {
	const declarative = type.description.requestDefaults !== undefined;
	if (major === 1) return !type.execute && !type.poll && !type.trigger && (!type.webhook || declarative) && !type.methods;
	return !type.execute && !type.supplyData && !type.poll && !type.trigger && (!type.webhook || declarative) && (!type.methods || declarative);
}

/**
 * The node's description as n8n would run it: without the package's `execute()`, then through what n8n's
 * NodeTypes.getByNameAndVersion does (packages/cli/src/node-types.ts, 1.85 and 2.41 alike). The Request
 * Options n8n's loader would add are the ones the description already carries (router.ts
 * requestOptionsSetting: same names, defaults and routing-free).
 */
export function asN8nRunsIt(type: INodeType, major: N8nMajor): INodeType {
	const reference = { description: type.description, methods: type.methods } as INodeType;
	if (shouldAssignExecuteMethod(reference, major)) {
		reference.execute = async function () {
			// n8n passes its ExecuteContext, which is what `this` is here.
			const routingNode = new RoutingNode(this as ExecuteContext, reference);
			const data = await routingNode.runNode();
			return data ?? [];
		};
	}
	return reference;
}

/**
 * The node as an AI tool, as NodeTypes hands it out for "<type>Tool": an object over the node type (so it
 * keeps `execute()`, the one NodeTypes assigned included) with ai_tool as its output. convertNodeToAiTool
 * also adds the Description field, which routes nothing.
 */
function asTool(type: INodeType): INodeType {
	const description = Object.create(type.description, { outputs: { value: ['ai_tool'] }, inputs: { value: [] } });
	return Object.create(type, { description: { value: description } }) as INodeType;
}

/** Calls the tool connected to it with `args`, as an agent would: through n8n-core's getInputConnectionData (createNodeAsTool and its invocation). */
const AGENT_TYPE = 'test.agent';
function agent(args: IDataObject): INodeType {
	return {
		description: {
			displayName: 'Agent',
			name: AGENT_TYPE,
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: ['main', { type: 'ai_tool', displayName: 'Tools', required: true }],
			outputs: ['main'],
			properties: [],
		},
		async execute() {
			const tools = (await this.getInputConnectionData('ai_tool' as never, 0)) as Array<{ invoke: (input: IDataObject) => Promise<unknown> }>;
			const tool = Array.isArray(tools) ? tools[0] : tools;
			return [[{ json: { answer: (await tool.invoke(args)) as string } }]];
		},
	} as INodeType;
}

/** One run: a node's parameters, its input, its Settings tab, its credential. */
export interface Scenario {
	/** `{emulator}` anywhere in them stands for the emulator's origin (http://127.0.0.1:<port>). */
	parameters: INodeParameters;
	input?: INodeExecutionData[];
	/** The node's Settings tab: Retry On Fail, Always Output Data, Execute Once, On Error. */
	settings?: Partial<Pick<INode, 'retryOnFail' | 'maxTries' | 'waitBetweenTries' | 'alwaysOutputData' | 'executeOnce' | 'onError'>>;
	/** Added to (or replacing) the node's usual emulator credential. */
	credentials?: IDataObject;
	/** The credential cannot be decrypted (n8n's CredentialsHelper throws when the node asks for it). */
	undecryptable?: boolean;
	/** Faults the emulator answers with first, in order. */
	faults?: Fault[];
	/** Run as an AI tool of an agent that calls it with these arguments ($fromAI). */
	tool?: IDataObject;
}

/** What one engine did: the wire, the output, the error. */
export interface Observed {
	requests: Array<{ method: string; path: string; query: Record<string, string>; headers: Record<string, string>; body: unknown }>;
	items: Array<{ json: unknown; error?: string; pairedItem?: unknown; binary?: string[] }>;
	error?: { name: string; message: string; description?: unknown; httpCode?: unknown; itemIndex?: unknown; context?: unknown; level?: unknown };
	/** What the error output (On Error: Continue (using error output)) got. */
	errorItems?: Array<{ json: unknown; pairedItem?: unknown }>;
	/** The answer an agent got from the node as a tool. */
	toolAnswer?: unknown;
}

// Headers that differ between any two runs (connection handling, a multipart boundary), not between engines.
const VOLATILE_HEADERS = new Set(['host', 'connection', 'content-length']);

/** Values that differ between any two runs of the same request: generated IDs, server times. */
function stable(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(stable);
	if (value && typeof value === 'object') {
		// (Keys too: the management API keys an app's keys by the key itself.)
		return Object.fromEntries(
			Object.entries(value).map(([key, entry]) => [/^[0-9a-f]{40}$/.test(key) ? '<volatile key>' : key, entry] as const).map(([key, entry]) => [key, /^(muid|id|conversationId|authToken|apiKey|appId|authKey|repliesWebhook|sentAt|updatedAt|createdAt|editedAt|deletedAt|readAt|deliveredAt|lastActiveAt)$/.test(key) && entry !== null && typeof entry !== 'object' ? '<volatile>' : stable(entry)]),
		);
	}
	return value;
}

/** A tool's answer (JSON text, or n8n's "Error during node execution: …"), comparable. */
function parsed(answer: unknown): unknown {
	try {
		return stable(JSON.parse(String(answer)));
	} catch {
		return answer;
	}
}

function headersOf(headers: Record<string, string>): Record<string, string> {
	const kept: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers)) {
		if (VOLATILE_HEADERS.has(name)) continue;
		kept[name] = name === 'content-type' ? String(value).replace(/boundary=.*$/, 'boundary=<volatile>') : String(value);
	}
	return kept;
}

/** A differential bench: one emulator (demo data, a fixed clock), both nodes. */
export interface Bench {
	emulator: Emulator;
	close(): Promise<void>;
	/** Runs `scenario` with `kind` as shipped and as n8n (`major`) would run its description; both observations. */
	both(kind: NodeKind, scenario: Scenario, major: N8nMajor): Promise<{ ours: Observed; n8n: Observed }>;
}

export async function startBench(): Promise<Bench> {
	const emulator = await createEmulator({ seed: true, now: () => 1_767_225_600 });
	const origin = emulator.url.replace(/\/v3$/, '');
	const credentialsOf = (kind: NodeKind): IDataObject =>
		kind === managementNode
			? { key: DEFAULT_MANAGEMENT_KEY, secret: DEFAULT_MANAGEMENT_SECRET, baseUrl: origin }
			: { appId: emulator.appId, region: 'us', apiKey: emulator.apiKey, baseUrl: emulator.url };

	async function observe(kind: NodeKind, type: INodeType, scenario: Scenario): Promise<Observed> {
		emulator.reset();
		// `{emulator}` in parameters and faults: the emulator's origin (a proxy, a redirect).
		const here = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('{emulator}', origin)) as T;
		for (const fault of scenario.faults ?? []) emulator.failNext(here(fault));
		const node: INode = {
			...scenario.settings,
			id: 'node-1',
			name: kind.name,
			type: kind.type,
			typeVersion: 1,
			position: [0, 0],
			parameters: here(scenario.parameters),
			credentials: { [kind.credentialType.name]: { id: 'cred-1', name: 'CometChat account' } },
		};
		const credential = credentialDefaults(kind.credentialType, { ...credentialsOf(kind), ...scenario.credentials });
		const data = additionalData({ [kind.credentialType.name]: credential });
		if (scenario.undecryptable) {
			// What n8n's Credentials.getData throws when the instance's encryption key does not open the credential.
			data.credentialsHelper.getDecrypted = async () => {
				throw new Error('Credentials could not be decrypted. The likely reason is that a different "encryptionKey" was used to encrypt the data.');
			};
		}
		const nodes = [node];
		const connections: IConnections = {};
		const types: Record<string, INodeType> = { [kind.type]: type };
		let start = node;
		if (scenario.tool) {
			types[kind.type] = asTool(type);
			start = { id: 'agent', name: 'Agent', type: AGENT_TYPE, typeVersion: 1, position: [0, 0], parameters: {} };
			nodes.push(start);
			types[AGENT_TYPE] = agent(scenario.tool);
			connections[node.name] = { ai_tool: [[{ node: start.name, type: 'ai_tool' as never, index: 0 }]] };
		}
		const workflow = new Workflow({ id: 'differential', nodes, connections, active: false, nodeTypes: new TestNodeTypes(types), settings: { executionOrder: 'v1' } });
		const workflowData = { id: 'differential', name: 'differential', nodes, connections, active: false, isArchived: false, activeVersionId: null, createdAt: new Date(), updatedAt: new Date() };
		const hooks = new ExecutionLifecycleHooks('manual', 'test-execution', workflowData as never);
		data.hooks = hooks;
		const finished = new Promise<IRun>((resolve) => hooks.addHandler('workflowExecuteAfter', resolve));
		// By hand rather than n8n-workflow 2's createRunExecutionData, which n8n 1.85 does not have.
		const runExecutionData = {
			version: 1,
			startData: {},
			resultData: { runData: {}, pinData: {} },
			executionData: {
				contextData: {},
				nodeExecutionStack: [{ node: start, data: { main: [scenario.input ?? [{ json: {} }]] }, source: null }],
				metadata: {},
				waitingExecution: {},
				waitingExecutionSource: {},
			},
		} as unknown as IRunExecutionData;
		let error: Error | undefined;
		let task;
		try {
			await new WorkflowExecute(data, 'manual', runExecutionData).processRunExecutionData(workflow);
			const run = await finished;
			task = run.data.resultData.runData[start.name]?.[0];
			error = (task?.error ?? run.data.resultData.error) as Error | undefined;
		} catch (thrown) {
			error = thrown as Error;
		}
		const output = task?.data?.main?.[0] ?? [];
		const failure = error as (Error & { description?: unknown; httpCode?: unknown; context?: IDataObject }) | undefined;
		return {
			requests: emulator.requests.map(({ method, path, query, headers, body }) => ({ method, path, query, headers: headersOf(headers), body: stable(body) })),
			items: scenario.tool
				? []
				: output.map((item) => ({
						json: stable(item.json),
						...(item.error ? { error: item.error.message } : {}),
						...(item.pairedItem !== undefined ? { pairedItem: item.pairedItem } : {}),
						...(item.binary ? { binary: Object.keys(item.binary) } : {}),
					})),
			...(task?.data?.main?.[1] ? { errorItems: task.data.main[1].map((item) => ({ json: stable(item.json), ...(item.pairedItem !== undefined ? { pairedItem: item.pairedItem } : {}) })) } : {}),
			toolAnswer: scenario.tool ? parsed((output[0]?.json as IDataObject | undefined)?.answer) : undefined,
			...(failure
				? {
						error: {
							name: failure.constructor?.name ?? failure.name,
							message: failure.message,
							description: failure.description ?? undefined,
							httpCode: failure.httpCode ?? undefined,
							itemIndex: failure.context?.itemIndex,
							context: failure.context,
							level: (failure as { level?: unknown }).level,
						},
					}
				: {}),
		};
	}

	return {
		emulator,
		close: async () => await emulator.close(),
		async both(kind, scenario, major) {
			const ours = await observe(kind, kind.nodeType, scenario);
			const n8n = await observe(kind, asN8nRunsIt(kind.nodeType, major), scenario);
			return { ours, n8n };
		},
	};
}

export { chatNode, managementNode };
