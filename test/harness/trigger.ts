/**
 * Runs the BUILT CometChat Trigger (dist/) the way n8n's webhook machinery does, with n8n-core's
 * real contexts:
 * - activation and deactivation: HookContext + the node's webhookMethods, in the order n8n's
 *   WebhookService uses (checkExists, then create only when it answered false; delete);
 * - deliveries: a real HTTP server whose requests (JSON body parsed, as n8n's body parser does)
 *   go to the node's webhook() through WebhookContext, answered like n8n's webhook helpers answer
 *   ("onReceived": the node's own answer, else 200 `Workflow was started`, or `Webhook call received`
 *   when no workflow starts), and every `workflowData` started as an execution in WorkflowExecute;
 * - static data: kept in memory (default), or saved and reloaded as n8n 2.x does (persistence 'n8n'),
 *   where it is saved only when n8n's change flag says so, which is what hid issue #14: every delivery,
 *   activation and deactivation loads the workflow's whole static data and saves it whole;
 * - several CometChat Trigger nodes in one workflow (`nodes`), each with its own URL;
 * - "Listen for test event" (mode 'manual') as n8n's TestWebhooks runs it: the activation gets a Workflow
 *   with EMPTY static data, n8n keeps that static data with the test webhook and hands it to each test
 *   delivery (setTestStaticData) and to the deactivation; it is never saved.
 * Credentials are resolved and applied as n8n's CredentialsHelper does for generic auth.
 */
import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CredentialTestContext, ExecutionLifecycleHooks, HookContext, WebhookContext, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	NodeHelpers,
	Workflow,
	type ICredentialType,
	type ICredentialsDecrypted,
	type IDataObject,
	type IHookFunctions,
	type INode,
	type INodeCredentialTestResult,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type INodeTypes,
	type IRun,
	type IWebhookData,
	type IWebhookFunctions,
	type IWebhookResponseData,
	type IWorkflowExecuteAdditionalData,
	type WorkflowExecuteMode,
} from 'n8n-workflow';
import { credentialDefaults, ROOT, runCredentialTest, TestCredentialsHelper } from './index';

export const TRIGGER_TYPE = 'n8n-nodes-cometchat.cometChatTrigger';
export const TRIGGER_NAME = 'CometChat Trigger';

/* eslint-disable @typescript-eslint/no-require-imports */
const { CometChatTrigger } = require(join(ROOT, 'dist/nodes/CometChatTrigger/CometChatTrigger.node.js')) as {
	CometChatTrigger: new () => INodeType;
};
const credentialClasses: Record<string, new () => ICredentialType> = {
	cometChatApi: (require(join(ROOT, 'dist/credentials/CometChatApi.credentials.js')) as { CometChatApi: new () => ICredentialType }).CometChatApi,
	cometChatManagementApi: (
		require(join(ROOT, 'dist/credentials/CometChatManagementApi.credentials.js')) as { CometChatManagementApi: new () => ICredentialType }
	).CometChatManagementApi,
	cometChatWebhookAuthApi: (
		require(join(ROOT, 'dist/credentials/CometChatWebhookAuthApi.credentials.js')) as { CometChatWebhookAuthApi: new () => ICredentialType }
	).CometChatWebhookAuthApi,
};
/* eslint-enable @typescript-eslint/no-require-imports */

export const triggerType = new CometChatTrigger();
export const credentialTypes: Record<string, ICredentialType> = Object.fromEntries(
	Object.entries(credentialClasses).map(([name, Class]) => [name, new Class()]),
);

export type TriggerCredentials = Partial<Record<'cometChatApi' | 'cometChatManagementApi' | 'cometChatWebhookAuthApi', IDataObject>>;

class TriggerNodeTypes implements INodeTypes {
	getByName() {
		return triggerType;
	}
	getByNameAndVersion(_type: string, version?: number) {
		return NodeHelpers.getVersionedNodeType(triggerType, version);
	}
	getKnownTypes() {
		return {};
	}
}

export interface TriggerSetup {
	parameters: INodeParameters;
	credentials: TriggerCredentials;
	/** 'webhook' (an active workflow, production URL) or 'manual' ("Listen for test event", test URL). */
	mode?: 'webhook' | 'manual';
	/** n8n's public webhook base; CometChat needs https. */
	webhookBaseUrl?: string;
	workflowId?: string;
	workflowName?: string;
	/** The node's webhookId (part of its URL); a new UUID by default. */
	webhookId?: string;
	/** Static data to start from (as loaded from the database). */
	staticData?: IDataObject;
	/**
	 * 'memory' (default): one Workflow whose static data lives on in memory between deliveries.
	 * 'n8n': as n8n's LiveWebhooks and WorkflowRunner do it: every delivery gets a new Workflow with
	 * the static data as last saved ("the database"); it is saved when n8n's responseCallback runs,
	 * only if flagged changed; and starting an execution wraps the same static data in a new Workflow
	 * (which resets the flag). With responseMode onReceived, n8n 2.x starts the execution before it
	 * answers (and saves); a node answering itself (noWebhookResponse) gets the save before the start.
	 */
	persistence?: 'memory' | 'n8n';
	/** Another instance of the node type, e.g. one loaded afresh, as after n8n restarted. */
	nodeType?: INodeType;
	/** More CometChat Trigger nodes in the same workflow (same credentials): deliveries to urlOf(name). */
	nodes?: Array<{ name: string; parameters: INodeParameters; webhookId?: string }>;
}

export interface Execution {
	/** The trigger node that started it. */
	node: string;
	run: IRun;
	/** The trigger's output items, without pairedItem. */
	items: INodeExecutionData[];
}

export interface TriggerHarness {
	/** Where deliveries go (this harness's HTTP server, standing in for n8n's webhook endpoint). */
	url: string;
	/** The URL the node registers: getNodeWebhookUrl('default'). */
	webhookUrl: string;
	/** Where deliveries to the trigger node `name` go. */
	urlOf(name: string): string;
	workflow: Workflow;
	node: INode;
	/** The node's static data (webhookId, the pair); with persistence 'n8n', as last saved; in mode 'manual', the test webhook's. */
	staticData(name?: string): IDataObject;
	/** The workflow's global static data (the seen-sets), likewise. */
	globalStaticData(): IDataObject;
	/** With persistence 'n8n': the workflow's static data as last saved (the database's copy). */
	savedStaticData(): IDataObject;
	/** checkExists, then create when it answered false; returns what each returned. */
	activate(name?: string): Promise<{ existed: boolean; created?: boolean }>;
	deactivate(name?: string): Promise<boolean>;
	/** Executions started so far, in order (each awaited to the end). */
	executions(): Promise<Execution[]>;
	/** Errors the node's webhook() threw (answered 500, as n8n does). */
	webhookErrors: Error[];
	/** Logged warnings (HookContext/WebhookContext logger). */
	warnings: string[];
	close(): Promise<void>;
}

/** n8n's additional data for a webhook's contexts and runs: these credentials, n8n's URLs under `webhookBaseUrl`. */
export function additionalData(
	credentials: TriggerCredentials,
	webhookBaseUrl: string,
	extra: Partial<IWorkflowExecuteAdditionalData> = {},
): IWorkflowExecuteAdditionalData {
	const base = webhookBaseUrl.replace(/\/+$/, '');
	return {
		credentialsHelper: new TestCredentialsHelper(credentialTypes, (type) => {
			const data = credentials[type as keyof TriggerCredentials];
			if (!data) throw new Error(`No credential of type ${type}`);
			return credentialDefaults(credentialTypes[type], data);
		}),
		executionId: 'trigger-test',
		variables: {},
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678/',
		webhookBaseUrl: `${base}/webhook`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		...extra,
	} as unknown as IWorkflowExecuteAdditionalData;
}

export async function startTrigger(setup: TriggerSetup): Promise<TriggerHarness> {
	const mode: WorkflowExecuteMode = setup.mode ?? 'webhook';
	const isTest = mode === 'manual';
	if (isTest && setup.staticData !== undefined) {
		throw new Error('n8n starts a test webhook ("Listen for test event") with empty static data: give none');
	}
	const webhookBaseUrl = setup.webhookBaseUrl ?? 'https://n8n.example.test/';
	const credentialRefs: INode['credentials'] = {};
	for (const type of Object.keys(setup.credentials)) credentialRefs[type] = { id: `cred-${type}`, name: `${type} account` };
	const nodeOf = (name: string, parameters: INodeParameters, webhookId: string | undefined, index: number): INode => ({
		id: index === 0 ? 'trigger-node' : `trigger-node-${index + 1}`,
		name,
		type: TRIGGER_TYPE,
		typeVersion: 1,
		position: [index * 300, 0],
		parameters,
		credentials: credentialRefs,
		webhookId: webhookId ?? randomUUID(),
	});
	const node = nodeOf(TRIGGER_NAME, setup.parameters, setup.webhookId, 0);
	const nodes = [node, ...(setup.nodes ?? []).map((extra, i) => nodeOf(extra.name, extra.parameters, extra.webhookId, i + 1))];
	const nodeNamed = (name = TRIGGER_NAME) => {
		const found = nodes.find((n) => n.name === name);
		if (!found) throw new Error(`No trigger node ${name}`);
		return found;
	};
	// Each harness is its own workflow unless told otherwise: the trigger remembers events per
	// workflow and node for the life of the process (here: the test file).
	const workflowId = setup.workflowId ?? `trigger-workflow-${randomUUID().slice(0, 8)}`;
	const newWorkflow = (staticData: IDataObject) =>
		new Workflow({
			id: workflowId,
			name: setup.workflowName ?? 'CometChat events',
			nodes,
			connections: {},
			active: true,
			nodeTypes: new TriggerNodeTypes(),
			settings: { executionOrder: 'v1' },
			staticData,
		});
	const workflow = newWorkflow(isTest ? {} : (setup.staticData ?? {}));
	const persisted = setup.persistence === 'n8n' && !isTest;
	// The database's copy of the workflow's static data (persistence 'n8n').
	let saved: IDataObject = JSON.parse(JSON.stringify(setup.staticData ?? {})) as IDataObject;
	const load = () => newWorkflow(JSON.parse(JSON.stringify(saved)) as IDataObject);
	// n8n's saveStaticData: only when flagged changed, the whole static data.
	const saveOf = (from: Workflow) => () => {
		const current = from.staticData;
		if (!persisted || current.__dataChanged !== true) return;
		saved = JSON.parse(JSON.stringify(current)) as IDataObject;
		current.__dataChanged = false;
	};
	// Mode 'manual': what n8n keeps with the test webhook (the activation's static data), per node.
	const testStaticData = new Map<string, IDataObject>();
	const warnings: string[] = [];
	const webhookErrors: Error[] = [];
	const runs: Array<Promise<Execution>> = [];
	// Requests still inside webhook(): it may go on after answering (downloads), then start a run.
	const handling: Array<Promise<void>> = [];
	const description = triggerType.description.webhooks![0];
	const webhookData = (target: INode, data: IWorkflowExecuteAdditionalData): IWebhookData => ({
		httpMethod: 'POST',
		node: target.name,
		path: NodeHelpers.getNodeWebhookPath(workflow.id, target, description.path, false, false),
		webhookDescription: description,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: data,
		isTest,
	});
	const logger = { warn: (message: string) => warnings.push(message), info() {}, debug() {}, error: (message: string) => warnings.push(message) };

	const hookContext = (target: INode, on: Workflow = workflow) => {
		const data = additionalData(setup.credentials, webhookBaseUrl);
		const context = new HookContext(on, target, data, mode, isTest ? 'manual' : 'activate', webhookData(target, data));
		Object.defineProperty(context, 'logger', { value: logger });
		return context as unknown as IHookFunctions;
	};
	const methods = triggerType.webhookMethods!.default!;

	const start = async (target: INode, items: INodeExecutionData[][], runWorkflow: Workflow = workflow): Promise<Execution> => {
		const executionId = `execution-${runs.length + 1}`;
		const hooks = new ExecutionLifecycleHooks(mode, executionId, {
			id: workflow.id,
			name: workflow.name,
			nodes,
			connections: {},
			active: true,
			isArchived: false,
			activeVersionId: null,
			createdAt: new Date(),
			updatedAt: new Date(),
		} as never);
		const finished = new Promise<IRun>((resolve) => hooks.addHandler('workflowExecuteAfter', resolve));
		const runData = createRunExecutionData({ executionData: { nodeExecutionStack: [{ node: target, data: { main: items }, source: null }] } });
		await new WorkflowExecute(additionalData(setup.credentials, webhookBaseUrl, { hooks, executionId }), mode, runData).processRunExecutionData(runWorkflow);
		const run = await finished;
		const output = (run.data.resultData.runData[target.name]?.[0]?.data?.main?.[0] ?? []).map((item) => {
			const copy = { ...item };
			delete copy.pairedItem;
			return copy;
		});
		return { node: target.name, run, items: output };
	};

	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			handling.push(handle(req, res, Buffer.concat(chunks)));
		});
	});
	const sendJson = (res: http.ServerResponse, status: number, body: unknown) => {
		if (res.headersSent) return;
		res.writeHead(status, { 'Content-Type': 'application/json' });
		res.end(JSON.stringify(body));
	};
	const handle = async (req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer) => {
		const target = nodes.find((n) => (req.url ?? '').split('?')[0] === pathOf(n));
		if (!target) {
			sendJson(res, 404, { message: 'The requested webhook is not registered' });
			return;
		}
		// n8n's body parser: JSON bodies become req.body; the raw bytes stay available.
		let body: unknown = {};
		const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim();
		if (raw.length > 0 && contentType === 'application/json') {
			try {
				body = JSON.parse(raw.toString('utf8'));
			} catch {
				sendJson(res, 400, { message: 'Failed to parse request body' });
				return;
			}
		}
		Object.assign(req, { body, rawBody: raw, query: {}, params: {}, contentType });
		const data = additionalData(setup.credentials, webhookBaseUrl, {
			httpRequest: req as never,
			httpResponse: res as never,
		});
		// n8n loads the workflow (its static data included) from the database for every delivery; a test
		// delivery gets a Workflow with empty static data and the test webhook's (setTestStaticData).
		let deliveryWorkflow = workflow;
		const loaded: IDataObject = persisted ? (JSON.parse(JSON.stringify(saved)) as IDataObject) : {};
		if (persisted) deliveryWorkflow = newWorkflow(loaded);
		else if (isTest) {
			deliveryWorkflow = newWorkflow(loaded);
			const kept = testStaticData.get(target.name);
			if (kept) deliveryWorkflow.setTestStaticData(kept);
		}
		const context = new WebhookContext(deliveryWorkflow, target, data, mode, webhookData(target, data), [], null);
		Object.defineProperty(context, 'logger', { value: logger });
		const save = saveOf(deliveryWorkflow);
		let result: IWebhookResponseData;
		try {
			result = await (setup.nodeType ?? triggerType).webhook!.call(context as unknown as IWebhookFunctions);
		} catch (error) {
			webhookErrors.push(error as Error);
			sendJson(res, 500, { code: 0, message: (error as Error).message });
			return;
		}
		if (result.noWebhookResponse === true) save();
		if (result.workflowData === undefined) {
			if (result.noWebhookResponse !== true) sendJson(res, 200, result.webhookResponse ?? { message: 'Webhook call received' });
			save();
			return;
		}
		// WorkflowRunner builds its own Workflow from the same static data object.
		runs.push(start(target, result.workflowData, deliveryWorkflow === workflow ? workflow : newWorkflow(loaded)));
		if (result.noWebhookResponse !== true) {
			if (persisted) {
				// What n8n 2.41 answers then (its responseData default, as text).
				res.writeHead(200, { 'Content-Type': 'text/plain' });
				res.end('firstEntryJson');
			} else sendJson(res, 200, { message: 'Workflow was started' });
			save();
		}
	};
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as AddressInfo).port;
	const pathOf = (target: INode) => `/${isTest ? 'webhook-test' : 'webhook'}/${target.webhookId}/webhook`;

	/** Runs a webhook method as n8n does: on the workflow as loaded (persistence 'n8n'), saved afterwards. */
	const lifecycle = async <T>(target: INode, run: (context: IHookFunctions) => Promise<T>, deactivating = false): Promise<T> => {
		if (isTest) {
			// TestWebhooks: activation on a Workflow with empty static data, which n8n keeps with the test
			// webhook; deactivation on a Workflow given that static data.
			const on = newWorkflow({});
			const kept = testStaticData.get(target.name);
			if (deactivating && kept) on.staticData = kept;
			const result = await run(hookContext(target, on));
			if (!deactivating) testStaticData.set(target.name, on.staticData);
			return result;
		}
		if (!persisted) return await run(hookContext(target));
		const on = load();
		const result = await run(hookContext(target, on));
		saveOf(on)();
		return result;
	};
	const nodeStaticData = (name?: string): IDataObject => {
		const target = nodeNamed(name);
		if (isTest) return (testStaticData.get(target.name)?.[`node:${target.name}`] as IDataObject | undefined) ?? {};
		return persisted ? ((saved[`node:${target.name}`] as IDataObject | undefined) ?? {}) : workflow.getStaticData('node', target);
	};

	const probe = hookContext(node) as unknown as { getNodeWebhookUrl(name: string): string };
	return {
		url: `http://127.0.0.1:${port}${pathOf(node)}`,
		urlOf: (name: string) => `http://127.0.0.1:${port}${pathOf(nodeNamed(name))}`,
		webhookUrl: probe.getNodeWebhookUrl('default'),
		workflow,
		node,
		staticData: nodeStaticData,
		globalStaticData: () => (persisted ? ((saved.global as IDataObject | undefined) ?? {}) : workflow.getStaticData('global')),
		savedStaticData: () => saved,
		async activate(name?: string) {
			const target = nodeNamed(name);
			// n8n's createWebhookIfNotExists: create only when checkExists answered false, each on the workflow as loaded.
			const existed = (await lifecycle(target, async (context) => await methods.checkExists.call(context))) === true;
			if (existed) return { existed };
			return { existed, created: (await lifecycle(target, async (context) => await methods.create.call(context))) === true };
		},
		async deactivate(name?: string) {
			return (await lifecycle(nodeNamed(name), async (context) => await methods.delete.call(context), true)) === true;
		},
		async executions() {
			await Promise.all(handling);
			return await Promise.all(runs);
		},
		webhookErrors,
		warnings,
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

/**
 * A credential's declarative `test`, run as n8n's CredentialsTester does (its request as the only
 * routed property of a stand-in node, through RoutingNode, then the responseCode rules); or a
 * node's `testedBy` method through CredentialTestContext.
 */
export async function testTriggerCredential(type: keyof TriggerCredentials, data: IDataObject): Promise<INodeCredentialTestResult> {
	const credentialType = credentialTypes[type];
	const decrypted = credentialDefaults(credentialTypes[type], data);
	const testedBy = triggerType.description.credentials?.find((c) => c.name === type)?.testedBy;
	if (typeof testedBy === 'string') {
		const method = triggerType.methods?.credentialTest?.[testedBy];
		if (!method) throw new Error(`No credential test ${testedBy}`);
		const credential: ICredentialsDecrypted = { id: 'cred-1', name: 'test', type, data: decrypted };
		return await method.call(new CredentialTestContext(), credential);
	}
	return await runCredentialTest(credentialType, decrypted);
}
