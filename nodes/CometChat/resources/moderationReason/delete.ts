import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { deletedAnswer } from '../../../shared/output';
import { reasonIdField } from './fields';

// DELETE /moderation/reasons/{id}  →  {success: true, message}  →  {deleted: true, message}
// The spec shows this answer without the `data` wrapper (reference §2.1: unverified); deletedAnswer
// reads the message with or without it.
export const deleteReason = defineOperation(
	'moderationReason',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a moderation reason',
		description: 'Delete a reason for flagging messages',
		routing: {
			request: { method: 'DELETE', url: `=/moderation/reasons/${pathId('reasonId')}` },
			output: { postReceive: [deletedAnswer] },
		},
	},
	[reasonIdField('ID of the reason')],
);
