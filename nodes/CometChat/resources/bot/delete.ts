import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';
import { botField } from './fields';

// DELETE /bots/{uid}  →  {deleted: true, message?}: the bot's callback goes, its user stays
export const deleteBot = defineOperation(
	'bot',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a bot',
		description: 'Delete a bot; its user and messages stay',
		routing: {
			request: { method: 'DELETE', url: `=/bots/${pathId('uid')}` },
			output: { postReceive: [deletedResult] },
		},
	},
	[botField('The bot')],
);
