import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { optionsCollection, pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';

// DELETE /users/{uid}  body {permanent: true} only when Permanent is on  →  {data: {success, message}}
// INFERRED (reference §7.2): without permanent CometChat keeps the user's data and the UID stays taken.
export const deleteUser = defineOperation(
	'user',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a user',
		description: 'Delete a user',
		routing: {
			request: { method: 'DELETE', url: `=/users/${pathId('uid')}` },
			output: { postReceive: [deletedResult] },
		},
	},
	[
		userLocator('uid', 'User', 'The user'),
		optionsCollection([
			{
				displayName: 'Permanent',
				name: 'permanent',
				type: 'boolean',
				default: false,
				description:
					'Whether to delete the user for good, with their messages and conversations, so the UID can be used again',
				routing: { send: { preSend: [sendPermanent] } },
			},
		]),
	],
);

/** `permanent: true` only when Permanent is on: otherwise no body at all, as CometChat's default is false. */
async function sendPermanent(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	if (this.getNodeParameter('options.permanent', false) === true) {
		requestOptions.body = { ...(requestOptions.body as object), permanent: true };
	}
	return requestOptions;
}
