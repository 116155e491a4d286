import { SupplyDataContext } from 'n8n-core';
import { createRunExecutionData, NodeConnectionTypes, Workflow, type IExecuteData, type INode, type INodeParameters, type INodeType, type IRunExecutionData } from 'n8n-workflow';
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

/**
 * The CometChat node with `parameters` as an agent's tool with Retry On Fail (3 tries, no wait), against
 * `emulator`: a tool call's handler, as n8n-core's wrapper makes it.
 */
export function toolCall(emulator: Emulator, parameters: INodeParameters): (toolArgs: object) => Promise<string> {
	const agent: INode = { id: 'agent', name: 'AI Agent', type: 'test.agent', typeVersion: 1, position: [0, 0], parameters: {} };
	const tool: INode = {
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
	const workflow = new Workflow({
		id: 'test-workflow',
		nodes: [agent, tool],
		connections: { [tool.name]: { [NodeConnectionTypes.AiTool]: [[{ node: agent.name, type: NodeConnectionTypes.AiTool, index: 0 }]] } },
		active: false,
		nodeTypes: new TestNodeTypes({ [tool.type]: chatNode.nodeType, [agent.type]: agentType }),
		settings: { executionOrder: 'v1' },
	});
	const runExecutionData = createRunExecutionData({});
	const agentData: IExecuteData = { node: agent, data: { main: [[{ json: {} }]] }, source: null };
	const data = additionalData(
		{ [chatNode.credentialType.name]: withDefaults({ appId: emulator.appId, apiKey: emulator.apiKey, baseUrl: emulator.url }) },
		lifecycleHooks('tool', [agent, tool], {}),
	);
	// As getInputConnectionData builds it: the tool's context on the agent's execute data.
	const factory = (runIndex: number) =>
		new SupplyDataContext(workflow, tool, data, 'manual', runExecutionData, runIndex, [], {}, NodeConnectionTypes.AiTool, agentData, [], undefined, agent);
	return makeHandleToolInvocation(factory, tool, chatNode.nodeType, runExecutionData);
}
