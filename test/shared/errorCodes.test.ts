import type { INode, NodeApiError } from 'n8n-workflow';
// The source module: the build bundles each node into one file that exports only the node, and the
// built node's error path (throwOnApiError → toApiError) runs in the engine tests (test/shared/errors.test.ts).
import { toApiError } from '../../nodes/shared/errors/conversion';

// Every error code in the CometChat reference (§3.2, §3.3 and the full list in §3.4), copied by hand so
// that a code missing from the node's hints fails here. The status is a plausible one for the code:
// recorded where the reference has it, else its INFERRED mapping (not found 404, no clearance 403,
// validation and conflicts 400, server-side failures 500).
const CODES: Array<[code: string, status: number]> = [
	// Auth
	['AUTH_ERR_EMPTY_APPID', 401],
	['AUTH_ERR_INVALID_APPID', 401],
	['AUTH_ERR_EMPTY_APIKEY', 401],
	['AUTH_ERR_APIKEY_NOT_FOUND', 404],
	['AUTH_ERR_NO_ACCESS', 403],
	['AUTH_ERR_EMPTY_AUTH_HEADER', 401],
	['AUTH_ERR_EMPTY_AUTH_TOKEN', 401],
	['AUTH_ERR_AUTH_TOKEN_NOT_FOUND', 401],
	// API keys
	['ERR_APIKEY_NOT_FOUND', 404],
	['ERR_APIKEY_NO_SELF_ACTION', 403],
	// Auth tokens
	['ERR_AUTH_TOKEN_NOT_FOUND', 404],
	['ERR_AUTH_TOKEN_DELETE_FAILED', 500],
	['ERR_AUTH_TOKENS_DELETE_FAILED', 500],
	['ERR_AUTHTOKEN_UNAVAILABLE', 400],
	['ERR_AUTHTOKEN_NOT_ACCESSIBLE', 403],
	// Subscription
	['ERR_PLAN_RESTRICTION', 402],
	['ERR_SUBSCRIPTION_EXPIRED', 402],
	['ERR_PLAN_QUOTA_RESTRICTION', 402],
	// Roles
	['ERR_ROLE_NOT_FOUND', 404],
	['ERR_ROLE_DELETE_FAILED', 500],
	['ERR_ROLE_DELETE_DENIED', 403],
	['ERR_ROLE_ALREADY_EXISTS', 400],
	// Users
	['ERR_UID_NOT_FOUND', 404],
	['ERR_UID_DELETE_FAILED', 500],
	['ERR_UID_ALREADY_EXISTS', 400],
	// Bots
	['ERR_BOT_NOT_FOUND', 404],
	['ERR_BOT_ALREADY_EXISTS', 400],
	// Groups
	['ERR_GUID_NOT_FOUND', 404],
	['ERR_EMPTY_GROUP_PASS', 400],
	['ERR_GROUP_DELETE_FAILED', 500],
	['ERR_NOT_A_MEMBER', 403],
	['ERR_WRONG_GROUP_PASS', 400],
	['ERR_ALREADY_JOINED', 400],
	['ERR_GROUP_NOT_JOINED', 403],
	['ERR_GROUP_JOIN_NOT_ALLOWED', 403],
	['ERR_MEMBER_DELETE_FAILED', 500],
	['ERR_NO_VACANCY', 400],
	['ERR_SAME_SCOPE', 400],
	['ERR_MEMBER_SCOPE_CHANGE_FAILED', 500],
	['ERR_NOT_A_BANNED_USER', 400],
	['ERR_BANNED_GROUPMEMBER', 403],
	['ERR_ALREADY_BANNED', 400],
	['ERR_MEMBER_BAN_FAILED', 500],
	['ERR_MEMBER_UNBAN_FAILED', 500],
	['ERR_GROUP_NO_CLEARANCE', 403],
	['ERR_GROUP_NO_ADMIN_SCOPE', 403],
	['ERR_GROUP_NO_MODERATOR_SCOPE', 403],
	['ERR_GROUP_NO_SCOPE_CLEARANCE', 403],
	['ERR_GROUP_NO_SELF_ACTION', 403],
	['ERR_GUID_ALREADY_EXISTS', 400],
	// Messages
	['ERR_EMPTY_RECEIVER', 400],
	['ERR_INVALID_RECEIVER_TYPE', 400],
	['ERR_CONVERSATION_NOT_FOUND', 404],
	['ERR_CONVERSATION_NOT_ACCESSIBLE', 403],
	['ERR_USER_MESSAGE_DELETE_FAILED', 500],
	['ERR_MESSAGE_ID_NOT_FOUND', 404],
	['ERR_MSG_NOT_FOUND', 404],
	['ERR_INVALID_MESSAGE_DATA', 400],
	['ERR_EMPTY_MESSAGE_TEXT', 400],
	['ERR_INVALID_MESSAGE_TEXT', 400],
	['ERR_EMPTY_MESSAGE_CATEGORY', 400],
	['ERR_INVALID_MESSAGE_CATEGORY', 400],
	['ERR_EMPTY_MESSAGE_TYPE', 400],
	['ERR_INVALID_MESSAGE_TYPE', 400],
	['ERR_EMPTY_MESSAGE_FILE', 400],
	['ERR_MESSAGE_NOT_A_SENDER', 403],
	['ERR_MESSAGE_NO_ACCESS', 403],
	['ERR_MESSAGE_ACTION_NOT_ALLOWED', 403],
	['ERR_EMPTY_CUSTOM_DATA', 400],
	['ERR_INVALID_MEDIA_MESSAGE', 400],
	['ERR_INVALID_CUSTOM_DATA', 400],
	['ERR_INVALID_METADATA', 400],
	['ERR_WRONG_MESSAGE_THREAD', 400],
	['ERR_MESSAGE_THREAD_NESTING', 400],
	['ERR_WRONG_MESSAGE_THREAD_CATEGORY', 400],
	['ERR_PINNED_MESSAGES_LIMIT_EXCEEDED', 400],
	['ERR_SAVED_MESSAGES_LIMIT_EXCEEDED', 400],
	['ERR_PINNED_CONVERSATIONS_LIMIT_EXCEEDED', 400],
	['ERR_SYSTEM_PINNED_CONVERSATIONS_LIMIT_EXCEEDED', 400],
	['ERR_SYSTEM_PINNED_CONVERSATION', 403],
	// Calls
	['ERR_CALLING_SELF', 400],
	['ERR_CALL_BUSY_SELF', 400],
	['ERR_CALL_BUSY_GROUP', 400],
	['ERR_CALL_BUSY_USER', 400],
	['ERR_EMPTY_CALL_SESSION_ID', 400],
	['ERR_CALL_SESSION_NOT_FOUND', 404],
	['ERR_CALL_TERMINATED', 400],
	['ERR_CALL_GROUP_ALREADY_JOINED', 400],
	['ERR_CALL_GROUP_ALREADY_LEFT', 400],
	['ERR_CALL_INVALID_INIT', 400],
	['ERR_CALL_USER_ALREADY_JOINED', 400],
	['ERR_CALL_GROUP_INVALID_STATUS', 400],
	['ERR_CALL_ONGOING_TO_INVALID', 400],
	['ERR_CALL_NOT_A_PART', 403],
	['ERR_CALL_EMPTY_JOINED_AT', 400],
	['ERR_CALL_NOT_STARTED', 400],
	// Friends
	['ERR_ALREADY_FRIEND', 400],
	['ERR_NOT_A_FRIEND', 400],
	['ERR_CANNOT_FORM_SELF_RELATION', 403],
	['ERR_FAILED_TO_ADD_FRIEND', 500],
	// Block
	['ERR_CANNOT_BLOCK_SELF', 400],
	['ERR_BLOCKED_RECEIVER', 403],
	['ERR_BLOCKED_SENDER', 403],
	// Extensions / webhooks
	['ERR_EXTENSION_NOT_FOUND', 404],
	['ERR_BLOCKED_BY_EXTENSION', 403],
	['ERR_WEBHOOK_NOT_FOUND', 404],
	['ERR_BLOCKED_BY_WEBHOOK', 403],
	['ERR_TRIGGER_NOT_FOUND', 404],
	// General
	['ERR_INVALID_API_VERSION', 400],
	['ERR_API_NOT_FOUND', 404],
	['ERR_MISSION_FAILED', 500],
	['ERR_BAD_REQUEST', 400],
	['ERR_OPERATION_FAILED', 500],
	['ERR_EXCEPTION', 500],
	['ERR_TOO_MANY_REQUESTS', 429],
	['ERR_BAD_ERROR_RESPONSE', 417],
	// Websocket
	['ERR_WS_INIT_FAILED', 500],
	['ERR_WS_APP_INIT_FAILED', 500],
	['ERR_WS_APP_DESTROY_FAILED', 500],
	['ERR_WS_ROLE_CREATION_FAILED', 500],
	['ERR_WS_ROLE_DELETION_FAILED', 500],
	['ERR_WS_USER_CREATION_FAILED', 500],
	['ERR_WS_USER_UPDATION_FAILED', 500],
	['ERR_WS_GROUP_CREATION_FAILED', 500],
	['ERR_WS_GROUP_DELETION_FAILED', 500],
	['ERR_WS_GROUP_JOIN_FAILED', 500],
	// Data import (ERR_TOO_MANY_REQUESTS is listed under General)
	['ERR_IMPORT_MUID_ALREADY_EXISTS', 400],
	['ERR_IMPORT_INVALID_MESSAGE_FORMAT', 400],
	['ERR_IMPORT_INVALID_USER_FORMAT', 400],
	['ERR_IMPORT_INVALID_MEMBER_FORMAT', 400],
	['ERR_IMPORT_INVALID_JOINEDAT', 400],
	['ERR_IMPORT_INVALID_GROUP_FORMAT', 400],
	// Management (ERR_EXTENSION_NOT_FOUND, ERR_WEBHOOK_NOT_FOUND, ERR_BAD_REQUEST and
	// AUTH_ERR_EMPTY_AUTH_HEADER are listed above)
	['ERR_APP_CREATION_FAILED_MAX_LIMIT', 400],
	['ERR_APP_ARCHIVED', 400],
	['ERR_APP_DELETION', 400],
	['ERR_APP_NOT_FOUND', 404],
	['ERR_EXTENSION_INACTIVE', 400],
	['ERR_ALREADY_AN_OWNER', 400],
	['ERR_SELF_ACTION_DENIED', 403],
	['ERR_NOT_A_COLLABORATOR', 404],
	// SDK-only codes the reference lists (possibly REST too)
	['ERR_FEATURE_NOT_ACCESSIBLE', 403],
	['ERR_ACTION_NOT_ALLOWED', 403],
];

const node: INode = {
	id: '1',
	name: 'CometChat',
	type: 'n8n-nodes-cometchat.cometChat',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

const SECRET = 'sk-live-3f9a1c7e5b2d8046';

function build(code: string, status: number, body: Record<string, unknown>): NodeApiError {
	return toApiError(node, { body: { error: { ...body, source: 'chat-api', code } }, headers: {}, statusCode: status }, SECRET, 0);
}

describe('error codes', () => {
	it('lists each code once', () => {
		const codes = CODES.map(([code]) => code);
		expect(new Set(codes).size).toBe(codes.length);
		expect(codes).toHaveLength(142);
	});

	it.each(CODES)('%s (HTTP %i) gets a hint', (code, status) => {
		const error = build(code, status, { message: 'msg', devMessage: 'dev' });
		expect(error.message).toBe(`${code}: msg [item 0]`);
		expect(error.httpCode).toBe(String(status));
		const description = error.description ?? '';
		expect(description.endsWith(` HTTP ${status}.`)).toBe(true);
		// What comes before the status is the hint: at least a short sentence, never the status alone.
		const hint = description.slice(0, -` HTTP ${status}.`.length);
		expect(hint).toMatch(/^\S.{19,}[.)]$/);
	});

	it.each(CODES)('%s never shows the API key', (code, status) => {
		const error = build(code, status, {
			message: `msg ${SECRET}`,
			devMessage: `The ${SECRET} key is wrong`,
			details: { apiKey: [`${SECRET} is not valid`], [SECRET]: ['echoed as a field name'] },
		});
		expect(error.message).toBe(`${code}: msg [redacted] [item 0]`);
		expect(error.message).not.toContain(SECRET);
		expect(error.description ?? '').not.toContain(SECRET);
		expect(error.description).toContain('apiKey: [redacted] is not valid');
		expect(JSON.stringify(error)).not.toContain(SECRET);
	});

	it('tells the user the quota message names the plan limit', () => {
		const error = build('ERR_PLAN_QUOTA_RESTRICTION', 402, {
			message: 'You\'ve exhausted the quota. The allowed limit of the feature Create User for your current plan free-2023-01 is 25.',
			devMessage: 'dev',
		});
		expect(error.message).toContain('for your current plan free-2023-01 is 25');
		expect(error.description).toMatch(/plan quota.*message.*names the feature, your plan and its limit/);
	});
});
