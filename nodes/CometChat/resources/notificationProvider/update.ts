import { defineOperation } from '../../../shared/operations';
import { buildUpdate, updateFieldList, providerRecords, providerField, providerUrl } from './fields';

// PUT /notifications/{push|sms|email}/v1/providers/{fcm|apns|custom|twilio|sendgrid}  body: the fields to change
//   (FCM and APNs: with providerId)  →  {data: {success: true}} or {data: <config>}; output with secrets hidden.
// INFERRED: fields left out keep their values (the spec requires none on update).
export const update = defineOperation(
	'notificationProvider',
	{
		name: 'Update',
		value: 'update',
		action: 'Update a notification provider',
		description: 'Change an FCM or APNs provider, or the Twilio, SendGrid or a custom provider\'s configuration',
		routing: {
			request: { method: 'PUT', url: providerUrl() },
			send: { preSend: [buildUpdate] },
			output: { postReceive: [providerRecords] },
		},
	},
	[providerField(), ...updateFieldList()],
);
