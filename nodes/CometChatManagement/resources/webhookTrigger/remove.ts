import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { appField } from '../../../shared/management/fields';
import { webhookField, webhookPath, webhookRequest } from '../webhook/fields';
import { triggerIdsField } from './fields';

// DELETE /apps/{appId}/webhooks/{webhookId}/triggers  header X-Webhook-Version: 2  body {triggerIds: [...]}
//   →  {data: {success: true, message}}  (one answer for all of them)
export const remove = defineOperation(
	'webhookTrigger',
	{
		name: 'Remove',
		value: 'remove',
		action: 'Remove triggers from a webhook',
		description: 'Stop sending these events to the webhook',
		routing: {
			request: webhookRequest('DELETE', `=${webhookPath}/triggers`),
			output: { postReceive: [unwrapData] },
		},
	},
	[appField('The app the webhook belongs to'), webhookField('The webhook to remove triggers from'), triggerIdsField('The events to stop sending')],
);
