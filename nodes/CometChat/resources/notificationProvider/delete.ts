import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';
import { readChoice, readProviderId } from '../../../shared/validate';
import { providerIdField, LISTED, PROVIDER_OPTIONS, providerField, providerUrl } from './fields';

// DELETE /notifications/push/v1/providers/{fcm|apns}/{providerId}
// DELETE /notifications/{push|sms|email}/v1/providers/{custom|twilio|sendgrid}  →  {data: {success: true}}  →  {deleted: true}
export const deleteProvider = defineOperation(
	'notificationProvider',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a notification provider',
		description: 'Remove an FCM or APNs provider, or the Twilio, SendGrid or a custom provider\'s configuration',
		routing: {
			request: { method: 'DELETE', url: providerUrl({ withId: true }) },
			send: { preSend: [checkProviderId] },
			output: { postReceive: [deletedResult] },
		},
	},
	[providerField(), { ...providerIdField, description: 'ID of the provider', displayOptions: { show: { provider: LISTED } } }],
);

async function checkProviderId(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	if (LISTED.includes(readChoice(this, 'provider', 'Provider', PROVIDER_OPTIONS) as never)) readProviderId(this, 'providerId');
	return requestOptions;
}
