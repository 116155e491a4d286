import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { perKeyResults } from '../../../shared/batch';
import { defineOperation } from '../../../shared/operations';
import { readList } from '../../../shared/validate';
import { appField } from '../../../shared/management/fields';
import { webhookField, webhookPath, webhookRequest } from '../webhook/fields';
import { triggerIdsField } from './fields';

// POST /apps/{appId}/webhooks/{webhookId}/triggers  header X-Webhook-Version: 2  body {triggerIds: [...]}
//   →  {data: {<triggerId>: {success, message}}}  →  one item per trigger {trigger, success, message}
export const add = defineOperation(
	'webhookTrigger',
	{
		name: 'Add',
		value: 'add',
		action: 'Add triggers to a webhook',
		description: 'Choose events the webhook receives; one output item per trigger says whether CometChat added it',
		routing: {
			request: webhookRequest('POST', `=${webhookPath}/triggers`),
			output: { postReceive: [perKeyResults('trigger', (context: IExecuteSingleFunctions) => readList(context, 'triggerIds', 'Triggers'))] },
		},
	},
	[appField('The app the webhook belongs to'), webhookField('The webhook to add triggers to'), triggerIdsField('The events to send to the webhook')],
);
