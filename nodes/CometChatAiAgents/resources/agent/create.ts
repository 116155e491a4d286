import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { AGENTS, recordsOf } from '../shared';
import { AGENT_FIELDS, sendAgent } from './fields';

// POST /ai-agents/agent-builder/agents  body CreateCometChatAgentDto {name, icon?, description?, tools?, apiTools?,
//   mcpServers?, instruction?, metaData?, model?, modelMetaData?, isActive?}  →  201 {agent: <agent>}
export const create = defineOperation(
	'agent',
	{
		name: 'Create',
		value: 'create',
		action: 'Create an agent',
		description: 'Create an Agent Builder AI agent with its instruction, model and tools; CometChat gives it a UID',
		routing: {
			request: { method: 'POST', url: AGENTS },
			send: { preSend: [sendAgent('options', true)] },
			output: { postReceive: [recordsOf('agent')] },
		},
	},
	[
		{ displayName: 'Name', name: 'name', type: 'string', required: true, default: '', placeholder: 'e.g. Support Agent', description: 'Name of the agent' },
		optionsCollection(AGENT_FIELDS),
	],
);
