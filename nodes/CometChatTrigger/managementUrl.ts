import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import { isSafeOverride, SAFE_OVERRIDE_TEST } from '../CometChat/shared/baseUrl';

/** CometChat's management (multi-tenancy) API host, which manages webhooks. */
export const MANAGEMENT_HOST = 'https://apimgmt.cometchat.io';

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
	return isSafeOverride(override) ? { url: override } : { problem: MANAGEMENT_URL_RULE };
}

/** The same rule as an expression, for the credential test (which cannot call code). */
export const MANAGEMENT_URL_EXPRESSION =
	'={{ (() => {' +
	' const o = String($credentials.baseUrl ?? "").trim().replace(/\\/+$/, "");' +
	` if (!o) return "${MANAGEMENT_HOST}";` +
	` return ${SAFE_OVERRIDE_TEST} ? o : undefined;` +
	' })() }}';
