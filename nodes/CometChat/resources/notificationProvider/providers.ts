import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

// The notification providers CometChat sends through, and where each one's endpoints live. FCM and
// APNs hold several providers, each with its own Provider ID; the others one configuration per app.

export type ProviderKind = 'apns' | 'customEmail' | 'customPush' | 'customSms' | 'fcm' | 'sendgrid' | 'twilio';

export const PROVIDER_PATHS: Record<ProviderKind, string> = {
	apns: 'push/v1/providers/apns',
	customEmail: 'email/v1/providers/custom',
	customPush: 'push/v1/providers/custom',
	customSms: 'sms/v1/providers/custom',
	fcm: 'push/v1/providers/fcm',
	sendgrid: 'email/v1/providers/sendgrid',
	twilio: 'sms/v1/providers/twilio',
};

/** Providers kept as a list of several, by Provider ID. */
export const LISTED: ProviderKind[] = ['apns', 'fcm'];

export const PROVIDER_OPTIONS: INodePropertyOptions[] = [
	{ name: 'APNs (Push)', value: 'apns', description: 'Apple Push Notification service, with a .p8 key' },
	{ name: 'Custom (Email)', value: 'customEmail', description: 'Your own webhook sends the e-mails' },
	{ name: 'Custom (Push)', value: 'customPush', description: 'Your own webhook sends the push notifications' },
	{ name: 'Custom (SMS)', value: 'customSms', description: 'Your own webhook sends the text messages' },
	{ name: 'FCM (Push)', value: 'fcm', description: 'Firebase Cloud Messaging, with a service account' },
	{ name: 'SendGrid (Email)', value: 'sendgrid', description: 'E-mail notifications through SendGrid' },
	{ name: 'Twilio (SMS)', value: 'twilio', description: 'SMS notifications through Twilio' },
];

/**
 * The Provider choice of an operation (Set Default offers only the listed ones). Like Resource and
 * Operation it decides which fields exist, so it takes no expression: n8n would then ask for the
 * required fields of every provider.
 */
export function providerField(options: INodePropertyOptions[] = PROVIDER_OPTIONS): INodeProperties {
	return {
		displayName: 'Provider',
		name: 'provider',
		type: 'options',
		noDataExpression: true,
		options,
		default: 'fcm',
		description: 'Which notification provider to work with',
	};
}

const ENCODED_ID = 'encodeURIComponent(String($parameter["providerId"]).trim())';

/**
 * `routing.request.url` of a provider's endpoint; `withId` appends `/{providerId}` for the listed
 * providers (Delete). The Provider choice is checked before anything is sent.
 */
export function providerUrl({ withId = false } = {}): string {
	const id = withId ? `{{ ${JSON.stringify(LISTED)}.includes($parameter["provider"]) ? "/" + ${ENCODED_ID} : "" }}` : '';
	return `=/notifications/{{ ${JSON.stringify(PROVIDER_PATHS)}[$parameter["provider"]] }}${id}`;
}

/** `routing.request.url` of Set Default: PUT …/{fcm|apns}/default/{providerId}. */
export const defaultProviderUrl = `=/notifications/push/v1/providers/{{ $parameter["provider"] }}/default/{{ ${ENCODED_ID} }}`;
