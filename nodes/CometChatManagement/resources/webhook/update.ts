import { updateFieldsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { appField } from '../../../shared/management/fields';
import {
	enabledField,
	nameField,
	passwordField,
	retryField,
	urlField,
	useBasicAuthField,
	usernameField,
	webhookBody,
	webhookField,
	webhookPath,
	webhookRequest,
} from './fields';
import { withoutPassword } from '../../../shared/webhooks/auth';

// PUT /apps/{appId}/webhooks/{webhookId}  header X-Webhook-Version: 2
//   body {name?, webhookURL?, useBasicAuth?, username?, password?, enabled?, retryOnFailure?}  →  {data: <webhook>}
export const update = defineOperation(
	'webhook',
	{
		name: 'Update',
		value: 'update',
		action: 'Update a webhook',
		description: 'Change a webhook\'s name, URL, Basic Auth, retries, or switch it on or off',
		routing: {
			request: webhookRequest('PUT', `=${webhookPath}`),
			send: { preSend: [webhookBody(false)] },
			output: { postReceive: [unwrapData, withoutPassword] },
		},
	},
	[
		appField('The app the webhook belongs to'),
		webhookField('The webhook to update'),
		updateFieldsCollection([enabledField, nameField, passwordField, retryField, urlField, useBasicAuthField, usernameField]),
	],
);
