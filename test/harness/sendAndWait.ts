/**
 * Runs the BUILT CometChat Send and Wait node (dist/) in n8n's engine and stands in for n8n's waiting
 * webhooks (n8n 2.41's WaitingWebhooks, packages/cli/src/webhooks/waiting-webhooks.ts) on a real HTTP
 * server:
 * - the node runs in WorkflowExecute until it puts the execution to wait (run.waitTill);
 * - a request to /webhook-waiting/<execution>/<suffix> is checked as n8n checks it: in 2.x the URL's HMAC
 *   signature (n8n-core's validateUrlSignature with this instance's secret) at a sendAndWait node's ID, the
 *   execution's resume token at any other suffix; in 1.x the HMAC whatever the suffix once a node asked for
 *   it; 409 while the execution runs; once it finished "no action required" (200) at a sendAndWait node's ID
 *   and 409 elsewhere; 415 for a non-multipart POST to a customForm node; then the node's webhook() runs
 *   in n8n-core's WebhookContext with the waiting execution's data, and returned workflowData resumes the
 *   execution (the node's stack entry gets the items, WorkflowExecute runs on from the waiting node);
 * - `timeout()` resumes as n8n's WaitTracker does when waitTill passes: no new items.
 * Bodies are parsed as n8n parses them: JSON, and urlencoded forms into an object.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Container } from '@n8n/di';
import { ExecutionLifecycleHooks, InstanceSettings, validateUrlSignature, WAITING_TOKEN_QUERY_PARAM, WebhookContext, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type IRun,
	type IRunExecutionData,
	type IWebhookData,
	type IWebhookFunctions,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { oneNodeWorkflow, ROOT } from './index';
import { additionalData as webhookAdditionalData } from './trigger';

export const WAIT_TYPE = 'n8n-nodes-cometchat.cometChatSendAndWait';
export const WAIT_NAME = 'CometChat Send and Wait';
const NODE_ID = 'wait-node-id';

/* eslint-disable @typescript-eslint/no-require-imports */
const { CometChatSendAndWait } = require(join(ROOT, 'dist/nodes/CometChatSendAndWait/CometChatSendAndWait.node.js')) as {
	CometChatSendAndWait: new () => INodeType;
};
/* eslint-enable @typescript-eslint/no-require-imports */

export const waitType = new CometChatSendAndWait();

export interface Waiting {
	/** The first run: ends with the execution waiting (run.waitTill) or with the node's error. */
	run: IRun;
	/** The node's items while it waits. */
	items: INodeExecutionData[];
	/** This harness's base, standing in for n8n's public address. */
	base: string;
	/** Sends a request to n8n (the harness); path and query as in the resume URL. */
	request(url: string, init?: { method?: string; body?: string; headers?: Record<string, string> }): Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }>;
	/** The resumed run (after an answer or a timeout), once it has finished. */
	resumed(): Promise<IRun | undefined>;
	/** Output items of the node in the resumed run. */
	output(): Promise<IDataObject[]>;
	/** How often webhook() returned workflowData (resumes started). */
	resumes: number;
	/** Resumes as n8n's WaitTracker does when the wait time is over. */
	timeout(): Promise<IRun>;
	close(): Promise<void>;
}

export async function startWait({
	parameters,
	credentials,
	input,
	n8nMajor = 2,
}: {
	parameters: INodeParameters;
	credentials: IDataObject;
	input?: INodeExecutionData[];
	/** Whose waiting webhooks to stand in for: 2.x (a resume token per execution) or 1.x (none). */
	n8nMajor?: 1 | 2;
}): Promise<Waiting> {
	const node: INode = {
		id: NODE_ID,
		name: WAIT_NAME,
		type: WAIT_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { cometChatApi: { id: 'cred-1', name: 'CometChat account' } },
	};
	const workflow = oneNodeWorkflow(node, waitType, 'wait-workflow');
	const executionId = 'wait-execution-1';
	let status: 'running' | 'waiting' | 'finished' = 'running';
	let resumedRun: Promise<IRun> | undefined;
	let resumes = 0;

	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => void handle(req, res, Buffer.concat(chunks).toString('utf8')));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

	const data = (extra: Partial<IWorkflowExecuteAdditionalData> = {}) => webhookAdditionalData({ cometChatApi: credentials }, base, { executionId, ...extra });
	const execute = async (runData: IRunExecutionData): Promise<IRun> => {
		const hooks = new ExecutionLifecycleHooks('webhook', executionId, { id: workflow.id, name: 'wait', nodes: [node], connections: {}, active: false, isArchived: false, activeVersionId: null, createdAt: new Date(), updatedAt: new Date() } as never);
		const finished = new Promise<IRun>((resolve) => hooks.addHandler('workflowExecuteAfter', resolve));
		await new WorkflowExecute(data({ hooks }), 'webhook', runData).processRunExecutionData(workflow);
		const run = await finished;
		status = run.waitTill ? 'waiting' : 'finished';
		return run;
	};

	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node, data: { main: [input ?? [{ json: {} }]] }, source: null }] },
	});
	// n8n 1.x's executions have no resume token.
	if (n8nMajor === 1) delete (runExecutionData as { resumeToken?: string }).resumeToken;
	let run: IRun;
	try {
		run = await execute(runExecutionData);
	} catch (error) {
		// n8n refuses to start a run whose node has parameter issues (a required field left empty).
		run = { data: { resultData: { error, runData: {} } } } as unknown as IRun;
	}

	const send = (res: http.ServerResponse, code: number, body: unknown, type = 'application/json') => {
		if (res.headersSent) return;
		res.writeHead(code, { 'Content-Type': type });
		res.end(typeof body === 'string' ? body : JSON.stringify(body));
	};
	const handle = async (req: http.IncomingMessage, res: http.ServerResponse, raw: string) => {
		const url = new URL(req.url ?? '/', base);
		const [, route, execution, suffix] = url.pathname.split('/');
		if (route !== 'webhook-waiting' || execution !== executionId) return send(res, 404, { message: `The execution "${execution}" does not exist.` });
		// n8n's isSendAndWaitRequest: the suffix is a node's ID and that node's operation is sendAndWait.
		const sendAndWait = suffix === node.id && node.parameters.operation === 'sendAndWait';
		const signature = url.searchParams.get(WAITING_TOKEN_QUERY_PARAM);
		const hmacValid = () => !!signature && validateUrlSignature(signature, url, Container.get(InstanceSettings).hmacSignatureSecret);
		if (n8nMajor === 2) {
			// 2.x: the URL's HMAC at a send-and-wait node's ID, else the execution's resume token.
			if (sendAndWait && !hmacValid()) return send(res, 401, 'Invalid token', 'text/html');
			if (!sendAndWait && signature !== runExecutionData.resumeToken) return send(res, 401, { error: 'Invalid token' });
		} else if ((runExecutionData as { validateSignature?: boolean }).validateSignature && node.parameters.operation === 'sendAndWait' && !hmacValid()) {
			// 1.x: once a node asked for it, the HMAC of the whole URL whatever the suffix.
			return send(res, 401, { error: 'Invalid token' });
		}
		if (status === 'running') return send(res, 409, { code: 409, message: `The execution "${executionId}" is running already.` });
		if (status === 'finished') {
			if (sendAndWait) return send(res, 200, 'No action required', 'text/html');
			return send(res, 409, { code: 409, message: `The execution "${executionId} has finished already.` });
		}
		const description = waitType.description.webhooks?.find(
			(webhook) => webhook.httpMethod === req.method && webhook.restartWebhook === true && String(webhook.path).replace('={{ $nodeId }}', node.id) === suffix,
		);
		if (!description) return sendAndWait ? send(res, 200, 'No action required', 'text/html') : send(res, 404, { code: 404, message: 'The workflow for execution does not contain a waiting webhook with a matching path/method.' });
		// webhook-helpers' requiresMultipartFormData, before the node runs.
		const multipart = (req.headers['content-type'] ?? '').startsWith('multipart/form-data');
		if (req.method === 'POST' && node.parameters.operation === 'sendAndWait' && node.parameters.responseType === 'customForm' && !multipart) return send(res, 415, { code: 415, message: 'Expected multipart/form-data' });
		const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim();
		let body: unknown = {};
		if (raw && contentType === 'application/json') body = JSON.parse(raw) as unknown;
		const collect = (entries: Iterable<[string, unknown]>) => {
			const form: Record<string, unknown> = {};
			for (const [key, value] of entries) {
				const seen = form[key];
				form[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
			}
			return form;
		};
		if (raw && contentType === 'application/x-www-form-urlencoded') body = collect(new URLSearchParams(raw));
		// n8n's form-data parser (createMultiFormDataParser) hands the fields on under `data`, files apart.
		if (raw && contentType === 'multipart/form-data') {
			const parsed = await new Response(raw, { headers: { 'content-type': String(req.headers['content-type']) } }).formData();
			body = { data: collect(parsed.entries()), files: {} };
		}
		Object.assign(req, { body, query: Object.fromEntries(url.searchParams), params: {} });
		const webhookData: IWebhookData = {
			httpMethod: description.httpMethod as 'GET' | 'POST',
			node: node.name,
			path: node.id,
			webhookDescription: description,
			workflowId: workflow.id,
			workflowExecuteAdditionalData: data(),
			isTest: false,
		};
		const context = new WebhookContext(workflow, node, data({ httpRequest: req as never, httpResponse: res as never }), 'webhook', webhookData, [], runExecutionData);
		let result;
		try {
			result = await waitType.webhook!.call(context as unknown as IWebhookFunctions);
		} catch (error) {
			return send(res, 500, { message: (error as Error).message });
		}
		if (result.workflowData) {
			resumes++;
			status = 'running';
			runExecutionData.executionData!.nodeExecutionStack[0].data.main = result.workflowData;
			resumedRun = execute(runExecutionData);
		}
		if (result.noWebhookResponse !== true) send(res, 200, result.webhookResponse ?? { message: 'Workflow was started' });
	};

	const outputOf = (finished: IRun | undefined) =>
		(finished?.data.resultData.runData[WAIT_NAME]?.at(-1)?.data?.main?.[0] ?? []).map((item) => item.json);
	return {
		run,
		items: run.data.resultData.runData[WAIT_NAME]?.[0]?.data?.main?.[0] ?? [],
		base,
		async request(path, init = {}) {
			const response = await fetch(new URL(path, base), { method: init.method ?? 'GET', body: init.body, headers: init.headers, redirect: 'manual' });
			return { status: response.status, text: await response.text(), headers: Object.fromEntries(response.headers) as http.IncomingHttpHeaders };
		},
		resumed: async () => await resumedRun,
		output: async () => outputOf(await resumedRun),
		get resumes() {
			return resumes;
		},
		async timeout() {
			resumedRun = execute(runExecutionData);
			return await resumedRun;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

