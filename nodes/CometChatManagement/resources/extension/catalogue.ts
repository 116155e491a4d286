import { compareNames } from '../../../shared/sort';
/**
 * The extensions whose settings the management API reads and writes (spec management-apis.json, tag
 * "Extensions": `/apps/{appId}/extensions/{id}/{version}/settings`), with each one's settings as the
 * spec's request schema defines them. The live API publishes no settings schema of its own (GET
 * /apps/{appId}/extensions lists names, hooks and URLs only), so the spec's definitions are written
 * down here once; the Store and Update Settings fields are generated from them (settings.ts).
 */

export type SettingKind = 'text' | 'secret' | 'number' | 'boolean' | 'choice' | 'list' | 'object' | 'objectList' | 'map';

export interface SettingDefinition {
	/** The key in the settings object. */
	key: string;
	label: string;
	kind: SettingKind;
	description: string;
	/** The spec lists the key as required: a top-level field, always sent. Otherwise under Additional Settings. */
	required?: boolean;
	default?: string | number | boolean;
	placeholder?: string;
	/** choice: the values the spec documents. */
	choices?: Array<{ name: string; value: string | number }>;
	/** list: the only entries allowed. */
	allowed?: string[];
	/** number: whole numbers from this minimum. */
	min?: number;
	/** object / objectList: the entries of each object. */
	fields?: SettingDefinition[];
	/** map: labels of an entry's key and value. */
	entry?: { key: string; value: string };
	/** Only in this operation's body (the widget to update; sidebar keys the spec's update leaves out). */
	only?: 'store' | 'update';
}

export type SettingsOperation = 'get' | 'store' | 'update' | 'delete';

export interface ExtensionDefinition {
	/** The extension ID, as in the path and in GET /apps/{appId}/extensions. */
	id: string;
	name: string;
	/** Prefix of its field names in the node (settings of different extensions never share a field). */
	prefix: string;
	/** Path version segment. */
	version: 'v1' | 'v2';
	/** The settings methods the spec defines for it. */
	operations: SettingsOperation[];
	/** Body `{settings: {...}}` (all but Stickers, whose spec body has the keys at the top level). */
	wrapped: boolean;
	settings: SettingDefinition[];
	/** Keys always sent with the given value (the widget's version "is always v2"). */
	fixed?: Record<string, string>;
}

const ALL: SettingsOperation[] = ['get', 'store', 'update', 'delete'];

// ---- builders -------------------------------------------------------------------------------------

type Extra = Partial<Omit<SettingDefinition, 'key' | 'label' | 'kind' | 'description'>>;
const def = (kind: SettingKind) => (key: string, label: string, description: string, extra: Extra = {}): SettingDefinition => ({
	key,
	label,
	kind,
	description,
	...extra,
});
const text = def('text');
const secret = def('secret');
const flag = def('boolean');
const num = def('number');
const list = def('list');

/** A widget toggle: [key, what it does, default]. */
type Toggle = [string, string, boolean, boolean?];
const toggles = (entries: Toggle[]): SettingDefinition[] =>
	entries.map(([key, does, value, required]) =>
		flag(key, key.split('_').map((w) => w[0].toUpperCase() + w.slice(1)).join(' '), `Whether to ${does}`, { default: value, required }),
	);

// The report extensions share their settings (spec: identical schemas).
const reportSettings = (what: string): SettingDefinition[] => [
	num('maxReports', 'Max Reports', `Number of unique reports of a ${what} after which moderation action is taken`, { required: true, default: 3, min: 1 }),
	flag('useWebhook', 'Use Webhook', 'Whether to send reports to your webhook to take custom actions', { required: true, default: true }),
	text('webhookURL', 'Webhook URL', 'The webhook to call with the reports', { placeholder: 'e.g. https://www.your-domain.com/take-action' }),
	text('basicAuthUsername', 'Basic Auth Username', 'Basic Auth username for calling your webhook'),
	secret('basicAuthPassword', 'Basic Auth Password', 'Basic Auth password for calling your webhook'),
];

const dropMessage = (when: string, extra: Extra = {}) =>
	flag('dropMessage', 'Drop Message', `Whether to drop a message ${when} instead of delivering it`, { required: true, default: false, ...extra });

// ---- the catalogue (order of the spec) --------------------------------------------------------------

export const EXTENSIONS: ExtensionDefinition[] = [
	{
		id: 'widget',
		name: 'Chat Widget',
		prefix: 'widget',
		version: 'v2',
		operations: ['get', 'store', 'update'],
		wrapped: true,
		fixed: { version: 'v2' },
		settings: [
			// The spec does not mark it required, but an update without it names no widget (INFERRED).
			text('widgetId', 'Widget ID', 'The widget to update (Get Settings lists the widgets with their IDs)', {
				required: true,
				only: 'update',
				placeholder: 'e.g. f7ee7c30-416b-4398-9edd-2595cefd676f',
			}),
			text('name', 'Widget Name', 'Name of the chat widget', { required: true, placeholder: 'e.g. Support Widget' }),
			{
				...def('object')('style', 'Style', 'Colours, icons and custom code of the widget'),
				fields: [
					text('custom_css', 'Custom CSS', 'Custom CSS for the widget'),
					text('custom_js', 'Custom JS', 'Custom JavaScript for the widget'),
					text('docked_layout_icon_background', 'Docked Layout Icon Background', 'Background colour of the icon in docked mode', { required: true, default: '#03a9f4' }),
					text('docked_layout_icon_close', 'Docked Layout Icon Close', 'Image on the docked icon while the widget is closed', {
						required: true,
						default: 'https://widget-js.cometchat.io/v2/resources/chat_close.svg',
					}),
					text('docked_layout_icon_open', 'Docked Layout Icon Open', 'Image on the docked icon while the widget is open', {
						required: true,
						default: 'https://widget-js.cometchat.io/v2/resources/chat_bubble.svg',
					}),
					text('primary_color', 'Primary Color', 'Primary colour', { default: '#03A9F4' }),
					text('foreground_color', 'Foreground Color', 'Foreground colour', { default: '#000000' }),
					text('background_color', 'Background Color', 'Background colour', { default: '#FFFFFF' }),
					flag('override_system_background_colors', 'Override System Background Colors', 'Whether to override the system background colours', { default: true }),
				],
			},
			{
				...def('object')('sidebar', 'Sidebar', 'The sections of the widget\'s sidebar'),
				fields: [
					...toggles([
						['chats', 'show the Chats section in the sidebar', true],
						['users', 'show the Users section in the sidebar', true, true],
						['groups', 'show the Groups section in the sidebar', true, true],
						['calls', 'show the Calls section in the sidebar', false, true],
						['user_settings', 'show the User Settings section in the sidebar', false],
					]),
					text('recent_chat_listing', 'Recent Chat Listing', 'Which chats the Recent Chats section shows', { required: true, default: 'all_chats' }),
					text('user_listing', 'User Listing', 'Which users the user list shows', { required: true, default: 'all_users' }),
					list('sidebar_navigation_sequence', 'Sidebar Navigation Sequence', 'Order of the sidebar sections (only these five names)', {
						required: true,
						default: 'chats, users, groups, calls, settings',
						allowed: ['chats', 'users', 'groups', 'calls', 'settings'],
					}),
					// Only the spec's create body has these two.
					text('start_a_new_conversation', 'Start a New Conversation', 'With whom a new conversation can be started', { default: 'all_chats', only: 'store' }),
					text('group_listing', 'Group Listing', 'Which groups the group list shows', { default: 'public_and_password_protected_groups', only: 'store' }),
				],
			},
			{
				...def('object')('main', 'Main', 'What people can do in the widget'),
				fields: toggles([
					['allow_add_members', 'allow adding group members', true],
					['allow_creating_polls', 'allow sending polls (enable the Polls extension first)', false, true],
					['allow_delete_groups', 'allow deleting groups', true, true],
					['allow_kick_ban_members', 'allow kicking and banning group members', true, true],
					['allow_message_reactions', 'allow reactions to messages (enable the Reactions extension first)', false, true],
					['allow_moderator_to_delete_member_messages', 'allow moderators to delete members\' messages', false, true],
					['allow_promote_demote_members', 'allow changing the scope of group members', false, true],
					['block_user', 'allow blocking a user', true, true],
					['create_groups', 'allow creating groups', true, true],
					['enable_collaborative_document', 'enable collaborative documents (enable that extension first)', false, true],
					['enable_collaborative_whiteboard', 'enable collaborative whiteboards (enable that extension first)', false, true],
					['enable_deleting_messages', 'allow deleting messages', true, true],
					['enable_editing_messages', 'allow editing messages', true, true],
					['enable_message_translation', 'enable message translation (enable that extension first)', false, true],
					['enable_sending_messages', 'allow sending messages', true, true],
					['enable_sound_for_calls', 'play a sound for incoming calls', true, true],
					['enable_sound_for_messages', 'play a sound for incoming messages', true, true],
					['enable_threaded_replies', 'allow message threads', true, true],
					['enable_video_calling', 'enable video calls', true, true],
					['enable_voice_calling', 'enable voice calls', true, true],
					['hide_deleted_messages', 'hide the bubbles of deleted messages', true, true],
					['hide_join_leave_notifications', 'hide the notices when someone joins or leaves a group', true, true],
					['join_or_leave_groups', 'allow joining and leaving groups', true, true],
					['send_emojis', 'show the emoji keyboard', true, true],
					['send_files', 'allow sending files', true],
					['send_message_in_private_to_group_member', 'allow private messages to group members', false, true],
					['send_photos_videos', 'allow sending photos and videos', true, true],
					['share_live_reactions', 'allow live reactions', true, true],
					['show_call_notifications', 'show notifications of incoming calls', true, true],
					['show_delivery_read_indicators', 'show delivery and read receipts', true, true],
					['show_emojis_in_larger_size', 'show one to three emojis alone in a message larger', true, true],
					['show_stickers', 'show stickers (enable the Stickers extension first)', true],
					['show_typing_indicators', 'show typing indicators', false],
					['show_user_presence', 'show whether users are online', true],
					['view_group_members', 'allow viewing group members', true],
					['allow_mention_members', 'allow mentioning members', false],
					['enable_replying_to_messages', 'allow replying to messages', false],
					['enable_share_copy_forward_messages', 'allow sharing, copying and forwarding messages', false],
					['highlight_messages_from_moderators', 'highlight messages from moderators', false],
					['show_call_recording_option', 'show the call recording option', false],
					['send_voice_notes', 'allow sending voice notes', false],
					['send_gifs', 'allow sending GIFs', false],
					['share_location', 'allow sharing a location', false],
					['view_shared_media', 'allow viewing the media shared in a group', true],
					['set_groups_in_qna_mode_by_moderators', 'let moderators put groups in Q&A mode', false],
					['send_reply_in_private_to_group_member', 'allow private replies to group members', false],
				]),
			},
		],
	},
	{
		id: 'gifs-giphy',
		name: 'Giphy',
		prefix: 'giphy',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [secret('giphyApiKey', 'Giphy API Key', 'API key from your Giphy dashboard', { required: true })],
	},
	{
		id: 'xss-filter',
		name: 'XSS Filter',
		prefix: 'xssFilter',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [dropMessage('that contains a script (XSS)')],
	},
	{
		id: 'image-moderation',
		name: 'Image Moderation',
		prefix: 'imageModeration',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		// The spec's description is the XSS filter's, copied; the meaning follows the extension.
		settings: [dropMessage('with an unsafe image')],
	},
	{
		id: 'report-user',
		name: 'Report User',
		prefix: 'reportUser',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: reportSettings('user'),
	},
	{
		id: 'report-message',
		name: 'Report Message',
		prefix: 'reportMessage',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: reportSettings('message'),
	},
	{
		id: 'voice-transcription',
		name: 'Voice Transcription',
		prefix: 'revai',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [secret('revaiAPIKey', 'Rev.ai API Key', 'API key for Rev.ai, which transcribes the voice notes', { required: true })],
	},
	{
		id: 'stickers-stipop',
		name: 'Stipop',
		prefix: 'stipop',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [
			secret('stipopApiKey', 'Stipop API Key', 'API key for Stipop', { required: true }),
			text('stipopAppId', 'Stipop App ID', 'Your app in Stipop', { required: true }),
		],
	},
	{
		id: 'sentiment-analysis',
		name: 'Sentiment Analysis',
		prefix: 'sentimentAnalysis',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [dropMessage('with a negative sentiment')],
	},
	{
		id: 'url-shortener-tinyurl',
		name: 'TinyURL',
		prefix: 'tinyUrl',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [
			secret('tinyUrlAPIToken', 'TinyURL API Token', 'API token for TinyURL', { required: true }),
			text('tinyUrlDomain', 'TinyURL Domain', 'Your domain on a paid TinyURL plan, otherwise tiny.one', { required: true, default: 'tiny.one' }),
		],
	},
	{
		id: 'intercom',
		name: 'Intercom',
		prefix: 'intercom',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [
			secret('intercomAccessToken', 'Intercom Access Token', 'Access token that connects CometChat and Intercom', { required: true }),
			text('customerSupportUid', 'Customer Support UID', 'The CometChat user who answers as customer support', { required: true, placeholder: 'e.g. cometchat-uid-2' }),
		],
	},
	{
		id: 'url-shortener-bitly',
		name: 'Bitly',
		prefix: 'bitly',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [
			secret('bitlyAccessToken', 'Bitly Access Token', 'Access token for Bitly', { required: true }),
			text('groupGUID', 'Bitly Group GUID', 'The group of your Bitly organisation to use', { required: true }),
		],
	},
	{
		id: 'rich-media',
		name: 'Rich Media Preview',
		prefix: 'iframely',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [secret('iframelyApiKey', 'Iframely API Key', 'API key from your Iframely dashboard', { required: true })],
	},
	{
		id: 'virus-malware-scanner',
		name: 'Virus Malware Scanner',
		prefix: 'scanii',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [
			secret('scaniiApiKey', 'Scanii API Key', 'API key from your Scanii dashboard', { required: true }),
			secret('scaniiSecretKey', 'Scanii Secret Key', 'Secret key from your Scanii dashboard', { required: true }),
		],
	},
	{
		id: 'broadcast',
		name: 'Video Broadcasting',
		prefix: 'broadcast',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [
			secret('apiVideoKey', 'Api.video API Key', 'Production API key from api.video', { required: true }),
			flag('recordVideo', 'Record Video', 'Whether to record the broadcasts', { required: true, default: false }),
		],
	},
	{
		id: 'gifs-tenor',
		name: 'Tenor GIFs',
		prefix: 'tenor',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [secret('tenorApiKey', 'Tenor API Key', 'API key from your Tenor dashboard', { required: true })],
	},
	{
		id: 'human-moderation',
		name: 'In-Flight Message Moderation',
		prefix: 'humanModeration',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [
			flag('allMessages', 'All Messages', 'Whether to hold every message for moderation', { required: true, default: false }),
			flag('allUserMessages', 'All User Messages', 'Whether to hold every one-to-one message for moderation', { required: true, default: false }),
			flag('allGroupMessages', 'All Group Messages', 'Whether to hold every group message for moderation', { required: true, default: false }),
			list('senders', 'Senders', 'Hold messages from these UIDs (comma-separated; may be empty)', { required: true, placeholder: 'e.g. cometchat-uid-1, cometchat-uid-2' }),
			list('receiverUsers', 'Receiver Users', 'Hold messages to these UIDs (comma-separated; may be empty)', { required: true, placeholder: 'e.g. cometchat-uid-3' }),
			list('receiverGroups', 'Receiver Groups', 'Hold messages to these GUIDs (comma-separated; may be empty)', { required: true, placeholder: 'e.g. cometchat-guid-1' }),
		],
	},
	{
		id: 'e2ee',
		name: 'End-to-End Encryption',
		prefix: 'virgil',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [
			text('virgilAppID', 'Virgil App ID', 'App ID from your Virgil dashboard', { required: true }),
			text('virgilAppKeyID', 'Virgil App Key ID', 'App key ID from your Virgil dashboard', { required: true }),
			secret('virgilAppKey', 'Virgil App Key', 'App key from your Virgil dashboard', { required: true }),
		],
	},
	{
		id: 'stickers',
		name: 'Stickers',
		prefix: 'stickers',
		version: 'v1',
		operations: ['get', 'update', 'delete'],
		// The spec's Update body has these keys at the top level (its required list is the Data Masking
		// one, copied, and names none of them); followed as written.
		wrapped: false,
		settings: [
			{
				...def('objectList')('defaultMasterStickersData', 'Default Stickers', 'The default sticker sets and whether each sticker is on'),
				fields: stickerFields(),
			},
			{
				...def('objectList')('customStickersData', 'Custom Stickers', 'Your own stickers'),
				fields: stickerFields(),
			},
		],
	},
	{
		id: 'push-notification',
		name: 'Push Notification',
		prefix: 'push',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [
			{
				...def('choice')('version', 'Push Version', 'How push tokens are used', { required: true, default: 2 }),
				choices: [
					{ name: 'Token-Based (Recommended)', value: 2 },
					{ name: 'Topic-Based (Legacy)', value: 1 },
					{ name: 'Topic-Based and Token-Based', value: 0 },
				],
			},
			{
				...def('choice')('pushProvider', 'Push Provider', 'The push service', { required: true, default: 1 }),
				choices: [
					{ name: 'APNs', value: 2 },
					{ name: 'FCM', value: 1 },
					{ name: 'FCM and APNs', value: 0 },
				],
			},
			{
				...def('object')('fcmCredentials', 'FCM Credentials', 'From the service account JSON file of the Firebase console'),
				fields: [
					text('project_id', 'Project ID', 'The "project_id" of the service account file'),
					text('client_email', 'Client Email', 'The "client_email" of the service account file'),
					secret('private_key', 'Private Key', 'The "private_key" of the service account file'),
					text('private_key_id', 'Private Key ID', 'The "private_key_id" of the service account file'),
				],
			},
			{
				...def('object')('notificationInPayload', 'Notification in Payload', 'Platforms whose pushes include the "notification" key'),
				fields: toggles([
					['web', 'include the "notification" key for web', true],
					['android', 'include the "notification" key for Android', true],
					['ionic_cordova', 'include the "notification" key for Ionic and Cordova', true],
					['react_native', 'include the "notification" key for React Native', false],
					['ios', 'include the "notification" key for iOS', true],
					['flutter', 'include the "notification" key for Flutter', true],
				]),
			},
			flag('useP8', 'Use P8', 'Whether to use the .p8 key for APNs, which never expires (APNs only)', { default: true }),
			text('keyId', 'Key ID', 'The APNs key ID (APNs only)'),
			text('teamId', 'Team ID', 'The Apple team ID (APNs only)'),
			text('bundleId', 'Bundle ID', 'The app\'s bundle ID (APNs only)'),
			flag('sendApnsProduction', 'Send APNs Production', 'Whether the app is on the App Store (APNs production) rather than in development', { default: true }),
			...(
				[
					['NewMessage', 'new messages', true],
					['EditMessage', 'edited messages', false],
					['DeleteMessage', 'deleted messages', false],
					['ThreadedMessage', 'replies in threads', true],
					['IncomingCall', 'incoming calls', true],
					['MissedCall', 'missed calls', true],
					['MemberJoined', 'members joining a group', true],
					['MemberLeft', 'members leaving a group', true],
					['MemberKicked', 'members kicked from a group', true],
					['MemberBanned', 'members banned from a group', true],
					['MemberUnbanned', 'members unbanned from a group', true],
					['MemberAdded', 'members added to a group', true],
					['MemberScopeChanged', 'members\' scope changes', false],
				] as Array<[string, string, boolean]>
			).map(([event, what, value]) =>
				flag(`send${event}Notification`, `Send ${event.replace(/([a-z])([A-Z])/g, '$1 $2')} Notification`, `Whether to push a notification for ${what}`, { default: value }),
			),
			{
				...def('object')('cometchatMessagePayloadOptions', 'Message Payload Options', 'What the message object in a push leaves out'),
				fields: toggles([
					['skipSenderMetadata', 'leave the sender\'s metadata out of the message', false],
					['skipReceiverMetadata', 'leave the receiver\'s metadata out of the message', false],
					['skipMessageMetadata', 'leave the message metadata out', false],
					['trimMessageText', 'trim the message text so that the push stays under 4 KB', true],
				]).map((toggle) => ({ ...toggle, label: toggle.key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^\w/, (c) => c.toUpperCase()) })),
			},
		],
	},
	{
		id: 'email-replies',
		name: 'Email Replies',
		prefix: 'emailReplies',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [
			flag('sendEmailReplies', 'Send Email Replies', 'Whether people may reply to notification emails by email', { required: true, default: false }),
			text('senderEmailForReplies', 'Sender Email for Replies', 'The address replies go to', { placeholder: 'e.g. replies@example.com' }),
		],
	},
	{
		id: 'sms-notification',
		name: 'SMS Notification',
		prefix: 'sms',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [
			text('fromMobileNo', 'From Mobile Number', 'The Twilio number the texts come from', { required: true, placeholder: 'e.g. +12345678' }),
			num('messageDelay', 'Message Delay', 'Text people about a message still unread after this many seconds', { required: true, default: 60, min: 0 }),
			text('twilioAccountSid', 'Twilio Account SID', 'From your Twilio console', { required: true }),
			secret('twilioAuthToken', 'Twilio Auth Token', 'From your Twilio console', { required: true }),
			text('websiteURL', 'Website URL', 'Your website, linked in the texts', { required: true, placeholder: 'e.g. https://www.example.com' }),
		],
	},
	{
		id: 'chatwoot',
		name: 'Chatwoot',
		prefix: 'chatwoot',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [
			secret('chatwootAccessToken', 'Chatwoot Access Token', 'Access token that connects CometChat and Chatwoot', { required: true }),
			text('chatwootAccountId', 'Chatwoot Account ID', 'From your Chatwoot profile settings', { required: true }),
			text('chatwootInboxId', 'Chatwoot Inbox ID', 'From your Chatwoot inbox settings', { required: true }),
			text('customerSupportUid', 'Customer Support UID', 'The CometChat user who answers as customer support', { required: true, placeholder: 'e.g. cometchat-uid-2' }),
		],
	},
	{
		id: 'message-shortcuts',
		name: 'Message Shortcuts',
		prefix: 'shortcuts',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [
			{
				...def('map')('shortcuts', 'Shortcuts', 'Each shortcut and the message it expands to', { required: true }),
				entry: { key: 'Shortcut', value: 'Message' },
			},
		],
	},
	{
		id: 'email-notification',
		name: 'Email Notification',
		prefix: 'email',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		// The spec's required list also names sendEmailReplies and senderEmailForReplies, which this
		// schema does not define (they belong to Email Replies): not asked for.
		settings: [
			num('messageDelay', 'Message Delay', 'Email people about a message still unread after this many seconds', { required: true, default: 120, min: 0 }),
			text('senderEmail', 'Sender Email', 'The SendGrid sender address of the notifications', { required: true, placeholder: 'e.g. notifications@example.com' }),
			text('senderName', 'Sender Name', 'The SendGrid sender name', { required: true, placeholder: 'e.g. Acme Chat' }),
			text('sendGridTemplateId', 'SendGrid Template ID', 'The SendGrid template of the emails', { required: true }),
			text('sendGridUnsubscribeGroupId', 'SendGrid Unsubscribe Group ID', 'The SendGrid unsubscribe group', { required: true }),
			flag('useWebhook', 'Use Webhook', 'Whether to call your webhook instead of sending the emails through SendGrid', { required: true, default: false }),
			text('webhookURL', 'Webhook URL', 'Your webhook', { required: true, placeholder: 'e.g. https://example.com/notify' }),
			flag('useWebhookBasicAuth', 'Use Webhook Basic Auth', 'Whether your webhook is called with Basic Auth', { required: true, default: false }),
			text('webhookUsername', 'Webhook Username', 'Basic Auth username for your webhook', { required: true }),
			secret('webhookPassword', 'Webhook Password', 'Basic Auth password for your webhook', { required: true }),
			secret('sendGridApiKey', 'SendGrid API Key', 'Your SendGrid API key'),
		],
	},
	{
		id: 'data-masking',
		name: 'Data Masking',
		prefix: 'dataMasking',
		version: 'v1',
		// The spec's only write is PUT ("store or update").
		operations: ['get', 'update', 'delete'],
		wrapped: true,
		settings: [
			dropMessage('with sensitive information'),
			{
				...def('objectList')('defaultRegexData', 'Default Masks', 'CometChat\'s masks (phone numbers, emails, SSNs) and whether each is on', { required: true }),
				fields: [
					text('id', 'ID', 'The mask\'s ID (1 US phone numbers, 2 emails, 3 SSNs)', { required: true }),
					text('name', 'Name', 'The mask\'s name'),
					text('regex', 'Regex', 'The pattern the mask hides'),
					flag('enableFlag', 'Enabled', 'Whether the mask is on', { default: true }),
				],
			},
			{
				...def('objectList')('customregexData', 'Custom Masks', 'Your own masks', { required: true }),
				fields: [
					text('id', 'ID', 'The mask\'s ID; empty for a new mask'),
					text('name', 'Name', 'The mask\'s name', { required: true }),
					text('regex', 'Regex', 'The pattern to hide', { required: true, placeholder: 'e.g. \\d{4}-\\d{4}' }),
				],
			},
			list('deleteCustomRegexData', 'Custom Masks to Delete', 'IDs of custom masks to remove (comma-separated; may be empty)', { required: true }),
		],
	},
	{
		id: 'profanity-filter',
		name: 'Profanity Filter',
		prefix: 'profanityFilter',
		version: 'v1',
		operations: ALL,
		wrapped: true,
		settings: [
			dropMessage('with profanity'),
			list('badwords', 'Bad Words', 'Words to filter besides CometChat\'s own list (comma-separated; may be empty)', { required: true, placeholder: 'e.g. darn, heck' }),
		],
	},
];

function stickerFields(): SettingDefinition[] {
	return [
		text('id', 'ID', 'The sticker\'s ID; empty for a new sticker'),
		text('stickerName', 'Sticker Name', 'The sticker\'s name'),
		text('stickerUrl', 'Sticker URL', 'Where the sticker image is', { placeholder: 'e.g. https://example.com/sticker.png' }),
		num('stickerOrder', 'Sticker Order', 'Position of the sticker in its set', { default: 1, min: 0 }),
		text('stickerSetId', 'Sticker Set ID', 'The set the sticker belongs to'),
		text('stickerSetName', 'Sticker Set Name', 'The name of the set'),
		num('stickerSetOrder', 'Sticker Set Order', 'Position of the set', { default: 1, min: 0 }),
		flag('enableFlag', 'Enabled', 'Whether the sticker is on', { default: true }),
	];
}

/** The settings an operation's body takes, at every depth. */
export function settingsFor(settings: SettingDefinition[], operation: 'store' | 'update'): SettingDefinition[] {
	return settings
		.filter((setting) => !setting.only || setting.only === operation)
		.map((setting) => (setting.fields ? { ...setting, fields: settingsFor(setting.fields, operation) } : setting));
}

export const EXTENSION_BY_ID = new Map(EXTENSIONS.map((extension) => [extension.id, extension]));

/** The extensions with a settings method, as choices (sorted by name). */
export function extensionChoices(operation: SettingsOperation): Array<{ name: string; value: string }> {
	return EXTENSIONS.filter((extension) => extension.operations.includes(operation))
		.map(({ name, id }) => ({ name, value: id }))
		.sort((a, b) => compareNames(a.name, b.name));
}
