import { NodeOperationError, type IDataObject, type IHookFunctions, type INodeProperties, type IWebhookFunctions, type IWebhookResponseData } from 'n8n-workflow';
import { answer, writeAnswer } from './answer';
import { redactItems } from '../shared/errors/redaction';
import type { BasicAuthPair } from '../shared/webhooks/auth';
import { describeValue, idProblem, isObject, sameId } from '../shared/validate';
import { type Admission, admit, dedupeScope, saveTurn } from './dedupe';
import { BOT_AUTOMATIC, triggerSecrets } from './registration';
import { cutDeepNesting } from './payload';

// Bot conversations: CometChat relays every message sent to a Custom Bot (dashboard: AI Agents → Custom
// Bots; REST: /bots) to the bot's callback URL, with the bot's Basic Auth. The body, per CometChat's bot
// pages: {"trigger": "after_message", "data": <the message>} — the message as the REST API gives it
// (id, conversationId, sender (UID), receiverType, receiver, category, type, data{text, entities{sender,
// receiver}}, sentAt); the Android SDK's page also shows appId, region, origin, chatAPIVersion and "bot" (the
// bot's UID). Each is read only when present.

export const BOT_MODE = 'bot';

/** Either Bot Conversations registration: set up by hand (BOT_MODE) or by the trigger (BOT_AUTOMATIC). */
export function isBotMode(ctx: IHookFunctions | IWebhookFunctions): boolean {
	const registration = ctx.getNodeParameter('registration', 'manual');
	return registration === BOT_MODE || registration === BOT_AUTOMATIC;
}

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
		displayOptions: { show: { registration: [BOT_MODE, BOT_AUTOMATIC] } },
	},
];

/** The loop guard's entries in the trigger's Options (alphabetical there, so spread before Ignore Repeated Deliveries). */
export const botOptions: INodeProperties[] = [
	{
		displayName: 'Ignore Messages From Bots',
		name: 'ignoreBots',
		type: 'boolean',
		default: true,
		description:
			"Whether messages from the bots of this n8n's other Bot Conversations triggers start nothing either (this bot's own never do), so two bots in one group do not answer each other for ever. Bots run elsewhere: list them in Ignore Messages From UIDs.",
		displayOptions: { show: { '/registration': [BOT_MODE, BOT_AUTOMATIC] } },
	},
	{
		displayName: 'Ignore Messages From UIDs',
		name: 'ignoreUids',
		type: 'string',
		default: '',
		placeholder: 'e.g. faq-bot, helpdesk-bot',
		description:
			'Comma-separated UIDs whose messages never start the workflow: bots this trigger cannot recognise (run by another n8n or other software, CometChat AI agents), or anyone else',
		displayOptions: { show: { '/registration': [BOT_MODE, BOT_AUTOMATIC] } },
	},
];

// Which senders are bots. Documented (reference §9.4a; cometchat-ai-agents-and-bots.md B): a bot is an
// ordinary user plus a callback; the relayed message's sender entity ({uid, name, avatar, status, role,
// lastActiveAt}) has no bot flag and its role is the user's own ("default" unless set); the callback body
// names the bot it is for ("bot"); only GET /bots lists an app's bots, and it needs a fullAccess REST API
// key and answers every bot's Basic Auth password. This trigger holds one credential, the Webhook Auth pair
// (single-credential rule), so it cannot ask CometChat: nothing here waits on the network, so no lookup can
// hold up or lose a delivery. A sender counts as a bot when it is this Bot UID or the callback's "bot"
// (always), listed in Ignore Messages From UIDs (always), or, with Ignore Messages From Bots on, the Bot UID
// of an active Bot Conversations trigger of this n8n process. That last set covers bots driven by this n8n:
// each active trigger records its bot when n8n activates it and on every production delivery, and forgets it
// when deactivated. Measured in real n8n after a restart: 1.123 knew the bots again at once, 2.41 only from
// each bot's first delivery (INFERRED: 2.41 does not run the activation hook for webhooks it kept); in
// queue mode a webhook process knows a bot once it has handled one of its deliveries. Test listeners
// ("Listen for test event") record nothing: n8n removes them with mode "internal", so their entry could not be
// told from the production one. Removing a test listener of an active workflow forgets its bot until its next
// delivery. Kept per trigger: workflow and node.
const knownBots = new Map<string, { uid: string; appId?: string }>();

const triggerKey = (ctx: IHookFunctions | IWebhookFunctions): string => [ctx.getWorkflow().id ?? '', ctx.getNode().id].join('\u0000');

/** Records this trigger's bot (on activation, and with its app on every production delivery). */
export function rememberBot(ctx: IHookFunctions | IWebhookFunctions, uid: string, appId = ''): void {
	if (ctx.getMode() === 'manual') return;
	const key = triggerKey(ctx);
	const kept = knownBots.get(key);
	knownBots.set(key, { uid, appId: appId || (kept && sameId(kept.uid, uid) ? kept.appId : undefined) });
}

export function forgetBot(ctx: IHookFunctions): void {
	knownBots.delete(triggerKey(ctx));
}

/** A bot of this n8n's Bot Conversations triggers; one in another app (when both apps are known) is not. */
function isKnownBot(uid: string, appId: string): boolean {
	return [...knownBots.values()].some((bot) => sameId(bot.uid, uid) && (!bot.appId || !appId || sameId(bot.appId, appId)));
}

export interface BotSettings {
	botUid: string;
	ignoreBots: boolean;
	ignoreUids: string[];
}

/** The Bot UID and the loop guard's options, or what is wrong with them, naming the field. */
export function botSettings(ctx: IHookFunctions | IWebhookFunctions): { settings?: BotSettings; problem?: string } {
	const botUid = String(ctx.getNodeParameter('botUid', '') ?? '').trim();
	const uidProblem = idProblem(botUid);
	if (uidProblem) return { problem: `The trigger's Bot UID ${uidProblem}; set it in the node` };
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const raw = options.ignoreUids ?? '';
	if (typeof raw !== 'string' && !Array.isArray(raw)) {
		return { problem: `The trigger's Options → Ignore Messages From UIDs must be a comma-separated list of UIDs, not ${describeValue(raw)}` };
	}
	const ignoreUids = (Array.isArray(raw) ? raw : raw.split(/[,\n]/)).map((entry) => String(entry).trim()).filter(Boolean);
	for (const uid of ignoreUids) {
		const problem = idProblem(uid);
		if (problem) return { problem: `The trigger's Options → Ignore Messages From UIDs: ${problem}; fix it in the node` };
	}
	return { settings: { botUid, ignoreBots: options.ignoreBots !== false, ignoreUids } };
}

/** Why a message starts nothing: its sender is this bot, a listed UID or another bot; undefined for anyone else. */
function ignoredSender(sender: string, settings: BotSettings, body: IDataObject, appId: string): string | undefined {
	const own = [settings.botUid, body.bot].some((uid) => typeof uid === 'string' && uid !== '' && sameId(uid, sender));
	if (own) return 'The bot\'s own message; ignored';
	if (settings.ignoreUids.some((uid) => sameId(uid, sender))) return 'Message from a UID in Ignore Messages From UIDs; ignored';
	if (settings.ignoreBots && isKnownBot(sender, appId)) return 'Message from another bot; ignored';
	return undefined;
}

/** webhook() in bot mode, after the Basic Auth check: one item per relayed message, each once. */
export async function botDelivery(this: IWebhookFunctions, pair: BasicAuthPair): Promise<IWebhookResponseData> {
	const response = this.getResponseObject();
	const { settings, problem } = botSettings(this);
	// As a credential CometChat could not use: an error execution (n8n answers 500 and records it), not a
	// 500 nobody sees. Reachable when activation did not check it (a test listener, an expression).
	if (!settings) throw new NodeOperationError(this.getNode(), String(problem));
	const botUid = settings.botUid;
	const body = this.getBodyData();
	const message = isObject(body) && isObject(body.data) ? body.data : undefined;
	if (!message || message.id === undefined || typeof message.sender !== 'string') {
		return answer(response, 400, 'The body is not a CometChat bot message (a JSON object with a "data" message that has an id and a sender)');
	}
	const appId = typeof body.appId === 'string' ? body.appId : '';
	rememberBot(this, botUid, appId);
	// CometChat lower-cases UIDs (INFERRED for the comparison: the relayed sender as the API shows it).
	// Answered 200: CometChat has nothing to send again.
	const ignored = ignoredSender(message.sender, settings, body, appId);
	if (ignored) return answer(response, 200, ignored);

	const dedupeKey = `${appId}:bot:${botUid.toLowerCase()}:${String(message.id)}`;
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const scope = dedupeScope(this, 'bot');
	let admission: Admission | undefined;
	if (options.deduplicate !== false) {
		// A message ID is CometChat's own key: a relayed message is the same message whenever it comes again.
		admission = admit(scope, this.getWorkflowStaticData('node'), [{ dedupeKey, windowed: false }]);
		if (!admission.fresh[0]) return await saveTurn(scope, admission, answer(response, 200, 'Message already received; ignored'));
	}

	// Nested deeper than n8n can copy and save: cut, so the message still starts the workflow.
	const nestingCut = cutDeepNesting(message);
	const entities = isObject(message.data) && isObject(message.data.entities) ? message.data.entities : {};
	const entity = (name: string) => (isObject(entities[name]) && isObject(entities[name].entity) ? (entities[name].entity as IDataObject) : undefined);
	const group = message.receiverType === 'group';
	const item: IDataObject = {
		trigger: typeof body.trigger === 'string' ? body.trigger : 'after_message',
		botUid,
		message,
		// The text, or a media message's caption (CometChat keeps both in data.text); '' when it has none
		// (media without a caption, custom and interactive messages), so expressions never meet null.
		text: isObject(message.data) && typeof message.data.text === 'string' ? message.data.text : '',
		messageType: typeof message.type === 'string' ? message.type : '',
		sender: entity('sender') ?? { uid: message.sender },
		conversationId: message.conversationId,
		receiverType: message.receiverType,
		// Where to reply with Send as Bot: the group, or the user who wrote to the bot.
		replyTo: group ? { receiverType: 'group', receiver: message.receiver } : { receiverType: 'user', receiver: message.sender },
		...(group ? { group: entity('receiver') ?? { guid: message.receiver } } : {}),
		...(appId ? { appId } : {}),
		...(nestingCut ? { nestingCut } : {}),
		dedupeKey,
	};
	writeAnswer(response, 200, 'Workflow was started');
	const workflowData = [redactItems([{ json: item }], await triggerSecrets(this, pair))];
	return await saveTurn(scope, admission, { noWebhookResponse: true, workflowData });
}
