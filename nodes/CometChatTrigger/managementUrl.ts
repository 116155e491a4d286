import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import { LOOPBACK_HTTP } from '../CometChat/shared/baseUrl';

/** CometChat's management (multi-tenancy) API host, which manages webhooks. */
export const MANAGEMENT_HOST = 'https://apimgmt.cometchat.io';

const HTTPS = /^https:\/\/[^\s/?#]+/i;

export const MANAGEMENT_URL_RULE =
	'The Base URL Override in the CometChat Management API credential must start with https:// (plain http:// is allowed only for localhost, 127.x.x.x and [::1]). Fix or clear it in the credential.';

/**
 * Where management requests go: the override, or CometChat's host. The same rule as the chat
 * credential: key and secret travel in headers, so a remote plain-http address is refused.
 */
export function resolveManagementUrl(credentials: ICredentialDataDecryptedObject): { url?: string; problem?: string } {
	const override = String(credentials.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	if (!override) return { url: MANAGEMENT_HOST };
	return HTTPS.test(override) || LOOPBACK_HTTP.test(override) ? { url: override } : { problem: MANAGEMENT_URL_RULE };
}

/** The same rule as an expression, for the credential test (which cannot call code). */
export const MANAGEMENT_URL_EXPRESSION =
	'={{ (() => {' +
	' const o = String($credentials.baseUrl ?? "").trim().replace(/\\/+$/, "");' +
	` if (!o) return "${MANAGEMENT_HOST}";` +
	' return /^https:\\/\\/[^\\s/?#]+/i.test(o) || /^http:\\/\\/(localhost|127(\\.\\d{1,3}){3}|\\[::1\\])(:\\d{1,5})?(\\/|$)/i.test(o) ? o : undefined;' +
	' })() }}';
