import { defineOperation } from '../../../shared/operations';
import { buildCreate, createFields, providerRecords, providerField, providerUrl } from './fields';

// POST /notifications/push/v1/providers/fcm  body {providerId, serviceAccountCreds{project_id, client_email,
//   private_key, private_key_id}, serviceAccountFilename?, notificationInPayload?{ios, android, web → {chat, call}}}
// POST …/push/v1/providers/apns  body {providerId, keyId, teamId, bundleId, p8Key, productionMode, p8KeyFilename?,
//   includeContentAvailable?, includeMutableContent?}  →  {data: {success: true}}
// POST …/sms/v1/providers/twilio  body {twilioAccountSID, twilioAuthToken, twilioSenderPhoneNumber, isEnabled}
// POST …/email/v1/providers/sendgrid  body {sendGridApiKey, sendGridTemplateID, sendGridUnsubscribeGroupID,
//   senderName, senderEmail, allowEmailReplies, senderEmailForReplies?, isEnabled}  →  {data: <config + repliesWebhook>}
// POST …/{push|sms|email}/v1/providers/custom  body {isEnabled, webhookURL, useBasicAuth, basicAuthUsername,
//   basicAuthPassword, useStoredPhNo (SMS) | useStoredEmailID (e-mail)}  →  {data: <config>} (push: {pushProviders: [...]})
// Output: what CometChat answers, secrets hidden.
export const create = defineOperation(
	'notificationProvider',
	{
		name: 'Create',
		value: 'create',
		action: 'Create a notification provider',
		description: 'Add an FCM or APNs provider, or save the Twilio, SendGrid or a custom provider\'s configuration',
		routing: {
			request: { method: 'POST', url: providerUrl() },
			send: { preSend: [buildCreate] },
			output: { postReceive: [providerRecords] },
		},
	},
	[providerField(), ...createFields()],
);
