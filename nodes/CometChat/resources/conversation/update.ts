import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { readTags } from '../../../shared/validate';
import { checkConversation, conversationTargetFields, conversationUrl, conversationWithField, onBehalfOfField } from './fields';

// PUT /users/{uid}/conversation | PUT /groups/{guid}/conversation  header onBehalfOf (required)  body {tags: [...]}
//   →  {data: <conversation with tags>} [REC]. The tags replace the conversation's tags for that user.
export const update = defineOperation(
	'conversation',
	{
		name: 'Update',
		value: 'update',
		action: 'Update a conversation',
		description: 'Set the tags of a user\'s conversation with another user or in a group',
		routing: {
			request: { method: 'PUT', url: conversationUrl() },
			send: { preSend: [checkConversation(), sendTags] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		conversationWithField,
		...conversationTargetFields(),
		onBehalfOfField(),
		{
			displayName: 'Tags',
			name: 'tags',
			type: 'string',
			default: '',
			placeholder: 'e.g. support, priority',
			description:
				'Tags that replace the conversation\'s tags: a comma-separated list, or an array from an expression (at most 25 of 100 characters). Empty removes every tag.',
		},
	],
);

/** `tags` as a list (an empty field sends [], which clears the tags). */
async function sendTags(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.body = { ...(requestOptions.body as object), tags: readTags(this, 'tags') };
	return requestOptions;
}
