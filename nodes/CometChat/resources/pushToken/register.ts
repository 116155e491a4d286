import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { readChoice, readProviderId, readText, readTimezone } from '../../../shared/validate';
import { deviceAuthTokenField, PLATFORMS, pushTokenField, readPushToken, tokenKey } from './fields';

// POST /notifications/push/v1/tokens  body {platform, fcmToken | deviceToken | voipToken, authToken,
//   providerId?, timezone?}  →  {data: {success: true}}
export const register = defineOperation(
	'pushToken',
	{
		name: 'Register',
		value: 'register',
		action: 'Register a push token',
		description: 'Register a device\'s FCM or APNs token for the user logged in with an auth token, so CometChat pushes to it',
		routing: {
			request: { method: 'POST', url: '/notifications/push/v1/tokens' },
			send: { preSend: [buildToken] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		deviceAuthTokenField,
		{
			displayName: 'Platform',
			name: 'platform',
			type: 'options',
			options: PLATFORMS,
			default: 'fcm_android',
			description: 'The device\'s platform and SDK; FCM platforms take an FCM token, APNs ones a device or VoIP token',
		},
		pushTokenField,
		optionsCollection([
			{
				displayName: 'Provider ID',
				name: 'providerId',
				type: 'string',
				default: '',
				placeholder: 'e.g. fcm-provider-1',
				description: 'The FCM or APNs provider to push through (Notification Provider → Get lists them); without it, the default one',
			},
			{
				displayName: 'Timezone',
				name: 'timezone',
				type: 'string',
				default: '',
				placeholder: 'e.g. Asia/Kolkata',
				description: 'The device\'s IANA time zone, for the user\'s notification schedule',
			},
		]),
	],
);

async function buildToken(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const platform = readChoice(this, 'platform', 'Platform', PLATFORMS);
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const body: IDataObject = {
		platform,
		[tokenKey(platform)]: readPushToken(this, 'pushToken'),
		authToken: readText(this, 'authToken', 'Auth Token', { required: true }),
	};
	if (options.providerId !== undefined) body.providerId = readProviderId(this, 'options.providerId');
	if (options.timezone !== undefined) body.timezone = readTimezone(this, 'options.timezone', 'Timezone');
	requestOptions.body = body;
	return requestOptions;
}
