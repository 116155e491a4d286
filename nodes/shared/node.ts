import {
	NodeConnectionTypes,
	type INodeProperties,
	type INodeTypeDescription,
	type PostReceiveAction,
	type PreSendAction,
} from 'n8n-workflow';
import { CHAT_CREDENTIAL } from './chat/baseUrl';
import { chatSecrets, checkCredential as checkChatCredential } from './chat/transport';
import { throwOnApiError } from './errors/conversion';
import { guardPaginators, keepingSecretsOut, type SecretSource } from './errors/redaction';
import { retrySettings, singleRequest } from './retry';
import { requestOptionsSetting } from './router';

/**
 * What the declarative CometChat nodes (the chat-host nodes below and CometChat Management) share beyond
 * their names, icon and resources: one version, inputs and outputs, one required credential, JSON
 * requests whose error answers reach the node's own check, the retry policy on every request, n8n's
 * Request Options (run, like the routing, by router.ts: each node sets `execute = routedExecute(…)`), and
 * the credential's secrets kept out of every item and error of every operation (the properties'
 * paginators are all guarded here, so no operation can forget it).
 * (Names, icon, subtitle, usableAsTool and the Resource field's default stay literal in each node file:
 * n8n's scanner reads them there.)
 */
export function cometChatNodeBase(credential: string, secrets: SecretSource, properties: INodeProperties[]) {
	return {
		group: ['transform'],
		version: 1,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: credential, required: true }],
		requestDefaults: {
			// No base address: the Resource field's pre-send sets it from the credential (cheaper than an expression).
			headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
			// Error responses reach the node's answer check, which reports CometChat's own code and message.
			ignoreHttpStatusErrors: true,
		},
		// Every operation runs as a "pagination" so that its request goes through the retry policy
		// (shared/retry.ts); lists and batches bring their own paginators, which retry per page/batch.
		requestOperations: { pagination: keepingSecretsOut(singleRequest, secrets) },
		// Request Options last, where n8n puts them on declarative nodes (router.ts runs them).
		properties: guardPaginators([...properties, requestOptionsSetting], secrets),
	} satisfies Partial<INodeTypeDescription>;
}

/**
 * The description of a node on the chat host and credential (the CometChat node, CometChat AI Agents,
 * CometChat Campaigns) beyond its names, icon and subtitle: the Resource field with `resources` as its
 * options and `default` chosen, routed first (`checkCredential`, by default the chat credential's check,
 * then CometChat's errors), every resource's properties, the retry settings, and cometChatNodeBase.
 * (The Resource field's default is passed literal from the node file, where n8n's scanner reads it.)
 */
export function chatNodeDescription({
	resources,
	resourceProperties,
	default: defaultResource,
	checkCredential = checkChatCredential,
}: {
	resources: Array<{ name: string; value: string }>;
	resourceProperties: INodeProperties[];
	default: string;
	checkCredential?: PreSendAction;
}) {
	return cometChatNodeBase(CHAT_CREDENTIAL, chatSecrets, [
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'options',
			noDataExpression: true,
			options: resources.map(({ name, value }) => ({ name, value })),
			default: defaultResource,
			routing: resourceRouting(checkCredential, throwOnApiError),
		},
		...resourceProperties,
		retrySettings,
	]);
}

/**
 * The routing of the Resource field. It is always shown and routed first, so its pre-send check (the
 * credential) and its answer check (CometChat's errors) run for every operation, before the operation's own.
 */
export function resourceRouting(checkCredential: PreSendAction, checkAnswer: PostReceiveAction): INodeProperties['routing'] {
	return {
		send: { preSend: [checkCredential], paginate: true },
		output: { postReceive: [checkAnswer] },
	};
}
