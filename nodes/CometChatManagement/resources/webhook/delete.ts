import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';
import { appField } from '../../../shared/management/fields';
import { webhookField, webhookPath, webhookRequest } from './fields';

// DELETE /apps/{appId}/webhooks/{webhookId}  header X-Webhook-Version: 2
//   →  {data: {success: true, message}}  →  {deleted: true, message}
export const deleteWebhook = defineOperation(
	'webhook',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a webhook',
		description: 'Delete a webhook of an app; CometChat stops delivering its events',
		routing: {
			request: webhookRequest('DELETE', `=${webhookPath}`),
			output: { postReceive: [deletedResult] },
		},
	},
	[appField('The app the webhook belongs to'), webhookField('The webhook to delete')],
);
