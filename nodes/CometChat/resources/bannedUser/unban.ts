import { groupLocator, onBehalfOfOption, optionsCollection, pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';

// DELETE /groups/{guid}/bannedusers/{uid}, no body  →  {data: {success, message}}
export const unban = defineOperation(
	'bannedUser',
	{
		name: 'Unban',
		value: 'unban',
		action: 'Unban a user from a group',
		description: 'Lift a ban so the user can join the group again',
		routing: {
			request: { method: 'DELETE', url: `=/groups/${pathId('guid')}/bannedusers/${pathId('uid')}` },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		groupLocator('guid', 'Group', 'The group'),
		userLocator('uid', 'User', 'The user'),
		optionsCollection([onBehalfOfOption('UID of a group admin or moderator to act as. Without it the app itself unbans.')]),
	],
);
