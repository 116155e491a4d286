import { randomBytes } from 'crypto';
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
import { isPreviewAgent, notePage, outcomeText, PAGE_HEADERS, questionPage, readAnswer, takeAnswer } from './answer';
import { properties, SEND, subtitle } from './description';
import { answeredElement, answeredMessageData, interactiveMessage, type SignUrl } from './interactive';
import { readMessage, readPlan, type MessagePlan } from './plan';

// Why a node of its own and not an operation of the CometChat node: n8n resumes a waiting execution
// through the waiting node's webhook(), and a node type that has webhook() gets no input items for
// expressions in its declarative operations (n8n-core's prepareConnectionInputData hands an empty
// connectionInputData to every node with webhook() that has no execute(), so {{ $json.x }} fails with
// "Node hasn't been executed"; measured with the CometChat node). This node is programmatic.

/**
 * n8n's send-and-wait webhooks (as its own nodes declare them, sendAndWaitWebhooksDescription): GET
 * shows, POST answers, at the resume URL's node-ID suffix. restartWebhook: n8n serves them only for a
 * waiting execution, under /webhook-waiting/; nothing is registered with CometChat, so there is no
 * webhookMethods lifecycle (the scanner's webhook-trigger rule is about webhooks registered elsewhere).
 */
const RESUME = { name: 'default', responseMode: 'onReceived', responseData: '', path: '={{ $nodeId }}', restartWebhook: true, isFullPath: true, ndvHideUrl: true, ndvHideMethod: true } as const;
const RESUME_WEBHOOKS: INodeTypeDescription['webhooks'] = [
	{ ...RESUME, httpMethod: 'GET' },
	{ ...RESUME, httpMethod: 'POST' },
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
		if (this.getNodeParameter('operation', 0) === SEND) return [await sendEach(this)];
		// As n8n's own Send and Wait nodes: one message, from the first item; the execution then waits.
		const plan = readPlan((name, fallback) => this.getNodeParameter(name, 0, fallback), this.getNode(), 0);
		// The wait's nonce, signed into every URL of the message: the answer is taken once per nonce.
		const nonce = randomBytes(12).toString('hex');
		const body = { receiver: plan.receiver, receiverType: plan.receiverType, ...interactiveMessage(plan, signer(this, nonce)), muid: `n8n-wait-${nonce}` };
		const sent = await sendMessage(this, plan, body, 0);
		rememberMessageId(this, nonce, sent.id);
		// n8n 1.x checks the signature only when asked (2.x always does for a sendAndWait node).
		(this as { setSignatureValidationRequired?: () => void }).setSignatureValidationRequired?.();
		await this.putExecutionToWait(plan.waitTill);
		// While it waits (and when the wait times out) n8n passes these on; the answer replaces them.
		return [this.getInputData().map((item, index) => ({ json: { ...item.json, messageId: sent.id }, pairedItem: { item: index } }))];
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const req = this.getRequestObject();
		const res = this.getResponseObject();
		const page = (status: number, html: string): IWebhookResponseData => {
			res.writeHead(status, PAGE_HEADERS);
			res.end(html);
			return { noWebhookResponse: true };
		};
		const plan = readPlan((name, fallback) => this.getNodeParameter(name, fallback), this.getNode(), 0);
		const query = (req.query ?? {}) as IDataObject;
		if (req.method === 'GET') return page(200, questionPage(plan, query));
		if (isPreviewAgent(req.headers['user-agent'])) return page(403, notePage('Not answered', 'Link previews do not answer.'));
		const nonce = typeof query.w === 'string' ? query.w : '';
		const answer = readAnswer(plan, query, req.body);
		const json = String(req.headers['content-type'] ?? '').includes('application/json');
		const refuse = (status: number, title: string, text: string): IWebhookResponseData => {
			if (!json) return page(status, notePage(title, text));
			res.writeHead(status, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify({ message: text }));
			return { noWebhookResponse: true };
		};
		if ('problem' in answer) return refuse(400, 'Not answered', answer.problem);
		if (nonce === '' || !takeAnswer(nonce)) return refuse(409, 'Already answered', 'This question has been answered already.');
		const output: IDataObject = { data: answer.data, respondedAt: new Date().toISOString() };
		if (answer.respondedBy) output.respondedBy = answer.respondedBy;
		const answeredIn = json ? 'chat' : 'page';
		output.answeredIn = answeredIn;
		const messageId = recallMessageId(this, nonce);
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

/** The signed resume URLs of the wait `nonce`; the same URLs in execute() and, later, in webhook(). */
function signer(context: IExecuteFunctions | IWebhookFunctions, nonce: string): SignUrl {
	return (query = {}) => context.getSignedResumeUrl({ ...query, w: nonce });
}

// The sent message's ID, from execute() to webhook(). The resume URLs are signed before the message
// exists, and n8n drops the waiting node's own output (which holds messageId) before it calls webhook();
// what n8n does keep with a waiting execution, in 1.x and 2.x alike, is its run data, custom data
// included ($execution.customData = resultData.metadata): saved with the waiting execution, and the
// waiting webhook's context gets that run data back. So execute() writes "<nonce>:<message ID>" there
// under a key of this node, and webhook() takes it only if the nonce is the one signed into this URL:
// never another wait's (or another node's) message. CometChat is not asked: nothing to find or guess.

/** The custom-data key of this node's wait (custom data keys: A-Za-z0-9_, at most 50 characters). */
const waitKey = (node: INode) => `cometchat_wait_${node.id.replace(/[^A-Za-z0-9_]/g, '')}`.slice(0, 50);

function rememberMessageId(context: IExecuteFunctions, nonce: string, id: unknown): void {
	if (typeof id !== 'string' && typeof id !== 'number') return;
	try {
		// $execution.customData: the same in n8n 1.x and 2.x (1.x's contexts have no customData of their own).
		(context.getWorkflowDataProxy(0).$execution as { customData?: IWorkflowExecutionCustomData } | undefined)?.customData?.set(waitKey(context.getNode()), `${nonce}:${id}`);
	} catch {
		// Not kept (n8n drops keys past its 10 silently, and throws only in manual runs): webhook() then
		// finds no ID, and the mark and the edit report it.
	}
}

function recallMessageId(context: IWebhookFunctions, nonce: string): string | undefined {
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
	const [owner, id] = value.split(':');
	return owner === nonce && id ? id : undefined;
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
 * Send Message: one text message per item, as the item's fields say. Every item is checked before
 * anything is sent; a refused item fails the node, or becomes an error item with Continue On Fail.
 */
async function sendEach(context: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const items = context.getInputData();
	const plans = items.map((_, index) => readMessage((name, fallback) => context.getNodeParameter(name, index, fallback), context.getNode(), index));
	const output: INodeExecutionData[] = [];
	for (const [index, plan] of plans.entries()) {
		try {
			const body = { receiver: plan.receiver, receiverType: plan.receiverType, category: 'message', type: 'text', data: { text: plan.message } };
			output.push({ json: await sendMessage(context, plan, body, index), pairedItem: { item: index } });
		} catch (error) {
			// CometChat's refusals are NodeApiErrors already (code and message kept); anything else is wrapped.
			const failure = error instanceof NodeApiError || error instanceof NodeOperationError ? error : new NodeOperationError(context.getNode(), error as Error, { itemIndex: index });
			if (!context.continueOnFail()) throw failure;
			output.push({ json: { error: failure.message }, pairedItem: { item: index } });
		}
	}
	return output;
}
