import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { withoutPassword } from '../../../shared/webhooks/auth';
import { botField } from './fields';

// GET /bots/{uid}  →  {data: <bot>}, its stored password left out
export const get = defineOperation(
	'bot',
	{
		name: 'Get',
		value: 'get',
		action: 'Get a bot',
		description: 'Get a bot: its callback URL, group messages and whether it is enabled',
		routing: {
			request: { method: 'GET', url: `=/bots/${pathId('uid')}` },
			output: { postReceive: [unwrapData, withoutPassword] },
		},
	},
	[botField('The bot')],
);
