import { byoAgentLocator, pathId, updateFieldsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { successWith } from '../shared';
import { BYO_FIELDS, baseUrlField, integrationFields, sendByoAgent } from './fields';

// PATCH /ai-agents/agents/{uid}  body UpdateAgentDTO (CreateAgentDTO's fields, none required)  →  {success: true}
export const update = defineOperation(
	'byoAgent',
	{
		name: 'Update',
		value: 'update',
		action: 'Update a BYO agent',
		description: 'Change a bring-your-own agent\'s name, server, headers, tools or messages',
		routing: {
			request: { method: 'PATCH', url: `=/ai-agents/agents/${pathId('uid')}` },
			send: { preSend: [sendByoAgent(false)] },
			output: { postReceive: [successWith(['uid'])] },
		},
	},
	[
		byoAgentLocator('uid', 'Agent', 'The BYO agent'),
		...integrationFields(true),
		updateFieldsCollection([
			baseUrlField(false),
			{ displayName: 'Icon', name: 'icon', type: 'string', default: '', placeholder: 'e.g. https://example.com/agent.png', description: 'URL of the agent\'s icon' },
			{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Name of the agent' },
			...BYO_FIELDS,
		]),
	],
);
