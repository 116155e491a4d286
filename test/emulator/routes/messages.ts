/** Messages (reference §5.1, §7.9): send, and get one back. */
import { errors } from '../errors';
import {
	APP_SYSTEM_UID,
	type MessageRecord,
	type ReceiverType,
	groupConversationId,
	userConversationId,
} from '../state';
import {
	type Route,
	type RouteContext,
	type RouteResult,
	Validator,
	bodyObject,
	isPlainObject,
	messageView,
	ok,
	onBehalfOf,
	requireGroup,
	requireUser,
} from './shared';

const MESSAGE_TYPES = ['text', 'image', 'file', 'audio', 'video'];
// `interactive` is sendable per a public sample, not the spec (reference §5, INFERRED-supported).
const SENDABLE_CATEGORIES = ['message', 'custom', 'interactive'];

/**
 * Order of checks (INFERRED): receiver, receiverType, category, type, data, other fields, then the
 * onBehalfOf sender and the receiver's existence. All error texts of the message codes are INFERRED.
 */
function sendMessage(ctx: RouteContext): RouteResult {
	const body = bodyObject(ctx);

	const receiverRaw = body.receiver;
	if (receiverRaw === undefined || receiverRaw === null || receiverRaw === '') throw errors.emptyReceiver();
	if (typeof receiverRaw !== 'string') throw errors.badRequest({ receiver: ['The receiver must be a string.'] });
	const receiverType = body.receiverType;
	if (receiverType !== 'user' && receiverType !== 'group') throw errors.invalidReceiverType();

	const category = body.category === undefined || body.category === null ? 'message' : body.category;
	if (typeof category !== 'string' || !SENDABLE_CATEGORIES.includes(category)) {
		throw errors.invalidMessageCategory(String(category));
	}
	let type: unknown = body.type;
	if (type === undefined || type === null || type === '') {
		if (category !== 'message') throw errors.emptyMessageType();
		type = 'text';
	}
	if (typeof type !== 'string') throw errors.invalidMessageType(String(type), category);
	if (category === 'message' && !MESSAGE_TYPES.includes(type)) throw errors.invalidMessageType(type, category);

	const dataRaw = body.data ?? {};
	if (!isPlainObject(dataRaw)) throw errors.invalidMessageData();
	if (dataRaw.metadata !== undefined && dataRaw.metadata !== null && !isPlainObject(dataRaw.metadata)) {
		throw errors.invalidMetadata();
	}
	if (category === 'message' && type === 'text') {
		if (dataRaw.text === undefined || dataRaw.text === null || dataRaw.text === '') throw errors.emptyMessageText();
		if (typeof dataRaw.text !== 'string') throw errors.invalidMessageText();
		if (dataRaw.text.trim() === '') throw errors.emptyMessageText();
	}
	if (category === 'message' && type !== 'text') {
		const hasAttachments = Array.isArray(dataRaw.attachments) && dataRaw.attachments.length > 0;
		if (!hasAttachments && !(typeof dataRaw.url === 'string' && dataRaw.url !== '')) throw errors.emptyMessageFile();
	}
	if (category === 'custom' && !(isPlainObject(dataRaw.customData) && Object.keys(dataRaw.customData).length > 0)) {
		throw errors.emptyCustomData();
	}

	const v = new Validator();
	const muid = v.optionalString(body, 'muid');
	const tags = v.optionalStringArray(body, 'tags', 25, 100);
	v.check();

	// Sender: the onBehalfOf user (must exist), else the app itself, `app_system` [REC].
	const actor = onBehalfOf(ctx);
	const sender = actor !== undefined ? requireUser(ctx.state, actor).uid : APP_SYSTEM_UID;
	const receiver =
		receiverType === 'user'
			? requireUser(ctx.state, receiverRaw).uid
			: requireGroup(ctx.state, receiverRaw).guid;

	// A muid the same sender already used returns that message instead of sending again: INFERRED (not
	// documented for POST /messages; the import API refuses duplicate muids), so a repeated request
	// after a lost answer cannot send a message twice.
	const earlier = muid ? ctx.state.messages.find((m) => m.muid === muid && m.sender === sender) : undefined;
	if (earlier) return ok(messageView(ctx.state, earlier));

	// Keep `data` as sent, minus empty values and any client-sent `entities` (the server adds them).
	const data: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(dataRaw)) {
		if (key === 'entities' || value === undefined || value === null) continue;
		data[key] = value;
	}

	const now = ctx.state.now();
	const message: MessageRecord = {
		id: ctx.state.nextMessageId(),
		muid,
		conversationId:
			receiverType === 'user' ? userConversationId(sender, receiver) : groupConversationId(receiver),
		sender,
		receiverType: receiverType as ReceiverType,
		receiver,
		category,
		type,
		data,
		sentAt: now,
		updatedAt: now,
		tags,
	};
	ctx.state.messages.push(message);
	return ok(messageView(ctx.state, message));
}

function getMessage(ctx: RouteContext): RouteResult {
	const message = ctx.state.getMessage(ctx.params.id);
	if (!message) throw errors.messageNotFound(ctx.params.id);
	return ok(messageView(ctx.state, message));
}

export const messageRoutes: Route[] = [
	{ method: 'POST', path: '/messages', handler: sendMessage },
	{ method: 'GET', path: '/messages/:id', handler: getMessage },
];
