import { defineOperation } from '../../../shared/operations';
import { recordsOf } from '../shared';
import { nameField, sendTool, TOOL_FIELDS } from './fields';

// POST /ai-agents/tools  body ToolDto {name, displayName, executionText, description?, doNotExecute?, parameters?}  →  201 <tool>
export const create = defineOperation(
	'byoTool',
	{
		name: 'Create',
		value: 'create',
		action: 'Create a BYO tool',
		description: 'Define a function BYO agents may call: an action CometChat runs, or a tool your app handles',
		routing: {
			request: { method: 'POST', url: '/ai-agents/tools' },
			send: { preSend: [sendTool('Name')] },
			output: { postReceive: [recordsOf()] },
		},
	},
	[nameField, ...TOOL_FIELDS],
);
