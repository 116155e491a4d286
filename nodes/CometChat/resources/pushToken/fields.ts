import type { IExecuteSingleFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { registerSecretParameter } from '../../../shared/errors/conversion';
import { inputError, readText } from '../../../shared/validate';
import { authTokenField } from '../../../shared/fields';
import { compareNames } from '../../../shared/sort';

// What the push token operations share: the user's auth token (the device's login), the platforms
// CometChat knows and the push token itself.

/** The auth token of the user's login on the device, sent in the query or the body. */
export const deviceAuthTokenField: INodeProperties = {
	...authTokenField,
	description: 'The auth token the user\'s app logged in with on the device (Auth Token → Create); push tokens belong to it',
};

const PLATFORM_VALUES = [
	'fcm_android',
	'fcm_ios',
	'fcm_web',
	'fcm_flutter_android',
	'fcm_flutter_ios',
	'fcm_react_native_android',
	'fcm_react_native_ios',
	'fcm_ionic_cordova_android',
	'fcm_ionic_cordova_ios',
	'apns_ios_device',
	'apns_flutter_device',
	'apns_react_native_device',
	'apns_ionic_cordova_device',
	'apns_ios_voip',
	'apns_flutter_voip',
	'apns_ionic_cordova_voip',
	'apns_react_native_voip',
];

const WORDS: Record<string, string> = { fcm: 'FCM', apns: 'APNs', ios: 'iOS', voip: 'VoIP', react: 'React', native: 'Native', ionic: 'Ionic', cordova: 'Cordova' };

/** fcm_react_native_ios → "FCM React Native iOS". */
const label = (value: string) =>
	value
		.split('_')
		.map((word) => WORDS[word] ?? word[0].toUpperCase() + word.slice(1))
		.join(' ');

export const PLATFORMS: INodePropertyOptions[] = PLATFORM_VALUES.map((value) => ({ name: label(value), value })).sort((a, b) =>
	compareNames(a.name, b.name),
);

/** Which body key carries the token: FCM tokens, APNs device tokens or APNs VoIP tokens [SPEC pnTokenSchema]. */
export function tokenKey(platform: string): 'fcmToken' | 'deviceToken' | 'voipToken' {
	if (platform.startsWith('fcm_')) return 'fcmToken';
	return platform.endsWith('_voip') ? 'voipToken' : 'deviceToken';
}

/**
 * A push token (FCM registration token, APNs device or VoIP token): text without spaces or "/", as it
 * also travels as a path segment (Delete); "." and ".." would change the path.
 */
export function readPushToken(context: IExecuteSingleFunctions, parameter: string): string {
	const token = readText(context, parameter, 'Push Token', { required: true, max: 4096 });
	if (/[\s/]/.test(token) || token === '.' || token === '..') {
		throw inputError(context, 'Push Token', 'is not a push token: it has spaces or "/"', 'Give the token as the device got it from FCM or APNs.');
	}
	return token;
}

registerSecretParameter('pushToken');

export const pushTokenField: INodeProperties = {
	displayName: 'Push Token',
	name: 'pushToken',
	type: 'string',
	// Treated as a secret: with the provider's keys, a push token reaches the device.
	typeOptions: { password: true },
	required: true,
	default: '',
	placeholder: 'e.g. dV5mC1x9Qk6bS2…',
	description: 'The device\'s token from FCM (registration token) or APNs (device or VoIP token)',
};

/** The `all` switch of Get Many and Unregister (one wording, so that n8n reads them as one field: fold.ts). */
export const allDevicesField: INodeProperties = {
	displayName: 'All Devices',
	name: 'all',
	type: 'boolean',
	default: false,
	description: "Whether the operation covers the push tokens of all the user's devices, not only the one logged in with this auth token",
};
