import { optionsCollection, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { withoutPassword } from '../../../shared/webhooks/auth';
import { botBody, botFields } from './fields';

const [url, enabled, groupMessages, password, useBasicAuth, username] = botFields;
const withAuth = { displayOptions: { show: { useBasicAuth: [true] } } };

// POST /bots  body {uid, webhookURL, useBasicAuth?, username?, password?, enabled?, groupChatSetting?}
//   →  {data: <bot>}, its stored password left out
export const create = defineOperation(
	'bot',
	{
		name: 'Create',
		value: 'create',
		action: 'Create a bot',
		description: 'Make an existing user a bot: CometChat posts the messages it receives to a callback URL',
		routing: {
			request: { method: 'POST', url: '/bots' },
			send: { preSend: [botBody(true)] },
			output: { postReceive: [unwrapData, withoutPassword] },
		},
	},
	[
		userLocator('uid', 'User', 'The user'),
		{ ...url, required: true },
		useBasicAuth,
		{ ...username, required: true, ...withAuth },
		{ ...password, required: true, ...withAuth },
		optionsCollection([enabled, groupMessages]),
	],
);
