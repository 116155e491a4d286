// The hint table: what each error code means for a workflow and what to change. Conversion
// (conversion.ts) adds the hint to CometChat's own code and message; the management host's own
// hints (shared/management/transport.ts) and the trigger's take their shared entries from here.

/** An app that is not there (chat, management and trigger alike): one text for all three. */
export const APP_NOT_FOUND_FIX =
	'No app has this App ID, or it was archived. Check the App ID: the app picked or typed, the trigger\'s App ID field, else the CometChat API credential\'s (CometChat Management → App → Get Many lists the apps your management keys see).';

// What each CometChat error code means for a workflow and what to change. Codes and meanings come from
// CometChat's error guide and its Calls, Data Import and Management error pages (reference §3). Where
// CometChat documents a code only vaguely, the hint says so rather than guess.
export const FIXES: Record<string, string> = {
	// Authentication: the CometChat API credential
	AUTH_ERR_EMPTY_APPID:
		'CometChat found no App ID in the request. Fill in App ID in the CometChat credential; with a Base URL Override, check that it still reaches your app (the default is https://{appId}.api-{region}.cometchat.io/v3).',
	AUTH_ERR_INVALID_APPID:
		'CometChat knows no app with this ID in this region. Check the App ID and Region in the CometChat credential.',
	AUTH_ERR_EMPTY_APIKEY: 'CometChat received an empty API key. Add a REST API key to the CometChat credential.',
	AUTH_ERR_APIKEY_NOT_FOUND:
		'CometChat does not know this REST API key for this app: check that App ID, Region and REST API Key in the credential come from the same app (dashboard: API & Auth Keys).',
	AUTH_ERR_NO_ACCESS:
		'The key lacks the scope for this operation: use a REST API key with fullAccess scope, not an Auth Key (authOnly).',
	AUTH_ERR_EMPTY_AUTH_HEADER:
		'A Management API request came without its authentication header. Fill in Key and Secret in the CometChat Management API credential; an app\'s REST API key does not work there.',
	AUTH_ERR_EMPTY_AUTH_TOKEN:
		'The request\'s authToken header (a user\'s auth token) was empty. This node authenticates with the REST API key instead: check the CometChat credential and any proxy behind its Base URL Override.',
	AUTH_ERR_AUTH_TOKEN_NOT_FOUND:
		'The auth token the request authenticated with is wrong or gone. This node authenticates with the REST API key: check the CometChat credential and any proxy behind its Base URL Override.',

	// API keys
	ERR_APIKEY_NOT_FOUND: 'The app has no API key with this value. Check the API key (API Key → Get Many lists them).',
	ERR_APIKEY_NO_SELF_ACTION: 'A key cannot update or delete itself: use another REST API key in the credential for this.',

	// Auth tokens
	ERR_AUTH_TOKEN_NOT_FOUND: 'Check the auth token and that it belongs to this user (Auth Token → Get Many lists them).',
	ERR_AUTH_TOKEN_DELETE_FAILED:
		'CometChat failed to delete the auth token and gives no reason. Check that the token still exists (Auth Token → Get Many), then retry.',
	ERR_AUTH_TOKENS_DELETE_FAILED:
		'CometChat failed to delete the user\'s auth tokens and gives no reason. Check the UID, then retry Auth Token → Delete All.',
	ERR_AUTHTOKEN_UNAVAILABLE:
		'The auth token is mapped to another device. Give each device its own token (Auth Token → Create).',
	ERR_AUTHTOKEN_NOT_ACCESSIBLE:
		'The auth token belongs to another user. Use a token of the UID in the request (Auth Token → Get Many lists a user\'s tokens).',

	// Subscription and plan
	ERR_PLAN_RESTRICTION: 'Your CometChat plan does not include this feature. Upgrade the plan in the CometChat dashboard, or do without the feature.',
	ERR_SUBSCRIPTION_EXPIRED: 'The app\'s CometChat subscription has expired. Resubscribe in the CometChat dashboard to use the API again.',
	ERR_PLAN_QUOTA_RESTRICTION:
		'Your CometChat plan quota is used up for this feature: CometChat\'s message (kept in this error\'s message) names the feature, your plan and its limit. Upgrade the plan in the CometChat dashboard or stay under that limit; a group over its member limit gives this code too.',

	// Roles
	ERR_ROLE_NOT_FOUND: 'Check the role ID (Role → Get Many lists them), or create the role first.',
	ERR_ROLE_ALREADY_EXISTS: 'A role with this ID exists: use another ID, or Update the existing role.',
	ERR_ROLE_DELETE_FAILED: 'CometChat failed to delete the role and gives no reason. Check the role ID (Role → Get), then retry.',
	ERR_ROLE_DELETE_DENIED: 'The default role cannot be deleted. Choose another role to delete.',

	// Users
	ERR_UID_NOT_FOUND:
		'Check the UID (deactivated users count as missing: User → Reactivate brings them back), or create the user first.',
	ERR_UID_ALREADY_EXISTS: 'A user with this UID exists (or was deleted without Permanent): use another UID, or Get/Update the existing user.',
	ERR_UID_DELETE_FAILED: 'CometChat failed to delete the user and gives no reason. Check the UID (User → Get), then retry.',

	// Bots
	ERR_BOT_NOT_FOUND: 'No bot is associated with this UID. Check the bot\'s UID.',
	ERR_BOT_ALREADY_EXISTS: 'A bot is already associated with this UID. Use another UID, or the existing bot.',

	// Groups
	ERR_GUID_NOT_FOUND: 'Check the GUID, or create the group first.',
	ERR_GUID_ALREADY_EXISTS: 'A group with this GUID exists: use another GUID, or Get/Update the existing group.',
	ERR_EMPTY_GROUP_PASS: 'A password group needs a Password. Fill in Password, or choose the public or private Type.',
	ERR_WRONG_GROUP_PASS: 'The password does not match this password group\'s. Use the group\'s password (Group → Update can set a new one).',
	ERR_GROUP_DELETE_FAILED: 'CometChat failed to delete the group and gives no reason. Check the GUID (Group → Get), then retry.',
	ERR_GROUP_JOIN_NOT_ALLOWED:
		'Nobody can join a private group by themselves. Have the app or a group admin add the user with Group Member → Add.',
	ERR_NO_VACANCY: 'The group is full (CometChat names no size). Remove members before adding more.',

	// Group members, bans and scopes
	ERR_NOT_A_MEMBER: 'The user is not a member of this group. Check the UID and GUID, or add the user with Group Member → Add.',
	ERR_ALREADY_JOINED: 'The user is already a member of this group. Leave them out, or use Group Member → Change Scope.',
	ERR_GROUP_NOT_JOINED:
		'The user tried to use a group feature without having joined the group. Add them with Group Member → Add, or act as a member with On Behalf Of.',
	ERR_MEMBER_DELETE_FAILED:
		'CometChat failed to remove the user from the group and gives no reason. Check the UID and GUID (Group Member → Get Many), then retry.',
	ERR_SAME_SCOPE: 'The member already has this scope. Choose a different Scope, or skip the change.',
	ERR_MEMBER_SCOPE_CHANGE_FAILED:
		'CometChat failed to change the member\'s scope and gives no reason. Check the UID, GUID and Scope, then retry.',
	ERR_NOT_A_BANNED_USER: 'The user is not banned from this group, so there is nothing to unban.',
	ERR_BANNED_GROUPMEMBER:
		'The user is banned from this group and cannot use it. Unban them first (Banned User → Unban), or act as another user.',
	ERR_ALREADY_BANNED: 'The user is already banned from this group.',
	ERR_MEMBER_BAN_FAILED: 'CometChat failed to ban the user from the group and gives no reason. Check the UID and GUID, then retry.',
	ERR_MEMBER_UNBAN_FAILED:
		'CometChat failed to unban the user and gives no reason. Check the UID and GUID (Banned User → Get Many), then retry.',
	ERR_GROUP_NO_CLEARANCE:
		'The On Behalf Of user must be an admin or moderator of the group (a participant cannot kick an admin or moderator, for example). Pick a user with a higher scope, or leave On Behalf Of empty to act as the app.',
	ERR_GROUP_NO_ADMIN_SCOPE: 'The On Behalf Of user must be an admin (or the owner) of the group.',
	ERR_GROUP_NO_MODERATOR_SCOPE:
		'The On Behalf Of user does not have moderator scope in the group. Act as a moderator or admin, or leave On Behalf Of empty to act as the app.',
	ERR_GROUP_NO_SCOPE_CLEARANCE:
		'The On Behalf Of user must be an admin or moderator of the group, with the right to change this member\'s scope. Act as such a user, or leave On Behalf Of empty to act as the app.',
	ERR_GROUP_NO_SELF_ACTION: 'A member cannot kick, ban or re-scope themselves: use another admin as On Behalf Of.',

	// Messages and conversations
	ERR_EMPTY_RECEIVER: 'The message has no receiver. Fill in Receiver with a UID or GUID.',
	ERR_INVALID_RECEIVER_TYPE: 'Receiver Type must be user or group, matching the Receiver (a UID or a GUID).',
	ERR_CONVERSATION_NOT_FOUND:
		'No conversation has this ID (a code of the deprecated get/delete conversation endpoints). Check the conversation ID.',
	ERR_CONVERSATION_NOT_ACCESSIBLE:
		'The acting user cannot access this conversation: a user sees only their own one-to-one conversations and those of groups they belong to, and a conversation exists only after its first message. Check On Behalf Of and the other party, or send a message first.',
	ERR_USER_MESSAGE_DELETE_FAILED:
		'CometChat failed to delete the one-to-one message and gives no reason. Check the message ID, then retry.',
	ERR_MESSAGE_ID_NOT_FOUND: 'No message has this ID. Check the message ID.',
	ERR_MSG_NOT_FOUND:
		'No message has this ID. Check the message ID (CometChat\'s messages overview uses this code; its error guide says ERR_MESSAGE_ID_NOT_FOUND).',
	ERR_INVALID_MESSAGE_DATA:
		'CometChat rejected the message body. Check Text, Metadata (JSON) and Tags: the data object may be at most 10 KB and the whole message 65,536 characters.',
	ERR_EMPTY_MESSAGE_TEXT: 'Give the message a text: fill in Text.',
	ERR_INVALID_MESSAGE_TEXT: 'The message text must be a string. Give Text as plain text, not an object or a list.',
	ERR_EMPTY_MESSAGE_CATEGORY: 'The message has no category. Send category message or custom.',
	ERR_INVALID_MESSAGE_CATEGORY:
		'CometChat does not accept this message category. Send message or custom (action and call messages are made by CometChat itself).',
	ERR_EMPTY_MESSAGE_TYPE:
		'The message has no type. Category message takes text, image, file, audio or video; a custom message takes any type name.',
	ERR_INVALID_MESSAGE_TYPE:
		'CometChat does not accept this message type. Category message takes text, image, file, audio or video; a custom message takes any type name.',
	ERR_EMPTY_MESSAGE_FILE: 'The media message came without its file. Give the attachment (its URL), or send a text message.',
	ERR_INVALID_MEDIA_MESSAGE:
		'CometChat rejected the media message without more detail. Check its type (image, file, audio or video) and its attachments (url, name, mimeType, extension, size).',
	ERR_EMPTY_CUSTOM_DATA: 'A custom message needs a non-empty data.customData object.',
	ERR_INVALID_CUSTOM_DATA: 'data.customData of the custom message is not valid JSON. Give it as a JSON object.',
	ERR_INVALID_METADATA: 'The message metadata is not valid JSON. Give Metadata (JSON) as a JSON object, e.g. {"ticket": 42}.',
	ERR_MESSAGE_NOT_A_SENDER: 'Only the sender can edit or delete a message. Set On Behalf Of to the sender\'s UID.',
	ERR_MESSAGE_NO_ACCESS:
		'The acting user cannot access this message: for a one-to-one message they must be its sender or receiver, for a group message a member of the group. Check On Behalf Of and the message ID.',
	ERR_MESSAGE_ACTION_NOT_ALLOWED:
		'This message cannot be edited or deleted; action messages (the ones CometChat writes for edits, deletions and member changes) never can. Use the original message\'s ID, not that of the action message an edit or delete returned.',

	// Threads
	ERR_WRONG_MESSAGE_THREAD:
		'The reply is not in the same conversation as its parent message. Send it to the parent\'s receiver (the same user or group).',
	ERR_MESSAGE_THREAD_NESTING: 'Threads cannot be nested. Reply to the thread\'s parent message, not to a reply.',
	ERR_WRONG_MESSAGE_THREAD_CATEGORY:
		'CometChat describes this code like ERR_WRONG_MESSAGE_THREAD (reply and parent in different conversations), though its name points at the message category. Check the reply\'s receiver and category against the parent message.',

	// Pins and saved messages
	ERR_PINNED_MESSAGES_LIMIT_EXCEEDED:
		'The conversation already has 100 pinned messages, CometChat\'s limit (user and app pins together). Unpin one first.',
	ERR_SAVED_MESSAGES_LIMIT_EXCEEDED: 'The user already has 100 saved messages, CometChat\'s limit. Unsave one first.',
	ERR_PINNED_CONVERSATIONS_LIMIT_EXCEEDED: 'The user already has 5 pinned conversations, CometChat\'s limit. Unpin one first.',
	ERR_SYSTEM_PINNED_CONVERSATIONS_LIMIT_EXCEEDED:
		'The app already pins 5 conversations for all users, CometChat\'s limit. Unpin one of the app\'s pins first.',
	ERR_SYSTEM_PINNED_CONVERSATION:
		'The app has pinned this conversation for all users, so a user cannot pin or unpin it. Change it among the app\'s global pins instead.',

	// Calls (Calls API)
	ERR_CALLING_SELF: 'A user cannot call themselves. Choose another receiver for the call.',
	ERR_CALL_BUSY_SELF: 'The caller is already on another ongoing call. End that call first.',
	ERR_CALL_BUSY_GROUP: 'The group already has an ongoing call. Join that call, or wait until it ends.',
	ERR_CALL_BUSY_USER: 'The person called is already busy on another call. Try again later.',
	ERR_EMPTY_CALL_SESSION_ID: 'The call session ID is empty. Give the call\'s sessionId.',
	ERR_CALL_SESSION_NOT_FOUND: 'No call has this session ID. Check the sessionId (the Calls API lists calls at GET /calls).',
	ERR_CALL_TERMINATED: 'The call has ended, and an ended call\'s status cannot be updated. Start a new call if needed.',
	ERR_CALL_GROUP_ALREADY_JOINED: 'The user is already in this group call; there is nothing to join.',
	ERR_CALL_GROUP_ALREADY_LEFT: 'The user has already left this group call; there is nothing to leave.',
	ERR_CALL_INVALID_INIT: 'A call\'s status cannot be updated to initiated. Send another status for an existing call.',
	ERR_CALL_USER_ALREADY_JOINED: 'The recipient has already joined this one-to-one call; there is nothing to join again.',
	ERR_CALL_GROUP_INVALID_STATUS:
		'This status is not valid for a group call (a group call cannot be busy, for example). Send a status group calls accept.',
	ERR_CALL_ONGOING_TO_INVALID:
		'An ongoing call cannot move to this status (it cannot become busy, for example). Send a valid next status.',
	ERR_CALL_NOT_A_PART:
		'The user is not part of this call (for example a third user joining a one-to-one call). Use a participant\'s UID.',
	ERR_CALL_EMPTY_JOINED_AT: 'Joining a group call needs the joinedAt body field. Add joinedAt (a UNIX timestamp).',
	ERR_CALL_NOT_STARTED:
		'A call\'s status cannot change from initiated straight to ended; CometChat says no more. Check the status sent for this call.',

	// Friends
	ERR_ALREADY_FRIEND: 'These users are already friends. Leave them out of the list.',
	ERR_NOT_A_FRIEND: 'These users are not friends, so there is nothing to remove.',
	ERR_CANNOT_FORM_SELF_RELATION: 'A user cannot be their own friend. Remove the user\'s own UID from the list.',
	ERR_FAILED_TO_ADD_FRIEND: 'CometChat failed to add the friend and gives no reason. Check that both UIDs exist, then retry.',

	// Blocking
	ERR_CANNOT_BLOCK_SELF: 'A user cannot block themselves. Remove the user\'s own UID from the UIDs to block.',
	ERR_BLOCKED_RECEIVER:
		'The sender has blocked the receiver of this message or call. Unblock them first (Blocked User → Unblock) if they should talk.',
	ERR_BLOCKED_SENDER:
		'The receiver has blocked the sender (CometChat\'s guide: the call\'s initiator is blocked by the recipient). Only the receiver can unblock them (Blocked User → Unblock).',

	// Extensions and webhooks
	ERR_EXTENSION_NOT_FOUND: 'No extension has this ID. Check the extension ID.',
	ERR_EXTENSION_INACTIVE: 'The extension is not active for this app. Enable it in the CometChat dashboard first.',
	ERR_BLOCKED_BY_EXTENSION:
		'An extension of the app (human moderation, for example) blocked the message. Change the message, or the extension\'s settings in the CometChat dashboard.',
	ERR_BLOCKED_BY_WEBHOOK:
		'The message was blocked (CometChat\'s guide only says "blocked by the extension" for this code). Check the app\'s webhooks and extensions for one that rejects it.',
	ERR_WEBHOOK_NOT_FOUND:
		'No webhook has this ID. Check the webhook ID; for the CometChat Trigger, activate the workflow again to create its webhook.',
	ERR_TRIGGER_NOT_FOUND: 'No webhook trigger has this name. Check the event names (e.g. message_sent); the CometChat Trigger lists them under Events.',

	// Notifications (CometChat's notification error codes page)
	ERR_PROVIDER_NOT_FOUND:
		'The notification provider is not set up, or has no such Provider ID. Check with Notification Provider → Get, or create it first.',
	ERR_PROVIDER_ALREADY_EXISTS:
		'A provider with this Provider ID (or this configuration) exists. Use another Provider ID, or Notification Provider → Update.',
	ERR_TOKEN_NOT_FOUND: 'The push token is not registered for this auth token\'s user. Check with Push Token → Get Many (All Devices on).',
	ERR_TOKEN_ALREADY_EXISTS: 'The push token is already registered. Nothing to do, or unregister it first to register it again.',

	// General
	ERR_INVALID_API_VERSION: 'CometChat does not serve this API version. Use v3: leave Base URL Override empty, or make it end in /v3.',
	ERR_API_NOT_FOUND: 'CometChat has no such endpoint: check the Region and any Base URL Override in the credential.',
	ERR_BAD_REQUEST: 'CometChat rejected the fields listed above. Correct them and run again.',
	ERR_TOO_MANY_REQUESTS:
		'CometChat rate limit reached. The node waits and retries within Rate Limits and Retries → Max Wait: raise it, or send fewer requests at a time.',
	ERR_MISSION_FAILED:
		'CometChat had a fatal error or a database timeout on its side. Retry later, and contact CometChat support if it persists.',
	ERR_OPERATION_FAILED:
		'A database operation failed at CometChat. Retry later, after checking whether a create or send went through.',
	ERR_EXCEPTION: 'CometChat hit an unhandled exception on its side. Retry later, and contact CometChat support if it persists.',
	ERR_BAD_ERROR_RESPONSE:
		'CometChat answered with an error code it had not assigned, a problem on its side. Retry, and contact CometChat support if it persists.',
	ERR_FEATURE_NOT_ACCESSIBLE:
		'This feature is not enabled for the app (CometChat documents this code for its SDKs only). Enable the feature in the CometChat dashboard, or check that your plan includes it.',
	ERR_ACTION_NOT_ALLOWED:
		'CometChat does not allow this action for this user (its SDK docs give the example of a user unpinning an app pin). Do it as the app, without On Behalf Of, or leave it.',

	// Real-time (WebSocket) server: failures on CometChat's side
	ERR_WS_INIT_FAILED: 'CometChat\'s real-time (WebSocket) server failed. Retry later, and contact CometChat support if it persists.',
	ERR_WS_APP_INIT_FAILED:
		'CometChat\'s real-time server failed to create the app. Retry later, and contact CometChat support if it persists.',
	ERR_WS_APP_DESTROY_FAILED:
		'CometChat\'s real-time server failed to delete the app. Retry later, and contact CometChat support if it persists.',
	ERR_WS_ROLE_CREATION_FAILED:
		'CometChat\'s real-time server failed to create the role. Check with Role → Get whether it exists before you retry.',
	ERR_WS_ROLE_DELETION_FAILED:
		'CometChat\'s real-time server failed to delete the role. Check with Role → Get whether it is gone before you retry.',
	ERR_WS_USER_CREATION_FAILED:
		'CometChat\'s real-time server failed to create the user. Check with User → Get whether it exists before you retry.',
	ERR_WS_USER_UPDATION_FAILED:
		'CometChat\'s real-time server failed to update the user. Check the user with User → Get, then retry.',
	ERR_WS_GROUP_CREATION_FAILED:
		'CometChat\'s real-time server failed to create the group. Check with Group → Get whether it exists before you retry.',
	ERR_WS_GROUP_DELETION_FAILED:
		'CometChat\'s real-time server failed to delete the group. Check with Group → Get whether it is gone before you retry.',
	ERR_WS_GROUP_JOIN_FAILED:
		'CometChat\'s real-time server failed to add the member to the group. Check with Group Member → Get Many before you retry.',

	// Data Import API
	ERR_IMPORT_MUID_ALREADY_EXISTS: 'A message with this muid was already imported; each imported message needs a unique muid. Skip it or change its muid.',
	ERR_IMPORT_INVALID_MESSAGE_FORMAT:
		'The import request\'s messages value is not a collection of message objects. Check the body\'s shape.',
	ERR_IMPORT_INVALID_USER_FORMAT: 'The import request\'s users value is not a collection of user objects. Check the body\'s shape.',
	ERR_IMPORT_INVALID_MEMBER_FORMAT:
		'The import request\'s members value is not a collection of member objects. Check the body\'s shape.',
	ERR_IMPORT_INVALID_GROUP_FORMAT: 'The import request\'s groups value is not a collection of group objects. Check the body\'s shape.',
	ERR_IMPORT_INVALID_JOINEDAT:
		'A member\'s joinedAt must be later than createdAt and earlier than now (UNIX seconds). Correct joinedAt.',

	// Management API (apps, collaborators; used by the CometChat Trigger's credential)
	ERR_APP_CREATION_FAILED_MAX_LIMIT:
		'The account has the most complimentary apps CometChat allows. Delete an app or upgrade one to a paid plan, then try again.',
	ERR_APP_ARCHIVED: 'The app was archived and will be deleted after 30 days. Use an active app\'s App ID.',
	ERR_APP_DELETION: 'The app has a paid subscription, so it cannot be deleted this way. Contact CometChat support.',
	ERR_APP_NOT_FOUND: APP_NOT_FOUND_FIX,
	ERR_ALREADY_AN_OWNER: 'This person is already an owner of the app. Leave them out of the collaborators.',
	ERR_SELF_ACTION_DENIED: 'A user cannot add themselves as a collaborator. Use another person\'s email.',
	ERR_NOT_A_COLLABORATOR: 'This email is not a collaborator of the app. Check the email.',
};
