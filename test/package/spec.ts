/**
 * CometChat's OpenAPI spec as a checker, a server that records requests, and parameter sets that fill in
 * every field of an operation: shared by the contract, hostile-input and property tests.
 * The spec is read from test/package/spec-digest.json, the facts of CometChat's OpenAPI files that
 * `npm run spec:digest -- <folder>` writes (the files are CometChat's and stay out of this repository);
 * test/package/specDigest.test.ts checks the digest against the files where ../shared/reference/cometchat-openapi/ is.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { IBinaryKeyData, INodeParameters, INodeProperties, INodePropertyOptions, NodeParameterValueType } from 'n8n-workflow';
import { parseMultipart } from '../emulator/routes/moderation';
import type { Digest, DigestOperation } from '../../scripts/spec-digest';
import { chatNode, managementNode, type NodeKind } from '../harness';
import { entriesFor } from '../helpers';

export const DIGEST_FILE = join(__dirname, 'spec-digest.json');

/**
 * The specs of the hosts the nodes call. The CometChat node's, all under /v3: the chat API, the calls
 * host (same paths shape, own host) and data import (whose tags repeat the chat ones, so they get their
 * own). The CometChat Management node's: the management API (no /v3), its requests matched only
 * against its own spec.
 */
export type SpecHost = 'chat' | 'management';
// The CometChat Campaigns node's: campaigns-apis.json, served under /v3/campaigns (its server's path, the
// `prefix` of every path), its tags prefixed (`tagPrefix`: its "Notifications" is not chat-apis.json's).
const SPEC_FILES: Array<{ file: string; tag?: string; host: SpecHost; prefix?: string; tagPrefix?: string }> = [
	{ file: 'chat-apis.json', host: 'chat' },
	{ file: 'calls.json', host: 'chat' },
	{ file: 'data-import-apis.json', tag: 'Data Import', host: 'chat' },
	{ file: 'campaigns-apis.json', host: 'chat', prefix: '/campaigns', tagPrefix: 'Campaigns - ' },
	{ file: 'management-apis.json', host: 'management' },
	// The CometChat AI Agents node's: on the chat host, under /v3 like the chat API.
	{ file: 'ai-agent-service.json', host: 'chat' },
];

/** The tag prefix of campaigns-apis.json: its covered tags are the CometChat Campaigns node's. */
export const CAMPAIGNS_TAG_PREFIX = 'Campaigns - ';

/** Spec tags (resource groups) the node must cover completely. */
export const COVERED_TAGS = [
	'API Keys',
	'Users',
	'Auth Tokens',
	'Groups',
	'Group Members',
	'Banned Users',
	'Blocked Users',
	'Friends',
	'Roles',
	'Restrict Features',
	'RBAC',
	'Moderation',
	'Moderation - Reasons',
	'Moderation - Flagged Messages',
	'Moderation - Reviewed Messages',
	'Moderation - Blocked Messages',
	'Conversations',
	'Calls',
	'Metrics',
	'Data Import',
	'Notifications',
	'Messages',
	'Bots',
	// The CometChat Campaigns node's (campaigns-apis.json).
	'Campaigns - Campaigns',
	'Campaigns - Templates',
	'Campaigns - Template Categories',
	'Campaigns - Channels',
	'Campaigns - Notifications',
	'Campaigns - Notification Feed',
	'Campaigns - Push Notifications',
	'Campaigns - Analytics',
];

/** Tags of ai-agent-service.json the CometChat AI Agents node must cover completely. */
export const AI_AGENTS_COVERED_TAGS: string[] = [
	'Agents',
	'Tools',
	'Agent Builder',
	'Agent Builder Ready to Use Tools',
	'Agent Builder API Tools',
	'Agent Builder MCP Servers',
	'Agent Builder Frontend Actions',
	'knowledge-base',
	'crawl-web-pages',
];

/**
 * Tags of management-apis.json the CometChat Management node must cover completely. 'Extensions' is
 * added by the Extension resource's author once it covers them all.
 */
export const MANAGEMENT_COVERED_TAGS = [
	'App',
	'Webhooks',
	'Settings',
	'Team Management',
	'Tenants',
	'Extensions',
];

/** Spec operations of those groups left out on purpose, with the reason. */
export const LEFT_OUT: Record<string, string> = {
	// The spec lists this path twice, as {id} and {messageId}; a request matches the first. Moderated
	// Message → Review Blocked sends both bodies ({status, reviewed}; Mark Reviewed off is the approve form).
	'PATCH /moderation/blocked-messages/{messageId}': 'the same method and path as PATCH /moderation/blocked-messages/{id} (Review Blocked)',
};

/* eslint-disable @typescript-eslint/no-explicit-any */
const DOCS = 'https://www.cometchat.com/docs/rest-api/';
const onBehalfOfHeader = (required: boolean) => ({ in: 'header', name: 'onBehalfOf', required, schema: { type: 'string' } });
const pathParameter = (name: string) => ({ in: 'path', name, required: true, schema: { type: 'string' } });
const queryParameter = (name: string, type = 'string') => ({ in: 'query', name, schema: { type } });
const messagePaths = (required: boolean | undefined) => [...(required === undefined ? [] : [onBehalfOfHeader(required)]), pathParameter('id')];

/** The five bot operations of CometChat's bot pages, as spec operations (B.1–B.5; `page` INFERRED from the list's meta). */
function botOperations() {
	const text = (maxLength: number) => ({ type: 'string', maxLength });
	const fields = {
		webhookURL: text(255),
		groupChatSetting: { type: 'string', enum: ['allMessages', 'slashedMessages', 'mentionedMessages', 'none'] },
		useBasicAuth: { type: 'boolean' },
		username: text(50),
		password: text(50),
		enabled: { type: 'boolean' },
	};
	const body = (required: string[], properties: Record<string, unknown>) => ({
		required: true,
		content: { 'application/json': { schema: { type: 'object', required, properties, additionalProperties: false } } },
	});
	const uid = [pathParameter('uid')];
	return [
		{ method: 'POST', path: '/bots', tag: 'Bots', docs: `${DOCS}bots/create`, parameters: [], requestBody: body(['uid', 'webhookURL'], { uid: text(50), ...fields }) },
		{
			method: 'GET',
			path: '/bots',
			tag: 'Bots',
			docs: `${DOCS}bots/list`,
			parameters: [queryParameter('searchKey'), queryParameter('perPage', 'integer'), queryParameter('page', 'integer'), queryParameter('isAIBot', 'boolean')],
		},
		{ method: 'GET', path: '/bots/{uid}', tag: 'Bots', docs: `${DOCS}bots/get`, parameters: uid },
		{ method: 'PUT', path: '/bots/{uid}', tag: 'Bots', docs: `${DOCS}bots/update`, parameters: uid, requestBody: body([], fields) },
		{ method: 'DELETE', path: '/bots/{uid}', tag: 'Bots', docs: `${DOCS}bots/delete`, parameters: uid },
	];
}

/**
 * Operations CometChat documents on newer pages of its REST reference than this copy of the spec
 * (each page's address is the reason), written as spec operations: requests are checked against them
 * like any other, and those of a covered tag must be offered. Their parameters are what the pages show
 * (path, method, the onBehalfOf header where the page sends it); where a page shows less, the INFERRED
 * ones are marked.
 */
export const DOCUMENTED_BEYOND_SPEC: Array<{ method: string; path: string; tag: string; docs: string; parameters: any[]; requestBody?: any }> = [
	// Without onBehalfOf the app pins (the page: "as the app or on behalf of a user").
	{ method: 'POST', path: '/messages/{id}/pin', tag: 'Messages', docs: `${DOCS}messages/pin-message`, parameters: messagePaths(false) },
	{ method: 'DELETE', path: '/messages/{id}/pin', tag: 'Messages', docs: `${DOCS}messages/unpin-message`, parameters: messagePaths(false) },
	{ method: 'POST', path: '/messages/{id}/save', tag: 'Messages', docs: `${DOCS}messages/save-message`, parameters: messagePaths(true) },
	{ method: 'DELETE', path: '/messages/{id}/save', tag: 'Messages', docs: `${DOCS}messages/unsave-message`, parameters: messagePaths(true) },
	{ method: 'POST', path: '/messages/{id}/thread/subscription', tag: 'Messages', docs: `${DOCS}messages/subscribe-thread`, parameters: messagePaths(true) },
	{ method: 'DELETE', path: '/messages/{id}/thread/subscription', tag: 'Messages', docs: `${DOCS}messages/unsubscribe-thread`, parameters: messagePaths(true) },
	{
		method: 'PATCH',
		path: '/messages/{id}/interacted',
		tag: 'Messages',
		docs: `${DOCS}messages/mark-message-as-interacted`,
		parameters: messagePaths(true),
		// The body's entries as element IDs: reference §7.9 (INFERRED).
		requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['interactions'], properties: { interactions: { type: 'array', items: { type: 'string' } } } } } } },
	},
	{
		method: 'GET',
		path: '/threads',
		tag: 'Messages',
		docs: `${DOCS}messages/list-threads`,
		// INFERRED from the SDKs' ThreadsRequestBuilder (uid | guid, participatedByMe, limit) and the cursor of the message lists.
		parameters: [onBehalfOfHeader(false), ...['uid', 'guid', 'affix', 'id'].map((name) => queryParameter(name)), queryParameter('participatedByMe', 'boolean'), queryParameter('limit', 'integer'), queryParameter('sentAt', 'integer')],
	},
	{ method: 'POST', path: '/users/{uid}/conversation/pin', tag: 'Conversations', docs: `${DOCS}conversations/pin-user-conversation`, parameters: [onBehalfOfHeader(true), pathParameter('uid')] },
	{ method: 'DELETE', path: '/users/{uid}/conversation/pin', tag: 'Conversations', docs: `${DOCS}conversations/unpin-user-conversation`, parameters: [onBehalfOfHeader(true), pathParameter('uid')] },
	{ method: 'POST', path: '/groups/{guid}/conversation/pin', tag: 'Conversations', docs: `${DOCS}conversations/pin-group-conversation`, parameters: [onBehalfOfHeader(true), pathParameter('guid')] },
	{ method: 'DELETE', path: '/groups/{guid}/conversation/pin', tag: 'Conversations', docs: `${DOCS}conversations/unpin-group-conversation`, parameters: [onBehalfOfHeader(true), pathParameter('guid')] },
	{ method: 'GET', path: '/conversations/pinned', tag: 'Conversations', docs: `${DOCS}conversations/list-global-pinned-conversations`, parameters: [] },
	{
		method: 'PUT',
		path: '/conversations/pinned',
		tag: 'Conversations',
		docs: `${DOCS}conversations/replace-global-pinned-conversations`,
		parameters: [],
		requestBody: {
			content: {
				'application/json': {
					schema: {
						type: 'object',
						required: ['pinnedConversations'],
						properties: { pinnedConversations: { type: 'array', items: { type: 'object', properties: { uid: { type: 'string' }, guid: { type: 'string' } } } } },
					},
				},
			},
		},
	},
	// Bots: no OpenAPI text exists; their pages (reference cometchat-ai-agents-and-bots.md B.1–B.5).
	...botOperations(),
];

/** A send body of a category the spec's schemas leave out, documented elsewhere (`reason`). */
const sendBody = (category: string, data: Record<string, unknown>, { muid = true } = {}) => ({
	type: 'object',
	properties: {
		receiver: { type: 'string' },
		receiverType: { type: 'string', enum: ['user', 'group'] },
		category: { type: 'string', enum: [category] },
		type: { type: 'string' },
		...(muid ? { muid: { type: 'string' } } : {}),
		tags: { type: 'array', items: { type: 'string' } },
		multipleReceivers: { type: 'object', properties: { uids: { type: 'array', items: { type: 'string' } }, guids: { type: 'array', items: { type: 'string' } } } },
		data: { type: 'object', properties: { ...data, metadata: { type: 'object' } } },
	},
});

/**
 * Request bodies an operation of the spec also takes, beyond its schema, with the documentation that
 * says so: a body fits when it fits the spec's schema or one of these.
 */
export const BODY_EXTENSIONS: Record<string, Array<{ reason: string; schema: any }>> = Object.fromEntries(
	['POST /messages', 'POST /bots/{uid}/messages'].map((id) => [
		id,
		[
			{
				reason: 'Interactive messages (forms, cards): reference §5 and §7.9 (a public REST sample; the spec\'s interaction schemas are empty)',
				schema: sendBody('interactive', { interactiveData: { type: 'object' }, interactionGoal: { type: 'object' }, allowSenderInteraction: { type: 'boolean' } }),
			},
			{
				reason: `Metadata on custom messages: "you can also send metadata along with a text, media or custom message" (${'https://www.cometchat.com/docs/sdk/javascript/send-message'})`,
				schema: sendBody('custom', { customData: { type: 'object' } }),
			},
		],
	]),
);
// The thread body's `type` enum lists only the message types although its `category` takes custom: a custom
// reply has a type of its own, as on POST /messages (customCategorySchema).
BODY_EXTENSIONS['POST /messages/{id}/thread'] = [
	{
		reason: 'Custom replies: "any of the above messages [text, media, custom] can be sent in a thread" (https://www.cometchat.com/docs/sdk/javascript/threaded-messages)',
		schema: sendBody('custom', { customData: { type: 'object' } }, { muid: false }),
	},
];
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * Body fields that hold the customer's own free-form JSON, whatever keys the spec's example shows
 * (e.g. metadata lists only "@private"): their inner keys are not checked.
 */
export const FREE_FORM = ['metadata', 'appInfo', 'customData', 'interactiveData', 'interactionGoal'];

// Data import records with every field the spec defines (see OVERRIDES).
const IMPORT_USER = (uid: string) => ({
	uid,
	name: 'Sample',
	avatar: 'https://example.com/sample.png',
	link: 'https://example.com/sample',
	role: 'default',
	createdAt: 1673421419,
	lastActiveAt: 1673421425,
	metadata: { sample: true },
	tags: ['sample'],
	deactivatedAt: 1673421430,
});
const IMPORT_GROUP = (guid: string, owner: string) => ({
	guid,
	name: 'Sample',
	icon: 'https://example.com/sample.png',
	type: 'password',
	password: 'sample-password',
	owner,
	createdAt: 1673421419,
	metadata: { sample: true },
	tags: ['sample'],
});
const IMPORT_MESSAGE = (muid: string) => ({
	muid,
	sender: 'sample-sender',
	category: 'message',
	type: 'image',
	data: {
		text: 'Sample caption',
		attachments: [{ url: 'https://example.com/sample.png', name: 'sample.png', mimeType: 'image/png', extension: 'png', size: '1024' }],
		metadata: { sample: true },
	},
	tags: ['sample'],
	sentAt: 1673421419,
	deliveredAt: 1673421420,
	readAt: 1673421421,
	senderUserDetails: IMPORT_USER('sample-sender'),
	mentionedUserDetails: { 'sample-mentioned': IMPORT_USER('sample-mentioned') },
});

// Notification providers: values in the formats the node checks (Apple IDs, Twilio SIDs, e-mail
// addresses, E.164 numbers, a service account file, a .p8 key); each provider reads its own.
const P8_KEY = '-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQgSampleSampleSample\n-----END PRIVATE KEY-----';
const SERVICE_ACCOUNT = JSON.stringify({
	type: 'service_account',
	project_id: 'sample-project',
	private_key_id: '0123456789abcdef0123456789abcdef01234567',
	private_key: P8_KEY,
	client_email: 'sample@sample-project.iam.gserviceaccount.com',
});
const PROVIDER_FIELDS = {
	keyId: '2X9R4HXF34',
	teamId: '4SZNX98H3L',
	bundleId: 'com.example.chat',
	p8Key: P8_KEY,
	serviceAccountJson: SERVICE_ACCOUNT,
	twilioAccountSID: 'AC91e67951ff7e5e7be8122184e76ae0e6',
	twilioSenderPhoneNumber: '+13611364718',
	sendGridApiKey: 'SG.sample-key',
	sendGridUnsubscribeGroupID: '33832',
	senderEmail: 'noreply@example.com',
	senderEmailForReplies: 'reply@example.com',
};
const PROVIDER_UPDATE_FIELDS = {
	...PROVIDER_FIELDS,
	allowEmailReplies: true,
	basicAuthPassword: 'sample-password',
	basicAuthUsername: 'sample-user',
	includeContentAvailable: true,
	includeMutableContent: true,
	isEnabled: true,
	notificationInPayload: ['android.chat', 'ios.call', 'web.chat'],
	p8KeyFilename: 'AuthKey_2X9R4HXF34.p8',
	productionMode: true,
	sendGridTemplateID: 'd-8284bb9646a040499d5cfa28d272a094',
	senderName: 'Sample',
	serviceAccountFilename: 'sample.json',
	twilioAuthToken: 'sample-token',
	useBasicAuth: true,
	useStoredEmailID: true,
	useStoredPhNo: true,
	webhookURL: 'https://example.com/notify',
};

const AI_TOOL_PARAMETERS = '[{"key": "email", "type": "string", "description": "Email of the lead", "required": true}]';
const AI_TOOL_OPTIONS = { allowAdditionalProperties: true, bodyTemplate: '{"email": "{{email}}"}', headers: '{"X-Sample": "1"}', icon: 'https://example.com/icon.png', parameters: AI_TOOL_PARAMETERS };

/**
 * Where filling in every field is not a valid request, the parameters to use instead (merged over the
 * generated ones), and further variants to run.
 */
export const OVERRIDES: Record<string, INodeParameters> = {
	// AI Agents: an API tool's endpoint is a URL, its parameters a list of {key, type, description}.
	'apiTool.create': { endpoint: 'https://example.com/api', options: AI_TOOL_OPTIONS },
	// A page's timeout is 5000 to 120000 ms.
	'knowledgeBase.scrapePage': { options: { format: 'html', timeout: 30000 } },
	'frontendAction.create': { triggerFunction: 'onUserClick', options: { icon: 'https://example.com/icon.png', parameters: AI_TOOL_PARAMETERS } },
	'frontendAction.update': { updateFields: { description: 'Sample', icon: 'https://example.com/icon.png', name: 'Sample', parameters: AI_TOOL_PARAMETERS } },
	'apiTool.update': {
		updateFields: { ...AI_TOOL_OPTIONS, basicAuthPassword: 'sample-password', basicAuthUsername: 'sample-user', description: 'Sample', enableBasicAuth: true, endpoint: 'https://example.com/api', method: 'PUT', slug: 'sample-slug' },
	},
	// BYO agents' headers: a JSON object for most integrations.
	'byoAgent.create': { headers: '{"authorization":"Basic sample"}' },
	// Update's base variant names AG2 (its Default User ID and Headers shown); Unchanged runs as an extra variant.
	'byoAgent.update': { integrateWith: 'ag2', headers: '{"authorization":"Basic sample"}' },
	// BYO tools' parameters: a JSON schema of type object.
	...Object.fromEntries(
		[
			['byoTool.create', 'sampleTool'],
			['byoTool.update', { __rl: true, mode: 'id', value: 'sampleTool' }],
		].map(([key, name]) => [key, { name, parameters: '{"type":"object","properties":{"q":{"type":"string","description":"sample"}},"required":["q"]}' }]),
	),
	// Variable names follow their own pattern (^[a-zA-Z][a-zA-Z0-9_.]*$).
	'variable.create': { name: 'sample.variable' },
	// BYO tool names follow their own pattern (^[a-zA-Z_$][a-zA-Z0-9_$-]*$), not free text.
	...Object.fromEntries(['get', 'delete'].map((op) => [`byoTool.${op}`, { name: { __rl: true, mode: 'id', value: 'sampleTool' } }])),
	// A field cannot be both set and unset: unset is tried in a variant of its own.
	'user.update': { unset: [] },
	'group.update': { unset: [] },
	'role.update': { unset: [] },
	// Permission values are "allow"/"deny" or lists, not the generic JSON sample.
	'role.setPermissions': { permissions: '{"sendMessage": "allow", "sendMessage.allowedMessageTypes": ["text"]}' },
	'role.setScopePermissions': { permissions: '{"sendMessage": "allow", "kickMembers.allowedScopes": ["participant"]}' },
	// Dates must be dates, not the generic text sample.
	'call.getAll': {
		filters: {
			endedAt: '2024-01-31T00:00:00Z',
			hasRecording: true,
			hasTranscription: true,
			mode: 'call',
			uid: 'sample-uid',
			participantsCount: 5,
			receiverType: 'group',
			startedAt: '2024-01-01T00:00:00Z',
			status: 'ended',
			type: 'audio',
		},
	},
	'metric.getUsageMetrics': { fromDate: '2024-01-01T00:00:00Z', toDate: '2024-01-31T00:00:00Z' },
	// Each message list takes its own filters: the common ones here, the others in variants.
	'message.getAll': {
		filters: {
			attachmentTypes: 'image',
			categories: ['message', 'custom'],
			from: '2024-01-01T00:00:00Z',
			hasAttachments: true,
			hasLinks: true,
			hasMentions: true,
			hasReactions: true,
			hideReplies: true,
			mentionedUids: 'sample-a, sample-b',
			mentionsWithBlockedInfo: true,
			mentionsWithTagInfo: true,
			searchKey: 'sample',
			sender: 'sample-sender',
			tags: 'sample-a, sample-b',
			to: '2024-01-31T00:00:00Z',
			types: 'text, image',
			unread: true,
			withTags: true,
		},
	},
	// A thread list is of one conversation at a time: User here, Group in a variant.
	'message.listThreads': { filters: { uid: 'sample-uid', participatedByMe: true } },
	// Message IDs are numbers.
	'message.flag': { messageId: '2144' },
	'moderatedMessage.reviewFlagged': { messageId: '2144' },
	'moderatedMessage.reviewBlocked': { messageId: '2144' },
	// Data import: the records (a JSON array) with every field the spec defines.
	'dataImport.importUsers': { users: JSON.stringify([IMPORT_USER('sample-uid')]) },
	'dataImport.importGroups': { groups: JSON.stringify([{ ...IMPORT_GROUP('sample-guid', 'sample-owner'), groupOwnerDetails: IMPORT_USER('sample-owner') }]) },
	'dataImport.importMembers': {
		members: JSON.stringify([
			{
				memberId: 'sample-guid_member_sample-uid',
				guid: 'sample-guid',
				uid: 'sample-uid',
				scope: 'admin',
				isBanned: false,
				joinedAt: 1673421500,
				groupDetails: IMPORT_GROUP('sample-guid', 'sample-owner'),
				userDetails: IMPORT_USER('sample-uid'),
			},
		]),
	},
	'dataImport.importMessages': {
		messages: JSON.stringify([
			{ ...IMPORT_MESSAGE('sample-muid'), receiverType: 'user', receiver: 'sample-receiver', receiverUserDetails: IMPORT_USER('sample-receiver') },
		]),
	},
	// Management → Extension: the Extensions list loads from the app (no static options to sample), and
	// the widget's sidebar order takes only its five section names.
	'extension.enable': { extensions: ['gifs-giphy', 'polls'] },
	'extension.disable': { extensions: ['gifs-giphy', 'polls'] },
	'extension.storeSettings': { widgetAdditionalSettings: widgetSettings('storeSettings') },
	'extension.updateSettings': { widgetAdditionalSettings: widgetSettings('updateSettings') },
	'extension.uploadCertificate': { binaryPropertyName: 'data' },
	'campaign.uploadRecipients': { binaryPropertyName: 'data' },
	'knowledgeBase.uploadFile': { binaryPropertyName: 'data' },
	// A template's channels: every field the spec defines for one.
	'template.create': {
		channels: JSON.stringify([
			{ channelType: 'push', channelId: 'sample', content: { title: 'Hi' }, dataType: 'ui_template', categoryFilterEnabled: true, templateLabelEnabled: true, messageRetentionHours: 24, sequenceOrder: 1, stopCondition: 'delivered', waitMinutes: 5 },
		]),
	},
	// Management: e-mail addresses, and webhook Basic Auth pairs of letters and digits only.
	'collaborator.add': { emails: 'ana@example.com, li@example.com' },
	'collaborator.remove': { emails: 'ana@example.com, li@example.com' },
	'webhook.create': { username: 'sampleuser', password: 'samplepass' },
	'webhook.update': {
		updateFields: {
			enabled: true,
			name: 'Sample',
			password: 'samplepass',
			retryOnFailure: true,
			useBasicAuth: true,
			username: 'sampleuser',
			webhookURL: 'https://example.com/sample',
		},
	},
	'tenant.create': { email: 'sample@example.com' },
	// Notifications: dates, time zones, e-mail addresses, phone numbers and provider keys in their formats.
	'notificationContact.update': { updateFields: { email: 'someone@example.com', phno: '+919591128691' } },
	'notificationLog.getAll': {
		filters: {
			channel: 'push',
			from: '2024-01-01T00:00:00Z',
			member: 'sample-member',
			messageId: '3939',
			messageType: 'text',
			notificationTriggered: false,
			provider: 'apns',
			reactionId: '69',
			reactionReceiver: 'sample-receiver',
			reactionSender: 'sample-sender',
			reason: 'MUTE_PREFERENCE',
			receiver: 'sample-guid',
			receiverType: 'group',
			sender: 'sample-uid',
			success: true,
			to: '2024-01-31T00:00:00Z',
			trigger: 'message_reaction_added',
		},
	},
	'notificationPreference.mute': { options: { until: '2099-01-01T00:00:00Z' } },
	'notificationPreference.updateTimezone': { timezone: 'Asia/Tokyo' },
	'notificationProvider.create': PROVIDER_FIELDS,
	'notificationProvider.update': { updateFields: PROVIDER_UPDATE_FIELDS },
	'notificationSetting.update': {
		updateFields: {
			bypassPreferencesForMentions: true,
			callSound: 'default',
			chatSound: 'default',
			preferences: JSON.stringify({
				group: { messagesSetting: 3, messagesOverride: true, memberJoinedSetting: 2, messageEditedSetting: 1 },
				oneOnOne: { reactionsSetting: 2, repliesOverride: false },
				call: { initiatedSetting: 2, endedSetting: 1 },
				mute: { dndPreferenceOverride: true, schedulePreferenceSetting: { monday: { from: 900, to: 1800, dnd: false } } },
				email: { notifyForUnreadOnly: true, intervalInSeconds: 7200, maxPerDay: 20, maxPerDayPerConversation: 2 },
				sms: { maxPerDay: 5 },
				push: { includeMessageObjectSetting: true, customJson: { sample: true } },
			}),
			templates: JSON.stringify({
				textMessageTemplateDefault: { titleGroup: '{{message.data.entities.sender.entity.name}}', body: '{{message.data.text}}' },
				pollMessageTemplatePrivacy: { body_fallback: 'New poll' },
				userMentionTemplateDefault: { bodyGroup: 'Mentioned you' },
			}),
			usePrivacyTemplate: 3,
		},
	},
	'pushToken.register': { options: { providerId: 'fcm-provider-1', timezone: 'Asia/Kolkata' } },
};

/** Every widget setting sampled, with a sidebar order the spec allows. */
function widgetSettings(operation: string): INodeParameters {
	const field = managementNode.nodeType.description.properties.find(
		(p) => p.name === 'widgetAdditionalSettings' && p.displayOptions?.show?.operation?.includes(operation),
	);
	const value = (field ? sample(field) : {}) as INodeParameters & { sidebar?: { values: INodeParameters } };
	if (value.sidebar) value.sidebar.values.sidebar_navigation_sequence = 'chats, users, groups, calls, settings';
	return value;
}

/** Binary data of the input item, for operations that read a file (merged into the item the tests pass). */
export const INPUT_BINARY: Record<string, IBinaryKeyData> = {
	'knowledgeBase.uploadFile': { data: { data: Buffer.from('sample').toString('base64'), mimeType: 'application/pdf', fileName: 'sample.pdf' } },
	'campaign.uploadRecipients': { data: { data: Buffer.from('uid\nsample-uid\n').toString('base64'), mimeType: 'text/csv', fileName: 'recipients.csv' } },
	'extension.uploadCertificate': {
		data: { data: Buffer.from('-----BEGIN PRIVATE KEY-----\nsample\n-----END PRIVATE KEY-----\n').toString('base64'), mimeType: 'application/x-pem-file', fileName: 'AuthKey_SAMPLE.p8' },
	},
};
export const EXTRA_VARIANTS: Record<string, INodeParameters[]> = {
	// Integrate With = Unchanged: the agent's integration (AG2, as the recorder answers it) is read and sent.
	'byoAgent.update': [{ integrateWith: 'unchanged' }],
	// A message to a group, with the group's and its owner's details.
	'dataImport.importMessages': [
		{
			messages: JSON.stringify([
				{
					...IMPORT_MESSAGE('sample-muid'),
					receiverType: 'group',
					receiver: 'sample-guid',
					receiverGroupDetails: IMPORT_GROUP('sample-guid', 'sample-owner'),
					receiverGroupOwnerDetails: IMPORT_USER('sample-owner'),
				},
			]),
		},
	],
	'user.update': [{ updateFields: { name: 'Sample' }, unset: ['avatar', 'link', 'metadata'] }],
	'message.listThreads': [{ filters: { guid: 'sample-guid', participatedByMe: false } }],
	'message.getAll': [
		{ messagesOf: 'all', filters: { conversationId: 'sample_user_sample', deleted: 'only', hideMessagesFromBlockedUsers: true, receiverType: 'group' } },
		{ messagesOf: 'user', uid: { __rl: true, mode: 'id', value: 'sample-uid' }, filters: { myMentionsOnly: true, undelivered: true } },
		{ messagesOf: 'group', guid: { __rl: true, mode: 'id', value: 'sample-guid' }, filters: { hideMessagesFromBlockedUsers: true, myMentionsOnly: true, undelivered: true } },
	],
	// All reactions (the base variant filters one).
	'message.getReactions': [{ filters: {} }],
	'group.update': [{ updateFields: { name: 'Sample' }, unset: ['icon', 'description', 'metadata'] }],
	'role.update': [{ updateFields: { name: 'Sample' }, unset: ['settings', 'description', 'metadata'] }],
};

// ---- the spec --------------------------------------------------------------------------------------

/* eslint-disable @typescript-eslint/no-explicit-any */
type Json = any;
const digest = JSON.parse(readFileSync(DIGEST_FILE, 'utf8')) as Digest;
const documents: Array<{ operations: DigestOperation[]; tag?: string; host: SpecHost }> = SPEC_FILES.map(({ file, tag, host, prefix = '', tagPrefix = '' }) => {
	if (!digest.files[file]) throw new Error(`${DIGEST_FILE} has no ${file}: run npm run spec:digest -- <folder>`);
	const operations = digest.files[file].operations.map((op) => ({ ...op, path: `${prefix}${op.path}`, tag: op.tag === undefined ? undefined : `${tagPrefix}${op.tag}` }));
	return { operations, tag, host };
});

// The digest's schemas have their $refs resolved already; those written here have none.
const resolve = (node: Json): Json => node;


export interface SpecOperation {
	id: string;
	method: string;
	path: string;
	tag: string;
	host: SpecHost;
	/** The spec's operationId, or where an operation documented beyond the spec is documented. */
	name: string;
	operation: { parameters?: Json[]; requestBody?: Json };
}

export const specOperations: SpecOperation[] = [
	...documents.flatMap(({ operations, tag, host }) =>
		operations.map((operation) => ({
			id: `${operation.method} ${operation.path}`,
			method: operation.method,
			path: operation.path,
			tag: tag ?? operation.tag ?? '',
			host,
			name: operation.operationId ?? '',
			operation,
		})),
	),
	...DOCUMENTED_BEYOND_SPEC.map(({ method, path, tag, docs, parameters, requestBody }) => ({
		id: `${method} ${path}`,
		method,
		path,
		tag,
		host: 'chat' as const,
		name: `documented beyond the spec: ${docs}`,
		operation: {
			parameters,
			requestBody: requestBody && {
				required: requestBody.required,
				content: Object.fromEntries(Object.entries(requestBody.content as Record<string, Json>).map(([type, media]) => [type, media.schema])),
			},
		},
	})),
];

/**
 * The spec operation a recorded request is an instance of: same method, the most literal matching path,
 * among the specs of the node's host (chat paths start with /v3, management paths do not).
 */
export function matchOperation(method: string, path: string, host: SpecHost = 'chat'): SpecOperation | undefined {
	const segments = (host === 'chat' ? path.replace(/^\/v3/, '') : path).split('/').filter(Boolean);
	const candidates = specOperations.filter((op) => {
		if (op.host !== host) return false;
		const template = op.path.split('/').filter(Boolean);
		return template.length === segments.length && template.every((part, i) => part.startsWith('{') || part === segments[i]);
	});
	const literal = (op: SpecOperation) => op.path.split('/').filter((p) => p && !p.startsWith('{')).length;
	return candidates.filter((op) => op.method === method).sort((a, b) => literal(b) - literal(a))[0];
}

/**
 * Parameters whose type in the spec disagrees with CometChat's documented use, with the source followed
 * (`reason`): their schema here replaces the spec's.
 */
export const PARAMETER_CORRECTIONS: Record<string, { reason: string; schema: Json }> = Object.fromEntries(
	['GET /messages', 'GET /users/{uid}/messages', 'GET /groups/{guid}/messages'].map((id) => [
		`${id} query mentionedUids`,
		{
			reason: 'reference §7.9: "mentionedUids (csv)", the UIDs whose mentions to list; the spec types it boolean, which filters nothing by UID',
			schema: { type: 'array', items: { type: 'string' } },
		},
	]),
);

// chat-apis.json's moderation operations refer to parameters it does not define (apikey; key, secret and
// appId of the management API; ruleId, keywordId, messageId): the digest leaves those out.
export function parametersOf(op: SpecOperation): Json[] {
	return (op.operation.parameters ?? []).map((p: Json) => {
		const correction = PARAMETER_CORRECTIONS[`${op.id} ${p.in} ${p.name}`];
		return correction ? { ...p, schema: correction.schema } : p;
	});
}

/**
 * Checks beyond the spec's words, for the property test's valid inputs (INFERRED where the spec is
 * silent): a time CometChat takes as a number is in seconds, as its examples are (10 digits, not the
 * 13 of milliseconds); a field named for an address holds an absolute http(s) URL.
 */
export interface CheckOptions {
	inferredFormats?: boolean;
}
/** Times CometChat takes in milliseconds, not seconds, with where that is said. */
export const MILLISECONDS: Record<string, string> = {
	'GET /notifications/v1/logs from': 'the spec: "timestamp in milliseconds"',
	'GET /notifications/v1/logs to': 'the spec: "timestamp in milliseconds"',
	'PUT /notifications/v1/preferences/mute until': 'the spec\'s example 1710696964705',
	'GET /stats fromDate': 'the spec\'s example answer echoes the range in milliseconds; reference §1',
	'GET /stats toDate': 'the spec\'s example answer echoes the range in milliseconds; reference §1',
	'GET /ai-agents/agent-builder/knowledge-base startTime': 'the spec: "Unix timestamp in milliseconds"',
	'GET /ai-agents/agent-builder/knowledge-base endTime': 'the spec: "Unix timestamp in milliseconds"',
	'GET /ai-agents/agent-builder/knowledge-base/website/{parentUniqueId}/discovered-urls startTime': 'the spec: "Unix timestamp in milliseconds"',
	'GET /ai-agents/agent-builder/knowledge-base/website/{parentUniqueId}/discovered-urls endTime': 'the spec: "Unix timestamp in milliseconds"',
};
const TIME_NAME = /(At|Timestamp|Date|Time)$|^(from|to|until)$/;

/** Operations that write a message's `data`, and the limits CometChat's send-message page gives it. */
const MESSAGE_WRITES = ['POST /messages', 'POST /bots/{uid}/messages', 'POST /messages/{id}/thread', 'PUT /messages/{id}'];
const DATA_MAX_BYTES = 10 * 1024; // "Message data object: 10 KB max (UTF8mb4)": INFERRED as bytes of its JSON in UTF-8
const MESSAGE_MAX_CHARACTERS = 65_536; // "Maximum message size: 65 KB (~65,536 characters including metadata)"

/** The lengths CometChat documents but the spec does not (send-message and constraints pages). */
function documentedLimits(opId: string, body: Json): string[] {
	if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
	const problems: string[] = [];
	if (MESSAGE_WRITES.includes(opId)) {
		const dataBytes = new TextEncoder().encode(JSON.stringify(body.data ?? {})).length;
		if (dataBytes > DATA_MAX_BYTES) problems.push(`body.data is ${dataBytes} bytes; CometChat allows a message's data at most 10 KB`);
		const characters = [...JSON.stringify(body)].length;
		if (characters > MESSAGE_MAX_CHARACTERS) problems.push(`the message is ${characters} characters; CometChat allows at most ${MESSAGE_MAX_CHARACTERS}`);
	}
	// Tags of users, groups, messages and conversations: at most 25 of at most 100 characters.
	if (Array.isArray(body.tags)) {
		if (body.tags.length > 25) problems.push(`body.tags has ${body.tags.length} tags; CometChat allows 25`);
		for (const tag of body.tags) if (typeof tag === 'string' && [...tag].length > 100) problems.push(`body.tags has a tag of ${[...tag].length} characters; CometChat allows 100`);
	}
	return problems;
}
const URL_NAME = /(url|URL|Url)$|^(avatar|icon|link)$/;
const INT_RANGE: Record<string, [number, number]> = { int32: [-(2 ** 31), 2 ** 31 - 1], int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER] };

/** How a JSON value breaks one schema: type, format, enum, bounds, lengths, then its entries. */
function valueViolations(schema: Json, value: Json, at: string, name: string, options: CheckOptions & { op?: string }): string[] {
	const s = resolve(schema) ?? {};
	// A discriminated oneOf: the value must name its variant by the discriminator property (the variant whose
	// enum of it has the value), and fit that variant.
	if (s.discriminator && s.oneOf && value !== null && typeof value === 'object' && !Array.isArray(value)) {
		const tag = value[s.discriminator];
		const variant = s.oneOf.find((alternative: Json) => resolve(alternative)?.properties?.[s.discriminator]?.enum?.includes(tag));
		if (tag === undefined) return [`${at}.${s.discriminator} is missing: the spec picks the variant of this oneOf by it`];
		if (!variant) return [`${at}.${s.discriminator}=${JSON.stringify(tag)} names no variant of this oneOf`];
		return valueViolations(variant, value, at, name, options);
	}
	// oneOf/anyOf: the value must fit one alternative; report the closest one's problems.
	const alternatives = [...(s.oneOf ?? []), ...(s.anyOf ?? [])];
	if (alternatives.length) {
		return alternatives
			.map((alternative: Json) => valueViolations(alternative, value, at, name, options))
			.reduce((best: string[], problems: string[]) => (problems.length < best.length ? problems : best));
	}
	const type = s.type ?? (s.allOf ?? []).map((part: Json) => resolve(part)?.type).find(Boolean) ?? (s.properties ? 'object' : undefined);
	if (value === null) return s.nullable || type === undefined ? [] : [`${at} is null, the spec says ${type}`];
	const actual = Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
	const fits = type === undefined || actual === type || (type === 'number' && actual === 'integer');
	if (!fits) return [`${at} is ${actual} ${JSON.stringify(value).slice(0, 40)}, the spec says ${type}`];
	const problems: string[] = [];
	if (s.enum && !s.enum.includes(value)) problems.push(`${at}=${JSON.stringify(value)} is not one of ${s.enum.join(', ')}`);
	if (typeof value === 'number') {
		const range = INT_RANGE[s.format];
		if (range && !(value >= range[0] && value <= range[1])) problems.push(`${at}=${value} is out of ${s.format}`);
		if (s.minimum !== undefined && value < s.minimum) problems.push(`${at}=${value} is below the minimum ${s.minimum}`);
		if (s.maximum !== undefined && value > s.maximum) problems.push(`${at}=${value} is above the maximum ${s.maximum}`);
		// Seconds have up to 11 digits until the year 5138; milliseconds of any date after 1973 have more.
		if (options.inferredFormats && TIME_NAME.test(name)) {
			const millis = `${options.op} ${name}` in MILLISECONDS;
			if (!(Number.isInteger(value) && value >= 0 && (millis ? value >= 1e11 : value < 1e11))) problems.push(`${at}=${value} is not a time in ${millis ? 'milliseconds' : 'seconds'}`);
		}
	}
	if (typeof value === 'string') {
		const length = [...value].length;
		if (s.minLength !== undefined && length < s.minLength) problems.push(`${at} is shorter than ${s.minLength}`);
		if (s.maxLength !== undefined && length > s.maxLength) problems.push(`${at} is longer than ${s.maxLength}`);
		if (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(value)) problems.push(`${at} does not match ${s.pattern}`);
		if (options.inferredFormats && URL_NAME.test(name) && !/^https?:\/\/[^\s/]+/.test(value)) problems.push(`${at}=${JSON.stringify(value)} is not an http(s) URL`);
	}
	if (Array.isArray(value)) {
		if (s.minItems !== undefined && value.length < s.minItems) problems.push(`${at} has fewer than ${s.minItems} entries`);
		if (s.maxItems !== undefined && value.length > s.maxItems) problems.push(`${at} has more than ${s.maxItems} entries`);
		if (s.items) value.forEach((entry, i) => problems.push(...valueViolations(s.items, entry, `${at}[${i}]`, name, options)));
	}
	if (actual === 'object') problems.push(...objectViolations(s, value, at, options));
	return problems;
}

/** The properties an object schema allows (allOf parts merged) and the required ones. */
function schemaShape(schema: Json): { properties: Record<string, Json>; required: string[]; any: boolean } {
	const s = resolve(schema) ?? {};
	const parts = (s.allOf ?? []).map(schemaShape);
	return {
		properties: Object.assign({}, s.properties, ...parts.map((part: Json) => part.properties)),
		required: [...(s.required ?? []), ...parts.flatMap((part: Json) => part.required)],
		any: !s.properties && !parts.length && (s.type === 'object' || s.type === undefined),
	};
}

function objectViolations(schema: Json, value: Json, at: string, options: CheckOptions): string[] {
	const problems: string[] = [];
	const shape = schemaShape(schema);
	if (shape.any) return problems; // a free-form object (metadata)
	for (const [key, entry] of Object.entries(value)) {
		const property = shape.properties[key] ?? placeholderOf(shape.properties);
		if (!property) {
			problems.push(`${at}.${key} is not in the spec`);
			continue;
		}
		// The customer's own JSON: its kind is checked, not its keys.
		if (FREE_FORM.includes(key)) {
			if (entry === null || typeof entry !== 'object') problems.push(`${at}.${key} is ${JSON.stringify(entry)}, not JSON`);
			continue;
		}
		problems.push(...valueViolations(property, entry, `${at}.${key}`, key, options));
	}
	// A required name the schema does not define is an error of the spec (data import: the wrappers list
	// their entries' ID field, and the messages body the group fields), so it is not asked for.
	for (const key of shape.required) if (key in shape.properties && !(key in value)) problems.push(`required ${at}.${key} is missing`);
	return problems;
}

/** The schema of an object's entries keyed by ID, which the spec names with a placeholder: "<uid>", "<guid>_member_<uid>". */
function placeholderOf(properties: Record<string, Json>): Json {
	const name = Object.keys(properties).find((key) => /<[^>]+>/.test(key));
	return name === undefined ? undefined : properties[name];
}

/**
 * How a query, header or path value (text on the wire) breaks its parameter's schema: integers and
 * numbers must read as such, booleans as true/false, arrays as comma-separated entries of their type.
 */
function textViolations(schema: Json, text: string, at: string, name: string, options: CheckOptions): string[] {
	const s = resolve(schema) ?? {};
	if (s.type === 'array') return text.split(',').flatMap((entry, i) => textViolations(s.items ?? {}, entry, `${at}[${i}]`, name, options));
	let value: unknown = text;
	if (s.type === 'integer' || s.type === 'number') {
		if (!(s.type === 'integer' ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/).test(text)) return [`${at}=${JSON.stringify(text)} is not ${s.type === 'integer' ? 'an integer' : 'a number'}`];
		value = Number(text);
	} else if (s.type === 'boolean') {
		if (text !== 'true' && text !== 'false') return [`${at}=${JSON.stringify(text)} is not true or false`];
		value = text === 'true';
	}
	// Enums of text parameters compare as text (the wire has no numbers).
	const typed = s.enum ? { ...s, enum: s.enum.map((v: unknown) => (typeof value === 'string' ? String(v) : v)) } : s;
	return valueViolations(typed, value, at, name, options);
}

/** Every way the request breaks the spec, as sentences. */
export function violations(op: SpecOperation, request: Recorded, check: CheckOptions = {}): string[] {
	const options = { ...check, op: op.id };
	const problems: string[] = [];
	const parameters = parametersOf(op);
	const query = parameters.filter((p) => p.in === 'query');
	for (const [name, value] of Object.entries(request.query)) {
		const parameter = query.find((p) => p.name === name);
		if (!parameter) {
			problems.push(`query parameter "${name}" is not in the spec`);
			continue;
		}
		problems.push(...textViolations(parameter.schema, value, `query ${name}`, name, options));
	}
	for (const parameter of query.filter((p) => p.required)) {
		if (!(parameter.name in request.query)) problems.push(`required query parameter "${parameter.name}" is missing`);
	}
	const headers = parameters.filter((p) => p.in === 'header');
	if (request.headers.onbehalfof !== undefined && !headers.some((p) => String(p.name).toLowerCase() === 'onbehalfof')) problems.push('header onBehalfOf is not in the spec');
	for (const parameter of headers) {
		const value = request.headers[String(parameter.name).toLowerCase()];
		if (value === undefined) {
			if (parameter.required) problems.push(`required header "${parameter.name}" is missing`);
		} else problems.push(...textViolations(parameter.schema, value, `header ${parameter.name}`, parameter.name, options));
	}
	// Path parameters: each {name} of the template against what the request has in its place.
	const segments = (op.host === 'chat' ? request.path.replace(/^\/v3/, '') : request.path).split('/').filter(Boolean);
	op.path
		.split('/')
		.filter(Boolean)
		.forEach((part, i) => {
			const parameter = part.startsWith('{') && parameters.find((p) => p.in === 'path' && `{${p.name}}` === part);
			if (parameter && segments[i] !== undefined) problems.push(...textViolations(parameter.schema, segments[i], `path ${parameter.name}`, parameter.name, options));
		});

	const content = op.operation.requestBody?.content ?? {};
	const sentType = /^multipart\/form-data/i.test(String(request.headers['content-type'] ?? '')) ? 'multipart/form-data' : 'application/json';
	if (request.body === undefined) {
		const schema = content['application/json'] ?? content['multipart/form-data'];
		if (op.operation.requestBody?.required && schema && objectViolations(schema, {}, 'body', options).some((p) => p.startsWith('required'))) {
			problems.push('the spec requires a body, none was sent');
		}
		return problems;
	}
	const bodySchema = content[sentType];
	if (!bodySchema) {
		const defined = Object.keys(content);
		return [...problems, defined.length ? `a ${sentType} body was sent, the spec defines ${defined.join(', ')}` : 'a body was sent, the spec defines none'];
	}
	// A multipart body arrives as text fields (and files): their values are checked as text.
	const fit = (schema: Json) =>
		sentType === 'multipart/form-data' && request.body !== null && typeof request.body === 'object'
			? multipartViolations(schema, request.body as Record<string, unknown>, options)
			: valueViolations(schema, request.body, 'body', 'body', options);
	const fits = [bodySchema, ...(BODY_EXTENSIONS[op.id] ?? []).map((extension) => extension.schema)].map(fit);
	problems.push(...fits.reduce((best, candidate) => (candidate.length < best.length ? candidate : best)));
	if (check.inferredFormats) problems.push(...documentedLimits(op.id, request.body));
	return problems;
}

function multipartViolations(schema: Json, body: Record<string, unknown>, options: CheckOptions): string[] {
	const shape = schemaShape(schema);
	const problems: string[] = [];
	for (const [key, value] of Object.entries(body)) {
		const property = shape.properties[key];
		if (!property) {
			if (!shape.any) problems.push(`body.${key} is not in the spec`);
		} else if (typeof value === 'string' && resolve(property)?.format !== 'binary') {
			problems.push(...textViolations(property, value, `body.${key}`, key, options));
		}
	}
	for (const key of shape.required) if (key in shape.properties && !(key in body)) problems.push(`required body.${key} is missing`);
	return problems;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

// ---- a server that records and answers every call with an empty success ----------------------------

export interface Recorded {
	method: string;
	path: string;
	query: Record<string, string>;
	headers: Record<string, string>;
	body: unknown;
}

/**
 * Answers other than the empty success, where an operation reads the answer to finish: App → Get
 * (management) finds its app in the GET /apps search result.
 */
const RECORDER_ANSWERS: Record<string, (query: Record<string, string>) => unknown> = {
	'GET /apps': (query) => ({ data: [{ id: query.searchKey ?? 'sample' }], meta: { pagination: { total: 1, count: 1, per_page: 1, current_page: 1, total_pages: 1 } } }),
};

// A campaign's recipient CSV and a knowledge-base file go to the presigned URL CometChat answers (here, the
// recorder's own origin, as the emulator's): that PUT is S3's, not CometChat's, so it is kept apart
// (`uploads`), not checked. The answers that give the URL, by the path of their request.
const UPLOAD_PATH = '/s3-upload/sample-file';
const UPLOAD_ANSWERS: Array<[RegExp, (uploadUrl: string) => unknown]> = [
	[/^\/v3\/campaigns\/campaigns\/[^/]+\/recipients\/upload-url$/, (uploadUrl) => ({ data: { uploadUrl, s3Key: 'sample/recipients.csv' } })],
	[
		/^\/v3\/ai-agents\/agent-builder\/knowledge-base\/uploads\/initiate$/,
		(presignedUrl) => ({ uploads: [{ uploadId: 'sample-upload', fileName: 'sample.pdf', mimeType: 'application/pdf', fileSize: 6, s3Key: 'sample/sample.pdf', presignedUrl }] }),
	],
];
// A source's pages answer them under data.pageContent (ai-agent-service.json).
const PAGES = /^\/v3\/ai-agents\/agent-builder\/knowledge-base\/[^/]+\/[^/]+\/pages$/;

export function startRecorder(): Promise<{ server: Server; url: string; requests: Recorded[]; uploads: Recorded[]; byoAgent: { uid: string } }> {
	const requests: Recorded[] = [];
	const uploads: Recorded[] = [];
	// The BYO agents (one unpaged list) answer one AG2 agent, with the UID a test sets (sample-uid unless told):
	// BYO Agent → Update with Integrate With = Unchanged reads the agent's integration from this list.
	const byoAgent = { uid: 'sample-uid' };
	const answers: typeof RECORDER_ANSWERS = {
		...RECORDER_ANSWERS,
		'GET /v3/ai-agents/agents': () => [{ uid: byoAgent.uid, name: 'Sample', integrateWith: 'ag2', integrationType: 'agent' }],
	};
	const server = createServer((req: IncomingMessage, res) => {
		let raw = '';
		req.on('data', (chunk) => (raw += chunk));
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://recorder');
			if (url.pathname === UPLOAD_PATH) {
				uploads.push({ method: req.method ?? 'PUT', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers as Record<string, string>, body: raw });
				res.writeHead(200).end();
				return;
			}
			const giveUrl = req.method === 'POST' ? UPLOAD_ANSWERS.find(([path]) => path.test(url.pathname))?.[1] : undefined;
			if (giveUrl) {
				requests.push({ method: 'POST', path: decodeURIComponent(url.pathname), query: Object.fromEntries(url.searchParams), headers: req.headers as Record<string, string>, body: raw ? JSON.parse(raw) : undefined });
				res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(giveUrl(`http://${req.headers.host}${UPLOAD_PATH}?X-Amz-Signature=sample`)));
				return;
			}
			const type = String(req.headers['content-type'] ?? '');
			requests.push({
				method: req.method ?? 'GET',
				path: decodeURIComponent(url.pathname),
				query: Object.fromEntries(url.searchParams),
				headers: req.headers as Record<string, string>,
				body: !raw ? undefined : /^multipart\/form-data/i.test(type) ? (parseMultipart(raw, type) ?? raw) : JSON.parse(raw),
			});
			res.writeHead(200, { 'content-type': 'application/json' });
			const pages = req.method === 'GET' && PAGES.test(url.pathname) ? () => ({ data: { sourceDetails: {}, pageContent: [] }, meta: { current: { limit: 1, count: 0 } } }) : undefined;
			const answer = answers[`${req.method} ${url.pathname}`] ?? pages;
			// `agent` and `results`: where AI Agents answers put their records (ai-agent-service.json).
			res.end(JSON.stringify(answer ? answer(Object.fromEntries(url.searchParams)) : { data: {}, meta: { pagination: { total: 0, count: 0, per_page: 1, current_page: 1, total_pages: 1 } }, agent: {}, results: [] }));
		});
	});
	return new Promise((done) =>
		server.listen(0, '127.0.0.1', () => done({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`, requests, uploads, byoAgent })),
	);
}

// ---- parameters that fill in every field of an operation -----------------------------------------

const isShown = (p: INodeProperties, resource: string, operation: string) =>
	p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions?.show?.operation?.includes(operation);

/** The fields an operation shows; a collection with only the entries it offers there (a folded collection holds several operations' entries). */
export function fieldsOf(kind: NodeKind, resource: string, operation: string): INodeProperties[] {
	return kind.nodeType.description.properties
		.filter((p) => isShown(p, resource, operation))
		.map((p) => (p.type === 'collection' ? { ...p, options: entriesFor(p, resource, operation) } : p));
}

/** A value CometChat would accept for a field, from its type and name. */
export function sample(p: INodeProperties): NodeParameterValueType | INodeParameters {
	const name = p.name.toLowerCase();
	switch (p.type) {
		case 'resourceLocator':
			// A template category is named, and Template → Create takes only a built-in one.
			if (name === 'templatecategory') return { __rl: true, mode: 'list', value: 'Marketing' };
			return { __rl: true, mode: 'id', value: `sample-${name}` };
		case 'boolean':
			return true;
		case 'number':
			return 5;
		case 'json':
			return '{"sample": true}';
		case 'dateTime':
			return '2024-01-01T00:00:00Z';
		case 'options':
			return (p.options as INodePropertyOptions[])[0].value;
		case 'multiOptions':
			// (None where the options load from the app: OVERRIDES give those.)
			return ((p.options ?? []) as INodePropertyOptions[]).map((o) => o.value);
		case 'collection':
			return Object.fromEntries((p.options as INodeProperties[]).map((option) => [option.name, sample(option)])) as INodeParameters;
		case 'fixedCollection':
			return Object.fromEntries(
				(p.options as Array<{ name: string; values: INodeProperties[] }>).map((group) => [
					group.name,
					p.typeOptions?.multipleValues
						? [Object.fromEntries(group.values.map((v) => [v.name, sample(v)]))]
						: Object.fromEntries(group.values.map((v) => [v.name, sample(v)])),
				]),
			) as INodeParameters;
		default:
			if (name === 'messageid') return '2144';
			if (/avatar|link|icon|url/.test(name)) return 'https://example.com/sample.png';
			if (/uids|guids|members|admins|moderators|participants|userstoban|friends|accepted|tags|roles|features|permissions/.test(name)) return 'sample-a, sample-b';
			return `sample-${name}`;
	}
}

/** One parameter set per variant: all defaults filled, then each other value of every top-level choice. */
export function variants(resource: string, operation: string, kind: NodeKind = chatNode): INodeParameters[] {
	const properties = fieldsOf(kind, resource, operation);
	const shownFor = (parameters: INodeParameters) => properties.filter((p) => shownWith(p, parameters));
	const fill = (fixed: INodeParameters) => {
		const parameters: INodeParameters = { resource, operation, ...fixed };
		// Twice: fields that appear only after another field's value is set.
		for (let pass = 0; pass < 2; pass++) {
			for (const p of shownFor(parameters)) if (!(p.name in fixed)) parameters[p.name] = sample(p) as NodeParameterValueType;
		}
		return parameters;
	};
	const key = `${resource}.${operation}`;
	const override = OVERRIDES[key] ?? {};
	const base = fill(override);
	const sets = [base];
	for (const p of shownFor(base).filter((x) => x.type === 'options')) {
		for (const option of (p.options as INodePropertyOptions[]).slice(1)) sets.push(fill({ ...override, [p.name]: option.value }));
	}
	for (const extra of EXTRA_VARIANTS[key] ?? []) sets.push({ ...base, ...extra });
	return sets;
}

export function shownWith(p: INodeProperties, parameters: INodeParameters): boolean {
	for (const [name, values] of Object.entries(p.displayOptions?.show ?? {})) {
		if (name === 'resource' || name === 'operation' || name.startsWith('@')) continue;
		if (!(values as unknown[]).includes(parameters[name])) return false;
	}
	for (const [name, values] of Object.entries(p.displayOptions?.hide ?? {})) {
		if ((values as unknown[]).includes(parameters[name])) return false;
	}
	return true;
}

/** Every resource → operation a node offers. */
export function operationsOf(kind: NodeKind): Array<{ resource: string; operation: string }> {
	return kind.nodeType.description.properties
		.filter((p) => p.name === 'operation')
		.flatMap((p) => (p.options as INodePropertyOptions[]).map((o) => ({ resource: String(p.displayOptions?.show?.resource?.[0]), operation: String(o.value) })));
}

/** The CometChat node's operations. */
export const operations = operationsOf(chatNode);


/**
 * Every variant of an operation: each combination of the choices that decide what else is shown or
 * sent — its options fields and the booleans other fields depend on (Send: every receiver type × every
 * message type × every media type) — each with every other field filled, then EXTRA_VARIANTS.
 */
export function everyVariant(resource: string, operation: string, kind: NodeKind = chatNode): INodeParameters[] {
	const properties = fieldsOf(kind, resource, operation);
	const deciding = new Set(properties.flatMap((p) => [...Object.keys(p.displayOptions?.show ?? {}), ...Object.keys(p.displayOptions?.hide ?? {})]));
	const key = `${resource}.${operation}`;
	const override = OVERRIDES[key] ?? {};
	const fill = (fixed: INodeParameters) => {
		const parameters: INodeParameters = { resource, operation, ...fixed };
		for (let pass = 0; pass < 2; pass++) {
			for (const p of properties.filter((x) => shownWith(x, parameters))) if (!(p.name in fixed)) parameters[p.name] = sample(p) as NodeParameterValueType;
		}
		return parameters;
	};
	const branch = (fixed: INodeParameters): INodeParameters[] => {
		const parameters = fill(fixed);
		const choice = properties.find(
			(p) => shownWith(p, parameters) && !(p.name in fixed) && (p.type === 'options' || (p.type === 'boolean' && deciding.has(p.name))),
		);
		if (!choice) return [parameters];
		const values = choice.type === 'boolean' ? [true, false] : (choice.options as INodePropertyOptions[]).map((o) => o.value);
		return values.flatMap((value) => branch({ ...fixed, [choice.name]: value }));
	};
	const sets = branch(override);
	for (const extra of EXTRA_VARIANTS[key] ?? []) sets.push({ ...sets[0], ...extra });
	return sets;
}
