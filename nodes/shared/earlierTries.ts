import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { retrying } from './retry';
import { runOf } from './tries';

// What the checks of writes whose answer was lost share (sends, User → Create, API Key → Create, Management
// App → Create): a documented read, CometChat's clock, and the create's answer rebuilt from what the
// read shows.

/**
 * Seconds taken off the start of a try in CometChat's time: its `Date` header counts whole seconds, and
 * the answer spends time on the network (INFERRED margin; it only has to be small next to the time
 * between a try and someone else's write of the same thing).
 */
const DATE_MARGIN_SECONDS = 5;

/** The answer of a read: CometChat's `data` and `meta`, and when CometChat sent it by its own clock (unix s). */
export interface ReadAnswer {
	data: unknown;
	meta?: IDataObject;
	/** From the answer's `Date` header; undefined without one. */
	cometNow?: number;
	/** The n8n host's clock when the answer came (ms). */
	receivedAt: number;
}

/** The answer check of a node (throwOnApiError, throwOnManagementError): CometChat's error answers become errors. */
export type AnswerCheck = (this: IExecuteSingleFunctions, items: INodeExecutionData[], response: IN8nHttpFullResponse) => Promise<INodeExecutionData[]>;

/** A read with the node's credential and the retry policy (the caller holds its place among the concurrent requests). */
export async function readAnswer(
	context: IExecuteSingleFunctions,
	credential: string,
	checkAnswer: AnswerCheck,
	request: IHttpRequestOptions,
): Promise<ReadAnswer> {
	const full: IHttpRequestOptions = { ...request, method: 'GET', json: true, returnFullResponse: true, ignoreHttpStatusErrors: true };
	return await retrying(context, full, async () => {
		const response = (await context.helpers.httpRequestWithAuthentication.call(context, credential, full)) as IN8nHttpFullResponse;
		const receivedAt = Date.now();
		await checkAnswer.call(context, [], response);
		const body = (response.body ?? {}) as IDataObject;
		const date = Date.parse(String(headerOf(response, 'date') ?? ''));
		return { data: body.data, meta: body.meta as IDataObject | undefined, cometNow: Number.isNaN(date) ? undefined : date / 1000, receivedAt };
	});
}

function headerOf(response: IN8nHttpFullResponse, name: string): unknown {
	const headers = (response.headers ?? {}) as IDataObject;
	const key = Object.keys(headers).find((header) => header.toLowerCase() === name);
	return key === undefined ? undefined : headers[key];
}

/**
 * When a try that began at `since` (the n8n host's clock, ms) began by CometChat's clock (unix s): the
 * read's `Date` less the time the n8n host counted since the try, less a margin. The two clocks may be
 * minutes apart; their rates are the same. Undefined when the answer had no `Date` header.
 */
export function cometChatTime(answer: ReadAnswer, since: number): number | undefined {
	if (answer.cometNow === undefined) return undefined;
	return answer.cometNow - (answer.receivedAt - since) / 1000 - DATE_MARGIN_SECONDS;
}

/**
 * Whether a record created at `createdAt` (CometChat's unix s) was surely created after a try that began
 * at `tryStart` (cometChatTime's, margin included), rather than within the margin before it: the try's own
 * create is at most a second before its estimate (the whole-second Date and createdAt). A record created
 * within the margin may be someone else's made just before the try: a check then cannot tell.
 */
export const surelySince = (createdAt: number, tryStart: number): boolean => createdAt >= tryStart + DATE_MARGIN_SECONDS - 1;

/** The output the operation gives for `data` as the create's answer (its postReceive chain). */
export async function answerOf(
	context: IExecuteSingleFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	data: IDataObject,
): Promise<INodeExecutionData[]> {
	return await received(context, requestData, { statusCode: 200, headers: {}, body: { data } });
}

/**
 * Whether `stored` carries every value `sent` has (objects: every key sent — an undefined one is not on the
 * wire; arrays: the same length; IDs compared without case by the caller). Sends compare a message's
 * `data` with it, creates the record they find.
 */
export function carries(stored: unknown, sent: unknown): boolean {
	if (Array.isArray(sent)) return Array.isArray(stored) && stored.length === sent.length && sent.every((value, index) => carries(stored[index], value));
	if (sent !== null && typeof sent === 'object') {
		if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return false;
		return Object.entries(sent).every(([key, value]) => value === undefined || carries((stored as IDataObject)[key], value));
	}
	return stored === sent;
}

/** The operation's postReceive chain (CometChat's errors first, then the output), as RoutingNode runs it. */
export async function received(
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
 * The creates of one thing (a UID; a key's or an app's name) by the items of a node run and n8n's retries
 * of it: a record found after a lost answer can be an item's own only when no other item of the run asked
 * for the same thing (two items creating "Worker" keys: the one found may be the other item's).
 */
const creators = new WeakMap<object, Map<string, Set<number>>>();

/** Notes that this item of the node run asks CometChat to create `what`. */
export function noteCreate(context: IExecuteSingleFunctions, what: string): void {
	const { key } = runOf(context);
	if (!key) return;
	const byThing = creators.get(key) ?? new Map<string, Set<number>>();
	creators.set(key, byThing);
	const items = byThing.get(what) ?? new Set<number>();
	byThing.set(what, items);
	items.add(context.getItemIndex());
}

/** Another item of the node run that asked to create `what` too, if any. */
export function otherCreator(context: IExecuteSingleFunctions, what: string): number | undefined {
	const { key } = runOf(context);
	const items = key ? creators.get(key)?.get(what) : undefined;
	return [...(items ?? [])].find((item) => item !== context.getItemIndex());
}
