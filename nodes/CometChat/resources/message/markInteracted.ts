import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { messageIdField } from '../../../shared/messageId';
import { defineOperation } from '../../../shared/operations';
import { inputError, readList } from '../../../shared/validate';
import { actingUser, messageUrl, userActionResult } from './fields';

// PATCH /messages/{id}/interacted  header onBehalfOf (required)  body {interactions: [elementId...]}
//   →  {data: {success: true, message: "The message id 7 has been marked as interacted for the user superhero1."}}
//   (docs page rest-api/messages/mark-message-as-interacted; the body's entries as element IDs is from reference
//   §7.9, INFERRED)  →  {messageId, uid, success, message}
export const markInteracted = defineOperation(
	'message',
	{
		name: 'Mark as Interacted',
		value: 'markInteracted',
		action: 'Mark a message as interacted',
		description: 'Record that a user interacted with elements of an interactive message (a form or card)',
		routing: {
			request: { method: 'PATCH', url: messageUrl('/interacted') },
			send: { preSend: [sendInteractions] },
			output: { postReceive: [userActionResult('user', 'User')] },
		},
	},
	[
		messageIdField('ID of the message'),
		actingUser('user', 'User', 'The user acting (sent as the onBehalfOf header, which CometChat requires here)'),
		{
			displayName: 'Element IDs',
			name: 'elementIds',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. submitButton, feedbackText',
			description: 'The elements the user interacted with (the elementId of each field or button): a comma-separated list, or an array from an expression',
		},
	],
);

// Element IDs are the form's own names: text of at most 100 characters each (INFERRED).
async function sendInteractions(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const ids = readList(this, 'elementIds', 'Element IDs');
	if (ids.length === 0) throw inputError(this, 'Element IDs', 'is empty; give at least one element ID');
	for (const id of ids) if ([...id].length > 100) throw inputError(this, 'Element IDs', `"${id.slice(0, 20)}…" is longer than 100 characters`);
	requestOptions.body = { interactions: ids };
	return requestOptions;
}

