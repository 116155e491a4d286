import { groupLocator, onBehalfOfOption, optionsCollection, pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';

// DELETE /groups/{guid}, no body  →  {data: {success: true, message}}  →  output {deleted: true, message}
export const remove = defineOperation(
	'group',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a group',
		description: 'Delete a group with its members and bans',
		routing: {
			request: { method: 'DELETE', url: `=/groups/${pathId('guid')}` },
			output: { postReceive: [deletedResult] },
		},
	},
	[
		groupLocator('guid', 'Group', 'The group'),
		optionsCollection([onBehalfOfOption('UID of a group admin to act as. Without it the app itself deletes the group.')]),
	],
);
