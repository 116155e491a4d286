import { createHash } from 'crypto';
import {
	NodeOperationError,
	type DeclarativeRestApiSettings,
	type IDataObject,
	type IExecutePaginationFunctions,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type IN8nHttpFullResponse,
	type INodeExecutionData,
} from 'n8n-workflow';
import { withinConcurrency } from './concurrency';
import { throwOnApiError } from './errors/conversion';
import { retrying, withRetries, type LostAnswerVerdict } from './retry';
import { CHAT_CREDENTIAL } from './chat/baseUrl';
import { runOf } from './tries';
import { sameId } from './validate';

// Exactly-once writes whose answer can be lost: sends (Send, Send as Bot, Reply in Thread) and, at the
// end of this file, User → Create. Every message carries a MUID: the user's, or
// one derived from the execution, node, run and item, so it is the same when the node retries and when
// n8n's Retry On Fail runs the node again (WorkflowExecute calls runNode again with the same execution
// data and run index: n8n-core 2.41 workflow-execute.js, the retry loop of processRunExecutionData).
// CometChat's documentation does not say that it refuses a repeated MUID, so a repeat is never relied
// on: when an answer is lost, or before sending a MUID this node run may already have sent, the node
// reads the conversation's latest messages (a documented read) and returns the message if it is there,
// sends only when it is not, and fails the item with "outcome unknown" when the read cannot tell.

/** Messages a lookup reads at most, in one request: the most CometChat's lists return [SPEC limit max 1000]. */
const LOOKUP_LIMIT = 1000;
/**
 * The lookup reads messages from this long before the first try: the n8n host's clock and CometChat's
 * may differ (INFERRED margin; a wider one only reads more messages).
 */
const CLOCK_MARGIN_SECONDS = 300;
const APP_SENDER = 'app_system';

/** A send of one item's MUID in this node run: when it started, whether it may have reached CometChat, when it ends. */
interface Attempt {
	since: number;
	mayBeStored: boolean;
	settled: Promise<void>;
}

/**
 * The sends of a node run, by item and MUID, keyed by the run's execute data: the object n8n hands to
 * every item's context of a run and again to a Retry On Fail re-run of it (which is how a re-run is
 * recognised), and lets go of with the execution.
 */
const tried = new WeakMap<object, Map<string, Attempt>>();

/**
 * The MUID of a message without one of the user's: `n8n-` and a hash of workflow, execution, node name,
 * run index and item index. Stable across the node's retries and Retry On Fail, new for every item,
 * run and execution.
 */
export function derivedMuid(context: IExecuteSingleFunctions): string {
	const { runIndex } = runOf(context);
	const key = [context.getWorkflow().id ?? '', context.getExecutionId() ?? '', context.getNode().name, String(runIndex), String(context.getItemIndex())];
	return `n8n-${createHash('sha256').update(key.join('\u0000')).digest('hex').slice(0, 24)}`;
}

interface Receiver {
	type: 'user' | 'group';
	id: string;
	/** The key of multipleReceivers and of the answer ("uids", "guids") when the message has several receivers. */
	list?: 'uids' | 'guids';
}

interface Target {
	muid: string;
	sender: string;
	receivers: Receiver[];
	/** The thread's parent message, for a reply. */
	parentId?: string;
}

/** Who sends what to whom, read from the request preSend built (message/fields.ts's buildMessage). */
function targetOf(options: IHttpRequestOptions): Target {
	const url = String(options.url ?? '').replace(/^=/, '');
	const body = (options.body ?? {}) as IDataObject;
	const data = (body.data ?? {}) as IDataObject;
	const metadata = (data.metadata ?? {}) as IDataObject;
	const bot = /^\/bots\/([^/]+)\/messages$/.exec(url)?.[1];
	const onBehalfOf = (options.headers as IDataObject | undefined)?.onBehalfOf;
	const sender = bot !== undefined ? decodeURIComponent(bot) : typeof onBehalfOf === 'string' && onBehalfOf !== '' ? onBehalfOf : APP_SENDER;
	const several = body.multipleReceivers as { uids?: string[]; guids?: string[] } | undefined;
	const receivers: Receiver[] = several
		? [
				...(several.uids ?? []).map((id): Receiver => ({ type: 'user', id, list: 'uids' })),
				...(several.guids ?? []).map((id): Receiver => ({ type: 'group', id, list: 'guids' })),
			]
		: [{ type: body.receiverType === 'group' ? 'group' : 'user', id: String(body.receiver ?? '') }];
	return {
		muid: String(body.muid ?? metadata.muid ?? ''),
		sender,
		receivers,
		parentId: /^\/messages\/([^/]+)\/thread$/.exec(url)?.[1],
	};
}

const receiverKey = (receiver: Receiver) => `${receiver.type}\u0000${receiver.id.toLowerCase()}`;

/**
 * `operations.pagination` of the send operations: the send, with the retry policy, made exactly once
 * as far as CometChat's documented reads can show.
 */
export async function sendOnce(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const options = { ...requestData.options, url: requestData.options.url ?? '' } as IHttpRequestOptions;
	const target = targetOf(options);
	// Not a message this helper knows (no MUID): sent as any other request, never repeated.
	if (!target.muid) return await withRetries(this, options, async () => await this.makeRoutingRequest(requestData));
	// Recorded before anything else: n8n may start a Retry On Fail re-run while this run's sends are still
	// under way (an item failing as its request is built), and the re-run must wait for them.
	const { key: run } = runOf(this);
	const attempts = (run && tried.get(run)) || new Map<string, Attempt>();
	if (run) tried.set(run, attempts);
	const key = `${this.getItemIndex()}\u0000${target.muid}`;
	const earlier = attempts.get(key);
	let settle = (): void => undefined;
	const attempt: Attempt = {
		since: earlier?.since ?? Math.floor(Date.now() / 1000),
		mayBeStored: false,
		settled: new Promise<void>((resolve) => (settle = resolve)),
	};
	attempts.set(key, attempt);
	try {
		if (earlier) {
			await earlier.settled;
			attempt.mayBeStored = earlier.mayBeStored;
		}
		return await withinConcurrency(this, async () => {
			const found = new Map<string, IDataObject>();
			const missing = () => target.receivers.filter((receiver) => !found.has(receiverKey(receiver)));
			const answer = async (response: IN8nHttpFullResponse) => await received(this, requestData, withFound(response, target, found));

			if (attempt.mayBeStored) {
				// An earlier run of this node (n8n's Retry On Fail) may have sent this message: look first.
				const verdict = await lookUp(this, options, target, attempt.since, found);
				if ('unknown' in verdict) throw beforeResend(this, options, verdict.unknown);
				if (!missing().length) return await answer(stored());
			}
			const send = async (): Promise<INodeExecutionData[]> => {
				attempt.mayBeStored = true;
				const request = { ...options, body: bodyFor(options.body as IDataObject, missing()), returnFullResponse: true, ignoreHttpStatusErrors: true };
				const response = (await this.helpers.httpRequestWithAuthentication.call(this, CHAT_CREDENTIAL, request)) as IN8nHttpFullResponse;
				// CometChat refused the message outright (4xx): it was not stored, a re-run need not look it up.
				const { statusCode } = response;
				if (statusCode >= 400 && statusCode < 500 && statusCode !== 429 && found.size === 0) attempt.mayBeStored = false;
				return await answer(response);
			};
			return await retrying(this, options, send, {
				afterLostAnswer: async (): Promise<LostAnswerVerdict<INodeExecutionData[]>> => {
					const verdict = await lookUp(this, options, target, attempt.since, found);
					if ('unknown' in verdict) return verdict;
					if (!missing().length) return { found: await answer(stored()) };
					return { absent: true };
				},
			});
		});
	} finally {
		settle();
	}
}

/** The answer CometChat would have given, for messages found by a lookup (filled in by withFound). */
const stored = (): IN8nHttpFullResponse => ({ statusCode: 200, headers: {}, body: { data: {} } });

/** The body for the receivers still without the message (all of them unless a lookup found some). */
function bodyFor(body: IDataObject, receivers: Receiver[]): IDataObject {
	const several = body.multipleReceivers as IDataObject | undefined;
	if (!several) return body;
	const uids = receivers.filter((r) => r.list === 'uids').map((r) => r.id);
	const guids = receivers.filter((r) => r.list === 'guids').map((r) => r.id);
	return { ...body, multipleReceivers: { ...(uids.length ? { uids } : {}), ...(guids.length ? { guids } : {}) } };
}

/** The response with the messages a lookup found put where CometChat's answer would have had them. */
function withFound(response: IN8nHttpFullResponse, target: Target, found: Map<string, IDataObject>): IN8nHttpFullResponse {
	if (!found.size || response.statusCode >= 400) return response;
	const body = (response.body ?? {}) as IDataObject;
	const [first] = target.receivers;
	if (!first.list) return { ...response, body: { ...body, data: found.get(receiverKey(first)) } };
	const data = { ...((body.data ?? {}) as IDataObject) };
	for (const receiver of target.receivers) {
		const message = found.get(receiverKey(receiver));
		if (message && receiver.list) data[receiver.list] = { ...((data[receiver.list] ?? {}) as IDataObject), [receiver.id]: message };
	}
	return { ...response, body: { ...body, data } };
}

/** The operation's postReceive chain (CometChat's errors first, then the output), as RoutingNode runs it. */
async function received(
	context: IExecuteSingleFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	let items: INodeExecutionData[] = [{ json: response.body as IDataObject }];
	for (const { actions } of requestData.postReceive) {
		for (const action of actions) {
			if (typeof action !== 'function') throw new Error('The send operations take postReceive functions only');
			items = await action.call(context, items, response);
		}
	}
	return items;
}

/**
 * Looks the message up in each receiver's conversation still without it: the messages since shortly
 * before the first try, read as CometChat documents it — a user conversation as the sender sees it
 * (GET /users/{uid}/messages with onBehalfOf), a group's messages by sender (GET /groups/{guid}/messages);
 * replies in threads are part of both (the lists' `hideReplies` is off by default [SPEC]). Adds what it
 * finds to `found`; cannot decide when a read fails or the conversation had more messages since than
 * one read returns.
 */
async function lookUp(
	context: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	target: Target,
	since: number,
	found: Map<string, IDataObject>,
): Promise<{ done: true } | { unknown: string }> {
	for (const receiver of target.receivers) {
		if (found.has(receiverKey(receiver))) continue;
		const appSends = target.sender === APP_SENDER;
		const qs: IDataObject = { fromTimestamp: Math.max(0, since - CLOCK_MARGIN_SECONDS), limit: LOOKUP_LIMIT };
		const headers: IDataObject = { ...options.headers };
		delete headers.onBehalfOf;
		// INFERRED: without onBehalfOf, `sender` narrows a user's or group's messages to that sender; with
		// it, the user list is the conversation of the two [SPEC descriptions].
		if (receiver.type === 'user' && !appSends) headers.onBehalfOf = target.sender;
		else qs.sender = target.sender;
		const request: IHttpRequestOptions = {
			baseURL: options.baseURL,
			url: `/${receiver.type === 'user' ? 'users' : 'groups'}/${encodeURIComponent(receiver.id)}/messages`,
			method: 'GET',
			qs,
			headers,
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
		};
		let messages: IDataObject[];
		try {
			const data = await read(context, request);
			messages = Array.isArray(data) ? (data as IDataObject[]) : [];
		} catch (error) {
			return { unknown: `reading ${request.url} failed (${(error as Error).message})` };
		}
		const match = messages.find(
			(message) =>
				(message.muid === target.muid || ((message.data as IDataObject | undefined)?.metadata as IDataObject | undefined)?.muid === target.muid) &&
				sameId(message.sender, target.sender) &&
				sameId(message.receiver, receiver.id) &&
				(target.parentId === undefined || String(message.parentId) === target.parentId),
		);
		if (match) found.set(receiverKey(receiver), match);
		else if (messages.length >= LOOKUP_LIMIT) {
			return { unknown: `${request.url} has ${LOOKUP_LIMIT} or more messages since the first try, more than one read shows` };
		}
	}
	return { done: true };
}

/** A documented read, with the retry policy (the caller holds the request's place among the concurrent ones): its `data`. */
async function read(context: IExecuteSingleFunctions, request: IHttpRequestOptions): Promise<unknown> {
	return await retrying(context, request, async () => {
		const response = (await context.helpers.httpRequestWithAuthentication.call(context, CHAT_CREDENTIAL, request)) as IN8nHttpFullResponse;
		await throwOnApiError.call(context, [], response);
		return (response.body as IDataObject | undefined)?.data;
	});
}

/**
 * `operations.pagination` of User → Create. After a lost answer the node reads the user (GET
 * /users/{uid}): absent, it creates it again; created since shortly before the first try, with the name
 * sent, it returns it (INFERRED: GET answers the same user object as the create); anything else, or an
 * auth token asked for (only the lost answer had it), fails the item with "outcome unknown". A Retry On
 * Fail re-run reads the user first in the same way and returns the one its earlier try created.
 */
export async function createUserOnce(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const options = { ...requestData.options, url: requestData.options.url ?? '' } as IHttpRequestOptions;
	const body = (options.body ?? {}) as IDataObject;
	// Recorded per node run, like sends: a Retry On Fail re-run finds when its earlier try began.
	const run = this.getExecuteData?.() as object | undefined;
	const attempts = (run && creations.get(run)) || new Map<string, number>();
	if (run) creations.set(run, attempts);
	const key = `${this.getItemIndex()}\u0000${String(body.uid)}`;
	const earlier = attempts.get(key);
	const since = earlier ?? Math.floor(Date.now() / 1000);
	attempts.set(key, since);

	const lookUpUser = async (): Promise<LostAnswerVerdict<INodeExecutionData[]>> => {
		const url = `/users/${encodeURIComponent(String(body.uid))}`;
		let user: IDataObject;
		try {
			user = ((await read(this, { baseURL: options.baseURL, url, method: 'GET', headers: { ...options.headers }, json: true, returnFullResponse: true, ignoreHttpStatusErrors: true })) ?? {}) as IDataObject;
		} catch (error) {
			if (/^ERR_UID_NOT_FOUND\b/.test((error as Error).message)) return { absent: true };
			return { unknown: `reading ${url} failed (${(error as Error).message})` };
		}
		if (Number(user.createdAt) >= since - CLOCK_MARGIN_SECONDS && user.name === body.name) {
			return { found: await received(this, requestData, { statusCode: 200, headers: {}, body: { data: user } }) };
		}
		return { unknown: `a user ${String(body.uid)} exists, but not one made by this try (created ${String(user.createdAt)}, named ${JSON.stringify(user.name)})` };
	};

	// An earlier run of this node (n8n's Retry On Fail) may have created the user: return it rather than
	// fail on ERR_UID_ALREADY_EXISTS. Anything else goes on to the create, whose answer (CometChat's own
	// error for someone else's user) stands. With an auth token asked for it does not look: the token was
	// only in the earlier run's output.
	if (earlier !== undefined && !body.withAuthToken) {
		const verdict = await withinConcurrency(this, lookUpUser);
		if ('found' in verdict) return verdict.found;
	}
	return await withRetries(this, options, async () => await this.makeRoutingRequest(requestData), {
		afterLostAnswer: async (): Promise<LostAnswerVerdict<INodeExecutionData[]>> => {
			if (body.withAuthToken) return { unknown: 'the user may have been created, but its auth token was only in the lost answer' };
			return await lookUpUser();
		},
	});
}

/** User → Create's tries of a node run, by item and UID: when the first began (see `tried`). */
const creations = new WeakMap<object, Map<string, number>>();

/** A re-run that cannot tell whether its earlier try was stored does not send again. */
function beforeResend(context: IExecuteSingleFunctions, options: IHttpRequestOptions, why: string): Error {
	const itemIndex = context.getItemIndex();
	return new NodeOperationError(
		context.getNode(),
		`This message may already have been sent by an earlier try of this node (n8n's Retry On Fail), and CometChat could not confirm it: ${why}; it was not sent again [item ${itemIndex}]`,
		{
			itemIndex,
			description: `Check in CometChat before running this item again (${String(options.method)} ${String(options.url ?? '').replace(/^=/, '')}).`,
		},
	);
}
