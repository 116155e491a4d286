import { groupLocator, onBehalfOfOption, optionsCollection, pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';

// DELETE /groups/{guid}/members/{uid}, no body  →  {data: {success, message}}
export const kick = defineOperation(
	'groupMember',
	{
		name: 'Kick',
		value: 'kick',
		action: 'Kick a member from a group',
		description: 'Remove a member from a group; unlike a ban, they can join again',
		routing: {
			request: { method: 'DELETE', url: `=/groups/${pathId('guid')}/members/${pathId('uid')}` },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		groupLocator('guid', 'Group', 'The group'),
		userLocator('uid', 'Member', 'The member of the group'),
		optionsCollection([onBehalfOfOption('UID of a group admin or moderator to act as. Without it the app itself kicks the member.')]),
	],
);
