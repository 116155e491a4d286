import { updateFieldsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { recordsOf } from '../shared';
import { sendVariable, sourceTypeField, VARIABLE_FIELDS, variableLocator, variableUrl } from './fields';

// PATCH .../agents/variables/custom/{variableId}  body {description?, sourceType?, sourcePath?, constantValue?, defaultValue?}  →  <variable>
export const update = defineOperation(
	'variable',
	{
		name: 'Update',
		value: 'update',
		action: 'Update a variable',
		description: 'Change a custom variable\'s source, path or values (its name stays)',
		routing: {
			request: { method: 'PATCH', url: variableUrl },
			send: { preSend: [sendVariable(false)] },
			output: { postReceive: [recordsOf()] },
		},
	},
	[variableLocator, updateFieldsCollection([...VARIABLE_FIELDS, sourceTypeField(false)])],
);
