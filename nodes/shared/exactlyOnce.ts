import { createHash } from 'crypto';
import {
	NodeOperationError,
	sleep,
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
import { carries, cometChatTime, readAnswer, received, type ReadAnswer } from './earlierTries';
import { cursorOf } from './pagination';
import { retrying, settleSecondsOf, settleStep, withRetries, type LostAnswerVerdict } from './retry';
import { CHAT_CREDENTIAL } from './chat/baseUrl';
import { BoundedMemory, parentExecutionOf } from './subExecutions';
import { muidIn, withMuid } from './messageId';
import { runOf } from './tries';
import { isPlainObject, sameId } from './validate';

// Exactly-once writes whose answer can be lost: sends (Send, Send as Bot, Reply in Thread); User → Create is
// in userCreateOnce.ts. Every message carries a MUID: the user's, or one derived from the
// execution, node, run and item, the same for n8n's retries of the node run (tries.ts: runOf).
// CometChat's documentation does not say that it refuses a repeated MUID, so a repeat is never relied on.
// The rule: a message is sent again only when it is proven not to have been stored and not to be still on
// its way. A 429, a refused connection and a 4xx refusal prove it; a lost answer (5xx, a connection broken
// mid-request, a timeout) never does, since CometChat may still store it. So after a lost answer, and
// before a retry of n8n re-sends what an earlier try may have stored, the node reads the conversation's
// messages (a documented read) again and again over a settle time: found, it returns the stored message;
// still absent at the end, the item fails with "outcome unknown" naming the MUID, never a second write.

/** Messages a lookup asks for a page: the most CometChat's lists return [SPEC limit max 1000]. */
const LOOKUP_LIMIT = 1000;
/** Pages a lookup reads at most for one receiver (100,000 messages since the try), then it cannot tell. */
const LOOKUP_PAGES = 100;
/**
 * The first read of a lookup takes messages from this long before the first try, by the n8n host's
 * clock (INFERRED margin); the Date header of CometChat's answer then tells where the try began by
 * CometChat's clock, and the read starts again from there when that is earlier.
 */
const CLOCK_MARGIN_SECONDS = 300;
const APP_SENDER = 'app_system';

/** A send of one item's MUID in this node run and n8n's retries of it. */
interface Attempt {
	/** When the first try began, by the n8n host's clock (ms). */
	startedMs: number;
	/** Where a lookup starts reading (unix s, CometChat's clock), once a Date header told it. */
	from?: number;
	/**
	 * When the first try began by CometChat's clock (unix s, less the Date margin), once a Date header told
	 * it: a message sent before then is not this try's, whatever window the read covered.
	 */
	since?: number;
	/** Whether a request of it may have stored the message (anything but a proven refusal). */
	mayBeStored: boolean;
	/** When the first answer was lost (ms): the settle time runs from there. */
	lostAt?: number;
	/** Whether the send ended "outcome unknown": a lookup could neither find it nor prove it absent. */
	unknown?: boolean;
	settled: Promise<void>;
}

/** The sends of a node run, by item and MUID, keyed by runOf's key (let go of with it). */
const tried = new WeakMap<object, Map<string, Attempt>>();

/** The items of a node run by MUID: the first item that sends it, what it sends and its result. */
const byMuid = new WeakMap<object, Map<string, { itemIndex: number; content: string; result: Promise<INodeExecutionData[]> }>>();

/**
 * Sends made in a sub-execution that ended "outcome unknown", so that n8n's next try of the tool (a new
 * sub-execution of the same parent execution, with a new execution id, so a new derived MUID) uses the
 * first try's MUID and looks it up instead of sending it again. Keyed by parent execution, workflow, node,
 * item and the send's content (subExecutionKey); let go of when a later try confirms or refuses it.
 * Kept in this process: n8n runs a sub-workflow in the process that runs its parent, in queue mode too
 * (n8n 2.41 workflow-execute-additional-data.js executeWorkflow: `new WorkflowExecute(…)
 * .processRunExecutionData(workflow)` in the caller's process, the worker that runs the parent).
 * n8n's tries of a tool come within minutes (at most 5 tries, at most 5 s apart, each at most Max Wait
 * and the settle time), so an hour is ample; 10,000 entries of a few hundred bytes bound it to a few MB.
 */
const unknownSends = new BoundedMemory<{ muid: string; startedMs: number; from?: number; lostAt?: number }>(10_000, 60 * 60 * 1000);

/**
 * A send's identity across the sub-executions of one parent execution: parent, workflow, node (its name and
 * its ID: a sub-workflow given as JSON ("Define Below") runs under its parent's workflow ID, so two such
 * sub-workflows differ by their nodes' IDs only), the node's run (the first try's: runOf; a loop's later
 * runs are sends of their own), item and what is sent (method, endpoint, sender, the body without a derived
 * MUID, since each sub-execution derives a new one; the user's own MUID is part of it).
 */
function subExecutionKey(context: IExecuteSingleFunctions, parent: string, options: IHttpRequestOptions, target: Target): string {
	const derived = target.muid === derivedMuid(context);
	const body = derived ? withMuid(options.body as IDataObject, '') : options.body;
	const node = context.getNode();
	return canonical([parent, context.getWorkflow().id ?? '', node.name, node.id ?? '', runOf(context).runIndex, context.getItemIndex(), options.method, options.url, target.sender, body]);
}

/**
 * The MUID of a message without one of the user's: `n8n-` and a hash of workflow, execution, node name,
 * run index (the first try's: runOf) and item index. Stable across the node's retries and n8n's,
 * new for every item, run and execution.
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
	/** What is sent, as a stored message would show it. */
	category: string;
	type: string;
	data: IDataObject;
}

/** Who sends what to whom, read from the request preSend built (message/fields.ts's buildMessage). */
function targetOf(options: IHttpRequestOptions): Target {
	const url = String(options.url ?? '').replace(/^=/, '');
	const body = (options.body ?? {}) as IDataObject;
	const data = (body.data ?? {}) as IDataObject;
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
		muid: String(muidIn(body) ?? ''),
		sender,
		receivers,
		parentId: /^\/messages\/([^/]+)\/thread$/.exec(url)?.[1],
		category: String(body.category ?? 'message'),
		type: String(body.type ?? 'text'),
		data,
	};
}

const receiverKey = (receiver: Receiver) => `${receiver.type}\u0000${receiver.id.toLowerCase()}`;

/** A value as text with object keys in order: the same content gives the same text. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (isPlainObject(value)) {
		const entries = Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical((value as IDataObject)[key])}`);
		return `{${entries.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'undefined';
}

/**
 * `operations.pagination` of the send operations: the send, with the retry policy, made exactly once
 * as far as CometChat's documented reads can show.
 */
export async function sendOnce(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const options = { ...requestData.options, url: requestData.options.url ?? '' } as IHttpRequestOptions;
	let target = targetOf(options);
	// Not a message this helper knows (no MUID): sent as any other request, never repeated.
	if (!target.muid) return await withRetries(this, options, async () => await this.makeRoutingRequest(requestData));
	const { key: run } = runOf(this);
	if (!run) return await sendItem(this, requestData, options, target, undefined);
	const parent = parentExecutionOf(this);
	let subExecution: SubExecutionSend | undefined;
	if (parent !== undefined) {
		subExecution = { key: subExecutionKey(this, parent, options, target) };
		const earlier = unknownSends.get(subExecution.key);
		if (earlier) {
			// An earlier sub-execution of this parent made this send and ended "outcome unknown": this is n8n's
			// retry of the tool, and the earlier MUID is looked up before anything is sent.
			options.body = withMuid(options.body as IDataObject, earlier.muid);
			target = targetOf(options);
			subExecution.earlier = { startedMs: earlier.startedMs, from: earlier.from, lostAt: earlier.lostAt, mayBeStored: true, settled: Promise.resolve() };
		}
	}
	// One MUID, one message: a second item of the run with the same MUID and the same request gets the
	// first item's message; with other content it is refused before anything is sent (CometChat would
	// store both, and a lookup could not tell them apart).
	const muids = byMuid.get(run) ?? new Map();
	byMuid.set(run, muids);
	const itemIndex = this.getItemIndex();
	const content = canonical([options.method, options.url, target.sender, options.body]);
	const first = muids.get(target.muid);
	if (first && first.itemIndex !== itemIndex) {
		if (first.content !== content) {
			throw new NodeOperationError(this.getNode(), `Message UID "${target.muid}" is also item ${first.itemIndex}'s, with other content [item ${itemIndex}]`, {
				itemIndex,
				description: 'A Message UID names one message: give each message its own, or leave it empty for one made per item.',
			});
		}
		let items: INodeExecutionData[];
		try {
			items = await first.result;
		} catch (error) {
			throw new NodeOperationError(this.getNode(), `Message UID "${target.muid}" is also item ${first.itemIndex}'s, which failed: ${(error as Error).message} [item ${itemIndex}]`, { itemIndex });
		}
		return items.map((item) => ({ ...item, pairedItem: undefined }));
	}
	const result = sendItem(this, requestData, options, target, run, subExecution);
	muids.set(target.muid, { itemIndex, content, result });
	return await result;
}

/** A send in a sub-execution: its key in unknownSends, and the earlier sub-execution's try found there. */
interface SubExecutionSend {
	key: string;
	earlier?: Attempt;
}

/** One item's message, sent once: its earlier tries (n8n's retries) looked up first. */
async function sendItem(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	options: IHttpRequestOptions,
	target: Target,
	run: object | undefined,
	subExecution?: SubExecutionSend,
): Promise<INodeExecutionData[]> {
	// Recorded before anything else: n8n may start a Retry On Fail re-run while this run's sends are still
	// under way (an item failing as its request is built), and the re-run must wait for them.
	const attempts = (run && tried.get(run)) || new Map<string, Attempt>();
	if (run) tried.set(run, attempts);
	const key = `${context.getItemIndex()}\u0000${target.muid}`;
	const earlier = attempts.get(key) ?? subExecution?.earlier;
	let settle = (): void => undefined;
	const attempt: Attempt = {
		startedMs: earlier?.startedMs ?? Date.now(),
		mayBeStored: false,
		settled: new Promise<void>((resolve) => (settle = resolve)),
	};
	attempts.set(key, attempt);
	try {
		return await sendAttempt(context, requestData, options, target, attempt, earlier);
	} finally {
		// Remembered only when the outcome is unknown: once sent, found or refused, a later identical call
		// is a deliberate one, its own message.
		if (subExecution && attempt.unknown) unknownSends.set(subExecution.key, { muid: target.muid, startedMs: attempt.startedMs, from: attempt.from, lostAt: attempt.lostAt });
		else if (subExecution) unknownSends.delete(subExecution.key);
		settle();
	}
}

/** A try of one item's message: when an earlier try may have stored it, it is looked up, never sent again. */
async function sendAttempt(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	options: IHttpRequestOptions,
	target: Target,
	attempt: Attempt,
	earlier: Attempt | undefined,
): Promise<INodeExecutionData[]> {
	if (earlier) {
		await earlier.settled;
		Object.assign(attempt, { mayBeStored: earlier.mayBeStored, lostAt: earlier.lostAt, from: earlier.from });
	}
	return await withinConcurrency(context, async () => {
		const found = new Map<string, IDataObject>();
		const missing = () => target.receivers.filter((receiver) => !found.has(receiverKey(receiver)));
		const answer = async (response: IN8nHttpFullResponse) => await received(context, requestData, withFound(response, target, found));

		if (attempt.mayBeStored) {
			// An earlier try (n8n's retry of the node) may have stored this message: look, never send it again.
			const verdict = await settleLookUp(context, options, target, attempt, found);
			if ('unknown' in verdict) {
				attempt.unknown = true;
				throw beforeResend(context, options, target, verdict.unknown);
			}
			return await answer(stored());
		}
		let lost = false;
		const send = async (): Promise<INodeExecutionData[]> => {
			attempt.mayBeStored = true;
			const request = { ...options, body: bodyFor(options.body as IDataObject, missing()), returnFullResponse: true, ignoreHttpStatusErrors: true };
			const response = (await context.helpers.httpRequestWithAuthentication.call(context, CHAT_CREDENTIAL, request)) as IN8nHttpFullResponse;
			// CometChat refused the message (4xx, 429 too): not stored; unless an earlier answer was lost, a re-run need not look it up.
			const { statusCode } = response;
			if (statusCode >= 400 && statusCode < 500 && !lost && found.size === 0) attempt.mayBeStored = false;
			return await answer(response);
		};
		return await retrying(context, options, send, {
			afterLostAnswer: async (): Promise<LostAnswerVerdict<INodeExecutionData[]>> => {
				lost = true;
				attempt.lostAt ??= Date.now();
				const verdict = await settleLookUp(context, options, target, attempt, found);
				if (!('unknown' in verdict)) return { found: await answer(stored()) };
				attempt.unknown = true;
				return verdict;
			},
		});
	});
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

/**
 * Looks the message up again and again until every receiver has it or the settle time (Lost Answer
 * Settle Time, at most Max Wait) since the answer was lost has passed, at growing intervals (retry.ts SETTLE_STEPS).
 * Done when all are found; else why it cannot tell, naming the MUID.
 */
async function settleLookUp(
	context: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	target: Target,
	attempt: Attempt,
	found: Map<string, IDataObject>,
): Promise<{ done: true } | { unknown: string }> {
	const settleSeconds = settleSecondsOf(context);
	const deadline = (attempt.lostAt ?? Date.now()) + settleSeconds * 1000;
	const others = new Map<string, string>();
	for (let step = 0; ; step++) {
		const verdict = await lookUp(context, options, target, attempt, found, others);
		if ('unknown' in verdict) return verdict;
		const missing = target.receivers.filter((receiver) => !found.has(receiverKey(receiver)));
		if (!missing.length) return verdict;
		const left = deadline - Date.now();
		if (left <= 0) {
			const names = missing.map((receiver) => {
				const other = others.get(receiverKey(receiver));
				const where = `${receiver.type} ${receiver.id}`;
				return other ? `${where} (message ${other} has this MUID, with other content)` : where;
			});
			return { unknown: `no message with Message UID "${target.muid}" and this content reached ${names.join(', ')} within ${settleSeconds} s after the answer was lost` };
		}
		await sleep(settleStep(step, left));
	}
}

/**
 * Whether a stored message is the one sent: the same category and type, and the sent `data` a deep
 * subset of the stored `data`. CometChat adds to `data` (entities, mentions, extension results under
 * metadata["@injected"], moderation; reference §5.1), so only what was sent is compared. An extension
 * that rewrote the sent text itself (none recorded: the profanity filter and data masking put their
 * result under "@injected") would make the stored message "other content": the item then fails naming
 * it, rather than return a message it cannot prove is its own or send a second one.
 */
function sameContent(message: IDataObject, target: Target): boolean {
	return message.category === target.category && message.type === target.type && carries(message.data, target.data);
}

/**
 * Looks the message up in each receiver's conversation still without it: the messages since shortly
 * before the first try, read as CometChat documents it — a user conversation as the sender sees it
 * (GET /users/{uid}/messages with onBehalfOf), a group's messages by sender (GET /groups/{guid}/messages);
 * replies in threads are part of both (the lists' `hideReplies` is off by default [SPEC]). Follows the
 * list's `meta.next` until the window is read: a page is the last when it is empty or shorter than the
 * size CometChat says it used (`meta.current.limit`; a CometChat that caps pages answers fewer than
 * asked). Adds what it finds to `found`, and a message with the MUID but other content to `others`;
 * cannot decide when a read fails.
 */
async function lookUp(
	context: IExecuteSingleFunctions,
	options: IHttpRequestOptions,
	target: Target,
	attempt: Attempt,
	found: Map<string, IDataObject>,
	others: Map<string, string>,
): Promise<{ done: true } | { unknown: string }> {
	for (const receiver of target.receivers) {
		if (found.has(receiverKey(receiver))) continue;
		const appSends = target.sender === APP_SENDER;
		const qs: IDataObject = { limit: LOOKUP_LIMIT };
		const headers: IDataObject = { ...options.headers };
		delete headers.onBehalfOf;
		// INFERRED: without onBehalfOf, `sender` narrows a user's or group's messages to that sender; with
		// it, the user list is the conversation of the two [SPEC descriptions].
		if (receiver.type === 'user' && !appSends) headers.onBehalfOf = target.sender;
		else qs.sender = target.sender;
		const url = `/${receiver.type === 'user' ? 'users' : 'groups'}/${encodeURIComponent(receiver.id)}/messages`;
		let from = attempt.from ?? Math.max(0, Math.floor(attempt.startedMs / 1000) - CLOCK_MARGIN_SECONDS);
		let cursor: IDataObject = {};
		let restarted = false;
		const seen = new Set<string>();
		for (let pages = 1; ; pages++) {
			const request: IHttpRequestOptions = {
				baseURL: options.baseURL,
				allowedDomains: options.allowedDomains, // the credential's restriction (router.ts), on the look-ups too
				url,
				method: 'GET',
				qs: { ...qs, fromTimestamp: from, ...cursor },
				headers,
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
			};
			let answer: ReadAnswer;
			try {
				answer = await readAnswer(context, CHAT_CREDENTIAL, throwOnApiError, request);
			} catch (error) {
				return { unknown: `reading ${url} failed (${(error as Error).message})` };
			}
			// Where the first try began by CometChat's clock: its Date now, less the time passed here since.
			const tryStart = cometChatTime(answer, attempt.startedMs);
			if (tryStart !== undefined) {
				const start = Math.floor(tryStart);
				attempt.since ??= start;
				if (start < from && !restarted) {
					// CometChat's clock is behind this host's: the window began later than the try; read it again from the try.
					attempt.from = from = Math.max(0, start);
					restarted = true;
					cursor = {};
					seen.clear();
					continue;
				}
				attempt.from ??= from;
			}
			const messages = (Array.isArray(answer.data) ? answer.data : []) as IDataObject[];
			const ours = messages.filter(
				(message) =>
					(message.muid === target.muid || ((message.data as IDataObject | undefined)?.metadata as IDataObject | undefined)?.muid === target.muid) &&
					sameId(message.sender, target.sender) &&
					sameId(message.receiver, receiver.id) &&
					(target.parentId === undefined || String(message.parentId) === target.parentId) &&
					// Sent since the try began by CometChat's clock: the read's window may start minutes earlier (n8n's
					// clock less CLOCK_MARGIN_SECONDS), and an older message with the MUID is another send's.
					(attempt.since === undefined || Number(message.sentAt) >= attempt.since),
			);
			const match = ours.find((message) => sameContent(message, target));
			if (match) {
				found.set(receiverKey(receiver), match);
				break;
			}
			if (ours.length) others.set(receiverKey(receiver), String(ours[0].id));
			const meta = answer.meta;
			const next = cursorOf(meta?.next);
			const size = Number((meta?.current as IDataObject | undefined)?.limit);
			if (!messages.length || !next || (size > 0 && messages.length < size)) break;
			if (seen.has(JSON.stringify(next))) return { unknown: `${url} gave the same page twice` };
			if (pages >= LOOKUP_PAGES) return { unknown: `${url} has more than ${LOOKUP_PAGES} pages of messages since the first try` };
			seen.add(JSON.stringify(next));
			cursor = next;
		}
	}
	return { done: true };
}

/** A re-run that cannot tell whether its earlier try was stored does not send again. */
function beforeResend(context: IExecuteSingleFunctions, options: IHttpRequestOptions, target: Target, why: string): Error {
	const itemIndex = context.getItemIndex();
	return new NodeOperationError(
		context.getNode(),
		`This message (Message UID "${target.muid}") may already have been sent by an earlier try of this node (n8n's Retry On Fail), and CometChat could not confirm it: ${why}; it was not sent again [item ${itemIndex}]`,
		{
			itemIndex,
			description: `Check in CometChat before running this item again (${String(options.method)} ${String(options.url ?? '').replace(/^=/, '')}).`,
		},
	);
}
