import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { reasonIdField } from './fields';

// GET /moderation/reasons/{id}  →  {data: {id, name, description, createdAt, updatedAt}}
export const get = defineOperation(
	'moderationReason',
	{
		name: 'Get',
		value: 'get',
		action: 'Get a moderation reason',
		description: 'Get a reason for flagging messages by its ID',
		routing: {
			request: { method: 'GET', url: `=/moderation/reasons/${pathId('reasonId')}` },
			output: { postReceive: [unwrapData] },
		},
	},
	[reasonIdField('ID of the reason')],
);
