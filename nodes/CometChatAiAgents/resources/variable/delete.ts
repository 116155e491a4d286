import { defineOperation } from '../../../shared/operations';
import { deleted } from '../shared';
import { variableLocator, variableUrl } from './fields';

// DELETE .../agents/variables/custom/{variableId}  →  {success: true, message}
export const deleteVariable = defineOperation(
	'variable',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a variable',
		description: 'Delete a custom variable; instructions that use it stop filling it in',
		routing: {
			request: { method: 'DELETE', url: variableUrl },
			output: { postReceive: [deleted] },
		},
	},
	[variableLocator],
);
