import { pathId, updateFieldsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { withoutPassword } from '../../../shared/webhooks/auth';
import { botBody, botField, botFields } from './fields';

// PUT /bots/{uid}  body {webhookURL?, useBasicAuth?, username?, password?, enabled?, groupChatSetting?}
//   →  {data: <bot>}, its stored password left out
export const update = defineOperation(
	'bot',
	{
		name: 'Update',
		value: 'update',
		action: 'Update a bot',
		description: "Change a bot's callback URL, Basic Auth or group messages, or switch it on or off",
		routing: {
			request: { method: 'PUT', url: `=/bots/${pathId('uid')}` },
			send: { preSend: [botBody(false)] },
			output: { postReceive: [unwrapData, withoutPassword] },
		},
	},
	[botField('The bot'), updateFieldsCollection(botFields)],
);
