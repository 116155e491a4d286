import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';
import { readBoolean } from '../../../shared/validate';
import {
	checkConversation,
	conversationTargetFields,
	conversationUrl,
	conversationWithField,
	onBehalfOfField,
	readConversationWith,
} from './fields';

// DELETE /users/{uid}/conversation  header onBehalfOf (required)  body {deleteMessagesPermanently: true} only when set
// DELETE /groups/{guid}/conversation  header onBehalfOf (required), no body (the spec gives it none)
//   →  {data: {success: true, message: "The conversation <id> has been deleted successfully for UID <uid>."}} [REC]
//   →  output {deleted: true, message}.
// The user variant's body field `conversationWith` ("UID of a user") is not sent: it repeats {uid} of the path.
export const reset = defineOperation(
	'conversation',
	{
		name: 'Reset',
		value: 'reset',
		action: 'Reset a conversation',
		description: 'Delete a conversation for one user (CometChat\'s reset); it comes back with the next message',
		routing: {
			request: { method: 'DELETE', url: conversationUrl() },
			send: { preSend: [checkConversation(), sendPermanently] },
			output: { postReceive: [deletedResult] },
		},
	},
	[
		conversationWithField,
		...conversationTargetFields(),
		onBehalfOfField(),
		{
			...optionsCollection([
				{
					displayName: 'Delete Messages Permanently',
					name: 'deleteMessagesPermanently',
					type: 'boolean',
					default: false,
					description: 'Whether to also delete the conversation\'s messages for good',
				},
			]),
			displayOptions: { show: { conversationWith: ['user'] } },
		},
	],
);

/** `deleteMessagesPermanently: true` only for user conversations and only when on; otherwise no body. */
async function sendPermanently(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	if (readConversationWith(this) !== 'user') return requestOptions;
	const value = readBoolean(this, 'options.deleteMessagesPermanently', 'Delete Messages Permanently');
	if (value) requestOptions.body = { ...(requestOptions.body as object), deleteMessagesPermanently: true };
	return requestOptions;
}
