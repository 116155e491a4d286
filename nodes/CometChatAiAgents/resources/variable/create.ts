import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { recordsOf } from '../shared';
import { sendVariable, sourceTypeField, VARIABLE_FIELDS, VARIABLES } from './fields';

// POST .../agents/variables/custom  body {name, sourceType, description?, sourcePath?, constantValue?, defaultValue?}  →  200 <variable>
export const create = defineOperation(
	'variable',
	{
		name: 'Create',
		value: 'create',
		action: 'Create a variable',
		description: 'Create a custom variable agents can use in their instructions, filled from message or user metadata or a constant',
		routing: {
			request: { method: 'POST', url: `${VARIABLES}/custom` },
			send: { preSend: [sendVariable(true)] },
			output: { postReceive: [recordsOf()] },
		},
	},
	[
		{ displayName: 'Name', name: 'name', type: 'string', required: true, default: '', placeholder: 'e.g. orderId', description: 'Unique name: a letter, then letters, digits, "_" and "." (at most 50)' },
		sourceTypeField(true),
		optionsCollection(VARIABLE_FIELDS),
	],
);
