import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { appField } from '../../../shared/management/fields';
import { webhookField, webhookPath, webhookRequest } from './fields';
import { withoutPassword } from '../../../shared/webhooks/auth';

// GET /apps/{appId}/webhooks/{webhookId}  header X-Webhook-Version: 2  →  {data: <webhook>}
export const get = defineOperation(
	'webhook',
	{
		name: 'Get',
		value: 'get',
		action: 'Get a webhook',
		description: 'Get a webhook of an app',
		routing: {
			request: webhookRequest('GET', `=${webhookPath}`),
			output: { postReceive: [unwrapData, withoutPassword] },
		},
	},
	[appField('The app the webhook belongs to'), webhookField('The webhook to get')],
);
