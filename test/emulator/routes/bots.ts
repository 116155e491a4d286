/**
 * Custom Bots (reference §9.4a; cometchat-ai-agents-and-bots.md B.0–B.5, B.7): a bot is a user plus a
 * callback. The REST routes POST /bots, GET /bots, GET|PUT|DELETE /bots/{uid} keep the bots here, and
 * CometChat relays the messages a bot receives to its callback while it is enabled: a POST of
 * `{"trigger": "after_message", "data": <message>, "appId", "region", "origin", "chatAPIVersion": "3.0",
 * "bot": <bot uid>}`, with Basic Auth when the bot has it. One-to-one messages to the bot are relayed; group
 * messages by the bot's groupChatSetting.
 *
 * Answers are sparse as CometChat's (empty and false properties left out) and carry the stored password.
 * INFERRED (not documented): ERR_BOT_ALREADY_EXISTS (400, text modelled on ERR_UID_ALREADY_EXISTS) for a
 * second bot on a uid; Delete's answer `{data: {success: true, message}}` as Delete User's; `page` of the
 * list (its meta has current_page); group messages reach only bots that are members of the group; a bot's
 * own messages are not relayed to it; action messages are not relayed; `mentionedMessages` = the bot is
 * mentioned, `slashedMessages` = the text starts with "/". Relays are sent after the message is stored and
 * answered, never retried; each one's answer is kept for tests.
 */
import { deliver } from '../webhooks';
import {
	type EmulatorState,
	type MessageRecord,
	type Route,
	type RouteContext,
	type RouteResult,
	Validator,
	bodyObject,
	cometError,
	compact,
	errors,
	messageView,
	normalizeId,
	ok,
	pageParams,
	paginate,
	queryBoolean,
} from './prelude';

export type GroupChatSetting = 'allMessages' | 'slashedMessages' | 'mentionedMessages' | 'none';
const GROUP_CHAT_SETTINGS: readonly GroupChatSetting[] = ['allMessages', 'slashedMessages', 'mentionedMessages', 'none'];

export interface BotCallback {
	webhookURL: string;
	/** Default 'none', as CometChat's. */
	groupChatSetting?: GroupChatSetting;
	/** Whether callbacks carry the pair; unset (tests seeding): when both are set. */
	useBasicAuth?: boolean;
	username?: string;
	password?: string;
	/** Default true here (CometChat's default is false: a test that adds a callback wants relays). */
	enabled?: boolean;
	/** Default: the emulator's app. */
	appId?: string;
	region?: string;
	isAIBot?: boolean;
	createdAt?: number;
	updatedAt?: number;
}

export interface Relay {
	bot: string;
	messageId: string;
	/** The callback's answer; 0 when it could not be reached. */
	status: number;
	body: unknown;
}

class BotStore {
	/** UIDs of the app's bots (CometChat makes bots from users). */
	readonly uids = new Set<string>();
	/** bot uid (lower-case) → its callback. */
	readonly callbacks = new Map<string, BotCallback>();
	readonly relays: Relay[] = [];
	readonly pending = new Set<Promise<void>>();

	clear(): void {
		this.uids.clear();
		this.callbacks.clear();
		this.relays.length = 0;
	}
}

export const botStore = (state: EmulatorState) => state.store('botCallbacks', () => new BotStore());

export function setBotCallback(state: EmulatorState, uid: string, callback: BotCallback): void {
	botStore(state).callbacks.set(normalizeId(uid), callback);
}

export const botErrors = {
	notFound: (uid: string) => cometError(404, 'ERR_BOT_NOT_FOUND', `The bot with uid ${uid} does not exist.`),
	alreadyExists: (uid: string) => cometError(400, 'ERR_BOT_ALREADY_EXISTS', `The bot with uid ${uid} already exists.`),
};

function receives(state: EmulatorState, bot: string, callback: BotCallback, message: MessageRecord): boolean {
	if (callback.enabled === false || message.category === 'action' || message.sender === bot) return false;
	if (message.receiverType === 'user') return message.receiver === bot;
	if (!state.getGroup(message.receiver)?.members.has(bot)) return false;
	const text = typeof message.data.text === 'string' ? message.data.text : '';
	const mentioned = typeof message.data.mentions === 'object' && message.data.mentions !== null && bot in message.data.mentions;
	switch (callback.groupChatSetting ?? 'none') {
		case 'allMessages':
			return true;
		case 'mentionedMessages':
			return mentioned;
		case 'slashedMessages':
			return text.startsWith('/');
		default:
			return false;
	}
}

/** Relays a message just stored to every bot that receives it. */
export function relayToBots(state: EmulatorState, message: MessageRecord): void {
	const store = botStore(state);
	for (const [bot, callback] of store.callbacks) {
		if (!receives(state, bot, callback, message)) continue;
		const body = {
			trigger: 'after_message',
			data: messageView(state, message),
			appId: callback.appId ?? state.appId,
			origin: { platform: 'rest', language: 'json', resource: 'rest-api' },
			chatAPIVersion: '3.0',
			region: callback.region ?? 'us',
			bot,
		};
		const auth = callback.useBasicAuth !== false && callback.username && callback.password ? { username: callback.username, password: callback.password } : undefined;
		const relay: Promise<void> = deliver(callback.webhookURL, body, { auth })
			.then(
				(answer) => void store.relays.push({ bot, messageId: message.id, status: answer.status, body: answer.body }),
				(error: Error) => void store.relays.push({ bot, messageId: message.id, status: 0, body: error.message }),
			)
			.finally(() => store.pending.delete(relay));
		store.pending.add(relay);
	}
}

/** Waits until every relay sent so far was answered; returns all relays since the last reset, in answer order. */
export async function settledRelays(state: EmulatorState): Promise<Relay[]> {
	const store = botStore(state);
	while (store.pending.size > 0) await Promise.all([...store.pending]);
	return [...store.relays];
}

// ---- REST: POST /bots, GET /bots, GET|PUT|DELETE /bots/{uid} ---------------------------------------

/** The BOT object: sparse, password included (as CometChat answers it). */
function botView(uid: string, bot: BotCallback): Record<string, unknown> {
	return compact({
		uid,
		webhookURL: bot.webhookURL,
		groupChatSetting: bot.groupChatSetting ?? 'none',
		enabled: bot.enabled === true || undefined,
		useBasicAuth: bot.useBasicAuth === true || undefined,
		username: bot.username || undefined,
		password: bot.password || undefined,
		isAIBot: bot.isAIBot === true || undefined,
		createdAt: bot.createdAt,
		updatedAt: bot.updatedAt,
	});
}

function requireBot(ctx: RouteContext): [string, BotCallback] {
	const uid = normalizeId(ctx.params.uid);
	const bot = botStore(ctx.state).callbacks.get(uid);
	if (!bot) throw botErrors.notFound(uid);
	return [uid, bot];
}

/** The fields Create and Update share, checked (B.1, B.4): URL ≤ 255, username and password ≤ 50. */
function botFields(body: Record<string, unknown>, v: Validator, creating: boolean) {
	const webhookURL = creating ? v.requiredString(body, 'webhookURL', 255) : v.optionalString(body, 'webhookURL', 255);
	if (webhookURL !== undefined && !/^https?:\/\/[^\s/?#]+/i.test(webhookURL)) v.add('webhookURL', 'The webhookURL format is invalid.');
	const groupChatSetting = v.optionalString(body, 'groupChatSetting');
	if (groupChatSetting !== undefined && !GROUP_CHAT_SETTINGS.includes(groupChatSetting as GroupChatSetting)) v.add('groupChatSetting', 'The selected groupChatSetting is invalid.');
	return {
		webhookURL,
		groupChatSetting: groupChatSetting as GroupChatSetting | undefined,
		useBasicAuth: v.optionalBoolean(body, 'useBasicAuth'),
		username: v.optionalString(body, 'username', 50),
		password: v.optionalString(body, 'password', 50),
		enabled: v.optionalBoolean(body, 'enabled'),
	};
}

function createBot(ctx: RouteContext): RouteResult {
	const body = bodyObject(ctx);
	const v = new Validator();
	const id = v.requiredString(body, 'uid', 50);
	const fields = botFields(body, v, true);
	v.check();
	const uid = normalizeId(id as string);
	if (!ctx.state.getUser(uid)) throw errors.uidNotFound(uid);
	const store = botStore(ctx.state);
	if (store.callbacks.has(uid)) throw botErrors.alreadyExists(uid);
	// Username and password are kept only with useBasicAuth on (B.1).
	const auth = fields.useBasicAuth === true ? { username: fields.username, password: fields.password } : {};
	const bot: BotCallback = {
		webhookURL: fields.webhookURL as string,
		groupChatSetting: fields.groupChatSetting ?? 'none',
		useBasicAuth: fields.useBasicAuth === true,
		...auth,
		enabled: fields.enabled === true,
		createdAt: ctx.state.now(),
	};
	store.uids.add(uid);
	store.callbacks.set(uid, bot);
	return ok(botView(uid, bot));
}

function listBots(ctx: RouteContext): RouteResult {
	const v = new Validator();
	const paging = pageParams(ctx, v);
	const aiBots = queryBoolean(ctx, v, 'isAIBot');
	v.check();
	const prefix = (ctx.query.searchKey ?? '').toLowerCase();
	// Ordered by UID; searchKey is a prefix of the UID; isAIBot chooses one kind or the other (B.2).
	const bots = [...botStore(ctx.state).callbacks.entries()]
		.filter(([uid, bot]) => uid.startsWith(prefix) && (bot.isAIBot === true) === aiBots)
		.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
	const { pageItems, pagination } = paginate(bots, paging);
	return ok(pageItems.map(([uid, bot]) => botView(uid, bot)), { pagination });
}

function updateBot(ctx: RouteContext): RouteResult {
	const [uid, bot] = requireBot(ctx);
	const v = new Validator();
	const fields = botFields(bodyObject(ctx), v, false);
	v.check();
	// Stored as sent, whatever useBasicAuth says (B.4).
	for (const [key, value] of Object.entries(fields)) if (value !== undefined) (bot as unknown as Record<string, unknown>)[key] = value;
	bot.updatedAt = ctx.state.now();
	return ok(botView(uid, bot));
}

function deleteBot(ctx: RouteContext): RouteResult {
	const [uid] = requireBot(ctx);
	const store = botStore(ctx.state);
	store.callbacks.delete(uid);
	store.uids.delete(uid);
	return ok({ success: true, message: `Bot ${uid} has been deleted successfully.` });
}

export const botRoutes: Route[] = [
	{ method: 'POST', path: '/bots', handler: createBot },
	{ method: 'GET', path: '/bots', handler: listBots },
	{ method: 'GET', path: '/bots/:uid', handler: (ctx) => ok(botView(...requireBot(ctx))) },
	{ method: 'PUT', path: '/bots/:uid', handler: updateBot },
	{ method: 'DELETE', path: '/bots/:uid', handler: deleteBot },
];
