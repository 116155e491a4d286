import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { resourceProperties, resources } from './resources';
import { searchAgents, searchApiTools, searchByoAgents, searchByoTools, searchFrontendActions, searchMcpServers, searchVariables } from './listSearch';
import { chatNodeDescription } from '../shared/node';
import { routedExecute } from '../shared/router';

/**
 * CometChat's Agent Builder agents, their tools, API tools, MCP servers, frontend actions, knowledge base and variables, and bring-your-own (BYO) agents and tools, on the chat host and
 * credential. A node of its own beside the CometChat node: a product of its own in CometChat's docs,
 * an AI agent gets a distinct tool, and the CometChat node's per-item cost and dropdowns stay as they were.
 */
export class CometChatAiAgents implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CometChat AI Agents',
		name: 'cometChatAiAgents',
		icon: { light: 'file:../../icons/cometchat.svg', dark: 'file:../../icons/cometchat.dark.svg' },
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		usableAsTool: true,
		description: 'Build and manage CometChat AI agents: Agent Builder agents, tools, knowledge base and bring-your-own agents',
		defaults: { name: 'CometChat AI Agents' },
		...chatNodeDescription({ resources, resourceProperties, default: 'agent' }),
	};

	methods = {
		listSearch: { searchAgents, searchApiTools, searchByoAgents, searchByoTools, searchFrontendActions, searchMcpServers, searchVariables },
	};

	// The description's routing, run over the shown properties only (why: nodes/shared/router.ts).
	execute = routedExecute(this.description);
}
