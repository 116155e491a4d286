import { defineOperation } from '../../../shared/operations';
import { batchOptions, importInBatches, type ImportKind, MESSAGE, recordsField } from './fields';

// POST /data_import/messages  body {messages: {<muid>: {muid, sender, receiverType, receiver, sentAt, category?, type?,
//   data?: {text?, customData?, attachments?: [{url, name, mimeType, extension, size?}], metadata?, ...}, tags?, deliveredAt?,
//   readAt?, senderUserDetails?, receiverUserDetails?, receiverGroupDetails?, receiverGroupOwnerDetails?,
//   mentionedUserDetails?: {<uid>: {...}}}}}  →  {data: {<muid>: {success: true, data: <message>} | {success: false, error}}}
// The spec's body schema also marks guid, name and type required at the top level: copied from the groups
// import by mistake (they are no fields of a message import), so they are not sent.
const MESSAGES: ImportKind = {
	wrapper: 'messages',
	key: 'muid',
	field: 'Messages',
	shape: MESSAGE,
	foldsCase: false,
	example: '{"muid": "m-1", "sender": "jane", "receiverType": "user", "receiver": "john", "sentAt": 1673421419, "data": {"text": "Hi"}}',
};

export const importMessages = defineOperation(
	'dataImport',
	{
		name: 'Import Messages',
		value: 'importMessages',
		action: 'Import messages',
		description: 'Import chat history from another chat system in bulk, oldest first, keeping send, delivery and read times',
		routing: {
			request: { method: 'POST', url: '/data_import/messages' },
			send: { paginate: true },
			operations: { pagination: importInBatches(MESSAGES) },
		},
	},
	[
		recordsField(
			MESSAGES,
			'The messages to import, oldest first: a JSON array of message objects such as {"muid": "m-1", "sender": "jane", "receiverType": "user", "receiver": "john", "sentAt": 1673421419, "category": "message", "type": "text", "data": {"text": "Hi"}}, or an expression such as {{ $json.messages }}. muid (your unique message ID), sender, receiverType, receiver and sentAt are required; a text message needs data.text, a media message data.attachments, a custom message its own type and data.customData. Import the users and groups first, or give senderUserDetails and the receiver\'s details. More than 50 go out in several requests, in order.',
		),
		batchOptions(),
	],
);
