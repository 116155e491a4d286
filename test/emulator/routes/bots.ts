/**
 * Custom Bots' callbacks (reference §9.4a; cometchat-ai-agents-and-bots.md B.0, B.7): a bot is a user plus a
 * callback, and CometChat relays the messages the bot receives to it while the bot is enabled: a POST of
 * `{"trigger": "after_message", "data": <message>, "appId", "region", "origin", "chatAPIVersion": "3.0",
 * "bot": <bot uid>}`, with Basic Auth when the bot has it. One-to-one messages to the bot are relayed; group
 * messages by the bot's groupChatSetting.
 *
 * INFERRED (not documented): group messages reach only bots that are members of the group; a bot's own
 * messages are not relayed to it; action messages are not relayed; `mentionedMessages` = the bot is
 * mentioned, `slashedMessages` = the text starts with "/". Relays are sent after the message is stored and
 * answered, never retried; each one's answer is kept for tests.
 */
import { deliver } from '../webhooks';
import { type EmulatorState, type MessageRecord, messageView, normalizeId } from './prelude';

export type GroupChatSetting = 'allMessages' | 'slashedMessages' | 'mentionedMessages' | 'none';

export interface BotCallback {
	webhookURL: string;
	/** Default 'none', as CometChat's. */
	groupChatSetting?: GroupChatSetting;
	/** Sent as Basic Auth when both are set. */
	username?: string;
	password?: string;
	/** Default true here (CometChat's default is false: a test that adds a callback wants relays). */
	enabled?: boolean;
	appId: string;
	region?: string;
}

export interface Relay {
	bot: string;
	messageId: string;
	/** The callback's answer; 0 when it could not be reached. */
	status: number;
	body: unknown;
}

class BotCallbacks {
	/** bot uid (lower-case) → its callback. */
	readonly callbacks = new Map<string, BotCallback>();
	readonly relays: Relay[] = [];
	readonly pending = new Set<Promise<void>>();

	clear(): void {
		this.callbacks.clear();
		this.relays.length = 0;
	}
}

const botCallbacks = (state: EmulatorState) => state.store('botCallbacks', () => new BotCallbacks());

export function setBotCallback(state: EmulatorState, uid: string, callback: BotCallback): void {
	botCallbacks(state).callbacks.set(normalizeId(uid), callback);
}

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
	const store = botCallbacks(state);
	for (const [bot, callback] of store.callbacks) {
		if (!receives(state, bot, callback, message)) continue;
		const body = {
			trigger: 'after_message',
			data: messageView(state, message),
			appId: callback.appId,
			origin: { platform: 'rest', language: 'json', resource: 'rest-api' },
			chatAPIVersion: '3.0',
			region: callback.region ?? 'us',
			bot,
		};
		const auth = callback.username && callback.password ? { username: callback.username, password: callback.password } : undefined;
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
	const store = botCallbacks(state);
	while (store.pending.size > 0) await Promise.all([...store.pending]);
	return [...store.relays];
}
