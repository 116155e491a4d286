import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { providerIdField, PROVIDER_OPTIONS, defaultProviderUrl, LISTED, providerField } from './fields';
import { readProviderId } from '../../../shared/validate';

// PUT /notifications/push/v1/providers/{fcm|apns}/default/{providerId}  →  {data: {success: true}}
export const setDefault = defineOperation(
	'notificationProvider',
	{
		name: 'Set Default',
		value: 'setDefault',
		action: 'Set the default notification provider',
		description: 'Make an FCM or APNs provider the one used for push tokens registered without a provider ID',
		routing: {
			request: { method: 'PUT', url: defaultProviderUrl },
			send: { preSend: [checkProviderId] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		providerField(PROVIDER_OPTIONS.filter((option) => LISTED.includes(option.value as never))),
		{ ...providerIdField, description: 'ID of the provider' },
	],
);

async function checkProviderId(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	readProviderId(this, 'providerId');
	return requestOptions;
}
