import type { IDataObject, INodeProperties, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { answer, writeAnswer } from './answer';
import { redactItems } from '../shared/errors/redaction';
import type { BasicAuthPair } from '../shared/webhooks/auth';
import { idProblem, isObject, sameId } from '../shared/validate';
import { type Admission, admit, dedupeScope, saveTurn } from './dedupe';
import { triggerSecrets } from './registration';

// Bot conversations: CometChat relays every message sent to a Custom Bot (dashboard: AI Agents → Custom
// Bots; REST: /bots) to the bot's callback URL, with the bot's Basic Auth. The body, per CometChat's bot
// page: {"trigger": "after_message", "data": <the message>} — the message as the REST API gives it
// (id, conversationId, sender (UID), receiverType, receiver, category, type, data{text, entities{sender,
// receiver}}, sentAt). Whether appId/region come with it is not shown there (INFERRED: read when present).

export const BOT_MODE = 'bot';

export const botProperties: INodeProperties[] = [
	{
		displayName:
			'In the CometChat dashboard open AI Agents → Custom Bots (or create the bot with the REST API\'s /bots). Bot UID: an existing user. Callback URL: the Production URL shown above. Turn on Basic Authentication with the username and password of this node\'s CometChat Webhook Auth credential, choose which group messages are relayed, enable the bot, and save. Reply with CometChat → Message → Send as Bot.',
		name: 'botNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { registration: [BOT_MODE] } },
	},
	{
		displayName: 'Bot UID',
		name: 'botUid',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. support-bot',
		description: 'The bot whose messages this trigger receives. Its own messages never start the workflow (no reply loops).',
		displayOptions: { show: { registration: [BOT_MODE] } },
	},
];

/** webhook() in bot mode, after the Basic Auth check: one item per relayed message, each once. */
export async function botDelivery(this: IWebhookFunctions, pair: BasicAuthPair): Promise<IWebhookResponseData> {
	const response = this.getResponseObject();
	const botUid = String(this.getNodeParameter('botUid', '') ?? '').trim();
	if (idProblem(botUid)) return answer(response, 500, 'The trigger\'s Bot UID is not a UID; set it in the node');
	const body = this.getBodyData();
	const message = isObject(body) && isObject(body.data) ? body.data : undefined;
	if (!message || message.id === undefined || typeof message.sender !== 'string') {
		return answer(response, 400, 'The body is not a CometChat bot message (a JSON object with a "data" message that has an id and a sender)');
	}
	// CometChat lower-cases UIDs (INFERRED for the comparison: the relayed sender as the API shows it).
	if (sameId(message.sender, botUid)) return answer(response, 200, 'The bot\'s own message; ignored');

	const appId = typeof body.appId === 'string' ? body.appId : '';
	const dedupeKey = `${appId}:bot:${botUid.toLowerCase()}:${String(message.id)}`;
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const scope = dedupeScope(this, 'bot');
	let admission: Admission | undefined;
	if (options.deduplicate !== false) {
		// A message ID is CometChat's own key: a relayed message is the same message whenever it comes again.
		admission = admit(scope, this.getWorkflowStaticData('node'), [{ dedupeKey, windowed: false }]);
		if (!admission.fresh[0]) return await saveTurn(scope, admission, answer(response, 200, 'Message already received; ignored'));
	}

	const entities = isObject(message.data) && isObject(message.data.entities) ? message.data.entities : {};
	const entity = (name: string) => (isObject(entities[name]) && isObject(entities[name].entity) ? (entities[name].entity as IDataObject) : undefined);
	const group = message.receiverType === 'group';
	const item: IDataObject = {
		trigger: typeof body.trigger === 'string' ? body.trigger : 'after_message',
		botUid,
		message,
		text: isObject(message.data) && typeof message.data.text === 'string' ? message.data.text : undefined,
		sender: entity('sender') ?? { uid: message.sender },
		conversationId: message.conversationId,
		receiverType: message.receiverType,
		// Where to reply with Send as Bot: the group, or the user who wrote to the bot.
		replyTo: group ? { receiverType: 'group', receiver: message.receiver } : { receiverType: 'user', receiver: message.sender },
		...(group ? { group: entity('receiver') ?? { guid: message.receiver } } : {}),
		...(appId ? { appId } : {}),
		dedupeKey,
	};
	writeAnswer(response, 200, 'Workflow was started');
	const workflowData = [redactItems([{ json: item }], await triggerSecrets(this, pair))];
	return await saveTurn(scope, admission, { noWebhookResponse: true, workflowData });
}
