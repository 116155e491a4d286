import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, IN8nHttpFullResponse, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { registerSecretParameter } from '../../../shared/errors/conversion';
import { optionsCollection, updateFieldsCollection } from '../../../shared/fields';
import { describeValue, inputError, isObject, readBoolean, readChoice, readChoices, readEmail, readPhone, readProviderId, readText } from '../../../shared/validate';
import { compareNames } from '../../../shared/sort';
import { dataOf, unexpectedAnswer } from '../../../shared/output';

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

// Every provider's fields, written once: the property shown in the editor and how its value goes
// into the body. Create shows a provider's required fields at the top and the rest under Options;
// Update offers them all under Update Fields. Keys, tokens and passwords are password fields:
// masked in the editor and registered as secrets, cut out of CometChat's error texts (nodes/shared/errors/conversion.ts).

interface FieldSpec {
	property: INodeProperties;
	/** The body entries for the value at `path` (checked; a problem names the field, never the value of a secret). */
	read: (context: IExecuteSingleFunctions, path: string) => IDataObject;
	/** Shown (and sent) on Create only when this switch is on. */
	when?: string;
}

type Reader = (context: IExecuteSingleFunctions, path: string, field: string) => IDataObject[string];

function field(property: INodeProperties, reader: Reader, bodyKey = property.name, when?: string): FieldSpec {
	return { property, when, read: (context, path) => ({ [bodyKey]: reader(context, path, property.displayName) }) };
}

const text =
	(max: number, pattern?: RegExp, format?: string): Reader =>
	(context, path, name) => {
		const value = readText(context, path, name, { required: true, max });
		if (pattern && !pattern.test(value)) throw inputError(context, name, `"${value.slice(0, 60)}" is not ${format}`);
		return value;
	};
/** A secret: never repeated in a message. */
const secret =
	(check?: (value: string) => string | undefined): Reader =>
	(context, path, name) => {
		const value = readText(context, path, name, { required: true, max: 20000 });
		const problem = check?.(value);
		if (problem) throw inputError(context, name, problem);
		return value;
	};
const flag: Reader = (context, path, name) => readBoolean(context, path, name);
const email: Reader = (context, path, name) => readEmail(context, path, name);

// Provider IDs: CometChat documents no format; its examples (fcm-provider-2, provider_12345) are
// letters, digits, "-" and "_", and "." is allowed too (INFERRED). "." and ".." alone would change the path.
// Apple's Key ID and Team ID are 10 letters and digits; bundle IDs are reverse-DNS names.
const APPLE_ID = /^[A-Za-z0-9]{10}$/;
const BUNDLE_ID = /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
// Twilio Account SIDs are "AC" and 32 hexadecimal digits.
const TWILIO_SID = /^AC[0-9a-fA-F]{32}$/;
const WEB_URL = /^https?:\/\/[^\s/?#]+\S*$/i;

export const providerIdField: INodeProperties = {
	displayName: 'Provider ID',
	name: 'providerId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. fcm-provider-1',
	description: 'The provider\'s ID, as Get lists it; the ID devices register their push tokens with',
};

// ---- FCM -----------------------------------------------------------------------------------------

const SERVICE_ACCOUNT_KEYS = ['project_id', 'client_email', 'private_key', 'private_key_id'];
const SERVICE_ACCOUNT_FIX = 'Paste the whole JSON file of a Firebase service account (Project settings → Service accounts → Generate new private key).';

/** The service account JSON file → serviceAccountCreds with the four keys CometChat takes. Never echoes the file. */
function readServiceAccount(context: IExecuteSingleFunctions, path: string, name: string): IDataObject {
	const raw = context.getNodeParameter(path, '') as unknown;
	let value: unknown = raw;
	if (typeof raw === 'string') {
		if (raw.trim() === '') throw inputError(context, name, 'is empty', SERVICE_ACCOUNT_FIX);
		try {
			value = JSON.parse(raw);
		} catch {
			// (JSON.parse's own message quotes the text, which holds the private key.)
			throw inputError(context, name, 'is not valid JSON', SERVICE_ACCOUNT_FIX);
		}
	}
	if (!isObject(value)) throw inputError(context, name, `must be the service account's JSON object, not ${describeValue(value)}`, SERVICE_ACCOUNT_FIX);
	const creds: IDataObject = {};
	for (const key of SERVICE_ACCOUNT_KEYS) {
		const entry = value[key];
		if (typeof entry !== 'string' || entry.trim() === '') throw inputError(context, name, `has no ${key}`, SERVICE_ACCOUNT_FIX);
		creds[key] = entry;
	}
	if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(creds.private_key as string)) {
		throw inputError(context, name, 'has a private_key that is not a PEM private key', SERVICE_ACCOUNT_FIX);
	}
	return creds;
}

const PAYLOAD_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Android Calls', value: 'android.call' },
	{ name: 'Android Messages', value: 'android.chat' },
	{ name: 'iOS Calls', value: 'ios.call' },
	{ name: 'iOS Messages', value: 'ios.chat' },
	{ name: 'Web Calls', value: 'web.call' },
	{ name: 'Web Messages', value: 'web.chat' },
];

/** notificationInPayload: every platform and kind, true for those chosen. */
const readPayload: Reader = (context, path, name) => {
	const chosen = readChoices(context, path, name, PAYLOAD_OPTIONS);
	const payload: IDataObject = {};
	for (const platform of ['ios', 'android', 'web']) {
		payload[platform] = { chat: chosen.includes(`${platform}.chat`), call: chosen.includes(`${platform}.call`) };
	}
	return payload;
};

// ---- APNs ----------------------------------------------------------------------------------------

const PEM = /^-----BEGIN PRIVATE KEY-----\s*([A-Za-z0-9+/=\s]+?)\s*-----END PRIVATE KEY-----$/;

/** The .p8 key's text; one pasted into a single line gets its line breaks back. */
const readP8Key: Reader = (context, path, name) => {
	const value = secret()(context, path, name) as string;
	const match = PEM.exec(value);
	if (!match) throw inputError(context, name, 'is not the text of a .p8 key file (-----BEGIN PRIVATE KEY----- …)', 'Open the AuthKey_XXXXXXXXXX.p8 file from Apple in a text editor and paste all of it.');
	const lines = match[1].replace(/\s+/g, '').match(/.{1,64}/g) ?? [];
	return ['-----BEGIN PRIVATE KEY-----', ...lines, '-----END PRIVATE KEY-----'].join('\n');
};

// ---- the fields ----------------------------------------------------------------------------------

const FIELDS: Record<string, FieldSpec> = {
	providerId: { property: providerIdField, read: (context, path) => ({ providerId: readProviderId(context, path) }) },
	serviceAccountJson: {
		property: {
			displayName: 'Service Account JSON',
			name: 'serviceAccountJson',
			type: 'string',
			typeOptions: { password: true, rows: 4 },
			default: '',
			description: 'The whole JSON file of the Firebase service account that sends the notifications; CometChat takes its project_id, client_email, private_key and private_key_id',
		},
		read: (context, path) => ({ serviceAccountCreds: readServiceAccount(context, path, 'Service Account JSON') }),
	},
	serviceAccountFilename: field(
		{ displayName: 'Service Account Filename', name: 'serviceAccountFilename', type: 'string', default: '', placeholder: 'e.g. my-app-firebase-adminsdk.json', description: 'Name of the service account file, as CometChat\'s dashboard shows it' },
		text(255),
	),
	notificationInPayload: field(
		{
			displayName: 'Notification Object For',
			name: 'notificationInPayload',
			type: 'multiOptions',
			options: PAYLOAD_OPTIONS,
			default: [],
			description: 'Where FCM messages carry a "notification" object, which the device shows by itself; the others carry data only, for your app to show',
		},
		readPayload,
	),
	keyId: field({ displayName: 'Key ID', name: 'keyId', type: 'string', default: '', placeholder: 'e.g. 2X9R4HXF34', description: 'ID of the APNs auth key (.p8), 10 characters' }, text(10, APPLE_ID, 'a Key ID (10 letters and digits)')),
	teamId: field({ displayName: 'Team ID', name: 'teamId', type: 'string', default: '', placeholder: 'e.g. 4SZNX98H3L', description: 'Your Apple developer team ID, 10 characters' }, text(10, APPLE_ID, 'a Team ID (10 letters and digits)')),
	bundleId: field({ displayName: 'Bundle ID', name: 'bundleId', type: 'string', default: '', placeholder: 'e.g. com.example.chat', description: 'Bundle ID of the iOS app' }, text(255, BUNDLE_ID, 'a bundle ID such as com.example.chat')),
	p8Key: field(
		{
			displayName: 'P8 Key',
			name: 'p8Key',
			type: 'string', default: '',
			typeOptions: { password: true, rows: 4 },
			description: 'The text of the APNs auth key file (AuthKey_XXXXXXXXXX.p8), from -----BEGIN PRIVATE KEY----- to -----END PRIVATE KEY-----',
		},
		readP8Key,
	),
	p8KeyFilename: field({ displayName: 'P8 Key Filename', name: 'p8KeyFilename', type: 'string', default: '', placeholder: 'e.g. AuthKey_2X9R4HXF34.p8', description: 'Name of the .p8 file, as CometChat\'s dashboard shows it' }, text(255)),
	productionMode: field({ displayName: 'Production', name: 'productionMode', type: 'boolean', default: false, description: 'Whether to send through Apple\'s production service (App Store and TestFlight builds) rather than the sandbox (development builds)' }, flag),
	includeContentAvailable: field({ displayName: 'Include Content Available', name: 'includeContentAvailable', type: 'boolean', default: false, description: 'Whether pushes carry content-available, which wakes the app in the background' }, flag),
	includeMutableContent: field({ displayName: 'Include Mutable Content', name: 'includeMutableContent', type: 'boolean', default: false, description: 'Whether pushes carry mutable-content, so a notification service extension can change them' }, flag),
	twilioAccountSID: field({ displayName: 'Account SID', name: 'twilioAccountSID', type: 'string', default: '', placeholder: 'e.g. AC91e67951ff7e5e7be8122184e76ae0e6', description: 'Your Twilio Account SID (Twilio console → Account info)' }, text(34, TWILIO_SID, 'a Twilio Account SID ("AC" and 32 hexadecimal digits)')),
	twilioAuthToken: field({ displayName: 'Auth Token', name: 'twilioAuthToken', type: 'string', default: '', typeOptions: { password: true }, description: 'Your Twilio Auth Token (Twilio console → Account info)' }, secret()),
	twilioSenderPhoneNumber: field(
		{ displayName: 'Sender Phone Number', name: 'twilioSenderPhoneNumber', type: 'string', default: '', placeholder: 'e.g. +13611364718', description: 'The Twilio number text messages come from, with "+" and the country code' },
		(context, path, name) => readPhone(context, path, name),
	),
	sendGridApiKey: field(
		{ displayName: 'API Key', name: 'sendGridApiKey', type: 'string', default: '', typeOptions: { password: true }, description: 'A SendGrid API key with Mail Send access' },
		secret((value) => (value.startsWith('SG.') ? undefined : 'is not a SendGrid API key; those start with "SG."')),
	),
	sendGridTemplateID: field({ displayName: 'Template ID', name: 'sendGridTemplateID', type: 'string', default: '', placeholder: 'e.g. d-8284bb9646a040499d5cfa28d272a094', description: 'ID of the SendGrid dynamic template the e-mails use' }, text(100)),
	sendGridUnsubscribeGroupID: field(
		{ displayName: 'Unsubscribe Group ID', name: 'sendGridUnsubscribeGroupID', type: 'string', default: '', placeholder: 'e.g. 33832', description: 'ID of the SendGrid unsubscribe group the e-mails belong to' },
		text(20, /^\d+$/, 'an unsubscribe group ID (digits)'),
	),
	senderName: field({ displayName: 'Sender Name', name: 'senderName', type: 'string', default: '', placeholder: 'e.g. Example Chat', description: 'Name the e-mails come from' }, text(100)),
	senderEmail: field({ displayName: 'Sender Email', name: 'senderEmail', type: 'string', default: '', placeholder: 'name@email.com', description: 'Address the e-mails come from, verified in SendGrid' }, email),
	allowEmailReplies: field({ displayName: 'Allow Email Replies', name: 'allowEmailReplies', type: 'boolean', default: false, description: 'Whether users may answer by replying to the e-mail; CometChat\'s answer gives the replies webhook to set up in SendGrid' }, flag),
	senderEmailForReplies: field(
		{ displayName: 'Sender Email for Replies', name: 'senderEmailForReplies', type: 'string', default: '', placeholder: 'name@email.com', description: 'Address the e-mails come from when replies are allowed, on the domain SendGrid receives replies for' },
		email,
		'senderEmailForReplies',
		'allowEmailReplies',
	),
	isEnabled: field({ displayName: 'Enabled', name: 'isEnabled', type: 'boolean', default: true, description: 'Whether CometChat sends notifications through this provider' }, flag),
	webhookURL: field(
		{ displayName: 'Webhook URL', name: 'webhookURL', type: 'string', default: '', placeholder: 'e.g. https://example.com/cometchat/notify', description: 'Your endpoint CometChat calls with each notification to send' },
		text(2048, WEB_URL, 'a URL starting with https:// or http://'),
	),
	useBasicAuth: field({ displayName: 'Use Basic Auth', name: 'useBasicAuth', type: 'boolean', default: false, description: 'Whether CometChat calls the webhook with a Basic Auth username and password' }, flag),
	basicAuthUsername: field({ displayName: 'Basic Auth Username', name: 'basicAuthUsername', type: 'string', default: '', description: 'Username CometChat sends to the webhook' }, text(100), 'basicAuthUsername', 'useBasicAuth'),
	basicAuthPassword: field(
		{ displayName: 'Basic Auth Password', name: 'basicAuthPassword', type: 'string', default: '', typeOptions: { password: true }, description: 'Password CometChat sends to the webhook' },
		secret(),
		'basicAuthPassword',
		'useBasicAuth',
	),
	useStoredPhNo: field({ displayName: 'Only Users With Phone Number', name: 'useStoredPhNo', type: 'boolean', default: false, description: 'Whether the webhook is called only for users whose phone number is stored in CometChat (Notification Contact)' }, flag),
	useStoredEmailID: field({ displayName: 'Only Users With Email', name: 'useStoredEmailID', type: 'boolean', default: false, description: 'Whether the webhook is called only for users whose e-mail address is stored in CometChat (Notification Contact)' }, flag),
};

// The password fields, on Create and under Update Fields: CometChat's errors never show what they hold.
for (const { property } of Object.values(FIELDS)) {
	if (property.typeOptions?.password) registerSecretParameter(property.name, `updateFields.${property.name}`);
}

const CUSTOM = ['webhookURL', 'useBasicAuth', 'basicAuthUsername', 'basicAuthPassword'];

/** Create: the fields at the top (required ones and switches) and those under Options. */
const LAYOUT: Record<ProviderKind, { main: string[]; options?: string[] }> = {
	apns: { main: ['providerId', 'keyId', 'teamId', 'bundleId', 'p8Key', 'productionMode'], options: ['includeContentAvailable', 'includeMutableContent', 'p8KeyFilename'] },
	customEmail: { main: [...CUSTOM, 'useStoredEmailID', 'isEnabled'] },
	customPush: { main: [...CUSTOM, 'isEnabled'] },
	customSms: { main: [...CUSTOM, 'useStoredPhNo', 'isEnabled'] },
	fcm: { main: ['providerId', 'serviceAccountJson'], options: ['notificationInPayload', 'serviceAccountFilename'] },
	sendgrid: {
		main: ['sendGridApiKey', 'sendGridTemplateID', 'sendGridUnsubscribeGroupID', 'senderName', 'senderEmail', 'allowEmailReplies', 'senderEmailForReplies', 'isEnabled'],
	},
	twilio: { main: ['twilioAccountSID', 'twilioAuthToken', 'twilioSenderPhoneNumber', 'isEnabled'] },
};

const KINDS = PROVIDER_OPTIONS.map((option) => option.value as ProviderKind);
const byName = (a: INodeProperties, b: INodeProperties) => compareNames(a.displayName, b.displayName);

/** Create's fields: each one once, shown for the providers that have it, in each provider's order. */
export function createFields(): INodeProperties[] {
	const shownFor = new Map<string, ProviderKind[]>();
	for (const provider of KINDS) for (const name of LAYOUT[provider].main) shownFor.set(name, [...(shownFor.get(name) ?? []), provider]);
	const main = inOrder(KINDS.map((provider) => LAYOUT[provider].main)).map((name): INodeProperties => {
		const providers = shownFor.get(name)!;
		const { property, when } = FIELDS[name];
		const show = { provider: providers, ...(when ? { [when]: [true] } : {}) };
		return { ...property, required: property.type !== 'boolean', displayOptions: { show } };
	});
	const options = KINDS.filter((provider) => LAYOUT[provider].options).map((provider) => ({
		...optionsCollection(LAYOUT[provider].options!.map((name) => FIELDS[name].property).sort(byName)),
		displayOptions: { show: { provider: [provider] } },
	}));
	return [...main, ...options];
}

/** Update's fields: Provider ID for FCM and APNs, then each provider's Update Fields. */
export function updateFieldList(): INodeProperties[] {
	return [
		{ ...providerIdField, description: 'ID of the provider', displayOptions: { show: { provider: LISTED } } },
		...KINDS.map((provider) => ({
			...updateFieldsCollection(updatableOf(provider).map((name) => FIELDS[name].property).sort(byName)),
			displayOptions: { show: { provider: [provider] } },
		})),
	];
}

/** One order of all names that keeps the order of every list (shared fields such as Enabled stay last). */
function inOrder(lists: string[][]): string[] {
	const order: string[] = [];
	const pending = lists.map((list) => [...list]);
	while (pending.some((list) => list.length)) {
		// The first head that no list has further back.
		const head = pending.map((list) => list[0]).find((name) => name !== undefined && pending.every((list) => !list.slice(1).includes(name)))!;
		order.push(head);
		for (const list of pending) if (list[0] === head) list.shift();
	}
	return order;
}

const updatableOf = (provider: ProviderKind) => [...LAYOUT[provider].main, ...(LAYOUT[provider].options ?? [])].filter((name) => name !== 'providerId');

function readProvider(context: IExecuteSingleFunctions): ProviderKind {
	return readChoice(context, 'provider', 'Provider', PROVIDER_OPTIONS) as ProviderKind;
}

/** preSend of Create: the provider's body from its fields. */
export async function buildCreate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const provider = readProvider(this);
	const body: IDataObject = {};
	for (const name of LAYOUT[provider].main) {
		const { read, when } = FIELDS[name];
		if (when && body[when] !== true) continue;
		Object.assign(body, read(this, name));
	}
	// The spec requires the Basic Auth pair on the custom providers even when Basic Auth is off (INFERRED: empty then).
	if (body.useBasicAuth === false) Object.assign(body, { basicAuthUsername: '', basicAuthPassword: '' });
	const added = (LAYOUT[provider].options ? this.getNodeParameter('options', {}) : {}) as IDataObject;
	for (const name of LAYOUT[provider].options ?? []) if (added[name] !== undefined) Object.assign(body, FIELDS[name].read(this, `options.${name}`));
	requestOptions.body = body;
	return requestOptions;
}

/** preSend of Update: Provider ID (FCM, APNs) and the Update Fields added; at least one. */
export async function buildUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const provider = readProvider(this);
	const added = this.getNodeParameter('updateFields', {}) as IDataObject;
	const body: IDataObject = {};
	for (const name of updatableOf(provider)) if (added[name] !== undefined) Object.assign(body, FIELDS[name].read(this, `updateFields.${name}`));
	if (Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty', 'Add a field to change.');
	requestOptions.body = LISTED.includes(provider) ? { providerId: readProviderId(this, 'providerId'), ...body } : body;
	return requestOptions;
}

// CometChat answers provider reads and writes with the provider's configuration, secrets included
// (the spec's examples show twilioAuthToken, sendGridApiKey and basicAuthPassword in clear text, and
// FCM/APNs records are stored with their keys). The output hides them unless Include Secrets is on.

/** The keys whose values are secrets, wherever they appear in an answer. */
const SECRET_KEYS = new Set(['basicAuthPassword', 'p8Key', 'private_key', 'sendGridApiKey', 'twilioAuthToken']);
export const HIDDEN = '[redacted]';

export const includeSecretsOption: INodeProperties = {
	displayName: 'Include Secrets',
	name: 'includeSecrets',
	type: 'boolean',
	default: false,
	description: `Whether to output the keys, tokens and passwords CometChat returns as they are; off, they read ${HIDDEN}. n8n keeps node outputs in its execution log.`,
};

/** Secret values replaced by HIDDEN, at any depth. */
export function hideSecrets(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(hideSecrets);
	if (!isObject(value)) return value;
	const copy: IDataObject = {};
	for (const [key, entry] of Object.entries(value)) {
		copy[key] = SECRET_KEYS.has(key) && typeof entry === 'string' && entry !== '' ? HIDDEN : (hideSecrets(entry) as IDataObject[string]);
	}
	return copy;
}

/**
 * postReceive of Get, Create and Update: one item per provider of a list (`{data: {pushProviders: [...]}}`:
 * FCM, APNs, custom push), else the configuration (`{data: {...}}`) as one item; secrets hidden unless
 * the operation's Include Secrets option is on.
 */
export async function providerRecords(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const data = dataOf(response);
	if (!data) throw unexpectedAnswer(this, response, '{"data": {...}}');
	const list = data.pushProviders;
	if (list !== undefined && !(Array.isArray(list) && list.every(isObject))) throw unexpectedAnswer(this, response, '{"data": {"pushProviders": [...]}}');
	const records = (list as IDataObject[] | undefined) ?? [data];
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const show = options.includeSecrets !== undefined && readBoolean(this, 'options.includeSecrets', 'Include Secrets');
	return records.map((record) => ({ json: (show ? record : hideSecrets(record)) as IDataObject }));
}
