import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { onBehalfOfOption, optionsCollection } from '../../../shared/fields';
import { messageIdField } from '../../../shared/messageId';
import { defineOperation } from '../../../shared/operations';
import { readBoolean } from '../../../shared/validate';
import { changedMessage, messageUrl, outputOption } from './fields';

// DELETE /messages/{id}  header onBehalfOf?  body {permanent: true} only when set
//   →  {data: <action message, data.action "deleted", entities.on.entity: the deleted message with deletedAt,
//   deletedBy>} [REC]  →  the deleted message (or the action). A soft-deleted message stays, marked deleted.
export const deleteMessage = defineOperation(
	'message',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a message',
		description: 'Delete a message: marked deleted for everyone, or removed for good (Permanent)',
		routing: {
			request: { method: 'DELETE', url: messageUrl() },
			send: { preSend: [sendPermanent] },
			output: { postReceive: [changedMessage('deleted')] },
		},
	},
	[
		messageIdField('ID of the message'),
		optionsCollection([
			onBehalfOfOption('UID of the user who deletes: CometChat lets only the sender delete a message. Without it the app deletes.'),
			outputOption('deleted'),
			{
				displayName: 'Permanent',
				name: 'permanent',
				type: 'boolean',
				default: false,
				description: 'Whether to delete the message for good instead of marking it deleted',
			},
		]),
	],
);

async function sendPermanent(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const value = readBoolean(this, 'options.permanent', 'Permanent');
	if (value) requestOptions.body = { permanent: true };
	return requestOptions;
}
