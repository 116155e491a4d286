import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';
import type { Identity } from './dedupe';
import { isObject } from '../shared/validate';

/** One delivery as CometChat sends it: `{trigger, data, appId, region, webhook}` (+ `type` for calls). */
export interface Envelope extends IDataObject {
	trigger: string;
	data: IDataObject;
}

/**
 * The events in a request body. CometChat documents one event per POST; a JSON array of events
 * is accepted as well (INFERRED: no source shows one, but a batch must never be dropped or
 * become a single item). Every event needs its `trigger` and its `data` object: anything else is
 * not a CometChat event and starts nothing. Returns undefined when the body is not one.
 */
export function envelopesOf(body: unknown): Envelope[] | undefined {
	const candidates = Array.isArray(body) ? body : [body];
	const envelopes = candidates.filter(
		(entry): entry is Envelope => isObject(entry) && typeof entry.trigger === 'string' && entry.trigger !== '' && isObject(entry.data),
	);
	if (envelopes.length === 0 || envelopes.length !== candidates.length) return undefined;
	return envelopes;
}

/**
 * CometChat's idempotency key per event, as paths into the delivery (after `webhook` and `trigger`):
 * - `message_sent`: "Webhooks → Events" (https://www.cometchat.com/docs/webhooks/webhooks-events,
 *   "Idempotency Details");
 * - ringing calls: "Ringing Events" (cometchat/docs calls/webhooks-ringing.mdx);
 * - call sessions (meetings) and recordings: "Call Session Events" (calls/webhooks-call-session.mdx).
 * Every other event has no key in the stored material and falls back to the data hash below (guessing
 * one, e.g. the message ID for message_edited, would drop a second edit of the same message).
 */
const RINGING = ['data.call.id', 'data.call.sentAt'];
export const IDEMPOTENCY_KEYS: Readonly<Record<string, readonly string[]>> = {
	message_sent: ['data.message.id'],
	call_initiated: RINGING,
	call_busy: RINGING,
	call_cancelled: RINGING,
	call_rejected: RINGING,
	call_unanswered: RINGING,
	call_started: ['data.sessionId', 'data.created_at'],
	call_participant_joined: ['data.sessionId', 'data.occupant.joined_at'],
	call_participant_left: ['data.sessionId', 'data.occupant.left_at'],
	call_ended: ['data.sessionId', 'data.destroyed_at'],
	meeting_started: ['data.sessionId', 'data.created_at'],
	meeting_participant_joined: ['data.sessionId', 'data.occupant.joined_at'],
	meeting_participant_left: ['data.sessionId', 'data.occupant.left_at'],
	meeting_ended: ['data.sessionId', 'data.destroyed_at'],
	recording_generated: ['data.sessionId', 'data.startTime'],
};

function valueAt(envelope: Envelope, path: string): unknown {
	let value: unknown = envelope;
	for (const part of path.split('.')) value = isObject(value) ? value[part] : undefined;
	return value;
}

/**
 * What makes two deliveries the same event. With a documented idempotency key: the app, `webhook`,
 * `trigger` and the key's fields (the app, so two apps posting to one URL never collide); a retry
 * carries the same values. Without one: a hash of the whole `data`, key order ignored (INFERRED: a
 * retry resends the same body), which counts as a duplicate only within the retry window (see
 * dedupe.ts), because a real repeat (blocked, unblocked, blocked again) can carry the very same data.
 */
export function eventIdentity(envelope: Envelope): Identity {
	const app = String(envelope.appId ?? '');
	const webhook = String(envelope.webhook ?? '');
	const paths = IDEMPOTENCY_KEYS[envelope.trigger] ?? [];
	const values = paths.map((path) => valueAt(envelope, path));
	const scalar = (value: unknown) => (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));
	// Every field of the key must be there; a missing `webhook` counts as empty.
	if (values.length > 0 && values.every(scalar)) {
		return { dedupeKey: [app, webhook, envelope.trigger, ...values.map(String)].map(encodeURIComponent).join(':'), windowed: false };
	}
	const hash = createHash('sha256').update(canonicalJson(envelope.data)).digest('hex').slice(0, 32);
	const keyOf = (trigger: string) => [app, webhook, trigger, `data-${hash}`].map(encodeURIComponent).join(':');
	const opposite = OPPOSITES[envelope.trigger];
	// The opposite event with the same data came before: a copy of it is now a real repeat (blocked,
	// unblocked, blocked again within the window), no longer taken for a retry.
	return { dedupeKey: keyOf(envelope.trigger), windowed: true, ...(opposite ? { supersedes: [keyOf(opposite)] } : {}) };
}

/**
 * Events whose opposite carries the same data (reference §9.4: users and by for blocks; the reaction
 * object for reactions; group, members and by for bans, INFERRED to match when the group is unchanged).
 */
const OPPOSITES: Readonly<Record<string, string>> = {
	user_blocked: 'user_unblocked',
	user_unblocked: 'user_blocked',
	message_reaction_added: 'message_reaction_removed',
	message_reaction_removed: 'message_reaction_added',
	group_member_banned: 'group_member_unbanned',
	group_member_unbanned: 'group_member_banned',
};

/**
 * JSON with object keys sorted, made with a stack of its own rather than by recursion: data nested
 * thousands of levels deep (a sender's metadata) must not overflow the call stack before the answer.
 */
function canonicalJson(root: unknown): string {
	const out: string[] = [];
	// Last in, first out: a value still to write, or text already made.
	const work: Array<{ value: unknown } | string> = [{ value: root }];
	while (work.length > 0) {
		const next = work.pop() as { value: unknown } | string;
		if (typeof next === 'string') {
			out.push(next);
			continue;
		}
		const { value } = next;
		if (Array.isArray(value)) {
			work.push(']');
			for (let n = value.length - 1; n >= 0; n -= 1) {
				work.push({ value: value[n] });
				if (n > 0) work.push(',');
			}
			work.push('[');
		} else if (isObject(value)) {
			const keys = Object.keys(value).sort();
			work.push('}');
			for (let n = keys.length - 1; n >= 0; n -= 1) {
				work.push({ value: value[keys[n]] });
				work.push(`${n > 0 ? ',' : ''}${JSON.stringify(keys[n])}:`);
			}
			work.push('{');
		} else {
			out.push(JSON.stringify(value) ?? 'null');
		}
	}
	return out.join('');
}

/**
 * How deep an event's data may nest before the rest is cut (INFERRED: CometChat's own objects nest
 * about 10 levels; a sender can nest a message's metadata at will). n8n itself copies and saves an
 * execution's data recursively (deepCopy overflowed Node 20's stack at about 3,700 levels, JSON.stringify
 * at 4,200, from an empty stack): past that the execution could not run or be saved, the event would be
 * lost. So deeper values are replaced before the workflow starts, leaving a wide margin.
 */
export const MAX_NESTING = 256;
export const NESTING_CUT = `[cut: nested deeper than ${MAX_NESTING} levels]`;

/**
 * Replaces, in place, every array or object nested deeper than MAX_NESTING levels below `root` by
 * NESTING_CUT. Walked with a stack of its own (no recursion). Returns whether anything was cut.
 */
export function cutDeepNesting(root: IDataObject): boolean {
	let cut = false;
	const seen = new Set<object>();
	const work: Array<[IDataObject | unknown[], number]> = [[root, 1]];
	while (work.length > 0) {
		const [value, depth] = work.pop() as [IDataObject | unknown[], number];
		if (seen.has(value)) continue;
		seen.add(value);
		const container = value as Record<string, unknown>;
		for (const key of Object.keys(container)) {
			const entry = container[key];
			if (entry === null || typeof entry !== 'object') continue;
			if (depth >= MAX_NESTING) {
				container[key] = NESTING_CUT;
				cut = true;
			} else work.push([entry as IDataObject | unknown[], depth + 1]);
		}
	}
	return cut;
}

/**
 * The output items for one event: `{trigger, appId, region, webhook, (type), data}` plus the
 * fields most workflows need at the top level (message, sender, receiver, group, member, user,
 * reaction, sessionId, ...), where the event has them. Member events naming several members
 * (and block events naming several users) become one item per member or user when `split`.
 */
export function itemsOf(envelope: Envelope, split: boolean): IDataObject[] {
	const base: IDataObject = {
		trigger: envelope.trigger,
		appId: envelope.appId,
		region: envelope.region,
		webhook: envelope.webhook,
	};
	if (envelope.type !== undefined) base.type = envelope.type;
	// Cut here, after the event's identity was taken from the data as sent (a retry is then the same).
	if (cutDeepNesting(envelope.data)) base.nestingCut = true;

	const { data } = envelope;
	const extra = convenience(data);

	for (const [listKey, singular] of [
		['members', 'member'],
		['users', 'user'],
	] as const) {
		const list = data[listKey];
		if (!isObject(list) || data.message !== undefined) continue;
		const entries = Object.entries(list).map(([id, entry]) => [id, isObject(entry) ? entry : { uid: id }] as const);
		if (split && entries.length > 0) {
			return entries.map(([id, entry]) =>
				withoutUndefined({ ...base, data: { ...data, [listKey]: { [id]: entry } }, ...extra, [singular]: entry }),
			);
		}
		return [withoutUndefined({ ...base, data, ...extra, [listKey]: entries.map(([, entry]) => entry) })];
	}
	return [withoutUndefined({ ...base, data, ...extra })];
}

function withoutUndefined(item: IDataObject): IDataObject {
	for (const key of Object.keys(item)) if (item[key] === undefined) delete item[key];
	return item;
}

/** Top-level shortcuts into `data`; nothing here that `data` does not hold. */
function convenience(data: IDataObject): IDataObject {
	const out: IDataObject = {};
	// The message the event is about: messages, mentions, moderation, the call message of
	// call_initiated, and the message summary of moderation_engine_failed.
	const message = [data.message, data.call, data.resource].find(isObject);
	if (message) {
		out.message = message;
		const entities = isObject(message.data) && isObject(message.data.entities) ? message.data.entities : {};
		const senderEntity = isObject(entities.sender) && isObject(entities.sender.entity) ? entities.sender.entity : undefined;
		const receiverEntity =
			isObject(entities.receiver) && isObject(entities.receiver.entity) ? entities.receiver.entity : undefined;
		const receiverType = typeof message.receiverType === 'string' ? message.receiverType : undefined;
		if (senderEntity) out.sender = senderEntity;
		else if (typeof message.sender === 'string') out.sender = { uid: message.sender };
		if (receiverType) out.receiverType = receiverType;
		const receiver = receiverEntity ?? idEntity(message.receiver, receiverType);
		if (receiver) out.receiver = receiver;
		if (receiverType === 'group' && receiver) out.group = receiver;
	}
	// Receipts: `sender` is who delivered/read it, `messageSender` who sent the message.
	if (data.type === 'receipts' && isObject(data.body)) {
		const receiptType = typeof data.receiverType === 'string' ? data.receiverType : undefined;
		out.sender = isObject(data.body.user) ? data.body.user : idEntity(data.sender, 'user');
		out.receiverType = receiptType;
		out.receiver = idEntity(data.receiver, receiptType);
		if (receiptType === 'group') out.group = out.receiver;
		out.messageId = data.body.messageId;
	}
	if (isObject(data.reaction)) {
		out.reaction = data.reaction;
		out.messageId = data.reaction.messageId;
		if (isObject(data.reaction.reactedBy)) out.sender = data.reaction.reactedBy;
	}
	if (isObject(data.group)) out.group = data.group;
	if (isObject(data.by)) out.by = data.by;
	if (isObject(data.user)) out.user = data.user;
	if (data.sessionId !== undefined) out.sessionId = data.sessionId;
	// Campaign, feed and push events name the receiving user by UID.
	if (!message && out.receiver === undefined && typeof data.receiver === 'string') out.receiver = { uid: data.receiver };
	return out;
}

function idEntity(id: unknown, type: string | undefined): IDataObject | undefined {
	if (typeof id !== 'string' || id === '') return undefined;
	return type === 'group' ? { guid: id } : { uid: id };
}

/** Media URLs of a message: its attachments, else the top-level `data.url` media messages carry. */
export function attachmentsOf(message: unknown): Array<{ url: string; name?: string; mimeType?: string }> {
	if (!isObject(message) || !isObject(message.data)) return [];
	const found: Array<{ url: string; name?: string; mimeType?: string }> = [];
	const attachments = Array.isArray(message.data.attachments) ? message.data.attachments : [];
	for (const attachment of attachments) {
		if (isObject(attachment) && typeof attachment.url === 'string' && attachment.url !== '') {
			found.push({
				url: attachment.url,
				name: typeof attachment.name === 'string' ? attachment.name : undefined,
				mimeType: typeof attachment.mimeType === 'string' ? attachment.mimeType : undefined,
			});
		}
	}
	if (found.length === 0 && typeof message.data.url === 'string' && message.data.url !== '') {
		found.push({ url: message.data.url });
	}
	// The first of each URL, in one pass: a message may list tens of thousands (issue #25).
	const urls = new Set<string>();
	return found.filter((entry) => !urls.has(entry.url) && Boolean(urls.add(entry.url)));
}
