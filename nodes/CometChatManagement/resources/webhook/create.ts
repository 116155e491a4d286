import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { appField, appPath } from '../../../shared/management/fields';
import {
	enabledField,
	nameField,
	passwordField,
	retryField,
	urlField,
	useBasicAuthField,
	usernameField,
	webhookBody,
	webhookRequest,
} from './fields';
import { withoutPassword } from '../../../shared/webhooks/auth';

// POST /apps/{appId}/webhooks  header X-Webhook-Version: 2
//   body {id, name, webhookURL, useBasicAuth, username?, password?, enabled?, retryOnFailure?}  →  {data: <webhook>}
// An app has at most 25 webhooks; its events are chosen afterwards with Webhook Trigger → Add.
export const create = defineOperation(
	'webhook',
	{
		name: 'Create',
		value: 'create',
		action: 'Create a webhook',
		description: 'Create a webhook in an app; then add the events it receives with Webhook Trigger → Add',
		routing: {
			request: webhookRequest('POST', `=${appPath}/webhooks`),
			send: { preSend: [webhookBody(true)] },
			output: { postReceive: [unwrapData, withoutPassword] },
		},
	},
	[
		appField('The app the webhook belongs to'),
		{
			displayName: 'Webhook ID',
			name: 'id',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. orders-to-n8n',
			description: 'Unique ID for the webhook in the app: 1 to 50 letters, digits, "-" and "_"',
		},
		{ ...nameField, required: true },
		{ ...urlField, required: true },
		useBasicAuthField,
		{ ...usernameField, required: true, displayOptions: { show: { useBasicAuth: [true] } } },
		{ ...passwordField, required: true, displayOptions: { show: { useBasicAuth: [true] } } },
		optionsCollection([enabledField, retryField]),
	],
);
