import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, IN8nHttpFullResponse, INodeExecutionData, INodeProperties, INodePropertyOptions, PreSendAction } from 'n8n-workflow';
import { actAs, csvQuery, pathId, receiverLocator, userLocator } from '../../../shared/fields';
import { derivedMuid } from '../../../shared/exactlyOnce';
import { actionResult, unwrapData } from '../../../shared/output';
import { characters, distinctIgnoringCase, idProblem, inputError, readBoolean, readChoice, readConversationId, readId, readJsonObject, readList, readTags, readText, sameId } from '../../../shared/validate';
import { compareNames } from '../../../shared/sort';
import { readMessageId } from '../../../shared/messageId';
import { preSendFactory } from '../../../shared/fold';
import { dateQuery } from '../../../shared/dates';

// The message resource's own fields and helpers. First what Send, Send as Bot and Reply in Thread share
// (composing a message): who receives the message (a user, a group, or
// several of both), what it is (text, media by URL, custom data, an interactive form or card), its
// options, and how the request body is built and checked before anything is sent.
//
// Body (POST /messages, POST /bots/{uid}/messages, POST /messages/{id}/thread) [SPEC messageCategorySchema,
// customCategorySchema]: {receiver, receiverType | multipleReceivers {uids, guids}, category, type,
// data {text | attachments | customData | interactiveData..., metadata}, tags, muid}.

export type MessageKind = 'text' | 'media' | 'custom' | 'interactive';

const MESSAGE_KINDS: Record<MessageKind, INodePropertyOptions> = {
	custom: { name: 'Custom', value: 'custom', description: 'Your own JSON data (customData) with a type of your choice, e.g. a location' },
	interactive: { name: 'Interactive', value: 'interactive', description: 'A form or card users can fill in or click' },
	media: { name: 'Media', value: 'media', description: 'An image, video, audio or file, given by URL' },
	text: { name: 'Text', value: 'text', description: 'A text message' },
};

const RECEIVER_TYPES: INodePropertyOptions[] = [
	{ name: 'Group', value: 'group', description: 'A message to every member of a group' },
	{ name: 'Several Receivers', value: 'multiple', description: 'The same message to several users and groups, one copy each' },
	{ name: 'User', value: 'user', description: 'A one-to-one message' },
];

const receiverTypes = (several: boolean) => (several ? RECEIVER_TYPES : RECEIVER_TYPES.filter((option) => option.value !== 'multiple'));

const MEDIA_TYPES: INodePropertyOptions[] = [
	{ name: 'Audio', value: 'audio' },
	{ name: 'File', value: 'file' },
	{ name: 'Image', value: 'image' },
	{ name: 'Video', value: 'video' },
];

// CometChat's limits (send-message page): the whole message 65,536 characters with its metadata, its
// data object (text, attachments, customData, metadata) 10 KB, at most 10 distinct mentioned users.
// Custom types are free text; 100 characters like other names (INFERRED).
const MESSAGE_MAX = 65_536;
// "Message data object: 10 KB max (UTF8mb4)": INFERRED as 10,240 bytes of its JSON in UTF-8, the
// stricter reading, so that CometChat is never sent a data object it may refuse.
const DATA_MAX_BYTES = 10_240;
const MENTIONS_MAX = 10;
const TYPE_MAX = 100;
const MENTION = /<@uid:([^>]*)>/g;

const show = (kinds: MessageKind[]) => ({ show: { messageType: kinds } });

/**
 * Points people who want an answer before the workflow goes on to the node that waits for one (a node of
 * its own: CometChatSendAndWait.node.ts says why). A notice routes nothing and the router skips it.
 */
export const sendAndWaitNotice: INodeProperties = {
	displayName: 'To ask someone in the chat and wait for their answer (approve or decline, free text, a form) before the workflow goes on, use the "CometChat Send and Wait" node',
	name: 'sendAndWaitNotice',
	type: 'notice',
	default: '',
};

/** "Receiver Type" and the fields of each: Receiver, or Receiver UIDs and Receiver GUIDs for several. */
export function receiverFields({ several }: { several: boolean }): INodeProperties[] {
	const fields: INodeProperties[] = [
		{
			displayName: 'Receiver Type',
			name: 'receiverType',
			type: 'options',
			options: receiverTypes(several),
			default: 'user',
		},
		{
			...receiverLocator('receiver', 'Receiver', 'The user (UID) or group (GUID) to send to'),
			// Sent by buildMessage with the rest of the body, which also checks it.
			routing: undefined,
			displayOptions: { show: { receiverType: ['user', 'group'] } },
		},
	];
	if (!several) return fields;
	const list = (name: string, displayName: string, placeholder: string, description: string): INodeProperties => ({
		displayName,
		name,
		type: 'string',
		default: '',
		placeholder,
		description,
		displayOptions: { show: { receiverType: ['multiple'] } },
	});
	return [
		...fields,
		list('receiverUids', 'Receiver UIDs', 'e.g. cometchat-uid-2, cometchat-uid-3', 'Users to send the message to: a comma-separated list, or an array from an expression'),
		list('receiverGuids', 'Receiver GUIDs', 'e.g. cometchat-guid-1', 'Groups to send the message to: a comma-separated list, or an array from an expression'),
	];
}

/** "Message Type" and the fields of each kind of message offered (`kinds`). */
export function contentFields(kinds: MessageKind[]): INodeProperties[] {
	const offered = (list: MessageKind[]) => list.filter((kind) => kinds.includes(kind));
	const fields: INodeProperties[] = [
		{
			displayName: 'Message Type',
			name: 'messageType',
			type: 'options',
			options: kinds.map((kind) => MESSAGE_KINDS[kind]).sort((a, b) => compareNames(a.name, b.name)),
			default: 'text',
		},
		{
			displayName: 'Text',
			name: 'text',
			type: 'string',
			typeOptions: { rows: 4 },
			required: true,
			default: '',
			placeholder: 'e.g. The hiking trip moves to Saturday.',
			description: 'The message text. Mention a user with &lt;@uid:UID&gt; (at most 10 users).',
			displayOptions: show(['text']),
		},
		{
			displayName: 'Media Type',
			name: 'mediaType',
			type: 'options',
			options: MEDIA_TYPES,
			default: 'image',
			description: 'What the attachments are',
			displayOptions: show(['media']),
		},
		{
			displayName: 'Attachments',
			name: 'attachments',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Attachment',
			default: {},
			description: 'The files of the message, by URL (CometChat\'s REST API takes files by URL, not uploads)',
			displayOptions: show(['media']),
			options: [
				{
					displayName: 'Attachment',
					name: 'attachment',
					values: [
						{ displayName: 'Extension', name: 'extension', type: 'string', default: '', placeholder: 'e.g. png' },
						{ displayName: 'MIME Type', name: 'mimeType', type: 'string', default: '', placeholder: 'e.g. image/png' },
						{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. trail-map.png', description: 'The file name shown to users' },
						{ displayName: 'Size (Bytes)', name: 'size', type: 'number', typeOptions: { minValue: 0, numberPrecision: 0 }, default: 0, description: 'The file size in bytes; 0 leaves it out' },
						{ displayName: 'URL', name: 'url', type: 'string', default: '', placeholder: 'e.g. https://example.com/trail-map.png', description: 'Where the file is (required)' },
					],
				},
			],
		},
		{
			displayName: 'Caption',
			name: 'caption',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			placeholder: 'e.g. The map for Saturday',
			description: 'Text shown with the media (CometChat\'s data.text). Mention a user with &lt;@uid:UID&gt;.',
			displayOptions: show(['media']),
		},
		{
			displayName: 'Custom Type',
			name: 'customType',
			type: 'string',
			default: '',
			placeholder: 'e.g. location',
			description: 'Your name for this kind of custom message (the message\'s type)',
			displayOptions: show(['custom']),
		},
		{
			displayName: 'Custom Data (JSON)',
			name: 'customData',
			type: 'json',
			default: '{}',
			description: 'The message itself: any JSON object, e.g. {"latitude": 52.52, "longitude": 13.40}',
			displayOptions: show(['custom']),
		},
		{
			displayName: 'Interactive Type',
			name: 'interactiveType',
			type: 'string',
			default: 'form',
			placeholder: 'e.g. form',
			description: 'The kind of interactive message: form or card',
			displayOptions: show(['interactive']),
		},
		{
			displayName: 'Interactive Data (JSON)',
			name: 'interactiveData',
			type: 'json',
			default: '{}',
			description:
				'The form or card as CometChat defines it, e.g. {"title": "Feedback", "formFields": [...], "submitElement": {...}}',
			displayOptions: show(['interactive']),
		},
		{
			displayName: 'Interaction Goal (JSON)',
			name: 'interactionGoal',
			type: 'json',
			default: '{}',
			description: 'When the message counts as done, e.g. {"type": "anyAction", "elementIds": []}. {} leaves it out.',
			displayOptions: show(['interactive']),
		},
		{
			displayName: 'Allow Sender Interaction',
			name: 'allowSenderInteraction',
			type: 'boolean',
			default: false,
			description: 'Whether the sender may interact with the message too',
			displayOptions: show(['interactive']),
		},
		{
			displayName: 'Mentions',
			name: 'mentions',
			type: 'string',
			default: '',
			placeholder: 'e.g. cometchat-uid-2, cometchat-uid-3',
			description:
				'UIDs of users to mention: each not yet mentioned in the text is added at its end as &lt;@uid:UID&gt; (at most 10 users per message)',
			displayOptions: show(offered(['text', 'media'])),
		},
	];
	return fields.filter((field) => {
		const shownFor = (field.displayOptions?.show?.messageType ?? kinds) as MessageKind[];
		return shownFor.some((kind) => kinds.includes(kind));
	});
}

/** The optional fields of a message: Metadata, Message UID (when the endpoint takes one), Tags. */
export function messageOptions({ muid }: { muid: boolean }): INodeProperties[] {
	const options: INodeProperties[] = [
		{
			displayName: 'Metadata (JSON)',
			name: 'metadata',
			type: 'json',
			default: '{}',
			description: 'Any JSON object to store with the message, e.g. {"ticket": 42}',
		},
		{
			displayName: 'Tags',
			name: 'tags',
			type: 'string',
			default: '',
			placeholder: 'e.g. announcement, weekly',
			description: 'Tags for the message: a comma-separated list, or an array from an expression',
		},
	];
	if (muid) {
		options.splice(1, 0, {
			displayName: 'Message UID (MUID)',
			name: 'muid',
			type: 'string',
			default: '',
			description: 'Your own unique ID for the message, to match it later. Without one the node makes one from the execution, node and item. Give each message its own: after a lost answer the node looks the message up by it and sends again only if CometChat does not have it.',
		});
	}
	return options;
}

/**
 * preSend: the whole body, checked field by field before anything is sent. `kinds` are the message
 * types the operation offers, `several` whether it offers several receivers, `muidIn` where the
 * message's MUID goes: the body's `muid`, or `data.metadata.muid` where the endpoint takes no muid.
 */
export function buildMessage({ kinds, several, muidIn }: { kinds: MessageKind[]; several: boolean; muidIn: 'body' | 'metadata' }): PreSendAction {
	return async function buildMessageBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		// Keys in the order Send has always sent them: category, type, receiver(s), muid, data, tags.
		const receivers = receiversOf(this, several);
		const { category, type, data } = contentOf(this, kinds);
		const body: IDataObject = { category, type, ...receivers };
		const options = (this.getNodeParameter('options', {}) ?? {}) as IDataObject;
		// Every message carries a MUID, so that a lost answer can be looked up (shared/exactlyOnce.ts).
		const muid = options.muid === undefined ? '' : readText(this, 'options.muid', 'Message UID (MUID)', { max: 255 });
		if (muidIn === 'body') body.muid = muid || derivedMuid(this);
		body.data = data;
		if (options.metadata !== undefined) (data as IDataObject).metadata = readJsonObject(this, 'options.metadata', 'Metadata (JSON)');
		if (muidIn === 'metadata') {
			// The thread endpoint's body has no muid [SPEC]; metadata is stored and listed with the message.
			const metadata = ((data as IDataObject).metadata ?? {}) as IDataObject;
			(data as IDataObject).metadata = { ...metadata, muid: typeof metadata.muid === 'string' && metadata.muid !== '' ? metadata.muid : derivedMuid(this) };
		}
		if (options.tags !== undefined) {
			const tags = readTags(this, 'options.tags');
			if (tags.length) body.tags = tags;
		}
		checkMessageSize(this, body, fieldOfContent(this));
		requestOptions.body = body;
		return requestOptions;
	};
}

/** CometChat's limits for a message body (send-message page), checked before it is sent; `field` is named. */
export function checkMessageSize(context: IExecuteSingleFunctions, body: IDataObject, field: string): void {
	const fix = 'Shorten the text or the metadata, or split the message.';
	const size = characters(JSON.stringify(body));
	if (size > MESSAGE_MAX) throw inputError(context, field, `with its metadata and tags the message is ${size} characters; CometChat allows at most ${MESSAGE_MAX}`, fix);
	const dataBytes = Buffer.byteLength(JSON.stringify(body.data ?? {}), 'utf8');
	if (dataBytes > DATA_MAX_BYTES) throw inputError(context, field, `with its metadata the message's data is ${dataBytes} bytes; CometChat allows at most 10 KB (${DATA_MAX_BYTES} bytes)`, fix);
}

/** The field that carries most of a message, named in a size error. */
function fieldOfContent(context: IExecuteSingleFunctions): string {
	const kind = context.getNodeParameter('messageType', 'text') as MessageKind;
	return { text: 'Text', media: 'Attachments', custom: 'Custom Data (JSON)', interactive: 'Interactive Data (JSON)' }[kind] ?? 'Text';
}

/** `receiver` + `receiverType`, or `multipleReceivers {uids, guids}` (at least one ID in all). */
function receiversOf(context: IExecuteSingleFunctions, several: boolean): IDataObject {
	const receiverType = readChoice(context, 'receiverType', 'Receiver Type', receiverTypes(several));
	if (receiverType !== 'multiple') {
		const raw = context.getNodeParameter('receiver', '', { extractValue: true }) as unknown;
		if (typeof raw !== 'string' && typeof raw !== 'number') throw inputError(context, 'Receiver', 'expected a single ID');
		const receiver = String(raw).trim();
		const problem = idProblem(receiver);
		if (problem) throw inputError(context, 'Receiver', problem);
		return { receiverType, receiver };
	}
	const multipleReceivers: IDataObject = {};
	for (const [parameter, field, key] of [
		['receiverUids', 'Receiver UIDs', 'uids'],
		['receiverGuids', 'Receiver GUIDs', 'guids'],
	] as const) {
		const ids = distinctIgnoringCase(readList(context, parameter, field));
		for (const id of ids) {
			const problem = idProblem(id);
			if (problem) throw inputError(context, field, problem);
		}
		if (ids.length) multipleReceivers[key] = ids;
	}
	if (!multipleReceivers.uids && !multipleReceivers.guids) {
		throw inputError(context, 'Receiver UIDs', 'is empty, and so is Receiver GUIDs; give at least one user or group');
	}
	return { multipleReceivers };
}

/** `category`, `type` and `data` of the chosen kind of message. */
function contentOf(context: IExecuteSingleFunctions, kinds: MessageKind[]): IDataObject {
	const kind = readChoice(context, 'messageType', 'Message Type', kinds.map((value) => MESSAGE_KINDS[value])) as MessageKind;
	if (kind === 'text') {
		const text = withMentions(context, readText(context, 'text', 'Text', { required: true, trim: false }), 'Text');
		return { category: 'message', type: 'text', data: { text } };
	}
	if (kind === 'media') {
		const type = readChoice(context, 'mediaType', 'Media Type', MEDIA_TYPES);
		const data: IDataObject = { attachments: readAttachments(context) };
		const caption = withMentions(context, readText(context, 'caption', 'Caption', { trim: false }), 'Caption');
		if (caption.trim() !== '') data.text = caption;
		return { category: 'message', type, data };
	}
	if (kind === 'custom') {
		const type = readText(context, 'customType', 'Custom Type', { required: true, max: TYPE_MAX });
		const customData = readJsonObject(context, 'customData', 'Custom Data (JSON)');
		// An empty customData answers ERR_EMPTY_CUSTOM_DATA [ERRGUIDE].
		if (Object.keys(customData).length === 0) throw inputError(context, 'Custom Data (JSON)', 'is empty; CometChat needs at least one field', 'Write a JSON object such as {"latitude": 52.52}.');
		return { category: 'custom', type, data: { customData } };
	}
	// Interactive messages are not in the spec: shape from reference §7.9 (a public REST sample), INFERRED.
	const type = readText(context, 'interactiveType', 'Interactive Type', { required: true, max: TYPE_MAX });
	const interactiveData = readJsonObject(context, 'interactiveData', 'Interactive Data (JSON)');
	if (Object.keys(interactiveData).length === 0) throw inputError(context, 'Interactive Data (JSON)', 'is empty; describe the form or card', 'Write a JSON object such as {"title": "Feedback", "formFields": [...]}.');
	const data: IDataObject = { interactiveData };
	const goal = readJsonObject(context, 'interactionGoal', 'Interaction Goal (JSON)');
	if (Object.keys(goal).length) data.interactionGoal = goal;
	const allow = context.getNodeParameter('allowSenderInteraction', false) as unknown;
	if (typeof allow !== 'boolean') throw inputError(context, 'Allow Sender Interaction', 'must be true or false');
	if (allow) data.allowSenderInteraction = true;
	return { category: 'interactive', type, data };
}

/** Attachments: at least one, each with a URL; size sent as a string of bytes [SPEC]. */
function readAttachments(context: IExecuteSingleFunctions): IDataObject[] {
	const field = 'Attachments';
	const raw = context.getNodeParameter('attachments', {}) as unknown;
	const entries = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as IDataObject).attachment ?? [] : raw;
	if (!Array.isArray(entries)) throw inputError(context, field, 'must be a list of attachments');
	if (entries.length === 0) throw inputError(context, field, 'is empty; add at least one file by URL');
	return entries.map((entry, index) => {
		if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw inputError(context, field, `entry ${index + 1} must be an attachment`);
		const attachment: IDataObject = {};
		for (const key of ['url', 'name', 'mimeType', 'extension'] as const) {
			const value = (entry as IDataObject)[key];
			if (value === undefined || value === null || value === '') continue;
			if (typeof value !== 'string') throw inputError(context, field, `the ${key} of entry ${index + 1} must be text`);
			if (value.trim() !== '') attachment[key] = value.trim();
		}
		const url = String(attachment.url ?? '');
		if (!/^https?:\/\/\S+$/i.test(url)) throw inputError(context, field, `entry ${index + 1} needs a URL starting with http:// or https://`);
		const size = (entry as IDataObject).size;
		if (size !== undefined && size !== null && size !== '' && size !== 0) {
			if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) throw inputError(context, field, `the size of entry ${index + 1} must be a whole number of bytes`);
			attachment.size = String(size);
		}
		return attachment;
	});
}

/** The text with the Mentions field's users added, checked: valid UIDs, at most 10 distinct users. */
function withMentions(context: IExecuteSingleFunctions, text: string, field: string): string {
	let result = text;
	const wanted = (context.getNodeParameter('mentions', '') as unknown) === '' ? [] : readList(context, 'mentions', 'Mentions');
	const mentioned = () => [...result.matchAll(MENTION)].map((match) => match[1].trim().toLowerCase());
	for (const uid of wanted) {
		const problem = idProblem(uid);
		if (problem) throw inputError(context, 'Mentions', problem);
		if (!mentioned().includes(uid.toLowerCase())) result = `${result}${result === '' || /\s$/.test(result) ? '' : ' '}<@uid:${uid}>`;
	}
	const uids = new Set(mentioned());
	for (const uid of uids) {
		const problem = idProblem(uid);
		if (problem) throw inputError(context, field, `mentions <@uid:${uid.slice(0, 40)}>, which is not a UID: ${problem}`);
	}
	if (uids.size > MENTIONS_MAX) throw inputError(context, wanted.length ? 'Mentions' : field, `mentions ${uids.size} users; CometChat allows at most ${MENTIONS_MAX} per message`);
	return result;
}

/**
 * postReceive of the send operations: the sent message, or with several receivers one item per
 * receiver, in the order given (users, then groups): the message sent to it, or `{receiverType,
 * receiver, success: false, message, code?}` where CometChat refused it or left it out.
 * The answer's shape for several receivers is INFERRED: `{data: {uids: {<uid>: <message>}, guids: {...}}}`.
 */
export async function sentMessages(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	if (this.getNodeParameter('receiverType', 'user') !== 'multiple') return await unwrapData.call(this, items, response);
	const data = ((response.body as IDataObject | undefined)?.data ?? {}) as IDataObject;
	const asked: Array<[string, string, string]> = [];
	for (const [parameter, key, receiverType] of [
		['receiverUids', 'uids', 'user'],
		['receiverGuids', 'guids', 'group'],
	] as const) {
		const ids = this.getNodeParameter(parameter, '') === '' ? [] : readList(this, parameter, parameter);
		for (const id of ids) if (!asked.some(([type, , other]) => type === receiverType && sameId(other, id))) asked.push([receiverType, key, id]);
	}
	return asked.map(([receiverType, key, receiver]) => {
		const answers = (data[key] ?? {}) as IDataObject;
		const found = Object.entries(answers).find(([id]) => sameId(id, receiver))?.[1] as IDataObject | undefined;
		if (found && typeof found === 'object' && found.id !== undefined) return { json: found };
		const error = (found?.error ?? {}) as IDataObject;
		const message = found?.message ?? error.message ?? 'CometChat returned no message for this receiver.';
		return { json: { receiverType, receiver, success: false, message: String(message), ...(error.code ? { code: error.code } : {}) } };
	});
}

// What the message operations share besides composing a message: the URL of one message, the user a
// request acts for where CometChat requires one, and the outputs of edits, deletes and simple actions.

/** `routing.request.url` of one message's endpoint, e.g. messageUrl('/pin') → /messages/{id}/pin. */
export const messageUrl = (suffix = '') => `=/messages/${pathId('messageId')}${suffix}`;

/** preSend of actingUser: the checked UID as the onBehalfOf header. */
const sendActingUser = preSendFactory(function sendActingUser(parameter: string, field: string) {
	return async function setActingUser(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		actAs(requestOptions, readId(this, parameter, field));
		return requestOptions;
	};
});

/**
 * A required user picker whose UID is sent as the onBehalfOf header: the user a request acts for
 * where CometChat's spec or docs require the header (reactions, thread replies, saves...).
 */
export function actingUser(name: string, displayName: string, description: string): INodeProperties {
	return {
		...userLocator(name, displayName, description),
		routing: {
			send: {
				preSend: [sendActingUser(name, displayName)],
			},
		},
	};
}

/** postReceive of actions answered with `{success, message}`: `{messageId, uid, success, message}`. */
export function userActionResult(userParameter: string, userField: string) {
	return actionResult((context) => ({
		messageId: readMessageId(context, 'messageId', 'Message ID'),
		uid: readId(context, userParameter, userField),
	}));
}

const OUTPUTS = (verb: 'edited' | 'deleted') => [
	{
		name: 'Action Message',
		value: 'action',
		description: `CometChat's answer as it is: an action message (category "action") whose data.entities.on.entity is the ${verb} message`,
	},
	{
		name: verb === 'edited' ? 'Edited Message' : 'Deleted Message',
		value: 'message',
		description: `The ${verb} message itself, with ${verb === 'edited' ? 'editedAt and editedBy' : 'deletedAt and deletedBy'}`,
	},
];

/** The Output option of Update and Delete. */
export const outputOption = (verb: 'edited' | 'deleted'): INodeProperties => ({
	displayName: 'Output',
	name: 'output',
	type: 'options',
	options: OUTPUTS(verb),
	default: 'message',
	description: 'What to return: the message or CometChat\'s action message about it',
});

/**
 * postReceive of Update and Delete. CometChat answers an edit or delete with a new action message that
 * wraps the changed one ({category: "action", data: {action: "edited", entities: {by, for, on: {entity}}}}
 * [REC]); by default the output is that wrapped message, which a next node can use like any message.
 * An answer that wraps nothing is passed on as it is.
 */
export function changedMessage(verb: 'edited' | 'deleted') {
	return async function unwrapActionMessage(
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		const [item] = await unwrapData.call(this, items, response);
		const options = (this.getNodeParameter('options', {}) ?? {}) as IDataObject;
		const output = options.output === undefined ? 'message' : readChoice(this, 'options.output', 'Output', OUTPUTS(verb));
		if (output === 'action') return [item];
		const entities = ((item.json.data as IDataObject | undefined)?.entities ?? {}) as IDataObject;
		const on = (entities.on as IDataObject | undefined)?.entity;
		return on !== null && typeof on === 'object' && !Array.isArray(on) ? [{ json: on as IDataObject }] : [item];
	};
}

// A reaction is an emoji or a short text: at most 45 characters [send-message page], sent URL-encoded as a
// path segment [SPEC: /messages/{id}/reactions/{reaction}].
const REACTION_MAX = 45;

/** The expression of a reaction path segment (`path` e.g. '["reaction"]'), trimmed and encoded as readReaction reads it. */
export const encodedReaction = (path: string) => `encodeURIComponent(String($parameter${path}).trim())`;

/** A reaction parameter: text, not empty, at most 45 characters. */
export function readReaction(context: IExecuteSingleFunctions, parameter: string): string {
	const reaction = readText(context, parameter, 'Reaction', { required: true, max: REACTION_MAX });
	// "." and ".." would be read as path steps ("/reactions/.." is the message itself), not as a reaction.
	if (reaction === '.' || reaction === '..') throw inputError(context, 'Reaction', `"${reaction}" is not a reaction; use an emoji or a word`);
	// Encoded as %2F it still reads as a path separator to servers that decode before routing.
	if (/[/\\]/.test(reaction)) throw inputError(context, 'Reaction', `"${reaction}" has a slash, which a reaction in CometChat's URL path cannot have`);
	return reaction;
}

/** The Reaction field of Add and Remove Reaction, checked before any request. */
export const reactionField: INodeProperties = {
	displayName: 'Reaction',
	name: 'reaction',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 👍',
	description: 'The reaction: an emoji or a short text (at most 45 characters)',
	routing: {
		send: {
			preSend: [
				async function checkReaction(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
					readReaction(this, 'reaction');
					return requestOptions;
				},
			],
		},
	},
};

// The filters of the three message lists. Each list accepts its own set [SPEC]: only GET /messages has
// conversationId, receiverType and the deleted filters; only the user and group lists have undelivered and
// myMentionsOnly; the user list has no hideMessagesFromBlockedUsers.

// The filters of Get Many: each list (all, a user conversation, a group) has its own set in the spec.
export type ListOf = 'all' | 'user' | 'group';

const query = (name: string) => ({ send: { type: 'query' as const, property: name } });

const flag = (name: string, displayName: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'boolean',
	default: true,
	description,
	routing: query(name),
});

/** preSend: a comma-separated list (or an array from an expression) sent as one query value; `ids` checks UIDs. */
function listValue(name: string, displayName: string, { ids = false } = {}): PreSendAction {
	return async function sendList(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const values = readList(this, `filters.${name}`, displayName);
		if (values.length === 0) throw inputError(this, displayName, 'is empty; remove the filter or give a value');
		if (ids) {
			for (const value of values) {
				const problem = idProblem(value);
				if (problem) throw inputError(this, displayName, problem);
			}
		}
		requestOptions.qs = { ...requestOptions.qs, [name]: values.join(',') };
		return requestOptions;
	};
}

const list = (name: string, displayName: string, placeholder: string, description: string, ids = false): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	placeholder,
	description,
	routing: { send: { preSend: [listValue(name, displayName, { ids })] } },
});

async function sendSender(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	requestOptions.qs = { ...requestOptions.qs, sender: readId(this, 'filters.sender', 'Sender') };
	return requestOptions;
}

async function sendConversationId(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	requestOptions.qs = { ...requestOptions.qs, conversationId: readConversationId(this, 'filters.conversationId') };
	return requestOptions;
}

async function sendUnread(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const value = readBoolean(this, 'filters.unread', 'Unread Only');
	// unread "must be used alongside count" [SPEC].
	if (value) requestOptions.qs = { ...requestOptions.qs, unread: true, count: true };
	return requestOptions;
}

const DELETED = { hide: 'hideDeleted', only: 'onlyDeleted' } as const;

async function sendDeleted(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const value = this.getNodeParameter('filters.deleted', 'hide') as keyof typeof DELETED;
	requestOptions.qs = { ...requestOptions.qs, [DELETED[value]]: true };
	return requestOptions;
}

/** Every filter, with the lists that take it. */
const FILTERS: Array<[INodeProperties, ListOf[]]> = [
	[
		{
			displayName: 'Attachment Type',
			name: 'attachmentTypes',
			type: 'options',
			options: [
				{ name: 'Audio', value: 'audio' },
				{ name: 'File', value: 'file' },
				{ name: 'Image', value: 'image' },
				{ name: 'Video', value: 'video' },
			],
			default: 'image',
			description: 'Only media messages with attachments of this type',
			routing: query('attachmentTypes'),
		},
		['all', 'user', 'group'],
	],
	[
		{
			displayName: 'Categories',
			name: 'categories',
			type: 'multiOptions',
			options: [
				{ name: 'Action', value: 'action', description: 'Messages CometChat writes: edits, deletes, member changes' },
				{ name: 'Call', value: 'call' },
				{ name: 'Custom', value: 'custom' },
				{ name: 'Interactive', value: 'interactive' },
				{ name: 'Message', value: 'message', description: 'Text and media messages' },
			],
			default: [],
			description: 'Only messages of these categories',
			routing: { send: csvQuery('categories') },
		},
		['all', 'user', 'group'],
	],
	[
		{ displayName: 'Conversation ID', name: 'conversationId', type: 'string', default: '', placeholder: 'e.g. cometchat-uid-1_user_cometchat-uid-2', description: 'Only messages of this conversation (&lt;uid&gt;_user_&lt;uid&gt; or group_&lt;guid&gt;)', routing: { send: { preSend: [sendConversationId] } } },
		['all'],
	],
	[
		{
			displayName: 'Deleted Messages',
			name: 'deleted',
			type: 'options',
			options: [
				{ name: 'Hide', value: 'hide', description: 'Leave deleted messages out' },
				{ name: 'Only', value: 'only', description: 'Only deleted messages' },
			],
			default: 'hide',
			description: 'Without this filter deleted messages are included, marked with deletedAt',
			routing: { send: { preSend: [sendDeleted] } },
		},
		['all'],
	],
	[
		{
			displayName: 'From',
			name: 'from',
			type: 'dateTime',
			default: '',
			description: 'Only messages sent at or after this time (sent as a Unix timestamp in seconds)',
			routing: { send: { preSend: [dateQuery('filters.from', 'fromTimestamp', 'From')] } },
		},
		['all', 'user', 'group'],
	],
	[flag('hasAttachments', 'Has Attachments', 'Whether to return only messages with attachments (on) or only messages without (off)'), ['all', 'user', 'group']],
	[flag('hasLinks', 'Has Links', 'Whether to return only messages with links (on) or only messages without (off)'), ['all', 'user', 'group']],
	[flag('hasMentions', 'Has Mentions', 'Whether to return only messages that mention users (on) or only messages without (off)'), ['all', 'user', 'group']],
	[flag('hasReactions', 'Has Reactions', 'Whether to return only messages with reactions (on) or only messages without (off)'), ['all', 'user', 'group']],
	[flag('hideMessagesFromBlockedUsers', 'Hide Messages From Blocked Users', 'Whether to leave out messages from users the On Behalf Of user blocked'), ['all', 'group']],
	[flag('hideReplies', 'Hide Thread Replies', 'Whether to leave out replies in threads'), ['all', 'user', 'group']],
	[list('mentionedUids', 'Mentioned UIDs', 'e.g. cometchat-uid-2, cometchat-uid-3', 'Only messages that mention any of these users (comma-separated UIDs)', true), ['all', 'user', 'group']],
	[flag('mentionsWithBlockedInfo', 'Mentions With Blocked Info', 'Whether to say for each mentioned user whether they and the On Behalf Of user blocked each other'), ['all', 'user', 'group']],
	[flag('mentionsWithTagInfo', 'Mentions With Tag Info', 'Whether to include the tags of each mentioned user'), ['all', 'user', 'group']],
	[flag('myMentionsOnly', 'My Mentions Only', 'Whether to return only messages that mention the On Behalf Of user'), ['user', 'group']],
	[
		{
			displayName: 'Receiver Type',
			name: 'receiverType',
			type: 'options',
			options: [
				{ name: 'Group', value: 'group', description: 'Group messages' },
				{ name: 'User', value: 'user', description: 'One-to-one messages' },
			],
			default: 'user',
			description: 'Only one-to-one messages or only group messages',
			routing: query('receiverType'),
		},
		['all'],
	],
	[
		{ displayName: 'Search Key', name: 'searchKey', type: 'string', default: '', placeholder: 'e.g. trail', description: 'Only messages whose text contains this', routing: query('searchKey') },
		['all', 'user', 'group'],
	],
	[
		{ displayName: 'Sender', name: 'sender', type: 'string', default: '', placeholder: 'e.g. cometchat-uid-2', description: 'Only messages from this user (UID)', routing: { send: { preSend: [sendSender] } } },
		['all', 'user', 'group'],
	],
	[list('tags', 'Tags', 'e.g. announcement, weekly', 'Only messages with any of these tags (comma-separated)'), ['all', 'user', 'group']],
	[
		{
			displayName: 'To',
			name: 'to',
			type: 'dateTime',
			default: '',
			description: 'Only messages sent at or before this time (sent as a Unix timestamp in seconds; needs From)',
			routing: { send: { preSend: [dateQuery('filters.to', 'toTimestamp', 'To')] } },
		},
		['all', 'user', 'group'],
	],
	[list('types', 'Types', 'e.g. text, image, location', 'Only messages of these types (comma-separated): text, image, video, audio, file, or your custom types'), ['all', 'user', 'group']],
	[flag('undelivered', 'Undelivered Only', 'Whether to return only messages not yet delivered to the On Behalf Of user'), ['user', 'group']],
	[
		{
			displayName: 'Unread Only',
			name: 'unread',
			type: 'boolean',
			default: true,
			description: 'Whether to return only messages the On Behalf Of user has not read',
			routing: { send: { preSend: [sendUnread] } },
		},
		['all', 'user', 'group'],
	],
	[flag('withTags', 'With Tags', 'Whether to include each message\'s tags'), ['all', 'user', 'group']],
];

const LIST_NAMES: Record<ListOf, string> = { all: 'All Messages', group: 'Group', user: 'User Conversation' };

/** Every filter, sorted by name; those only some lists take say which. */
export const messageFilters: INodeProperties[] = FILTERS.map(([filter, lists]) =>
	lists.length === 3 ? filter : { ...filter, description: `${filter.description} (${lists.map((list) => LIST_NAMES[list]).join(' and ')} only)` },
);

/**
 * The filters that `listOf` does not take, by display name, among those added. One collection serves the
 * three lists (so that a Messages Of from an expression still sends its filters), and CometChat's spec
 * gives each list its own set: a filter the list lacks is refused, not dropped.
 */
export function filtersNotFor(listOf: ListOf, added: string[]): Array<{ displayName: string; lists: string }> {
	return FILTERS.filter(([filter, lists]) => added.includes(filter.name) && !lists.includes(listOf)).map(([filter, lists]) => ({
		displayName: filter.displayName,
		lists: lists.map((list) => LIST_NAMES[list]).join(' and '),
	}));
}
