import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { aiAgentsNode, runNode } from '../harness';

/** Where the Agent Builder endpoints are, as the emulator records paths. */
export const AB = '/v3/ai-agents/agent-builder';

/** Runs the CometChat AI Agents node against the emulator, with these input items' JSON. */
export function runAi(ctx: { credentials: () => IDataObject }, parameters: INodeParameters, input?: IDataObject[]) {
	return runNode({ parameters, credentials: ctx.credentials(), node: aiAgentsNode, input: input?.map((json) => ({ json })) });
}
