import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { BYO_FIELDS, byoAgentsOf, integrationFields, sendByoAgent } from './fields';

// POST /ai-agents/agents  body CreateAgentDTO {name, icon, integrateWith, integrationType: "agent", isActive?,
//   integrationMeta?: {baseUrl, agentId? | headers? | defaultUserId?}, tools?, actions?, metaData?}  →  201 {agent: <BYO agent>}
export const create = defineOperation(
	'byoAgent',
	{
		name: 'Create',
		value: 'create',
		action: 'Create a BYO agent',
		description: 'Connect an agent you run yourself (LangGraph, Mastra, CrewAI and others) to CometChat',
		routing: {
			request: { method: 'POST', url: '/ai-agents/agents' },
			send: { preSend: [sendByoAgent(true)] },
			output: { postReceive: [byoAgentsOf('agent')] },
		},
	},
	[
		{ displayName: 'Name', name: 'name', type: 'string', required: true, default: '', placeholder: 'e.g. Order Helper', description: 'Name of the agent' },
		{ displayName: 'Icon', name: 'icon', type: 'string', required: true, default: '', placeholder: 'e.g. https://example.com/agent.png', description: 'URL of the agent\'s icon' },
		...integrationFields(false),
		optionsCollection(BYO_FIELDS),
	],
);
