import { SupplyDataContext, WorkflowExecute } from 'n8n-core';
import {
	createRunExecutionData,
	NodeConnectionTypes,
	Workflow,
	type EngineRequest,
	type EngineResponse,
	type IExecuteData,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
	type INodeType,
	type IRun,
	type IRunExecutionData,
} from 'n8n-workflow';
import type { Emulator } from '../emulator';
import { additionalData, chatNode, lifecycleHooks, TestNodeTypes, withDefaults } from './index';

// n8n's real AI tool wrapper (n8n-core's makeHandleToolInvocation, what every n8n 1.x agent and the older
// AI Agent versions call a tool through): each try of one tool call gets a new context and run index.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { makeHandleToolInvocation } = require('n8n-core/dist/execution-engine/node-execution-context/utils/get-input-connection-data') as {
	makeHandleToolInvocation: (
		contextFactory: (runIndex: number) => SupplyDataContext,
		node: INode,
		nodeType: INodeType,
		runExecutionData: IRunExecutionData,
	) => (toolArgs: object) => Promise<string>;
};

/** Stands in for the agent: only its place in the workflow matters (the tool wrapper is called directly). */
const agentType: INodeType = {
	description: { displayName: 'Agent', name: 'test.agent', group: ['transform'], version: 1, description: '', defaults: {}, inputs: ['main'], outputs: ['main'], properties: [] },
};

/** The CometChat node as the tool of `agent`, with Retry On Fail (3 tries, no wait). */
function toolNode(parameters: INodeParameters): INode {
	return {
		id: 'node-1',
		name: chatNode.name,
		type: chatNode.type,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { [chatNode.credentialType.name]: { id: 'cred-1', name: 'CometChat account' } },
		retryOnFail: true,
		maxTries: 3,
		waitBetweenTries: 0,
	};
}

/**
 * An agent (`agentNodeType`) with the CometChat node (`parameters`) as its tool, after `start` when given (its
 * parent, of `startType`), and the run's data: the node's credential against `emulator`, hooks named `name`.
 */
function agentWorkflow(
	emulator: Emulator,
	parameters: INodeParameters,
	name: string,
	agentNodeType: INodeType,
	start?: { node: INode; type: INodeType },
) {
	const agent: INode = { id: 'agent', name: 'AI Agent', type: agentNodeType.description.name, typeVersion: 1, position: [0, 0], parameters: {} };
	const tool = toolNode(parameters);
	const nodes = start ? [start.node, agent, tool] : [agent, tool];
	const workflow = new Workflow({
		id: 'test-workflow',
		nodes,
		connections: {
			...(start ? { [start.node.name]: { main: [[{ node: agent.name, type: NodeConnectionTypes.Main, index: 0 }]] } } : {}),
			[tool.name]: { [NodeConnectionTypes.AiTool]: [[{ node: agent.name, type: NodeConnectionTypes.AiTool, index: 0 }]] },
		},
		active: false,
		nodeTypes: new TestNodeTypes({ [tool.type]: chatNode.nodeType, [agent.type]: agentNodeType, ...(start ? { [start.node.type]: start.type } : {}) }),
		settings: { executionOrder: 'v1' },
	});
	const hooks = lifecycleHooks(name, nodes, {});
	const data = additionalData(
		{ [chatNode.credentialType.name]: withDefaults({ appId: emulator.appId, apiKey: emulator.apiKey, baseUrl: emulator.url }) },
		hooks,
	);
	return { agent, tool, workflow, hooks, data };
}

/**
 * The CometChat node with `parameters` as an agent's tool with Retry On Fail (3 tries, no wait), against
 * `emulator`: a tool call's handler, as n8n-core's wrapper makes it.
 */
export function toolCall(emulator: Emulator, parameters: INodeParameters): (toolArgs: object) => Promise<string> {
	const { agent, tool, workflow, data } = agentWorkflow(emulator, parameters, 'tool', agentType);
	const runExecutionData = createRunExecutionData({});
	const agentData: IExecuteData = { node: agent, data: { main: [[{ json: {} }]] }, source: null };
	// As getInputConnectionData builds it: the tool's context on the agent's execute data.
	const factory = (runIndex: number) =>
		new SupplyDataContext(workflow, tool, data, 'manual', runExecutionData, runIndex, [], {}, NodeConnectionTypes.AiTool, agentData, [], undefined, agent);
	return makeHandleToolInvocation(factory, tool, chatNode.nodeType, runExecutionData);
}

/** Passes its input on: the agent's parent. */
const startType: INodeType = {
	description: { ...agentType.description, name: 'test.start' },
	async execute(this: IExecuteFunctions) {
		return [this.getInputData()];
	},
};

/**
 * An agent as n8n 2.x's AI Agent (v3) calls its tools: execute() answers with an engine request, the engine
 * (WorkflowExecute) runs the tool node as a node of the workflow, with its Settings (Retry On Fail), and calls
 * the agent again with the tool's result. This one asks for one tool call per `calls` entry, one after the
 * other, then outputs what each call returned.
 */
function engineAgentType(calls: object[]): INodeType {
	return {
		description: { ...agentType.description, name: 'test.engineAgent' },
		async execute(this: IExecuteFunctions, response?: EngineResponse): Promise<INodeExecutionData[][] | EngineRequest> {
			const answers = response?.actionResponses ?? [];
			const done = (this.getWorkflowStaticData('node').answers ??= []) as unknown[];
			done.push(...answers.map((answer) => answer.data.data?.ai_tool?.[0]?.map((item) => item.json) ?? answer.data.error?.message));
			if (done.length < calls.length) {
				const id = `call-${done.length}`;
				return { actions: [{ actionType: 'ExecutionNodeAction', nodeName: 'CometChat', input: calls[done.length] as never, type: NodeConnectionTypes.AiTool, id, metadata: { itemIndex: 0 } }], metadata: {} };
			}
			return [done.map((answer) => ({ json: { answer } as never }))];
		},
	};
}

/**
 * Runs an agent that calls the CometChat node with `parameters` as its tool once per `calls` entry through
 * n8n's engine requests (n8n 2.x's AI Agent v3); the node has Retry On Fail (3 tries, no wait).
 * Resolves to what each call returned (its items' json, or its error's message).
 */
export async function engineToolCalls(emulator: Emulator, parameters: INodeParameters, calls: object[]): Promise<{ answers: unknown[]; run: IRun }> {
	// The engine resumes an agent through its parent node's output: it needs one (here a pass-through start).
	const start: INode = { id: 'start', name: 'Start', type: 'test.start', typeVersion: 1, position: [0, 0], parameters: {} };
	const { agent, workflow, hooks, data } = agentWorkflow(emulator, parameters, 'engine-tool', engineAgentType(calls), { node: start, type: startType });
	const finished = new Promise<IRun>((resolve) => hooks.addHandler('workflowExecuteAfter', resolve));
	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node: start, data: { main: [[{ json: {} }]] }, source: null }] },
	});
	await new WorkflowExecute(data, 'manual', runExecutionData).processRunExecutionData(workflow);
	const run = await finished;
	if (run.data.resultData.error) throw run.data.resultData.error;
	const answers = (run.data.resultData.runData[agent.name]?.at(-1)?.data?.main?.[0] ?? []).map((item) => item.json.answer);
	return { answers, run };
}
