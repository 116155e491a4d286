import { groupLocator, onBehalfOfOption, optionsCollection, pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';

// POST /groups/{guid}/bannedusers/{uid}, no body  →  {data: {success, message}}
export const ban = defineOperation(
	'bannedUser',
	{
		name: 'Ban',
		value: 'ban',
		action: 'Ban a user from a group',
		description: 'Ban a user from a group: they leave it and cannot join again until unbanned',
		routing: {
			request: { method: 'POST', url: `=/groups/${pathId('guid')}/bannedusers/${pathId('uid')}` },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		groupLocator('guid', 'Group', 'The group'),
		userLocator('uid', 'User', 'The user'),
		optionsCollection([onBehalfOfOption('UID of a group admin or moderator to act as. Without it the app itself bans.')]),
	],
);
