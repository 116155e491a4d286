/**
 * Runs the BUILT node (dist/) inside n8n's real engine: WorkflowExecute → the node's execute() (the
 * CometChat node's routing runner) or RoutingNode (CometChat Management) → n8n's HTTP
 * client, with the credential resolved and applied the way n8n's CredentialsHelper does for generic
 * auth. Requests go over real HTTP to wherever the credential points (the emulator on 127.0.0.1).
 */
import { join } from 'node:path';
import {
	DirectoryLoader,
	ExecuteContext,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	RoutingNode,
	WorkflowExecute,
} from 'n8n-core';
import {
	createRunExecutionData,
	ICredentialsHelper,
	NodeHelpers,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type ICredentials,
	type IConnections,
	type IPinData,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialTestResult,
	type INodeExecutionData,
	type INodeListSearchResult,
	type INodePropertyOptions,
	type INodeParameters,
	type INodeProperties,
	type INodeType,
	type INodeTypes,
	type IRun,
	type IRunExecutionData,
	type IWorkflowExecuteAdditionalData,
	type ExecutionError,
} from 'n8n-workflow';

export const ROOT = join(__dirname, '..', '..');
const NODE_TYPE = 'n8n-nodes-cometchat.cometChat';
export const NODE_NAME = 'CometChat';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CometChat } = require(join(ROOT, 'dist/nodes/CometChat/CometChat.node.js')) as { CometChat: new () => INodeType };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CometChatApi } = require(join(ROOT, 'dist/credentials/CometChatApi.credentials.js')) as {
	CometChatApi: new () => ICredentialType;
};

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CometChatManagement } = require(join(ROOT, 'dist/nodes/CometChatManagement/CometChatManagement.node.js')) as {
	CometChatManagement: new () => INodeType;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CometChatManagementApi } = require(join(ROOT, 'dist/credentials/CometChatManagementApi.credentials.js')) as {
	CometChatManagementApi: new () => ICredentialType;
};

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CometChatCampaigns } = require(join(ROOT, 'dist/nodes/CometChatCampaigns/CometChatCampaigns.node.js')) as {
	CometChatCampaigns: new () => INodeType;
};

// As n8n's loader does for every node: it adds the "Request Options" collection (Batching, Timeout, Proxy,
// Ignore SSL Issues) to declarative nodes without execute() (the Management node); the CometChat node has its own.
export const nodeType = new CometChat();
DirectoryLoader.applyDeclarativeNodeOptionParameters(nodeType);
export const credentialType = new CometChatApi();

export const managementNodeType = new CometChatManagement();
DirectoryLoader.applyDeclarativeNodeOptionParameters(managementNodeType);
export const managementCredentialType = new CometChatManagementApi();

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CometChatAiAgents } = require(join(ROOT, 'dist/nodes/CometChatAiAgents/CometChatAiAgents.node.js')) as {
	CometChatAiAgents: new () => INodeType;
};
export const aiAgentsNodeType = new CometChatAiAgents();
DirectoryLoader.applyDeclarativeNodeOptionParameters(aiAgentsNodeType);

/** A node of this package the harness can run: its type, its name in the workflow, its one credential. */
export interface NodeKind {
	type: string;
	name: string;
	nodeType: INodeType;
	credentialType: ICredentialType;
}

/** The CometChat node (chat API, credential cometChatApi): the default everywhere. */
export const chatNode: NodeKind = { type: NODE_TYPE, name: NODE_NAME, nodeType, credentialType };
/** The CometChat Management node (management API, credential cometChatManagementApi). */
export const managementNode: NodeKind = {
	type: 'n8n-nodes-cometchat.cometChatManagement',
	name: 'CometChat Management',
	nodeType: managementNodeType,
	credentialType: managementCredentialType,
};
/** The CometChat AI Agents node (chat API, credential cometChatApi). */
export const aiAgentsNode: NodeKind = {
	type: 'n8n-nodes-cometchat.cometChatAiAgents',
	name: 'CometChat AI Agents',
	nodeType: aiAgentsNodeType,
	credentialType,
};
/** The CometChat Campaigns node (the campaigns service on the chat host, credential cometChatApi). */
export const campaignsNode: NodeKind = {
	type: 'n8n-nodes-cometchat.cometChatCampaigns',
	name: 'CometChat Campaigns',
	nodeType: new CometChatCampaigns(),
	credentialType,
};
const KINDS = [chatNode, managementNode, aiAgentsNode, campaignsNode];

/**
 * A node of this package as n8n would run it were it purely declarative: its description without
 * execute(), loaded as n8n's DirectoryLoader loads such a node (applyDeclarativeNodeOptionParameters:
 * n8n's Request Options), and given the execute() n8n's NodeTypes gives it (packages/cli node-types.ts,
 * when shouldAssignExecuteMethod holds: a RoutingNode over the context WorkflowExecute made for the
 * node, the same in n8n 1.122 and 2.41). Not WorkflowExecute's executeDeclarativeNodeInTest, the
 * path it takes only for a node with no execute() at all (no cancel signal, no hints).
 */
export function underRoutingNode(kind: NodeKind): NodeKind {
	const { description, methods } = kind.nodeType;
	const declarative: INodeType = { description: { ...description, properties: [...description.properties] }, methods };
	DirectoryLoader.applyDeclarativeNodeOptionParameters(declarative);
	declarative.execute = async function (this: IExecuteFunctions) {
		return (await new RoutingNode(this as never, declarative).runNode()) ?? [];
	};
	return { ...kind, nodeType: declarative };
}

export class TestNodeTypes implements INodeTypes {
	constructor(private readonly types: Record<string, INodeType>) {}
	getByName(type: string) {
		return this.types[type];
	}
	getByNameAndVersion(type: string, version?: number) {
		return NodeHelpers.getVersionedNodeType(this.types[type], version);
	}
	getKnownTypes() {
		return {};
	}
}

/** Credential data with the type's defaults filled in, as n8n does before use. */
export function credentialDefaults(type: ICredentialType, data: IDataObject): ICredentialDataDecryptedObject {
	const defaults: IDataObject = {};
	for (const property of type.properties) defaults[property.name] = property.default as IDataObject[string];
	return { ...defaults, ...data } as ICredentialDataDecryptedObject;
}

/** The CometChat credential's data with its defaults filled in. */
export function withDefaults(data: IDataObject): ICredentialDataDecryptedObject {
	return credentialDefaults(credentialType, data);
}

/**
 * n8n's CredentialsHelper as the tests need it, for the given credential types: the decrypted data
 * comes from `lookup`, and generic auth is applied as n8n's own helper applies it.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly types: Record<string, ICredentialType>,
		private readonly lookup: (type: string) => ICredentialDataDecryptedObject,
	) {
		super();
	}
	// Mirrors n8n's CredentialsHelper.authenticate for `type: 'generic'`: every key and value is an
	// expression over $credentials, written into requestOptions[headers|qs|body|auth].
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const type = this.types[typeName];
		if (!type) throw new Error(`Unknown credential type ${typeName}`);
		const auth = type.authenticate;
		if (!auth) return requestOptions;
		if (typeof auth === 'function') throw new Error('expected generic authenticate');
		const resolve = (value: string) =>
			workflow.expression.getSimpleParameterValue(node, value, 'internal', { $credentials: credentials }, undefined, '');
		const options = requestOptions as unknown as Record<string, Record<string, unknown>>;
		for (const [outer, entries] of Object.entries(auth.properties)) {
			options[outer] ??= {};
			for (const [key, value] of Object.entries(entries as Record<string, string>)) {
				options[outer][String(resolve(key))] = resolve(value);
			}
		}
		return requestOptions;
	}
	async getDecrypted(_a: IWorkflowExecuteAdditionalData, _n: unknown, type: string) {
		return this.lookup(type);
	}
	getParentTypes() {
		return [];
	}
	isCredentialUsableByNode() {
		return true;
	}
	async preAuthentication() {
		return undefined;
	}
	async runPreAuthentication() {
		return undefined;
	}
	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used');
	}
	async updateCredentials() {}
	async updateCredentialsOauthTokenData() {}
	getCredentialsProperties(type: string): INodeProperties[] {
		return this.types[type]?.properties ?? [];
	}
}

/** Decrypted credential data by credential type name. */
type CredentialData = Record<string, ICredentialDataDecryptedObject>;

export function additionalData(
	credentials: CredentialData,
	hooks?: ExecutionLifecycleHooks,
	currentNodeParameters?: INodeParameters,
) {
	return {
		currentNodeParameters, // what the editor sends along with a list search
		hooks,
		credentialsHelper: new TestCredentialsHelper(
			Object.fromEntries(KINDS.map((kind) => [kind.credentialType.name, kind.credentialType])),
			(type) => {
				if (!credentials[type]) throw new Error(`No credential of type ${type}`);
				return credentials[type];
			},
		),
		executionId: 'test-execution',
		variables: {},
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678/',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
	} as unknown as IWorkflowExecuteAdditionalData;
}

/** The execution hooks WorkflowExecute reports to; tests wait on `workflowExecuteAfter`. */
export function lifecycleHooks(name: string, nodes: INode[], connections: IConnections) {
	const workflowData = { id: 'test-workflow', name, nodes, connections, active: false, isArchived: false, activeVersionId: null, createdAt: new Date(), updatedAt: new Date() };
	return new ExecutionLifecycleHooks('manual', 'test-execution', workflowData as never);
}

function makeNode(parameters: INodeParameters, continueOnFail = false, kind: NodeKind = chatNode, settings: NodeSettings = {}): INode {
	return {
		id: 'node-1',
		...settings,
		name: kind.name,
		type: kind.type,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { [kind.credentialType.name]: { id: 'cred-1', name: 'CometChat account' } },
		...(continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
}

function makeWorkflow(node: INode, kind: NodeKind = chatNode) {
	return oneNodeWorkflow(node, kind.nodeType);
}

/** A workflow of one node, whose type is `nodeType`: what the harnesses and the benchmark run. */
export function oneNodeWorkflow(node: INode, nodeType: INodeType, id = 'test-workflow'): Workflow {
	return new Workflow({
		id,
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new TestNodeTypes({ [node.type]: nodeType }),
		settings: { executionOrder: 'v1' },
	});
}

/** The node's Settings tab: n8n's own Retry On Fail. */
export type NodeSettings = Partial<Pick<INode, 'retryOnFail' | 'maxTries' | 'waitBetweenTries'>>;

export interface RunOptions {
	parameters: INodeParameters;
	credentials: IDataObject;
	input?: INodeExecutionData[];
	continueOnFail?: boolean;
	/** Which node runs; the CometChat node by default. `credentials` are that node's credential's. */
	node?: NodeKind;
	/** The node's settings (Retry On Fail and its tries). */
	settings?: NodeSettings;
	/** The execution's id ('test-execution' by default), and its parent's when it is a sub-execution. */
	execution?: { id?: string; parentId?: string };
}

export interface RunResult {
	/** The node's output items (first output), without pairedItem. */
	items: INodeExecutionData[];
	/** The node's error when the run failed. */
	error?: ExecutionError;
	run: IRun;
}

/** Executes one CometChat node with the given input items, as n8n would in a workflow run. */
export async function runNode({ parameters, credentials, input, continueOnFail, node: kind = chatNode, settings, execution }: RunOptions): Promise<RunResult> {
	const node = makeNode(parameters, continueOnFail, kind, settings);
	const workflow = makeWorkflow(node, kind);
	const hooks = lifecycleHooks('test', [node], {});
	const finished = new Promise<IRun>((resolve) => hooks.addHandler('workflowExecuteAfter', resolve));
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node, data: { main: [input ?? [{ json: {} }]] }, source: null }],
		},
		// As n8n's executeWorkflow starts a sub-workflow (getRunData): n8n-core then tells the nodes parentExecutionId.
		...(execution?.parentId ? { parentExecution: { executionId: execution.parentId, workflowId: 'parent-workflow' } } : {}),
	});
	const data = { [kind.credentialType.name]: credentialDefaults(kind.credentialType, credentials) };
	const execute = new WorkflowExecute({ ...additionalData(data, hooks), ...(execution?.id ? { executionId: execution.id } : {}) }, 'manual', runExecutionData);
	let run: IRun;
	try {
		await execute.processRunExecutionData(workflow);
		run = await finished;
	} catch (error) {
		// n8n refuses to start a run whose node has parameter issues (a required field left empty,
		// a value failing a picker's pattern), before the node runs at all.
		return { items: [], error: error as ExecutionError, run: { data: runExecutionData } as unknown as IRun };
	}
	const task = run.data.resultData.runData[kind.name]?.[0];
	const items = (task?.data?.main?.[0] ?? []).map((item) => {
		const copy = { ...item };
		delete copy.pairedItem;
		return copy;
	});
	return { items, error: task?.error ?? run.data.resultData.error, run };
}

export interface WorkflowFile {
	name?: string;
	nodes: INode[];
	connections: IConnections;
	pinData?: IPinData;
}

/** Stands in for a trigger whose output is pinned: n8n uses the pinned items and never runs it. */
function pinnedTrigger(type: string): INodeType {
	return {
		description: {
			displayName: type,
			name: type,
			group: ['trigger'],
			version: 1,
			description: '',
			defaults: {},
			inputs: [],
			outputs: ['main'],
			properties: [],
		},
	};
}

/**
 * Runs a whole exported workflow (such as examples/*.json) from its trigger, whose pinned data is the
 * input, through n8n's WorkflowExecute; every CometChat node in it runs for real.
 */
export async function runWorkflow(
	file: WorkflowFile,
	credentials: IDataObject,
	/** Credential data of the management node, when the workflow has one. */
	managementCredentials: IDataObject = {},
): Promise<{ run: IRun; error?: ExecutionError; output: (nodeName: string) => IDataObject[] }> {
	const types: Record<string, INodeType> = {};
	const ours = (type: string) => KINDS.find((kind) => kind.type === type);
	for (const node of file.nodes) types[node.type] = ours(node.type)?.nodeType ?? pinnedTrigger(node.type);
	const workflow = new Workflow({
		id: 'example',
		name: file.name,
		nodes: file.nodes,
		connections: file.connections,
		active: false,
		nodeTypes: new TestNodeTypes(types),
		settings: { executionOrder: 'v1' },
		pinData: file.pinData,
	});
	const startNode = file.nodes.find((node) => !ours(node.type) && file.pinData?.[node.name]);
	if (!startNode) throw new Error('The workflow needs a trigger with pinned data');
	const hooks = lifecycleHooks(file.name ?? 'example', file.nodes, file.connections);
	const data = {
		[credentialType.name]: withDefaults(credentials),
		[managementCredentialType.name]: credentialDefaults(managementCredentialType, managementCredentials),
	};
	const run = await new WorkflowExecute(additionalData(data, hooks), 'manual').run({
		workflow,
		startNode,
		pinData: file.pinData,
	});
	const output = (nodeName: string) =>
		(run.data.resultData.runData[nodeName]?.[0]?.data?.main?.[0] ?? []).map((item) => item.json);
	return { run, error: run.data.resultData.error, output };
}

/** Calls one of the node's listSearch methods through n8n's LoadOptionsContext. */
export async function listSearch(
	method: string,
	credentials: IDataObject,
	parameters: INodeParameters = {},
	filter?: string,
	paginationToken?: string,
	kind: NodeKind = chatNode,
): Promise<INodeListSearchResult> {
	const node = makeNode(parameters, false, kind);
	const data = { [kind.credentialType.name]: credentialDefaults(kind.credentialType, credentials) };
	const context = new LoadOptionsContext(makeWorkflow(node, kind), node, additionalData(data, undefined, parameters), '');
	const search = kind.nodeType.methods?.listSearch?.[method];
	if (!search) throw new Error(`No list search ${method}`);
	return await search.call(context, filter, paginationToken);
}

/** Calls one of a node's loadOptions methods through n8n's LoadOptionsContext, as the editor does for an options list. */
export async function loadOptions(
	method: string,
	credentials: IDataObject,
	parameters: INodeParameters = {},
	kind: NodeKind = chatNode,
): Promise<INodePropertyOptions[]> {
	const node = makeNode(parameters, false, kind);
	const data = { [kind.credentialType.name]: credentialDefaults(kind.credentialType, credentials) };
	const context = new LoadOptionsContext(makeWorkflow(node, kind), node, additionalData(data, undefined, parameters), '');
	const load = kind.nodeType.methods?.loadOptions?.[method];
	if (!load) throw new Error(`No loadOptions method ${method}`);
	return await load.call(context);
}

/**
 * The credential's `test`, run the way n8n's CredentialsTester runs a declarative test: its request
 * as the only routed property of a stand-in node (no requestDefaults), through RoutingNode with the
 * decrypted credential, then the `responseCode` rules on a failed response.
 */
export async function testCredential(credentials: IDataObject): Promise<INodeCredentialTestResult> {
	return await runCredentialTest(credentialType, withDefaults(credentials));
}

/** A declarative credential `test` of any of the package's credential types, with decrypted data. */
export async function runCredentialTest(
	credentialType: ICredentialType,
	data: ICredentialDataDecryptedObject,
): Promise<INodeCredentialTestResult> {
	const test = credentialType.test;
	if (!test) throw new Error(`${credentialType.name} has no test`);
	const standIn: INodeType = {
		description: {
			displayName: 'Credential test',
			name: 'credentialTest',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: [],
			outputs: [],
			credentials: [{ name: credentialType.name, required: true }],
			properties: [{ displayName: 'Temp', name: 'temp', type: 'string', default: '', routing: { request: test.request } }],
		},
	};
	const node: INode = {
		id: 'temp',
		name: 'Temp-Node',
		type: 'credentialTest',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { [credentialType.name]: { id: 'cred-1', name: 'CometChat account' } },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new TestNodeTypes({ credentialTest: standIn }),
	});
	const runExecutionData = { resultData: { runData: {} } } as unknown as IRunExecutionData;
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData({ [credentialType.name]: data }),
		'internal',
		runExecutionData,
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	try {
		await new RoutingNode(context, standIn, { id: 'cred-1', name: 'CometChat account', type: credentialType.name, data }).runNode();
	} catch (error) {
		const cause = (error as { cause?: { response?: { status: number; statusText?: string }; code?: string } }).cause;
		if (cause?.response) {
			const rule = (test.rules ?? []).find(
				(r) => r.type === 'responseCode' && r.properties.value === cause.response?.status,
			);
			if (rule) return { status: 'Error', message: rule.properties.message };
			return { status: 'Error', message: cause.response.statusText || `Received HTTP status code: ${cause.response.status}` };
		}
		if (cause?.code) return { status: 'Error', message: cause.code };
		return { status: 'Error', message: String((error as Error).message) };
	}
	return { status: 'OK', message: 'Connection successful!' };
}
