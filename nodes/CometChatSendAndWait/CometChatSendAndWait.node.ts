import { randomBytes, timingSafeEqual } from 'crypto';
import {
	NodeApiError,
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
	type IWorkflowExecutionCustomData,
} from 'n8n-workflow';
import { CHAT_CREDENTIAL } from '../shared/chat/baseUrl';
import { searchReceivers, searchUsers } from '../shared/chat/listSearch';
import { cometChatApiRequest } from '../shared/chat/transport';
import { isObject } from '../shared/validate';
import { isPreviewAgent, notePage, outcomeText, PAGE_HEADERS, questionPage, readAnswer, takeAnswer } from './answer';
import { CLOSE, properties, SEND, subtitle } from './description';
import { answeredElement, answeredMessageData, closedMessageData, interactiveMessage, type SignUrl } from './interactive';
import { readClose, readMessage, readPlan, type MessagePlan } from './plan';

// Why a node of its own and not an operation of the CometChat node: n8n resumes a waiting execution
// through the waiting node's webhook(), and a node type that has webhook() gets no input items for
// expressions in its declarative operations (n8n-core's prepareConnectionInputData hands an empty
// connectionInputData to every node with webhook() that has no execute(), so {{ $json.x }} fails with
// "Node hasn't been executed"; measured with the CometChat node). This node is programmatic.

/**
 * The resume webhooks (restartWebhook: n8n serves them only for a waiting execution, under
 * /webhook-waiting/<execution>/<suffix>; nothing is registered with CometChat, so there is no
 * webhookMethods lifecycle). GET shows a page, POST answers, at two suffixes:
 * - `<node ID>-answer`: where the message's buttons point when n8n gives the execution a resume token
 *   (n8n 2.x). n8n checks that token, and for a suffix that is no node's ID it answers a click on a
 *   finished execution 409 ("has finished already") and one on an execution waiting elsewhere 404, where at
 *   the node's ID it answers 200 "No action required" (waiting-webhooks.ts, isSendAndWaitRequest), which a
 *   UI Kit shows as an accepted click. The query is signed by the node (`s`, see signer()).
 * - `<node ID>`: n8n's own send-and-wait suffix, where n8n checks the URL's HMAC; used where there is no
 *   resume token (n8n 1.x, which checks that HMAC for the whole URL whatever its suffix once any node of the
 *   execution asked for it, so a suffix of our own could not be signed there), and by messages sent before.
 */
const ANSWER_SUFFIX = '-answer';
const RESUME = { responseMode: 'onReceived', responseData: '', restartWebhook: true, isFullPath: true, ndvHideUrl: true, ndvHideMethod: true } as const;
const RESUME_WEBHOOKS: INodeTypeDescription['webhooks'] = [
	{ ...RESUME, name: 'default', path: '={{ $nodeId }}', httpMethod: 'GET' },
	{ ...RESUME, name: 'default', path: '={{ $nodeId }}', httpMethod: 'POST' },
	{ ...RESUME, name: 'default', path: `={{ $nodeId }}${ANSWER_SUFFIX}`, httpMethod: 'GET' },
	{ ...RESUME, name: 'default', path: `={{ $nodeId }}${ANSWER_SUFFIX}`, httpMethod: 'POST' },
];

export class CometChatSendAndWait implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CometChat Send and Wait',
		name: 'cometChatSendAndWait',
		icon: { light: 'file:../../icons/cometchat.svg', dark: 'file:../../icons/cometchat.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle,
		description: 'Ask a person in CometChat and wait for the answer: approve or decline, free text or a form, inside the chat',
		defaults: { name: 'CometChat Send and Wait' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CHAT_CREDENTIAL, required: true }],
		webhooks: RESUME_WEBHOOKS,
		properties,
	};

	// The Sender and Receiver pickers' lists, as on the CometChat node.
	methods = { listSearch: { searchReceivers, searchUsers } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const operation = this.getNodeParameter('operation', 0);
		if (operation === SEND) return [await sendEach(this)];
		if (operation === CLOSE) return [await closeEach(this)];
		// As n8n's own Send and Wait nodes: one message, from the first item; the execution then waits.
		const plan = readPlan((name, fallback) => this.getNodeParameter(name, 0, fallback), this.getNode(), 0);
		// The wait's nonce, signed into every URL of the message: the answer is taken once per nonce.
		const nonce = randomBytes(12).toString('hex');
		const body = { receiver: plan.receiver, receiverType: plan.receiverType, ...interactiveMessage(plan, signer(this, nonce)), muid: `n8n-wait-${nonce}` };
		const sent = await sendMessage(this, plan, body, 0);
		rememberWait(this, { nonce, messageId: sent.id === undefined ? '' : String(sent.id), deadline: plan.waitTill.getTime() });
		// n8n 1.x checks the signature only when asked (2.x always does for a sendAndWait node).
		(this as { setSignatureValidationRequired?: () => void }).setSignatureValidationRequired?.();
		// When Limit Wait Time passes, n8n resumes the execution with this node disabled, and a disabled node
		// passes on its stack entry's input (n8n-core workflow-execute.js, handleWaitingState and
		// handleDisabledNode, 1.x and 2.x): no node code runs then. So the entry's input is replaced now by the
		// items a timeout gives: input, messageId, answered false. An answer replaces them (webhook()).
		const unanswered = this.getInputData().map((item, index) => ({ json: { ...item.json, messageId: sent.id, answered: false }, pairedItem: { item: index } }));
		const entry = this.getExecuteData?.();
		if (entry?.data?.main) entry.data.main[0] = unanswered;
		await this.putExecutionToWait(plan.waitTill);
		return [unanswered];
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const req = this.getRequestObject();
		const res = this.getResponseObject();
		const plan = readPlan((name, fallback) => this.getNodeParameter(name, fallback), this.getNode(), 0);
		const query = (req.query ?? {}) as IDataObject;
		const json = String(req.headers['content-type'] ?? '').includes('application/json');
		// Every answer that resumes nothing gets a status that is not 2xx, so that no client shows it accepted.
		const refuse = (status: number, title: string, text: string): IWebhookResponseData => {
			if (json) {
				res.writeHead(status, { 'Content-Type': 'application/json' });
				res.end(JSON.stringify({ message: text }));
			} else {
				res.writeHead(status, PAGE_HEADERS);
				res.end(notePage(title, text));
			}
			return { noWebhookResponse: true };
		};
		const nonce = typeof query.w === 'string' ? query.w : '';
		if (!signedByThisNode(this, req.url, query, nonce)) return refuse(401, 'Not answered', 'This link is not valid.');
		// The wait this execution holds now: a URL of an earlier wait of this node (a loop) answers nothing.
		const current = recallWait(this);
		if (current && current.nonce !== nonce) return refuse(409, 'Already closed', 'This question is closed: it was answered already or has expired.');
		if (current && Date.now() >= current.deadline) return refuse(410, 'Expired', 'This question has expired.');
		if (req.method === 'GET') {
			res.writeHead(200, PAGE_HEADERS);
			res.end(questionPage(plan, query));
			return { noWebhookResponse: true };
		}
		if (isPreviewAgent(req.headers['user-agent'])) return refuse(403, 'Not answered', 'Link previews do not answer.');
		const answer = readAnswer(plan, query, req.body);
		if ('problem' in answer) return refuse(400, 'Not answered', answer.problem);
		if (nonce === '' || !takeAnswer(nonce)) return refuse(409, 'Already answered', 'This question has been answered already.');
		const output: IDataObject = { data: answer.data, answered: true, respondedAt: new Date().toISOString() };
		if (answer.respondedBy) output.respondedBy = answer.respondedBy;
		const answeredIn = json ? 'chat' : 'page';
		output.answeredIn = answeredIn;
		const messageId = current?.messageId || undefined;
		if (messageId) output.messageId = messageId;
		const outcome = outcomeText(plan, answer);
		// What follows happens after the answer is taken: each failure is reported in the output under its
		// own key and never holds up the resume or loses the answer. None is repeated (the brief's rule).
		const followUp = async (errorKey: string, step: () => Promise<void>) => {
			try {
				await step();
			} catch (error) {
				output[errorKey] = (error as Error).message;
			}
		};
		if (plan.markAsInteracted) {
			await followUp('interactedError', async () => {
				const id = knownMessageId(this.getNode(), messageId);
				// The PATCH needs a user (onBehalfOf is required). INFERRED: without a claimed clicker (page
				// answers), a one-to-one message can only have been answered by its receiver, since the
				// sender may not interact (allowSenderInteraction: false); in a group nobody can be named.
				const by = answer.respondedBy ?? (plan.receiverType === 'user' ? plan.receiver : undefined);
				if (!by) throw new NodeOperationError(this.getNode(), 'Not marked as interacted: who answered in the group is not known (the answer did not name them).');
				await cometChatApiRequest.call(this, 'PATCH', `/messages/${encodeURIComponent(id)}/interacted`, {}, {
					body: { interactions: [answeredElement(plan, answer.data.approved, answeredIn)] },
					headers: { ...JSON_HEADERS, onBehalfOf: by },
				});
				output.interacted = true;
			});
		}
		if (plan.editWithOutcome) {
			await followUp('editError', async () => {
				const id = knownMessageId(this.getNode(), messageId);
				// Edited by whoever sent it (the bot is a user too); CometChat lets only the sender or the app edit.
				await cometChatApiRequest.call(this, 'PUT', `/messages/${encodeURIComponent(id)}`, {}, {
					body: { data: answeredMessageData(plan, signer(this, nonce), outcome) },
					headers: { ...JSON_HEADERS, ...(plan.sendAs === 'app' ? {} : { onBehalfOf: plan.sender }) },
				});
				output.edited = true;
			});
		}
		if (plan.replyWithOutcome) {
			await followUp('outcomeError', async () => {
				const reply = await sendMessage(this, plan, { receiver: plan.receiver, receiverType: plan.receiverType, category: 'message', type: 'text', data: { text: outcome } });
				output.outcomeMessageId = reply.id;
			});
		}
		const thanks = 'Your answer was recorded. You can close this page.';
		// The answer stands for the one item the question was sent for (item 0), so $('…').item still resolves.
		const workflowData = [[{ json: output, pairedItem: { item: 0 } }]];
		// Answered by the node itself: n8n 2.x would otherwise answer its own default ("firstEntryJson").
		if (json) {
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify({ message: thanks }));
		} else {
			res.writeHead(200, PAGE_HEADERS);
			res.end(notePage('Thank you', thanks));
		}
		return { noWebhookResponse: true, workflowData };
	}
}

const JSON_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' };

/**
 * The resume URLs of the wait `nonce`; the same URLs in execute() and, later, in webhook() (the edit).
 * n8n signs a URL at the node's ID (getSignedResumeUrl: an HMAC of its path and query with the instance's
 * secret). Where the execution has a resume token (n8n 2.x) the URL moves to the answer suffix: n8n then
 * checks the token (`signature`), and the node checks its own HMAC, kept as `s`.
 */
function signer(context: IExecuteFunctions | IWebhookFunctions, nonce: string): SignUrl {
	const token = resumeToken(context);
	return (query = {}) => {
		const url = new URL(context.getSignedResumeUrl({ ...query, w: nonce }));
		if (!token) return url.toString();
		url.pathname += ANSWER_SUFFIX;
		url.searchParams.set(NODE_SIGNATURE, url.searchParams.get(N8N_SIGNATURE) ?? '');
		url.searchParams.set(N8N_SIGNATURE, token);
		return url.toString();
	};
}

/** n8n's query parameter for the HMAC or the resume token (n8n-core WAITING_TOKEN_QUERY_PARAM). */
const N8N_SIGNATURE = 'signature';
/** The node's HMAC at the answer suffix. */
const NODE_SIGNATURE = 's';

/** Whether a request reached the answer suffix (else n8n's own, the node's ID). */
const atAnswerSuffix = (url: string): boolean => new URL(url, 'http://n8n').pathname.endsWith(ANSWER_SUFFIX);

/** The execution's resume token (n8n 2.x puts it in $execution.resumeUrl); none in n8n 1.x. */
function resumeToken(context: IExecuteFunctions | IWebhookFunctions): string | undefined {
	try {
		// In webhook(): a request at the answer suffix carries the token n8n has just checked; one at the node's
		// ID was signed where there was none (a webhook context has no data proxy to ask).
		if ('getRequestObject' in context) {
			const request = context.getRequestObject();
			return atAnswerSuffix(request.url) ? String(request.query?.[N8N_SIGNATURE] ?? '') || undefined : undefined;
		}
		const resumeUrl = (context.getWorkflowDataProxy(0).$execution as { resumeUrl?: string } | undefined)?.resumeUrl;
		return resumeUrl ? new URL(resumeUrl).searchParams.get(N8N_SIGNATURE) || undefined : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Whether the request's query is one this node signed for this execution: at the answer suffix the node's
 * HMAC (`s`), at the node's ID n8n's (`signature`, which n8n has checked too when it asked for it). Only
 * `approved` and `w` are signed, in the order signer() signs them.
 */
function signedByThisNode(context: IWebhookFunctions, url: string, query: IDataObject, nonce: string): boolean {
	const given = query[atAnswerSuffix(url) ? NODE_SIGNATURE : N8N_SIGNATURE];
	if (typeof given !== 'string' || nonce === '') return false;
	const signed: Record<string, string> = typeof query.approved === 'string' ? { approved: query.approved, w: nonce } : { w: nonce };
	const expected = new URL(context.getSignedResumeUrl(signed)).searchParams.get(N8N_SIGNATURE) ?? '';
	return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

// The wait, from execute() to webhook(): its nonce, the sent message's ID and when it expires. The resume
// URLs are signed before the message exists, and n8n drops the waiting node's own output (which holds
// messageId) before it calls webhook(); what n8n does keep with a waiting execution, in 1.x and 2.x alike,
// is its run data, custom data included ($execution.customData = resultData.metadata): saved with the
// waiting execution, and the waiting webhook's context gets that run data back. So execute() writes
// "<nonce>:<message ID>:<deadline ms>" there under a key of this node; webhook() acts only for that nonce:
// never another wait's (or another node's) message. CometChat is not asked: nothing to find or guess.

interface Wait {
	nonce: string;
	messageId: string;
	/** When Limit Wait Time ends (ms since 1970); n8n may resume a little later, the answer is refused from then. */
	deadline: number;
}

/** The custom-data key of this node's wait (custom data keys: A-Za-z0-9_, at most 50 characters). */
const waitKey = (node: INode) => `cometchat_wait_${node.id.replace(/[^A-Za-z0-9_]/g, '')}`.slice(0, 50);

function rememberWait(context: IExecuteFunctions, wait: Wait): void {
	try {
		// $execution.customData: the same in n8n 1.x and 2.x (1.x's contexts have no customData of their own).
		(context.getWorkflowDataProxy(0).$execution as { customData?: IWorkflowExecutionCustomData } | undefined)?.customData?.set(waitKey(context.getNode()), `${wait.nonce}:${wait.messageId}:${wait.deadline}`);
	} catch {
		// Not kept (n8n drops keys past its 10 silently, and throws only in manual runs): webhook() then
		// cannot tell the wait's nonce, message or deadline; it takes the answer, and the mark and edit report it.
	}
}

function recallWait(context: IWebhookFunctions): Wait | undefined {
	const key = waitKey(context.getNode());
	let value: unknown;
	try {
		// n8n 2.x: the context's customData. n8n 1.x has none, but every node context there (the webhook's
		// too) evaluates expressions against the waiting execution's run data, $execution.customData included.
		const own = (context as { customData?: IWorkflowExecutionCustomData }).customData;
		const evaluate = (context as { evaluateExpression?: (expression: string, itemIndex: number) => unknown }).evaluateExpression;
		value = own ? own.get(key) : evaluate?.call(context, `{{ $execution.customData.get("${key}") }}`, 0);
	} catch {
		return undefined;
	}
	if (typeof value !== 'string') return undefined;
	const [nonce, messageId = '', deadline] = value.split(':');
	// Kept by an earlier version without a deadline: no deadline then.
	return nonce ? { nonce, messageId, deadline: Number(deadline) || Infinity } : undefined;
}

function knownMessageId(node: INode, id: string | undefined): string {
	if (!id) throw new NodeOperationError(node, 'The message\'s ID was not kept with the waiting execution, so the message was left as it is.');
	return id;
}

/** Sends a message as the plan's sender (app, bot, or user on behalf of), once; CometChat's errors as they are. */
async function sendMessage(context: IExecuteFunctions | IWebhookFunctions, plan: MessagePlan, body: IDataObject, itemIndex?: number): Promise<IDataObject> {
	// Not repeated: a send whose answer is lost may have happened (the brief's rule), so it fails instead.
	const answer = await cometChatApiRequest.call(context, 'POST', plan.sendAs === 'bot' ? `/bots/${encodeURIComponent(plan.sender)}/messages` : '/messages', {}, {
		body,
		headers: { ...JSON_HEADERS, ...(plan.sendAs === 'user' ? { onBehalfOf: plan.sender } : {}) },
		itemIndex,
	});
	const data = answer.data;
	return (data && typeof data === 'object' ? data : {}) as IDataObject;
}

/**
 * Close Question: per item, the question is read (GET /messages/{id}) and edited (PUT) to show the outcome,
 * as its sender (the app, or onBehalfOf the bot or user that sent it). For a wait that ended unanswered:
 * n8n runs no node code when Limit Wait Time passes, so the card cannot close itself. Every item's fields are
 * checked before anything is sent (whether a message is a question only once it is read).
 */
async function closeEach(context: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const plans = readEach(context, (index) => readClose((name, fallback) => context.getNodeParameter(name, index, fallback), context.getNode(), index));
	return await eachItem(context, plans, async (plan, index) => {
		const path = `/messages/${encodeURIComponent(plan.messageId)}`;
		const found = await cometChatApiRequest.call(context, 'GET', path, {}, { headers: JSON_HEADERS, itemIndex: index });
		const message = (isObject(found.data) ? found.data : {}) as IDataObject;
		if (message.category !== 'interactive' || !isObject(message.data)) {
			throw new NodeOperationError(context.getNode(), `Message ID: message ${plan.messageId} is not a question (an interactive message) [item ${index}]`, { itemIndex: index });
		}
		// INFERRED: an app's messages come from "app_system" (as CometChat lists them); anyone else edits their own.
		const sender = typeof message.sender === 'string' && message.sender !== 'app_system' ? message.sender : undefined;
		const edited = await cometChatApiRequest.call(context, 'PUT', path, {}, {
			body: { data: closedMessageData(message.data, plan.outcome) },
			headers: { ...JSON_HEADERS, ...(sender ? { onBehalfOf: sender } : {}) },
			itemIndex: index,
		});
		return (isObject(edited.data) ? edited.data : {}) as IDataObject;
	});
}

/**
 * Every item's fields, read before anything is sent: a bad item fails the node then, or, with Continue On
 * Fail, is kept as its error (eachItem makes it an error item) while the others go on.
 */
function readEach<T>(context: IExecuteFunctions, read: (index: number) => T): Array<T | NodeOperationError> {
	return context.getInputData().map((_, index) => {
		try {
			return read(index);
		} catch (error) {
			const failure = error instanceof NodeOperationError ? error : new NodeOperationError(context.getNode(), error as Error, { itemIndex: index });
			if (!context.continueOnFail()) throw failure;
			return failure;
		}
	});
}

/** Runs `step` per item in order; CometChat's refusals stay NodeApiErrors, Continue On Fail makes error items. */
async function eachItem<T>(context: IExecuteFunctions, plans: Array<T | NodeOperationError>, step: (plan: T, index: number) => Promise<IDataObject>): Promise<INodeExecutionData[]> {
	const output: INodeExecutionData[] = [];
	for (const [index, plan] of plans.entries()) {
		if (plan instanceof NodeOperationError) {
			output.push({ json: { error: plan.message }, pairedItem: { item: index } });
			continue;
		}
		try {
			output.push({ json: await step(plan, index), pairedItem: { item: index } });
		} catch (error) {
			const failure = error instanceof NodeApiError || error instanceof NodeOperationError ? error : new NodeOperationError(context.getNode(), error as Error, { itemIndex: index });
			if (!context.continueOnFail()) throw failure;
			output.push({ json: { error: failure.message }, pairedItem: { item: index } });
		}
	}
	return output;
}

/**
 * Send Message: one text message per item, as the item's fields say. Every item is checked before
 * anything is sent; a refused item fails the node, or becomes an error item with Continue On Fail.
 */
async function sendEach(context: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const plans = readEach(context, (index) => readMessage((name, fallback) => context.getNodeParameter(name, index, fallback), context.getNode(), index));
	return await eachItem(context, plans, async (plan, index) => {
		const body = { receiver: plan.receiver, receiverType: plan.receiverType, category: 'message', type: 'text', data: { text: plan.message } };
		return await sendMessage(context, plan, body, index);
	});
}
