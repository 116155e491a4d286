import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { onBehalfOfOption, optionsCollection, receiverLocator } from '../../shared/fields';
import { defineOperation } from '../../shared/operations';
import { unwrapData } from '../../shared/output';
import { inputError, readJsonObject, readTags } from '../../shared/validate';

// POST /messages  body {receiver, receiverType, category: 'message', type: 'text', data: {text, metadata?}, tags?, muid?}
//   →  {data: <message>}. Without onBehalfOf CometChat sends as `app_system` ("System").
export const send = defineOperation(
	'message',
	{
		name: 'Send',
		value: 'send',
		action: 'Send a text message',
		description: 'Send a text message to a user or a group',
		routing: {
			request: { method: 'POST', url: '/messages', body: { category: 'message', type: 'text' } },
			send: { preSend: [buildMessageData] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		{
			displayName: 'Receiver Type',
			name: 'receiverType',
			type: 'options',
			options: [
				{ name: 'User', value: 'user', description: 'A one-to-one message' },
				{ name: 'Group', value: 'group', description: 'A message to every member of a group' },
			],
			default: 'user',
			routing: { send: { type: 'body', property: 'receiverType' } },
		},
		receiverLocator('receiver', 'Receiver', 'The user (UID) or group (GUID) to send to'),
		{
			displayName: 'Text',
			name: 'text',
			type: 'string',
			typeOptions: { rows: 4 },
			required: true,
			default: '',
			placeholder: 'e.g. The hiking trip moves to Saturday.',
			description: 'The message text. Mention a user with &lt;@uid:UID&gt;.',
		},
		optionsCollection([
			{
				displayName: 'Metadata (JSON)',
				name: 'metadata',
				type: 'json',
				default: '{}',
				description: 'Any JSON object to store with the message, e.g. {"ticket": 42}',
			},
			{
				displayName: 'Message UID (MUID)',
				name: 'muid',
				type: 'string',
				default: '',
				description: 'Your own unique ID for the message, to match it later',
				routing: { send: { type: 'body', property: 'muid', value: '={{ $value || undefined }}' } },
			},
			onBehalfOfOption('UID of the sender. Without it the message comes from the app ("System").'),
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				placeholder: 'e.g. announcement, weekly',
				description: 'Tags for the message: a comma-separated list, or an array from an expression',
			},
		]),
	],
);

/** Text, metadata and tags are checked and placed here, so bad input stops before the request. */
async function buildMessageData(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const raw = this.getNodeParameter('text', '') as unknown;
	if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
		throw inputError(this, 'Text', `must be text, not ${raw === null ? 'null' : typeof raw}`, 'Give the message some text.');
	}
	const text = String(raw);
	if (text.trim() === '') throw inputError(this, 'Text', 'is empty', 'Give the message some text.');
	const options = this.getNodeParameter('options', {}) as Record<string, unknown>;
	const data: Record<string, unknown> = { text };
	if (options.metadata !== undefined) data.metadata = readJsonObject(this, 'options.metadata', 'Metadata (JSON)');
	const body: Record<string, unknown> = { ...(requestOptions.body as object), data };
	if (options.tags !== undefined) {
		const tags = readTags(this, 'options.tags');
		if (tags.length) body.tags = tags;
	}
	// CometChat's limit for a whole message, metadata included (send-message page).
	const size = [...JSON.stringify(body)].length;
	if (size > MESSAGE_MAX) {
		throw inputError(this, 'Text', `with its metadata and tags the message is ${size} characters; CometChat allows at most ${MESSAGE_MAX}`, 'Shorten the text or the metadata, or split the message.');
	}
	requestOptions.body = body;
	return requestOptions;
}

const MESSAGE_MAX = 65_536;
