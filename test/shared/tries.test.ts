import { SupplyDataContext } from 'n8n-core';
import { createRunExecutionData, NodeConnectionTypes, Workflow, type IExecuteData, type INode, type INodeType, type IRunExecutionData } from 'n8n-workflow';
import { createEmulator, type Emulator } from '../emulator';
import { additionalData, chatNode, lifecycleHooks, TestNodeTypes, withDefaults } from '../harness';
import { byId, derivedMuid } from '../helpers';

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

describe('one identity for a send across n8n\'s retries: the AI tool wrapper', () => {
	let emulator: Emulator;
	afterEach(async () => emulator?.close());

	/** The CometChat node as an agent's tool with Retry On Fail (3 tries, no wait), and a tool call's handler. */
	const asTool = () => {
		const agent: INode = { id: 'agent', name: 'AI Agent', type: 'test.agent', typeVersion: 1, position: [0, 0], parameters: {} };
		const tool: INode = {
			id: 'node-1',
			name: chatNode.name,
			type: chatNode.type,
			typeVersion: 1,
			position: [0, 0],
			parameters: { resource: 'message', operation: 'send', receiverType: 'user', receiver: byId('alice'), text: 'Hello' },
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
	};

	it('Retry On Fail of a tool call after a lost answer looks the message up under the first try\'s MUID instead of sending it again', async () => {
		// The first try's message is stored but its answer lost, and the lookup is refused: the try fails "outcome
		// unknown" and the wrapper tries again with run index 1. Today's main derived a new MUID and sent it again.
		emulator = await createEmulator();
		emulator.seedUser({ uid: 'alice' });
		emulator.failNext({ drop: true, handle: true });
		emulator.failNext({ status: 403, body: { error: { message: 'No access.', devMessage: '', source: 'chat-api', code: 'ERR_NO_ACCESS' } } });
		const handle = asTool();
		const answer = JSON.parse(await handle({ text: 'Hello' })) as Array<{ muid: string; id: string }>;
		expect(emulator.requests.map((r) => `${r.method} ${r.path} ${r.status ?? 'lost'}`)).toEqual([
			'POST /v3/messages lost',
			'GET /v3/users/alice/messages 403',
			'GET /v3/users/alice/messages 200',
		]);
		expect(emulator.state.messages).toHaveLength(1);
		expect(answer).toEqual([expect.objectContaining({ id: emulator.state.messages[0].id, muid: derivedMuid(0, { runIndex: 0 }) })]);
	});

	it('each tool call is its own message: two calls, two MUIDs', async () => {
		emulator = await createEmulator();
		emulator.seedUser({ uid: 'alice' });
		const handle = asTool();
		await handle({ text: 'Hello' });
		await handle({ text: 'Hello' });
		expect(emulator.state.messages.map((m) => m.muid)).toEqual([derivedMuid(0, { runIndex: 0 }), derivedMuid(0, { runIndex: 1 })]);
	});
});
