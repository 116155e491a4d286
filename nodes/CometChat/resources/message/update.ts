import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { onBehalfOfOption, optionsCollection, updateFieldsCollection } from '../../../shared/fields';
import { messageIdField } from '../../../shared/messageId';
import { defineOperation } from '../../../shared/operations';
import { inputError, readJsonObject, readTags, readText } from '../../../shared/validate';
import { changedMessage, checkMessageSize, messageUrl, outputOption } from './fields';

// PUT /messages/{id}  header onBehalfOf?  body {data: {text?, metadata?}, tags?}
//   →  {data: <action message {category: "action", type: "message", data: {action: "edited", entities: {by, for,
//   on: {entity: <the edited message with editedAt, editedBy>}}}}>} [REC]  →  the edited message (or the action).
// Only the sender may edit (ERR_MESSAGE_NOT_A_SENDER); action messages cannot be edited (ERR_MESSAGE_ACTION_NOT_ALLOWED).
export const update = defineOperation(
	'message',
	{
		name: 'Update',
		value: 'update',
		action: 'Update a message',
		description: 'Edit the text, metadata or tags of a message',
		routing: {
			request: { method: 'PUT', url: messageUrl() },
			send: { preSend: [buildUpdate] },
			output: { postReceive: [changedMessage('edited')] },
		},
	},
	[
		messageIdField('ID of the message'),
		updateFieldsCollection([
			{
				displayName: 'Metadata (JSON)',
				name: 'metadata',
				type: 'json',
				default: '{}',
				description: 'A JSON object that replaces the message\'s metadata',
			},
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				placeholder: 'e.g. announcement, edited',
				description: 'Tags that replace the message\'s tags: a comma-separated list, or an array from an expression. Empty removes every tag.',
			},
			{
				displayName: 'Text',
				name: 'text',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
				placeholder: 'e.g. The hiking trip moves to Sunday.',
				description: 'The new text (the caption of a media message)',
			},
		]),
		optionsCollection([
			onBehalfOfOption('UID of the user who edits: CometChat lets only the sender edit a message. Without it the app edits.'),
			outputOption('edited'),
		]),
	],
);

/** `data {text, metadata}` and `tags` from Update Fields; at least one of them. */
async function buildUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const fields = (this.getNodeParameter('updateFields', {}) ?? {}) as IDataObject;
	const data: IDataObject = {};
	const body: IDataObject = {};
	if (fields.text !== undefined) data.text = readText(this, 'updateFields.text', 'Text', { required: true, trim: false });
	if (fields.metadata !== undefined) data.metadata = readJsonObject(this, 'updateFields.metadata', 'Metadata (JSON)');
	if (Object.keys(data).length) body.data = data;
	if (fields.tags !== undefined) body.tags = readTags(this, 'updateFields.tags');
	if (Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty; add the text, metadata or tags to change');
	// The edited message keeps within CometChat's limits, as a sent one does.
	checkMessageSize(this, body, data.text !== undefined ? 'Text' : 'Metadata (JSON)');
	requestOptions.body = body;
	return requestOptions;
}
