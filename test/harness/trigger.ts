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
 *   where it is saved only when n8n's change flag says so, which is what hid issue #14.
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
}

export interface Execution {
	run: IRun;
	/** The trigger's output items, without pairedItem. */
	items: INodeExecutionData[];
}

export interface TriggerHarness {
	/** Where deliveries go (this harness's HTTP server, standing in for n8n's webhook endpoint). */
	url: string;
	/** The URL the node registers: getNodeWebhookUrl('default'). */
	webhookUrl: string;
	workflow: Workflow;
	node: INode;
	/** The node's static data (webhookId, seen events); with persistence 'n8n', as last saved. */
	staticData(): IDataObject;
	/** With persistence 'n8n': the workflow's static data as last saved (the database's copy). */
	savedStaticData(): IDataObject;
	/** checkExists, then create when it answered false; returns what each returned. */
	activate(): Promise<{ existed: boolean; created?: boolean }>;
	deactivate(): Promise<boolean>;
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
	const webhookBaseUrl = setup.webhookBaseUrl ?? 'https://n8n.example.test/';
	const credentialRefs: INode['credentials'] = {};
	for (const type of Object.keys(setup.credentials)) credentialRefs[type] = { id: `cred-${type}`, name: `${type} account` };
	const node: INode = {
		id: 'trigger-node',
		name: TRIGGER_NAME,
		type: TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: setup.parameters,
		credentials: credentialRefs,
		webhookId: setup.webhookId ?? randomUUID(),
	};
	// Each harness is its own workflow unless told otherwise: the trigger remembers events per
	// workflow and node for the life of the process (here: the test file).
	const workflowId = setup.workflowId ?? `trigger-workflow-${randomUUID().slice(0, 8)}`;
	const newWorkflow = (staticData: IDataObject) =>
		new Workflow({
			id: workflowId,
			name: setup.workflowName ?? 'CometChat events',
			nodes: [node],
			connections: {},
			active: true,
			nodeTypes: new TriggerNodeTypes(),
			settings: { executionOrder: 'v1' },
			staticData,
		});
	const workflow = newWorkflow(setup.staticData ?? {});
	const persisted = setup.persistence === 'n8n';
	// The database's copy of the workflow's static data (persistence 'n8n').
	let saved: IDataObject = JSON.parse(JSON.stringify(setup.staticData ?? {})) as IDataObject;
	const warnings: string[] = [];
	const webhookErrors: Error[] = [];
	const runs: Array<Promise<Execution>> = [];
	// Requests still inside webhook(): it may go on after answering (downloads), then start a run.
	const handling: Array<Promise<void>> = [];
	const description = triggerType.description.webhooks![0];
	const isTest = mode === 'manual';
	const webhookData = (data: IWorkflowExecuteAdditionalData): IWebhookData => ({
		httpMethod: 'POST',
		node: node.name,
		path: NodeHelpers.getNodeWebhookPath(workflow.id, node, description.path, false, false),
		webhookDescription: description,
		workflowId: workflow.id,
		workflowExecuteAdditionalData: data,
		isTest,
	});
	const logger = { warn: (message: string) => warnings.push(message), info() {}, debug() {}, error: (message: string) => warnings.push(message) };

	const hookContext = () => {
		const data = additionalData(setup.credentials, webhookBaseUrl);
		const context = new HookContext(workflow, node, data, mode, isTest ? 'manual' : 'activate', webhookData(data));
		Object.defineProperty(context, 'logger', { value: logger });
		return context as unknown as IHookFunctions;
	};
	const methods = triggerType.webhookMethods!.default!;

	const start = async (items: INodeExecutionData[][], runWorkflow: Workflow = workflow): Promise<Execution> => {
		const executionId = `execution-${runs.length + 1}`;
		const hooks = new ExecutionLifecycleHooks(mode, executionId, {
			id: workflow.id,
			name: workflow.name,
			nodes: [node],
			connections: {},
			active: true,
			isArchived: false,
			activeVersionId: null,
			createdAt: new Date(),
			updatedAt: new Date(),
		} as never);
		const finished = new Promise<IRun>((resolve) => hooks.addHandler('workflowExecuteAfter', resolve));
		const runData = createRunExecutionData({ executionData: { nodeExecutionStack: [{ node, data: { main: items }, source: null }] } });
		await new WorkflowExecute(additionalData(setup.credentials, webhookBaseUrl, { hooks, executionId }), mode, runData).processRunExecutionData(runWorkflow);
		const run = await finished;
		const output = (run.data.resultData.runData[node.name]?.[0]?.data?.main?.[0] ?? []).map((item) => {
			const copy = { ...item };
			delete copy.pairedItem;
			return copy;
		});
		return { run, items: output };
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
		// n8n loads the workflow (its static data included) from the database for every delivery.
		const loaded = persisted ? (JSON.parse(JSON.stringify(saved)) as IDataObject) : undefined;
		const deliveryWorkflow = loaded ? newWorkflow(loaded) : workflow;
		const context = new WebhookContext(deliveryWorkflow, node, data, mode, webhookData(data), [], null);
		Object.defineProperty(context, 'logger', { value: logger });
		// n8n's saveStaticData: only when flagged changed.
		const save = () => {
			const current = deliveryWorkflow.staticData;
			if (!persisted || current.__dataChanged !== true) return;
			saved = JSON.parse(JSON.stringify(current)) as IDataObject;
			current.__dataChanged = false;
		};
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
		runs.push(start(result.workflowData, loaded ? newWorkflow(loaded) : workflow));
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

	const probe = hookContext() as unknown as { getNodeWebhookUrl(name: string): string };
	return {
		url: `http://127.0.0.1:${port}/${isTest ? 'webhook-test' : 'webhook'}/${node.webhookId}/webhook`,
		webhookUrl: probe.getNodeWebhookUrl('default'),
		workflow,
		node,
		staticData: () => (persisted ? ((saved[`node:${node.name}`] as IDataObject | undefined) ?? {}) : workflow.getStaticData('node', node)),
		savedStaticData: () => saved,
		async activate() {
			const existed = (await methods.checkExists.call(hookContext())) === true;
			if (existed) return { existed };
			return { existed, created: (await methods.create.call(hookContext())) === true };
		},
		async deactivate() {
			return (await methods.delete.call(hookContext())) === true;
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
