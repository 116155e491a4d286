/**
 * A CometChat send in a sub-workflow that an AI Agent calls as a tool (Call n8n Workflow Tool) with Retry
 * On Fail, in a real n8n: each of n8n's tries of the tool is a new sub-execution (a new execution id, so a
 * new derived MUID) of the same parent execution. The node remembers a send whose outcome is unknown by the
 * parent execution (exactlyOnce.ts, unknownSends), so the next try looks the first try's MUID up instead
 * of sending again. Started by a webhook in the n8n that n8n2.e2e.ts starts.
 * The tool gives the sub-workflow as JSON (Source: Define Below), so it need not be published (a
 * production execution calls only a database sub-workflow's published version: n8n 2.41
 * workflow-execute-additional-data.js, getPublishedWorkflowData). Headless (n8n execute) it failed on
 * n8n's check of the sub-workflow's credentials, so the agent's workflow is started by its webhook.
 * Either way each try is a new sub-execution of the parent execution (executeWorkflow, parentExecution).
 */
import type { Emulator } from '../../emulator';
import { requestLines } from './checks';
import type { WorkflowFile, WorkflowNode } from './instance';
import { e2eTest, type Suite, workflowContext } from './suite';

const COMETCHAT = { cometChatApi: { id: 'cometchat-demo', name: 'CometChat demo' } };
export const ONE_TOOL = 'subWorkflowTool001';
export const TWO_TOOLS = 'subWorkflowTool002';
const TEXT = 'Hello from a sub-workflow';

/** The sub-workflow: the tool's input (`query`), sent to cometchat-uid-2 by the CometChat node. */
const subWorkflow = {
	nodes: [
		{
			id: '5e7a1c00-0024-4b00-8000-000000000001',
			name: 'When called',
			type: 'n8n-nodes-base.executeWorkflowTrigger',
			typeVersion: 1.1,
			position: [0, 0],
			parameters: { inputSource: 'passthrough' },
		},
		{
			id: '5e7a1c00-0024-4b00-8000-000000000002',
			name: 'Send',
			type: 'n8n-nodes-cometchat.cometChat',
			typeVersion: 1,
			position: [220, 0],
			parameters: { resource: 'message', operation: 'send', receiverType: 'user', receiver: { __rl: true, mode: 'id', value: 'cometchat-uid-2' }, text: '={{ $json.query }}' },
			credentials: COMETCHAT,
		},
	],
	connections: { 'When called': { main: [[{ node: 'Send', type: 'main', index: 0 }]] } },
	settings: { executionOrder: 'v1' },
};

/** A Call n8n Workflow Tool of the sub-workflow (one argument, `input`), with Retry On Fail (3 tries, no wait). */
function tool(name: string, n: number, y: number): WorkflowNode {
	return {
		id: `5e7a1c00-0024-4b00-8000-00000000010${n}`,
		name,
		type: '@n8n/n8n-nodes-langchain.toolWorkflow',
		typeVersion: 2.2,
		position: [600 + 220 * n, y],
		parameters: {
			description: 'Sends a CometChat message',
			source: 'parameter',
			workflowJson: JSON.stringify(subWorkflow),
		},
		retryOnFail: true,
		maxTries: 3,
		waitBetweenTries: 0,
	} as WorkflowNode;
}

/** An AI Agent (the scripted model, which calls every tool once) with the tools named. */
function agentWorkflow(id: string, tools: string[]): WorkflowFile {
	const toolNodes = tools.map((name, n) => tool(name, n, 300));
	return {
		id,
		name: `AI Agent: ${tools.length} sub-workflow tool(s) that send a CometChat message`,
		nodes: [
			{ id: `${id}-trigger`, name: 'Try it', type: 'n8n-nodes-base.webhook', typeVersion: 2.1, position: [0, 0], parameters: { httpMethod: 'POST', path: id.toLowerCase(), options: {} }, webhookId: `${id}-webhook` },
			{
				id: `${id}-request`,
				name: 'Request',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, 0],
				parameters: { assignments: { assignments: [{ id: 'chat-input', name: 'chatInput', value: `Send it. input: ${TEXT}`, type: 'string' }] }, options: {} },
			},
			{ id: `${id}-agent`, name: 'AI Agent', type: '@n8n/n8n-nodes-langchain.agent', typeVersion: 3, position: [440, 0], parameters: { options: {} } },
			{
				id: `${id}-model`,
				name: 'OpenAI Chat Model',
				type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
				typeVersion: 1.2,
				position: [440, 300],
				parameters: { model: { __rl: true, mode: 'list', value: 'gpt-4o-mini' }, options: {} },
				credentials: { openAiApi: { id: 'openai-demo', name: 'OpenAI' } },
			},
			...toolNodes,
		],
		connections: {
			'Try it': { main: [[{ node: 'Request', type: 'main', index: 0 }]] },
			Request: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			'OpenAI Chat Model': { ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]] },
			...Object.fromEntries(tools.map((name) => [name, { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] }])),
		},
		settings: { executionOrder: 'v1' },
	};
}

export const SUB_WORKFLOW_TOOL_WORKFLOWS: WorkflowFile[] = [agentWorkflow(ONE_TOOL, ['Send_message']), agentWorkflow(TWO_TOOLS, ['Send_message', 'Send_it_again'])];

/** Each fault answers the first request it names from now on (the emulator keeps one plan). */
function faultsOnce(emulator: Emulator, faults: Array<{ method: string; path: string; fault: Parameters<Emulator['failNext']>[0] }>): void {
	const left = [...faults];
	emulator.planFaults((request) => {
		const at = left.findIndex((f) => f.method === request.method && f.path === request.path);
		return at < 0 ? undefined : left.splice(at, 1)[0].fault;
	});
}

const SENT = `POST /messages {"category":"message","type":"text","receiverType":"user","receiver":"cometchat-uid-2","muid":"n8n-<derived>","data":{"text":"${TEXT}"}}`;

/** What the tools answered the model (their errors too). */
const toolResults = (suite: Suite) => suite.model.requests.flatMap((r) => r.messages.filter((m) => m.role === 'tool').map((m) => String(m.content)));

/**
 * Activates the workflow, starts it by its webhook and returns that execution, once finished (the
 * workflow's sub-executions, one per try of the tool, are saved under it too: lastExecution skips them).
 */
async function started(suite: Suite, id: string) {
	const context = workflowContext(suite, id, id);
	await context.activate();
	const [before] = await suite.n8n.executions(id);
	const { status } = await context.webhook(id.toLowerCase(), {});
	expect(status).toBe(200);
	const run = await context.lastExecution();
	// The call started one execution of its own (mode "webhook"); the rest are the tries' sub-executions.
	expect((await suite.n8n.executions(id)).filter((e) => Number(e.id) > Number(before?.id ?? 0) && e.mode === 'webhook')).toHaveLength(1);
	return run;
}

export function subWorkflowToolTests(suite: Suite): void {
	e2eTest(suite, 'Retry On Fail of a sub-workflow tool after a lost answer: the second try looks the first try\'s message up, one message', async () => {
		suite.emulator.reset();
		suite.model.reset();
		// The first try's message is stored but its answer lost, and its lookup refused: that sub-execution
		// fails "outcome unknown", and n8n tries the tool again in a new sub-execution.
		faultsOnce(suite.emulator, [
			{ method: 'POST', path: '/v3/messages', fault: { drop: true, handle: true } },
			{ method: 'GET', path: '/v3/users/cometchat-uid-2/messages', fault: { status: 403, body: { error: { message: 'No access.', devMessage: '', source: 'chat-api', code: 'ERR_NO_ACCESS' } } } },
		]);
		let run;
		try {
			run = await started(suite, ONE_TOOL);
		} finally {
			suite.emulator.planFaults(undefined);
		}
		expect(run.error).toBeUndefined();
		expect(toolResults(suite)).toEqual([expect.stringContaining(TEXT)]);
		expect(requestLines(suite.emulator).map((line) => line.replace(/\?.*/, ''))).toEqual([SENT, 'GET /users/cometchat-uid-2/messages', 'GET /users/cometchat-uid-2/messages']);
		const messages = suite.emulator.state.messages.filter((m) => m.data?.text === TEXT);
		expect(messages).toHaveLength(1);
		// The tool's answer, the message found, went back to the model.
		expect(toolResults(suite)).toEqual([expect.stringContaining(String(messages[0].muid))]);
		expect(run.status).toBe('success');
	});

	e2eTest(suite, 'two calls of sub-workflow tools that send the same, both answered: two messages', async () => {
		suite.emulator.reset();
		suite.model.reset();
		const run = await started(suite, TWO_TOOLS);
		expect(run.error).toBeUndefined();
		expect(toolResults(suite)).toEqual([expect.stringContaining(TEXT), expect.stringContaining(TEXT)]);
		expect(requestLines(suite.emulator)).toEqual([SENT, SENT]);
		const messages = suite.emulator.state.messages.filter((m) => m.data?.text === TEXT);
		expect(messages).toHaveLength(2);
		expect(new Set(messages.map((m) => m.muid)).size).toBe(2);
	});
}
