import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { readChoice } from '../../../shared/validate';
import { messageIdField, readMessageId } from '../../../shared/messageId';
import { actionResult } from '../../../shared/output';

const statusOptions = [
	{ name: 'Approved', value: 'approved', description: 'The message is acceptable: it stays' },
	{ name: 'Disapproved', value: 'disapproved', description: 'The message breaks the rules: it is blocked' },
];

// PATCH /moderation/flagged-messages/{id}  body {status: approved|disapproved}  →  {data: {...}}
//   →  {messageId, status, success, message?}. The message moves to the reviewed messages.
export const reviewFlagged = defineOperation(
	'moderatedMessage',
	{
		name: 'Review Flagged',
		value: 'reviewFlagged',
		action: 'Review a flagged message',
		description: 'Approve a flagged message or block it; it then moves to the reviewed messages',
		routing: {
			request: { method: 'PATCH', url: `=/moderation/flagged-messages/${pathId('messageId')}` },
			output: {
				postReceive: [
					actionResult((context) => ({
						messageId: readMessageId(context, 'messageId', 'Message ID'),
						status: readChoice(context, 'status', 'Status', statusOptions),
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
			routing: { send: { type: 'body', property: 'status' } },
		},
	],
);
