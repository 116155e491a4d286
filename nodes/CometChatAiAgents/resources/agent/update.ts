import { agentLocator, pathId, updateFieldsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { AGENTS, successWith } from '../shared';
import { AGENT_FIELDS, sendAgent } from './fields';

// PATCH /ai-agents/agent-builder/agents/{uid}  body UpdateCometChatAgentDto (the create fields, none required)  →  {success: true}
export const update = defineOperation(
	'agent',
	{
		name: 'Update',
		value: 'update',
		action: 'Update an agent',
		description: 'Change an Agent Builder agent\'s name, instruction, model, tools or other fields',
		routing: {
			request: { method: 'PATCH', url: `=${AGENTS}/${pathId('uid')}` },
			send: { preSend: [sendAgent('updateFields', false)] },
			output: { postReceive: [successWith(['uid'])] },
		},
	},
	[
		agentLocator('uid', 'Agent', 'The agent'),
		updateFieldsCollection([
			{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. Support Agent', description: 'Name of the agent' },
			...AGENT_FIELDS,
		]),
	],
);
