import { createHash } from 'crypto';
import {
	NodeApiError,
	sleep,
	type DeclarativeRestApiSettings,
	type IExecutePaginationFunctions,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeExecutionData,
	type INodeProperties,
	type JsonObject,
} from 'n8n-workflow';
import { DEFAULT_CONCURRENCY, withinConcurrency } from './concurrency';
import { retryAfterOf } from './errors/conversion';
import { muidIn } from './messageId';
import { runOf } from './tries';

/**
 * What the node retries, and why:
 * - 429 (rate limit): always, waiting as long as CometChat says (Retry-After, else X-Rate-Limit-Reset),
 *   never sooner, and never less than a backoff floor that grows each time CometChat's wait is below it
 *   (0 s, a reset in the past), for as long as Max Wait allows: a throttled request was not carried out.
 * - A connection that could not be made (refused, DNS): always, with backoff: nothing reached CometChat.
 * - 5xx and connections broken mid-request (reset, timeout): only requests that leave the same state
 *   however often they are made — reads (GET), and PUT/DELETE that set state (an update, a removal),
 *   except a message's edit and delete (PUT/DELETE /messages/{id}): each of those makes a new action
 *   message [REC]. Anything else (creating, adding, sending) may already have happened, so it is not
 *   repeated blindly: the item fails saying the outcome is unknown. Sends are looked up by MUID over a
 *   settle time and never sent again (exactlyOnce.ts); user creations are looked up by UID (userCreateOnce.ts).
 * All within the node's "Max Wait" per request (time, not a count of tries); pages and batches retry
 * the page or batch that failed, never the ones already done.
 * n8n's Retry On Fail runs the whole node again, every item: writes are remembered per node run and
 * item (writeOnceInRun below), so a re-run returns the answer an item's write already got, and never
 * repeats blindly a write whose outcome is unknown.
 */
export const retrySettings: INodeProperties = {
	displayName: 'Rate Limits and Retries',
	name: 'retry',
	type: 'collection',
	placeholder: 'Add Setting',
	default: {},
	options: [
		{
			displayName: 'Max Concurrent Requests',
			name: 'concurrency',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_CONCURRENCY,
			description:
				'How many requests this node sends at the same time, over all its items. CometChat allows an app 10,000 user creations and deletions and 20,000 other requests a minute; more at once only earns 429s.',
		},
		{
			displayName: 'Max Wait (Seconds)',
			name: 'maxWait',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 300,
			description:
				'How long, in all, one request may wait and retry when CometChat rate-limits it (429) or cannot be reached. A throttled request is retried for as long as this allows, however many times. 0 turns retrying off.',
		},
		{
			displayName: 'Retry Server Errors',
			name: 'serverErrors',
			type: 'boolean',
			default: true,
			description:
				'Whether to repeat requests that are safe to repeat (reads, updates, deletes) after a 5xx answer or a broken connection. A message whose answer was lost is looked up by its MUID, never sent again.',
		},
		{
			displayName: 'Lost Answer Settle Time (Seconds)',
			name: 'settleTime',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 60,
			description:
				'How long the node keeps looking for a message whose answer was lost (a 5xx, a broken connection, a timeout) before it fails the item as "outcome unknown", naming its Message UID; and for an API key or app whose create got no answer before it creates it again. CometChat may store it after the answer is lost. At most Max Wait.',
		},
	],
};

/** Waits between the lookups after a lost answer (seconds), the last repeated until the settle time ends. */
export const SETTLE_STEPS = [1, 2, 4, 8, 15];

/** The settle time (Lost Answer Settle Time, at most Max Wait) in seconds. */
export function settleSecondsOf(context: IExecuteSingleFunctions): number {
	const settings = context.getNodeParameter('retry', {}) as { maxWait?: number; settleTime?: number };
	return Math.max(0, Math.min(Number(settings.settleTime ?? 60), Number(settings.maxWait ?? 300)));
}

/** The wait before lookup number `step + 1` after a lost answer, in ms, at most `left`. */
export const settleStep = (step: number, left: number): number => Math.min(left, (SETTLE_STEPS[step] ?? SETTLE_STEPS[SETTLE_STEPS.length - 1]) * 1000);

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
const BROKEN = new Set(['ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'ESOCKETTIMEDOUT', 'ERR_SOCKET_CONNECTION_TIMEOUT']);

/** Why a request failed, as far as retrying is concerned. */
type Failure =
	| { kind: 'throttled'; wait?: number }
	| { kind: 'unreachable'; code: string }
	| { kind: 'lost'; reason: string; status?: number }
	| { kind: 'final' };

/** What a caller does after an answer was lost: return what CometChat has, send again, or say it cannot tell. */
export type LostAnswerVerdict<T> = { found: T } | { absent: true } | { unknown: string };

export interface RetryOptions<T> {
	/**
	 * Called when the answer to a write that is not safe to repeat was lost (5xx, broken connection):
	 * looks up whether CometChat carried it out. Without it the item fails with "outcome unknown".
	 */
	afterLostAnswer?: (reason: string) => Promise<LostAnswerVerdict<T>>;
}

/**
 * Runs one request (`attempt`) with the retry policy above, within the node run's Max Concurrent
 * Requests (the request keeps its place while it waits to retry); `request` is what it sends.
 */
export async function withRetries<T>(
	context: IExecuteSingleFunctions,
	request: IHttpRequestOptions | DeclarativeRestApiSettings.HttpRequestOptions,
	attempt: () => Promise<T>,
	options: RetryOptions<T> = {},
): Promise<T> {
	return await withinConcurrency(context, async () => await retrying(context, request, attempt, options));
}

/** withRetries for a request made while the caller already holds its place among the concurrent requests. */
export async function retrying<T>(
	context: IExecuteSingleFunctions,
	request: IHttpRequestOptions | DeclarativeRestApiSettings.HttpRequestOptions,
	attempt: () => Promise<T>,
	{ afterLostAnswer }: RetryOptions<T> = {},
): Promise<T> {
	const settings = context.getNodeParameter('retry', {}) as { maxWait?: number; serverErrors?: boolean };
	const maxWait = settings.maxWait ?? 300;
	const serverErrors = settings.serverErrors ?? true;
	const history = { tries: 0, waited: 0 };
	for (let backoffs = 0; ; ) {
		history.tries++;
		let wait: number;
		try {
			return await attempt();
		} catch (caught) {
			const error = caught as Error;
			const failure = classify(error);
			if (failure.kind === 'final') throw error;
			const backoff = Math.min(30, 0.5 * 2 ** backoffs);
			if (failure.kind === 'lost') {
				if (safeToRepeat(request)) {
					if (!serverErrors) throw error;
				} else {
					if (!afterLostAnswer) throw outcomeUnknown(context, request, error, failure.reason);
					const verdict = await afterLostAnswer(failure.reason);
					if ('found' in verdict) return verdict.found;
					if ('unknown' in verdict) throw outcomeUnknown(context, request, error, failure.reason, verdict.unknown);
					// CometChat shows it does not have the write: sending it again cannot make a second one.
					if (!serverErrors) throw error;
				}
			}
			// A 429 waits as long as CometChat asks, but never less than the backoff: a Retry-After of 0 or an
			// X-Rate-Limit-Reset in the past would otherwise retry at once, without end. The floor grows only
			// when CometChat's wait is below it, so honest waits are kept as asked.
			const asked = failure.kind === 'throttled' ? failure.wait : undefined;
			if (asked !== undefined && asked >= backoff) wait = asked;
			else {
				wait = backoff;
				backoffs++;
			}
			if (maxWait <= 0 || history.waited + wait > maxWait) throw gaveUp(error, failure, history, wait, maxWait);
		}
		await sleep(wait * 1000);
		history.waited += wait;
	}
}

/** `operations.pagination` for every operation without a paginator of its own: one request, with retries, once in a node run. */
export const singleRequest = checkedRequest();

/**
 * `operations.pagination` of an operation whose write, when an earlier try of the node run could not
 * tell whether it happened, `check` can look up in CometChat (by a documented read); without `check`
 * such a write is not repeated at all. `noteWrite` runs before the write (creates note what they create).
 */
export function checkedRequest(check?: EarlierCheck<INodeExecutionData[]>, noteWrite?: (context: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions) => void) {
	return async function request(
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		noteWrite?.(this, requestData);
		const write = async () => await withRetries(this, requestData.options, async () => await this.makeRoutingRequest(requestData));
		return await writeOnceInRun(this, requestData.options, write, check && (async (since) => await check(this, requestData, since)));
	};
}

/**
 * Looks up whether a write an earlier try of this node run could not confirm was carried out.
 * `since`: when that try began, by the n8n host's clock (ms).
 */
export type EarlierCheck<T> = (
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	since: number,
) => Promise<LostAnswerVerdict<T>>;

/** One item's write in a node run, across n8n's Retry On Fail re-runs of it. */
interface Write {
	/** When the first try that may have carried it out began (the n8n host's clock, ms). */
	since: number;
	/** The answer it got, returned again to a re-run. */
	answer?: { value: unknown };
	/** Why its outcome is unknown: a re-run does not send it blindly. */
	unknown?: string;
	/** When its outcome became unknown (the n8n host's clock, ms): the settle time runs from there. */
	lostAt?: number;
	/** Resolves when this try ends: a re-run started while it is still under way waits for it. */
	settled: Promise<void>;
}

/** The writes of each node run and n8n's retries of it (tries.ts: runOf), by run index, item and request. */
const writes = new WeakMap<object, Map<string, Write>>();

/** The errors that say a write's outcome is unknown, with the reason. */
const unknownOutcomes = new WeakMap<object, string>();

/** The item and the exact request: a re-run that builds another request (an expression changed) makes another write. */
function writeKey(context: IExecuteSingleFunctions, request: IHttpRequestOptions | DeclarativeRestApiSettings.HttpRequestOptions): string {
	const { method = 'GET', url = '', qs, body } = request;
	const what = JSON.stringify([method.toUpperCase(), String(url).replace(/^=/, ''), qs ?? {}, body ?? null]);
	return `${context.getItemIndex()}\u0000${createHash('sha256').update(what).digest('hex')}`;
}

/**
 * Makes a write (anything but a read) once per node run and item, across n8n's Retry On Fail: a re-run
 * returns the answer the item's write already got (also for an update or a removal, which sent again
 * could answer otherwise, e.g. "not found" for a user already deleted). After an unknown outcome (only
 * writes not safe to repeat have one; see safeToRepeat) it sends the write again only when `check` shows
 * CometChat does not have it, returns what `check` found, or fails again with "outcome unknown". A
 * definite refusal (4xx) is not remembered: CometChat carried nothing out, and its answer to the write
 * sent again stands. `write` gets when the first try that may have carried the write out began (ms).
 */
export async function writeOnceInRun<T>(
	context: IExecuteSingleFunctions,
	request: IHttpRequestOptions | DeclarativeRestApiSettings.HttpRequestOptions,
	write: (since: number) => Promise<T>,
	check?: (since: number) => Promise<LostAnswerVerdict<T>>,
): Promise<T> {
	const run = runOf(context);
	const verb = (request.method ?? 'GET').toUpperCase();
	if (!run.key || verb === 'GET' || verb === 'HEAD') return await write(Date.now());
	const runWrites = writes.get(run.key) ?? new Map<string, Write>();
	writes.set(run.key, runWrites);
	const key = `${run.runIndex}\u0000${writeKey(context, request)}`;
	const earlier = runWrites.get(key);
	let settle = (): void => undefined;
	// Recorded before anything is awaited: a later re-run waits for this try.
	const current: Write = { since: Date.now(), settled: new Promise<void>((resolve) => (settle = resolve)) };
	runWrites.set(key, current);
	try {
		if (earlier) {
			await earlier.settled;
			if (earlier.answer) {
				current.answer = earlier.answer;
				return earlier.answer.value as T;
			}
			if (earlier.unknown !== undefined) {
				// Still unknown unless the check proves otherwise (also when the check itself throws).
				current.since = earlier.since;
				current.unknown = earlier.unknown;
				current.lostAt = earlier.lostAt;
				const verdict: LostAnswerVerdict<T> = check
					? await withinConcurrency(context, async () => await settledCheck(context, earlier.lostAt ?? Date.now(), async () => await check(earlier.since)))
					: { unknown: '' };
				if ('found' in verdict) {
					current.unknown = undefined;
					current.answer = { value: verdict.found };
					return verdict.found;
				}
				if ('unknown' in verdict) throw earlierUnknown(context, request, earlier.unknown, verdict.unknown);
				current.unknown = undefined;
			}
		}
		const value = await write(current.since);
		current.answer = { value };
		return value;
	} catch (error) {
		throw noted(current, error as Error);
	} finally {
		settle();
	}
}

/**
 * `check` after a lost answer, repeated at SETTLE_STEPS while it finds nothing until the settle time since
 * the loss has passed: CometChat may store a write after its answer was lost, and a write still on its way
 * is not proven absent. Found or undecidable, it stops at once.
 */
async function settledCheck<T>(context: IExecuteSingleFunctions, lostAt: number, check: () => Promise<LostAnswerVerdict<T>>): Promise<LostAnswerVerdict<T>> {
	const deadline = lostAt + settleSecondsOf(context) * 1000;
	for (let step = 0; ; step++) {
		const verdict = await check();
		const left = deadline - Date.now();
		if (!('absent' in verdict) || left <= 0) return verdict;
		await sleep(settleStep(step, left));
	}
}

function classify(error: Error): Failure {
	const status = Number((error as { httpCode?: string | null }).httpCode);
	const code = networkCode(error);
	if (status === 429) return { kind: 'throttled', wait: retryAfterOf(error) };
	if (code && NOT_SENT.has(code)) return { kind: 'unreachable', code };
	if (status >= 500) return { kind: 'lost', reason: `HTTP ${status}`, status };
	// In words: n8n replaces any message that contains a system code such as ECONNRESET with its own.
	if (code !== undefined && BROKEN.has(code)) return { kind: 'lost', reason: 'the connection broke before the answer came' };
	return { kind: 'final' };
}

/**
 * Whether a request leaves the same state however often it is made: GET and HEAD; PUT and DELETE,
 * which set or remove something — except a message's edit and delete, each of which adds an action
 * message ("edited", "deleted") to the conversation [REC], so a second one is a second action.
 */
function safeToRepeat({ method = 'GET', url = '' }: { method?: string; url?: string }): boolean {
	const verb = method.toUpperCase();
	if (verb === 'GET' || verb === 'HEAD') return true;
	if (verb !== 'PUT' && verb !== 'DELETE') return false;
	return !/^\/messages\/[^/?]+\/?(\?|$)/.test(url.replace(/^=/, ''));
}

/** The system error code (ECONNRESET...) of a failed connection; n8n keeps the original error in `errorResponse`. */
export function networkCode(error: Error): string | undefined {
	const pending: unknown[] = [error];
	for (let depth = 0; pending.length && depth < 8; depth++) {
		const current = pending.shift() as { code?: unknown; cause?: unknown; errorResponse?: unknown } | undefined;
		if (!current || typeof current !== 'object') continue;
		if (typeof current.code === 'string' && /^E[A-Z_]+$/.test(current.code)) return current.code;
		pending.push(current.errorResponse, current.cause);
	}
	// n8n 1.x takes the request error's `code` for the HTTP code when there was no answer (its status keys
	// include "code"). Messages are read only when there was no HTTP answer: an answer's could name anything.
	const status = (error as { httpCode?: unknown }).httpCode;
	if (typeof status === 'string' && /^E[A-Z_]+$/.test(status)) return status;
	return /^\d+$/.test(String(status ?? '')) ? undefined : codeFromMessage(error);
}

/**
 * n8n 1.x (n8n-workflow 1.120, as in n8n 1.123) keeps neither the request's error nor its code on the
 * NodeApiError it makes of it (a `cause` class field left undefined after `super`): only its message, which
 * it replaced with its text for the code (COMMON_ERRORS), the original kept in `messages`, and the code as
 * `httpCode` (above). The code is read back from those; without this a lost answer there was a final error,
 * never looked up.
 */
const N8N_NETWORK_TEXTS: Array<[string, string]> = [
	['ECONNRESET', 'The connection to the server was closed unexpectedly'],
	['ECONNREFUSED', 'The service refused the connection'],
	['ETIMEDOUT', 'The connection timed out'],
	['ECONNABORTED', 'The connection was aborted'],
	['EHOSTUNREACH', 'The host is unreachable'],
	['EAI_AGAIN', 'The DNS server returned an error'],
	['ENOTFOUND', 'The connection cannot be established'],
];
const NETWORK_CODES = new Set([...N8N_NETWORK_TEXTS.map(([code]) => code), 'EPIPE', 'ENETUNREACH', 'ESOCKETTIMEDOUT']);

function codeFromMessage(error: Error): string | undefined {
	const { message, messages } = error as Error & { messages?: unknown };
	const texts = [message, ...(Array.isArray(messages) ? messages : [])].filter((text): text is string => typeof text === 'string');
	for (const text of texts) {
		const named = N8N_NETWORK_TEXTS.find(([, prefix]) => text.startsWith(prefix));
		if (named) return named[0];
		const code = /\b(E[A-Z_]{3,})\b/.exec(text)?.[1];
		if (code && NETWORK_CODES.has(code)) return code;
		if (/^socket hang up$/i.test(text)) return 'ECONNRESET';
	}
	return undefined;
}

/** A send's Message UID, named in its "outcome unknown" message: with Continue On Fail the item keeps the message only. */
function muidOf(request: { body?: unknown }): string {
	const muid = muidIn(request.body);
	return typeof muid === 'string' && muid !== '' ? ` (Message UID "${muid}")` : '';
}

function outcomeUnknown(
	context: IExecuteSingleFunctions,
	request: { method?: string; url?: string; body?: unknown },
	error: Error,
	reason: string,
	lookup?: string,
): NodeApiError {
	const itemIndex = context.getItemIndex();
	const status = Number((error as { httpCode?: string | null }).httpCode);
	const checked = lookup ? ` The node looked for it in CometChat and could not tell: ${lookup.replace(/\.?$/, '.')}` : '';
	// (Not `{reason}`: NodeApiError reads that key as an HTTP client error and replaces the message.)
	const unknown = new NodeApiError(context.getNode(), { failure: reason } as JsonObject, {
		message: `CometChat did not confirm ${request.method ?? 'the request'} ${String(request.url ?? '').replace(/^=/, '')}${muidOf(request)} (${reason}): it may or may not have taken effect, so it was not repeated [item ${itemIndex}]`,
		description: `Check in CometChat before running this item again.${checked} ${error.message.replace(/\.?$/, '.')} Send, Send as Bot and Reply in Thread look a lost message up by its Message UID (MUID) and never send it again.`,
		httpCode: status >= 500 ? String(status) : undefined,
		itemIndex,
	});
	unknownOutcomes.set(unknown, reason);
	return unknown;
}

/** The error a try of a write ended with, its unknown outcome (if so) noted for a re-run. */
function noted(write: Write, error: Error): Error {
	const reason = unknownOutcomes.get(error);
	if (reason !== undefined && write.unknown === undefined) {
		write.unknown = reason;
		write.lostAt ??= Date.now();
	}
	return error;
}

/** A re-run (n8n's Retry On Fail) of a write whose earlier try got no answer, which it does not repeat. */
function earlierUnknown(
	context: IExecuteSingleFunctions,
	request: { method?: string; url?: string },
	reason: string,
	lookup: string,
): NodeApiError {
	const itemIndex = context.getItemIndex();
	const checked = lookup ? ` The node looked for it in CometChat and could not tell: ${lookup.replace(/\.?$/, '.')}` : '';
	const unknown = new NodeApiError(context.getNode(), { failure: reason } as JsonObject, {
		message: `An earlier try of this node got no answer to ${request.method ?? 'the request'} ${String(request.url ?? '').replace(/^=/, '')} (${reason}): it may or may not have taken effect, so n8n's Retry On Fail did not repeat it [item ${itemIndex}]`,
		description: `Check in CometChat before running this item again.${checked}`,
		itemIndex,
	});
	unknownOutcomes.set(unknown, reason);
	return unknown;
}

/** The error that ends the retries, with a note naming the real reason. */
function gaveUp(error: Error, failure: Failure, history: { tries: number; waited: number }, wait: number, maxWait: number): Error {
	const { tries, waited } = history;
	const over = `${tries} ${tries === 1 ? 'try' : 'tries'} over ${Math.round(waited)} s`;
	let note: string;
	if (maxWait <= 0) {
		note = 'Not retried: Rate Limits and Retries → Max Wait is 0.';
	} else if (failure.kind === 'throttled') {
		note =
			tries === 1
				? `Not retried: CometChat asked to wait longer than Max Wait allows. It asks for ${wait} s; Max Wait is ${maxWait} s.`
				: `Still rate-limited after ${over}; CometChat asks to wait ${wait} s more, beyond Max Wait (${maxWait} s).`;
		note += ' Raise Max Wait, or lower Max Concurrent Requests to spend less of the app\'s budget.';
	} else if (failure.kind === 'unreachable') {
		note = `Could not connect to CometChat (${failure.code}) in ${over}: nothing was sent. Check the credential's Region or Base URL Override and the network.`;
	} else {
		note = `CometChat still failed (${failure.kind === 'lost' ? failure.reason : 'error'}) after ${over}; the next retry would pass Max Wait (${maxWait} s).`;
	}
	const described = error as Error & { description?: string };
	described.description = [described.description, note].filter(Boolean).join(' ');
	return error;
}
