import { optionsCollection, pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { sendOnce } from '../../../shared/exactlyOnce';
import { buildMessage, contentFields, type MessageKind, messageOptions, receiverFields, sendAndWaitNotice, sentMessages } from './fields';

// POST /bots/{uid}/messages  body as for Send (no onBehalfOf: the bot is the sender)  →  {data: <message>}
//   (several receivers: one item per receiver). A UID that is no bot answers ERR_BOT_NOT_FOUND [ERRGUIDE].
const KINDS: MessageKind[] = ['text', 'media', 'custom', 'interactive'];

export const sendAsBot = defineOperation(
	'message',
	{
		name: 'Send as Bot',
		value: 'sendAsBot',
		action: 'Send a message as a bot',
		description: 'Send a message from one of the app\'s bots to a user, a group, or several of them',
		routing: {
			request: { method: 'POST', url: `=/bots/${pathId('bot')}/messages` },
			send: { preSend: [buildMessage({ kinds: KINDS, several: true, muidIn: 'body' })] },
			// Sent once, looked up by MUID after a lost answer or before a Retry On Fail re-run sends it again.
			operations: { pagination: sendOnce },
			output: { postReceive: [sentMessages] },
		},
	},
	[
		sendAndWaitNotice,
		userLocator('bot', 'Bot', 'The bot that sends the message (its UID)'),
		...receiverFields({ several: true }),
		...contentFields(KINDS),
		optionsCollection(messageOptions({ muid: true })),
	],
);
