import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { readBoolean, readChoice } from '../../../shared/validate';
import { messageIdField, readMessageId } from '../../../shared/messageId';
import { actionResult } from '../../../shared/output';

const statusOptions = [
	{ name: 'Approved', value: 'approved', description: 'The message is acceptable: it is delivered' },
	{ name: 'Rejected', value: 'rejected', description: 'The message stays blocked' },
];

// PATCH /moderation/blocked-messages/{id}  body {status: approved|rejected, reviewed}  →  {data: {success, message}}
//   →  {messageId, status, reviewed, success, message}.
// The spec lists this path twice: "Review Blocked Message" ({status, reviewed}) and "Approve Blocked
// Messages" ({status: "approved"}, answered "Message with ID 268 has been approved."). Both are this
// one request; Mark Reviewed off gives the second's effect (approve without moving to reviewed).
export const reviewBlocked = defineOperation(
	'moderatedMessage',
	{
		name: 'Review Blocked',
		value: 'reviewBlocked',
		action: 'Review a blocked message',
		description: 'Approve a message a rule blocked, so it is delivered, or confirm the block',
		routing: {
			request: { method: 'PATCH', url: `=/moderation/blocked-messages/${pathId('messageId')}` },
			send: { preSend: [buildReview] },
			output: {
				postReceive: [
					actionResult((context) => ({
						messageId: readMessageId(context, 'messageId', 'Message ID'),
						status: readChoice(context, 'status', 'Status', statusOptions),
						reviewed: readBoolean(context, 'reviewed', 'Mark Reviewed'),
					})),
				],
			},
		},
	},
	[
		messageIdField('ID of the message'),
		{
			displayName: 'Status',
			name: 'status',
			type: 'options',
			options: statusOptions,
			default: 'approved',
			description: 'The review decision',
		},
		{
			displayName: 'Mark Reviewed',
			name: 'reviewed',
			type: 'boolean',
			default: true,
			description: 'Whether to move the message from the blocked messages to the reviewed messages',
		},
	],
);

async function buildReview(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.body = {
		status: readChoice(this, 'status', 'Status', statusOptions),
		reviewed: readBoolean(this, 'reviewed', 'Mark Reviewed'),
	};
	return requestOptions;
}
