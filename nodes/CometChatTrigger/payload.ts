import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

/** One delivery as CometChat sends it: `{trigger, data, appId, region, webhook}` (+ `type` for calls). */
export interface Envelope extends IDataObject {
	trigger: string;
	data: IDataObject;
}

export function isObject(value: unknown): value is IDataObject {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The events in a request body. CometChat documents one event per POST; a JSON array of events
 * is accepted as well (INFERRED: no source shows one, but a batch must never be dropped or
 * become a single item). Returns undefined when the body holds no CometChat event at all.
 */
export function envelopesOf(body: unknown): Envelope[] | undefined {
	const candidates = Array.isArray(body) ? body : [body];
	const envelopes = candidates.filter(
		(entry): entry is Envelope => isObject(entry) && typeof entry.trigger === 'string' && entry.trigger !== '',
	);
	if (envelopes.length === 0 || envelopes.length !== candidates.length) return undefined;
	return envelopes.map((envelope) => ({ ...envelope, data: isObject(envelope.data) ? envelope.data : {} }));
}

/**
 * What makes two deliveries the same event. CometChat's retries (after 10 s and 30 s) resend the
 * event, and its guide says to deduplicate "by unique event IDs from payloads", but the envelope
 * has no event ID. So: the trigger plus the server-assigned ID of the message (or call) the event
 * is about, which a retry cannot change; for events without one, the whole `data`, key order
 * ignored (INFERRED: a retry carries the same body). The webhook ID is left out, so the same event
 * reaching this URL through two dashboard webhooks also counts once.
 */
export function eventIdentity(envelope: Envelope): string {
	const { data } = envelope;
	const subject = [data.message, data.call, data.resource].find(isObject);
	const subjectId = subject && (typeof subject.id === 'string' || typeof subject.id === 'number') ? String(subject.id) : undefined;
	const key = subjectId !== undefined ? `id:${subjectId}` : `data:${canonicalJson(data)}`;
	return createHash('sha256')
		.update(`${String(envelope.appId ?? '')}\n${envelope.trigger}\n${key}`)
		.digest('hex')
		.slice(0, 32);
}

function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
	if (isObject(value)) {
		return `{${Object.keys(value)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
			.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
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
	return found.filter((entry, index) => found.findIndex((other) => other.url === entry.url) === index);
}
