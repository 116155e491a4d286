import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { includeSecretsOption, providerRecords, providerField, providerUrl } from './fields';

// GET /notifications/{push|sms|email}/v1/providers/{fcm|apns|custom|twilio|sendgrid}
//   FCM, APNs, custom push  →  {data: {pushProviders: [...]}}  →  one item per provider
//   Twilio, SendGrid, custom SMS/e-mail  →  {data: {<configuration>}}  →  one item
export const get = defineOperation(
	'notificationProvider',
	{
		name: 'Get',
		value: 'get',
		action: 'Get a notification provider',
		description: 'Get a provider\'s configuration: every FCM or APNs provider, or the Twilio, SendGrid or custom one',
		routing: {
			request: { method: 'GET', url: providerUrl() },
			output: { postReceive: [providerRecords] },
		},
	},
	[providerField(), optionsCollection([includeSecretsOption])],
);
