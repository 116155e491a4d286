import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, IN8nHttpFullResponse, INodeExecutionData, INodeProperties, INodePropertyOptions, PreSendAction } from 'n8n-workflow';
import { actAs, groupLocator, optionsCollection, userLocator } from '../../../shared/fields';
import { unwrapData } from '../../../shared/output';
import { readChoice, readConversationId, readId } from '../../../shared/validate';
import { readMessageNumber } from '../../../shared/messageId';

// What the conversation operations share: the "Conversation With" choice and its pickers, the
// required On Behalf Of picker, the URL of a user or group conversation, Message ID and Conversation
// ID checks, and the output of the mark operations.

export const CONVERSATION_WITH: INodePropertyOptions[] = [
	{ name: 'Group', value: 'group', description: 'The conversation of a group the On Behalf Of user belongs to' },
	{ name: 'User', value: 'user', description: 'The one-to-one conversation between the On Behalf Of user and another user' },
];

/** "Conversation With": a user (`/users/{uid}/conversation`) or a group (`/groups/{guid}/conversation`). */
export const conversationWithField: INodeProperties = {
	displayName: 'Conversation With',
	name: 'conversationWith',
	type: 'options',
	options: CONVERSATION_WITH,
	default: 'user',
	description: 'Whether the conversation is with another user or in a group',
};

// The pickers are checked by checkConversation, not by their own pre-send check: when Conversation With
// comes from an expression n8n shows (and would check) both pickers, and only one of them is in use.
const withoutRouting = (field: INodeProperties): INodeProperties => ({ ...field, routing: undefined });

/** The User picker (Conversation With: User) and the Group picker (Conversation With: Group). */
export function conversationTargetFields(): INodeProperties[] {
	return [
		{
			...withoutRouting(userLocator('uid', 'User', 'The other user of the one-to-one conversation')),
			displayOptions: { show: { conversationWith: ['user'] } },
		},
		{
			...withoutRouting(groupLocator('guid', 'Group', 'The group of the conversation')),
			displayOptions: { show: { conversationWith: ['group'] } },
		},
	];
}

/**
 * A required On Behalf Of picker: the user whose side of the conversation is read or changed, sent as
 * the `onBehalfOf` header (required there by CometChat's spec). Sent by checkConversation or
 * sendOnBehalfOf, not by the field itself.
 */
export function onBehalfOfField(): INodeProperties {
	return withoutRouting(userLocator('onBehalfOf', 'On Behalf Of', 'The user whose side of the conversation this is: CometChat acts as them'));
}

function setOnBehalfOf(context: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): void {
	actAs(requestOptions, readId(context, 'onBehalfOf', 'On Behalf Of'));
}

/** preSend of the operations by conversation ID: the required onBehalfOf header. */
export async function sendOnBehalfOf(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	setOnBehalfOf(this, requestOptions);
	return requestOptions;
}

/** Which of the two kinds of conversation the item is about (a choice can come from an expression). */
export function readConversationWith(context: IExecuteSingleFunctions): 'user' | 'group' {
	return readChoice(context, 'conversationWith', 'Conversation With', CONVERSATION_WITH) as 'user' | 'group';
}

/**
 * `routing.request.url` of a user or group conversation endpoint (`suffix` e.g. '/read'): the path
 * segment is trimmed and encoded as checkConversation checks it.
 */
export function conversationUrl(suffix = ''): string {
	const id = (parameter: string) => `encodeURIComponent(String($parameter["${parameter}"]).trim())`;
	return `=/{{ $parameter["conversationWith"] === "group" ? "groups/" + ${id('guid')} : "users/" + ${id('uid')} }}/conversation${suffix}`;
}

/**
 * preSend of every user/group conversation operation: Conversation With must be User or Group, the
 * picker in use a valid UID/GUID, and On Behalf Of a valid UID, sent as the `onBehalfOf` header —
 * for groups only when `onBehalfOfForGroups` (the spec gives group Mark as Unread no such header).
 */
export function checkConversation({ onBehalfOfForGroups = true } = {}): PreSendAction {
	return async function checkTarget(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const kind = readConversationWith(this);
		if (kind === 'user') readId(this, 'uid', 'User');
		else readId(this, 'guid', 'Group');
		if (kind === 'user' || onBehalfOfForGroups) setOnBehalfOf(this, requestOptions);
		return requestOptions;
	};
}

/** The Conversation ID field of the operations by ID. */
export const conversationIdField: INodeProperties = {
	displayName: 'Conversation ID',
	name: 'conversationId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. cometchat-uid-1_user_cometchat-uid-2',
	description:
		'The conversation\'s ID, as in conversationId of a message or conversation: &lt;uid&gt;_user_&lt;uid&gt; for two users, group_&lt;guid&gt; for a group',
};

/** preSend: Conversation ID must look like one before anything is sent. */
export async function checkConversationId(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	readConversationId(this);
	return requestOptions;
}

/**
 * postReceive of the mark operations: `{success, message}`. CometChat's spec shows the user variants
 * answering with a capital `Message` key, the group ones with `message`: both come out as `message`.
 */
export async function markResult(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const [first] = await unwrapData.call(this, items, response);
	const { Message, message, ...rest } = (first?.json ?? {}) as IDataObject;
	const text = message ?? Message;
	return [{ json: { ...rest, ...(text !== undefined ? { message: text } : {}) } }];
}

/** The Options collection of Mark as Delivered / Read: an optional Message ID. */
export function messageIdOption(description: string): INodeProperties {
	return optionsCollection([
		{
			displayName: 'Message ID',
			name: 'messageId',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 0,
			placeholder: 'e.g. 1059',
			description,
		},
	]);
}

/** preSend: body `messageId` (an integer) from `parameter`; an optional one (inside `options`) only when added. */
export function sendMessageId(parameter: string): PreSendAction {
	return async function setMessageId(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		if (parameter.startsWith('options.')) {
			const options = (this.getNodeParameter('options', {}) ?? {}) as Record<string, unknown>;
			if (options.messageId === undefined) return requestOptions;
		}
		requestOptions.body = { ...(requestOptions.body as object), messageId: readMessageNumber(this, parameter) };
		return requestOptions;
	};
}

// What Get and Set App-Wide Pins share: their answer. GET and PUT /conversations/pinned are documented
// (docs pages rest-api/conversations/list-global-pinned-conversations, replace-global-pinned-conversations)
// without an answer; INFERRED: the list in the PUT body's form, {data: {pinnedConversations: [{uid} | {guid}]}}.

/** At most 5 conversations pinned for every user [docs: ERR_SYSTEM_PINNED_CONVERSATIONS_LIMIT_EXCEEDED]. */
export const APP_PINS_MAX = 5;

/**
 * postReceive: one item `{pinnedConversations: [...]}` holding the whole list in order (a list of pins is
 * read and written as one, e.g. Get, change, Set). A bare list in `data` is taken as the list too.
 */
export async function pinnedList(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const data = (response.body as IDataObject | undefined)?.data;
	if (Array.isArray(data)) return [{ json: { pinnedConversations: data } }];
	return await unwrapData.call(this, items, response);
}
