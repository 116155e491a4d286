import { NodeOperationError, type ICredentialDataDecryptedObject, type IDataObject, type IHookFunctions, type IHttpRequestMethods } from 'n8n-workflow';
import { cometChatApiRequest } from '../shared/chat/transport';
import { basicAuthSecret, redactError } from '../shared/errors/redaction';
import { CHAT_CREDENTIAL } from '../shared/chat/baseUrl';
import { generatePair, sealSecret } from '../shared/webhooks/auth';
import { isObject, sameId } from '../shared/validate';
import { botSettings } from './bot';
import { BOT_ORIGINAL_KEY, botOriginalPassword, botSeal, forgetPair, keptPair, registrationPair } from './registration';

// Bot Conversations, registered by the trigger (registration "botAutomatic"): activation points the bot's
// callback at the trigger's URL with a Basic Auth pair the trigger makes (PUT /bots/{uid}), keeping what the
// bot had before in the node's static data (its password sealed: registration.ts botOriginalPassword), as
// automatic registration keeps its pair (stored as n8n stores static data); deactivation puts that back. Bot facts: cometchat-ai-agents-and-bots.md B.3, B.4 (answers are
// sparse: useBasicAuth and enabled are left out when false; username and password are stored as sent).

/** What the trigger changes on the bot and puts back: its callback, Basic Auth and on/off switch. */
const CHANGED = ['webhookURL', 'useBasicAuth', 'username', 'password', 'enabled'] as const;

// A bot's password has at most 50 characters (B.1): 24 random bytes, 48 hex digits.
const botPair = () => generatePair(24);
/** Whether a bot's Basic Auth pair is one botPair makes: the bot is registered by a CometChat Trigger. */
const isTriggerPair = (bot: IDataObject) =>
	bot.useBasicAuth === true && /^n8n[0-9a-f]{16}$/.test(String(bot.username ?? '')) && /^[0-9a-f]{48}$/.test(String(bot.password ?? ''));

/** Whether the bot's callback carries this trigger's own Basic Auth pair (whatever URL it points at). */
function carriesOurPair(ctx: IHookFunctions, bot: IDataObject): boolean {
	const kept = keptPair(ctx);
	return kept !== undefined && bot.useBasicAuth === true && bot.username === kept.username && bot.password === kept.password;
}

/**
 * A bot's original as saved in static data: its password (the owner endpoint's secret) sealed, never in
 * clear text.
 */
function sealedOriginal({ password, ...rest }: IDataObject, credentials: ICredentialDataDecryptedObject, uid: string): IDataObject {
	return { ...rest, ...(typeof password === 'string' ? { sealedPassword: sealSecret(password, ...botSeal(credentials, uid)) } : {}) };
}

/** One /bots/{uid} call; `undefined` for a GET of a bot CometChat does not have (ERR_BOT_NOT_FOUND). */
async function botCall(ctx: IHookFunctions, method: IHttpRequestMethods, uid: string, secrets: string[], body?: IDataObject): Promise<IDataObject | undefined> {
	try {
		const answer = await cometChatApiRequest.call(ctx, method, `/bots/${encodeURIComponent(uid)}`, {}, body ? { body } : {});
		return isObject(answer.data) ? answer.data : {};
	} catch (error) {
		if (method === 'GET' && String((error as Error)?.message ?? '').startsWith('ERR_BOT_NOT_FOUND')) return undefined;
		// CometChat answers bots with their passwords: none reaches an error or a log.
		throw redactError(error, secrets);
	}
}

interface Target {
	uid: string;
	url: string;
	staticData: IDataObject;
	/** What the bot had before, when it was saved for this bot (its password sealed). */
	original?: IDataObject;
	/** The original's password, opened; undefined when it had none or the seal cannot be opened. */
	originalPassword?: string;
	credentials: ICredentialDataDecryptedObject;
	secrets: string[];
}

async function target(ctx: IHookFunctions): Promise<Target> {
	const { settings, problem } = botSettings(ctx);
	if (!settings) throw new NodeOperationError(ctx.getNode(), String(problem));
	const url = ctx.getNodeWebhookUrl('default') ?? '';
	if (url.length > 255) {
		throw new NodeOperationError(ctx.getNode(), `CometChat accepts bot callback URLs of up to 255 characters; this trigger's URL has ${url.length}. Use a shorter WEBHOOK_URL for n8n.`);
	}
	const staticData = ctx.getWorkflowStaticData('node');
	const saved = staticData[BOT_ORIGINAL_KEY];
	const original = isObject(saved) && sameId(saved.uid, settings.botUid) ? saved : undefined;
	const pair = keptPair(ctx);
	const credentials = await ctx.getCredentials(CHAT_CREDENTIAL);
	const originalPassword = botOriginalPassword(original, credentials);
	const secrets = [originalPassword, pair?.password, pair && basicAuthSecret(pair.username, pair.password)].filter((s): s is string => typeof s === 'string');
	return { uid: settings.botUid, url, staticData, original, originalPassword, credentials, secrets };
}

/** create (activation): the bot's callback set to this trigger, with the trigger's own pair, enabled. */
export async function pointBotHere(ctx: IHookFunctions): Promise<boolean> {
	const { uid, url, staticData, original, credentials, secrets } = await target(ctx);
	const bot = await botCall(ctx, 'GET', uid, secrets);
	if (!bot) {
		throw new NodeOperationError(
			ctx.getNode(),
			`CometChat has no bot "${uid}" in this app (ERR_BOT_NOT_FOUND). Create it first (CometChat node → Bot → Create, or the dashboard's AI Agents → Custom Bots), then activate the workflow again.`,
		);
	}
	const ourPair = carriesOurPair(ctx, bot);
	// Pointing elsewhere: what is there now is the original. Already pointing here (activated twice, n8n
	// restarted, or a deactivation could not put the original back), or at an earlier URL of this trigger
	// with its own pair (n8n's URL changed, as a tunnel's does at each restart): the original is the one
	// saved then, never this trigger's own URL and pair.
	const ours = bot.webhookURL === url || ourPair;
	if (!ours && isTriggerPair(bot)) {
		// Another registration: a bot has one callback, so taking it over would stop it, and whichever of the
		// two were deactivated first, the bot's real original (kept by the other) is lost.
		const webhookId = ctx.getNode().webhookId;
		const thisNode = webhookId !== undefined && String(bot.webhookURL ?? '').includes(`/${webhookId}/`);
		throw new NodeOperationError(
			ctx.getNode(),
			thisNode
				? `Bot "${uid}" is registered by this trigger's production URL (the workflow is active), and a bot has one callback. Deactivate the workflow to listen for a test event, then activate it again.`
				: `Bot "${uid}" is registered by another CometChat Trigger (its callback carries that trigger's Basic Auth pair), and a bot has one callback. Deactivate that trigger's workflow first (which puts the bot back), or point the bot elsewhere in CometChat, then activate this workflow again.`,
		);
	}
	// Kept in clear text by an earlier version: sealed now.
	if (ours && typeof original?.password === 'string') staticData[BOT_ORIGINAL_KEY] = sealedOriginal(original, credentials, uid);
	if (!ours) {
		const fields = Object.fromEntries(CHANGED.filter((key) => bot[key] !== undefined).map((key) => [key, bot[key]])) as IDataObject;
		staticData[BOT_ORIGINAL_KEY] = sealedOriginal({ uid, ...fields }, credentials, uid);
	}
	const current = bot.webhookURL === url && ourPair;
	if (current && bot.enabled === true) return true;
	const pair = registrationPair(ctx, current, botPair);
	const body = { webhookURL: url, useBasicAuth: true, username: pair.username, password: pair.password, enabled: true };
	await botCall(ctx, 'PUT', uid, [...secrets, pair.password, basicAuthSecret(pair.username, pair.password)], body);
	return true;
}

/** delete (deactivation): the bot's callback, Basic Auth and on/off put back as they were. */
export async function restoreBot(ctx: IHookFunctions): Promise<boolean> {
	const { uid, url, staticData, original, originalPassword, secrets } = await target(ctx);
	// A bot deleted meanwhile has nothing to put back.
	const bot = await botCall(ctx, 'GET', uid, secrets);
	// Only while the bot still points here, or at an earlier URL of this trigger with its own pair (n8n's URL
	// changed since activation, as at activation above): someone who pointed it elsewhere meanwhile meant it,
	// and putting the original back would undo their change. With no original saved (static data lost) the
	// bot is switched off rather than left relaying to a URL nobody listens at.
	if (bot !== undefined && (bot.webhookURL === url || carriesOurPair(ctx, bot))) {
		const body: IDataObject = original
			? {
					// Sparse answers (B.0): a missing useBasicAuth or enabled was false. A pair the bot did not have
					// cannot be removed (CometChat keeps what was sent, B.4); with Basic Auth off it is never sent.
					...Object.fromEntries(CHANGED.filter((key) => key !== 'password' && original[key] !== undefined).map((key) => [key, original[key]])),
					...(originalPassword !== undefined ? { password: originalPassword } : {}),
					useBasicAuth: original.useBasicAuth === true,
					enabled: original.enabled === true,
				}
			: { enabled: false };
		if (original && originalPassword === undefined && original.sealedPassword !== undefined) {
			// Sealed under a REST API Key the credential no longer holds: the rest is put back; the password cannot be.
			ctx.logger.warn(`CometChat Trigger: the password bot "${uid}" had before cannot be put back (the credential's REST API Key changed since activation); set it again in CometChat.`);
		}
		await botCall(ctx, 'PUT', uid, secrets, body);
	}
	delete staticData[BOT_ORIGINAL_KEY];
	forgetPair(ctx);
	return true;
}
