import { onBehalfOfOption, optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { sendOnce } from '../../../shared/exactlyOnce';
import { buildMessage, contentFields, type MessageKind, messageOptions, receiverFields, sendAndWaitNotice, sentMessages } from './fields';

// POST /messages  header onBehalfOf?  body {receiver, receiverType | multipleReceivers {uids, guids}, category,
//   type, data {text | attachments | customData | interactiveData, metadata?}, tags?, muid?}  →  {data: <message>}
//   (several receivers: one item per receiver). Without onBehalfOf CometChat sends as `app_system` ("System") [REC].
const KINDS: MessageKind[] = ['text', 'media', 'custom', 'interactive'];

export const send = defineOperation(
	'message',
	{
		name: 'Send',
		value: 'send',
		action: 'Send a message',
		description: 'Send a text, media, custom or interactive message to a user, a group, or several of them',
		routing: {
			request: { method: 'POST', url: '/messages' },
			send: { preSend: [buildMessage({ kinds: KINDS, several: true, muidIn: 'body' })] },
			// Sent once, looked up by MUID after a lost answer or before a Retry On Fail re-run sends it again.
			operations: { pagination: sendOnce },
			output: { postReceive: [sentMessages] },
		},
	},
	[
		sendAndWaitNotice,
		...receiverFields({ several: true }),
		...contentFields(KINDS),
		optionsCollection([
			...messageOptions({ muid: true }),
			onBehalfOfOption('UID of the sender. Without it the message comes from the app ("System").'),
		]),
	],
);
