import {
	NodeApiError,
	sleep,
	type DeclarativeRestApiSettings,
	type IDataObject,
	type IExecutePaginationFunctions,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeExecutionData,
	type INodeProperties,
	type JsonObject,
} from 'n8n-workflow';
import { DEFAULT_CONCURRENCY, withinConcurrency } from './concurrency';
import { retryAfterOf } from './errors';

/**
 * What the node retries, and why:
 * - 429 (rate limit): always, waiting as long as CometChat says (Retry-After, else X-Rate-Limit-Reset),
 *   never sooner: a throttled request was not carried out.
 * - A connection that could not be made (refused, DNS): always, with backoff: nothing reached CometChat.
 * - 5xx and connections broken mid-request (reset, timeout): only requests that are safe to repeat —
 *   GET, PUT, DELETE, and a message that carries a MUID. Anything else (creating, adding, sending
 *   without MUID) may already have happened, so it is not repeated: the item fails saying the
 *   outcome is unknown.
 * All within the node's "Max Wait" per request; pages and batches retry the page or batch that
 * failed, never the ones already done.
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
				'How long, in all, one request may wait and retry when CometChat rate-limits it or fails. 0 turns retrying off.',
		},
		{
			displayName: 'Retry Server Errors',
			name: 'serverErrors',
			type: 'boolean',
			default: true,
			description:
				'Whether to repeat requests that are safe to repeat (reads, updates, deletes, messages with a MUID) after a 5xx answer or a broken connection',
		},
	],
};

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
const BROKEN = new Set(['ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'EPIPE', 'ESOCKETTIMEDOUT', 'ERR_SOCKET_CONNECTION_TIMEOUT']);
const MAX_TRIES = 8;

type Decision = { retry: true; wait: number } | { retry: false; unknownOutcome?: string };

/**
 * Runs one request (`attempt`) with the retry policy above, within the node run's Max Concurrent
 * Requests (the request keeps its place while it waits to retry); `request` is what it sends.
 */
export async function withRetries<T>(
	context: IExecuteSingleFunctions,
	request: IHttpRequestOptions | DeclarativeRestApiSettings.HttpRequestOptions,
	attempt: () => Promise<T>,
): Promise<T> {
	return await withinConcurrency(context, async () => await retrying(context, request, attempt));
}

async function retrying<T>(
	context: IExecuteSingleFunctions,
	request: IHttpRequestOptions | DeclarativeRestApiSettings.HttpRequestOptions,
	attempt: () => Promise<T>,
): Promise<T> {
	const settings = context.getNodeParameter('retry', {}) as { maxWait?: number; serverErrors?: boolean };
	const maxWait = settings.maxWait ?? 300;
	const serverErrors = settings.serverErrors ?? true;
	let waited = 0;
	for (let tries = 1; ; tries++) {
		try {
			return await attempt();
		} catch (error) {
			const decision = decide(error as Error, request, serverErrors, tries);
			if (!decision.retry) {
				throw decision.unknownOutcome ? outcomeUnknown(context, request, error as Error, decision.unknownOutcome) : error;
			}
			if (tries >= MAX_TRIES || waited + decision.wait > maxWait) throw gaveUp(error as Error, tries - 1, waited, maxWait);
			await sleep(decision.wait * 1000);
			waited += decision.wait;
		}
	}
}

/** `operations.pagination` for every operation without a paginator of its own: one request, with retries. */
export async function singleRequest(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	return await withRetries(this, requestData.options, async () => await this.makeRoutingRequest(requestData));
}

function decide(
	error: Error,
	request: { method?: string; url?: string; body?: unknown },
	serverErrors: boolean,
	tries: number,
): Decision {
	const status = Number((error as { httpCode?: string | null }).httpCode);
	const code = networkCode(error);
	const backoff = Math.min(30, 0.5 * 2 ** (tries - 1));
	if (status === 429) return { retry: true, wait: retryAfterOf(error) ?? backoff };
	if (code && NOT_SENT.has(code)) return { retry: true, wait: backoff };
	const broken = status >= 500 || (code !== undefined && BROKEN.has(code));
	if (!broken) return { retry: false };
	// In words: n8n replaces any message that contains a system code such as ECONNRESET with its own.
	const reason = status >= 500 ? `HTTP ${status}` : 'the connection broke before the answer came';
	if (!safeToRepeat(request)) return { retry: false, unknownOutcome: reason };
	return serverErrors ? { retry: true, wait: backoff } : { retry: false };
}

/** GET, PUT and DELETE leave the same state when repeated; a message with a MUID is sent once. */
function safeToRepeat({ method = 'GET', url = '', body }: { method?: string; url?: string; body?: unknown }): boolean {
	if (['GET', 'HEAD', 'PUT', 'DELETE'].includes(method.toUpperCase())) return true;
	return url.replace(/^=/, '') === '/messages' && Boolean((body as IDataObject | undefined)?.muid);
}

/** The system error code (ECONNRESET...) of a failed connection; n8n keeps the original error in `errorResponse`. */
function networkCode(error: Error): string | undefined {
	const pending: unknown[] = [error];
	for (let depth = 0; pending.length && depth < 8; depth++) {
		const current = pending.shift() as { code?: unknown; cause?: unknown; errorResponse?: unknown } | undefined;
		if (!current || typeof current !== 'object') continue;
		if (typeof current.code === 'string' && /^E[A-Z_]+$/.test(current.code)) return current.code;
		pending.push(current.errorResponse, current.cause);
	}
	return undefined;
}

function outcomeUnknown(
	context: IExecuteSingleFunctions,
	request: { method?: string; url?: string },
	error: Error,
	reason: string,
): NodeApiError {
	const itemIndex = context.getItemIndex();
	const status = Number((error as { httpCode?: string | null }).httpCode);
	// (Not `{reason}`: NodeApiError reads that key as an HTTP client error and replaces the message.)
	return new NodeApiError(context.getNode(), { failure: reason } as JsonObject, {
		message: `CometChat did not confirm ${request.method ?? 'the request'} ${String(request.url ?? '').replace(/^=/, '')} (${reason}): it may or may not have taken effect, so it was not repeated [item ${itemIndex}]`,
		description: `Check in CometChat before running this item again. ${error.message.replace(/\.?$/, '.')} Messages sent with a Message UID (MUID) are repeated safely.`,
		httpCode: status >= 500 ? String(status) : undefined,
		itemIndex,
	});
}

function gaveUp(error: Error, retries: number, waited: number, maxWait: number): Error {
	const note = retries
		? `Retried ${retries} time${retries === 1 ? '' : 's'} over ${Math.round(waited)} s; CometChat still refused.`
		: 'Not retried: CometChat asked to wait longer than Max Wait allows.';
	const described = error as Error & { description?: string };
	described.description = [described.description, note, `Raise Rate Limits and Retries → Max Wait (now ${maxWait} s) to wait longer.`]
		.filter(Boolean)
		.join(' ');
	return error;
}
