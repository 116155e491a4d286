import { NodeConnectionTypes, type IExecuteSingleFunctions } from 'n8n-workflow';

/**
 * "This node run and n8n's retries of it": what stays the same when n8n runs the node again after it
 * failed (Retry On Fail), on each path n8n has, so a write can be recognised by its later tries.
 * - The engine (WorkflowExecute; also AI Agent v3's engine requests, whose tools run as normal nodes):
 *   Retry On Fail calls the node again with the same execute data object and run index (n8n-core 2.41
 *   workflow-execute.js, the retry loop of processRunExecutionData).
 * - n8n's AI tool wrapper (makeHandleToolInvocation, n8n-core 1.x and 2.x get-input-connection-data.js):
 *   each try gets a new context and a new run index, and the execute data is the agent's, shared by every
 *   tool call of the agent's run; what the tries of one call share is the tool's arguments object, which
 *   each try's input item holds as its `json`. The run index of the first try is remembered for it.
 * Without execute data (no n8n run to recognise) the key is undefined.
 */
export function runOf(context: IExecuteSingleFunctions): { key: object | undefined; runIndex: number } {
	// runIndex and connectionType are fields of n8n's execution contexts, not of the typed interface.
	const fields = context as unknown as { runIndex?: unknown; connectionType?: unknown };
	const runIndex = typeof fields.runIndex === 'number' ? fields.runIndex : 0;
	const executeData = context.getExecuteData?.() as ({ node?: { name?: string } } & object) | undefined;
	const asTool = fields.connectionType === NodeConnectionTypes.AiTool || (executeData?.node?.name !== undefined && executeData.node.name !== context.getNode().name);
	if (!asTool) return { key: executeData, runIndex };
	const args = context.getInputData()?.json as object | undefined;
	if (args === null || typeof args !== 'object') return { key: undefined, runIndex };
	let first = firstTries.get(args);
	if (first === undefined) firstTries.set(args, (first = runIndex));
	return { key: args, runIndex: first };
}

/** The run index of the first try of a tool call, by its arguments object (let go of with it). */
const firstTries = new WeakMap<object, number>();
