/**
 * Runs one node — the built CometChat node or n8n's own HTTP Request node — over a list of input
 * items in n8n-core's WorkflowExecute, the way the test harness does (same credential helper, same
 * additional data), but without copying the output: the benchmark measures time and memory of the
 * engine run itself.
 */
import '../test/harness/setup-env';
import { join } from 'node:path';
import { WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
} from 'n8n-workflow';
import { additionalData, lifecycleHooks, nodeType, oneNodeWorkflow, withDefaults } from '../test/harness';

export const COMETCHAT_TYPE = 'n8n-nodes-cometchat.cometChat';
export const HTTP_TYPE = 'n8n-nodes-base.httpRequest';

/** n8n's HTTP Request node from the benchmark's own install (.bench/), never a dependency of the package. */
export function loadHttpRequestNode(benchDir: string): INodeType {
	const file = join(benchDir, 'node_modules/n8n-nodes-base/dist/nodes/HttpRequest/V3/HttpRequestV3.node.js');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { HttpRequestV3 } = require(file) as { HttpRequestV3: new (base: object) => INodeType };
	return new HttpRequestV3({
		displayName: 'HTTP Request',
		name: 'httpRequest',
		group: ['output'],
		subtitle: '',
		description: 'Makes an HTTP request and returns the response data',
		defaultVersion: 4.5,
	});
}

export interface EngineRun {
	items: INodeExecutionData[];
	error?: Error;
}

/** Executes `node` (of `type`) once with `input` as its incoming items. */
export async function runInEngine(
	type: string,
	impl: INodeType,
	parameters: INodeParameters,
	typeVersion: number,
	input: INodeExecutionData[],
	credentials: IDataObject,
): Promise<EngineRun> {
	const node: INode = {
		id: 'bench-node',
		name: 'Node',
		type,
		typeVersion,
		position: [0, 0],
		parameters,
		credentials: { cometChatApi: { id: 'cred-1', name: 'CometChat account' } },
	};
	const workflow = oneNodeWorkflow(node, impl, 'bench-workflow');
	const hooks = lifecycleHooks('bench', [node], {});
	const finished = new Promise<void>((resolve) => hooks.addHandler('workflowExecuteAfter', () => resolve()));
	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node, data: { main: [input] }, source: null }] },
	});
	const execute = new WorkflowExecute(additionalData({ cometChatApi: withDefaults(credentials) }, hooks), 'manual', runExecutionData);
	await execute.processRunExecutionData(workflow);
	await finished;
	const task = runExecutionData.resultData.runData.Node?.[0];
	const error = (task?.error ?? runExecutionData.resultData.error) as Error | undefined;
	return { items: task?.data?.main?.[0] ?? [], error };
}

export { nodeType as cometChatNode };
