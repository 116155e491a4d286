import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';
import { appField } from '../../../shared/management/fields';
import { webhookField, webhookPath, webhookRequest } from '../webhook/fields';

// GET /apps/{appId}/webhooks/{webhookId}/triggers  header X-Webhook-Version: 2  →  {data: [{id, description}], meta}
// No page parameters in the spec; a page holds 100 and CometChat has about 50 triggers: one request.
export const getAll = defineOperation(
	'webhookTrigger',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many triggers of a webhook',
		description: 'List the events a webhook receives',
		routing: {
			request: webhookRequest('GET', `=${webhookPath}/triggers`),
			output: { postReceive: [unwrapData] },
		},
	},
	[appField('The app the webhook belongs to'), webhookField('The webhook whose triggers to list'), ...returnAllOrLimitUnpaged],
);
