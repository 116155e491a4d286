import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/**
 * Where requests go: `https://{appId}.api-{region}.cometchat.io/v3`, or the credential's override.
 * The override must be https, except loopback (the local emulator, an SSH tunnel): the API key
 * travels in a header, so a plain-http remote host would expose it.
 */
const LOOPBACK_HTTP = '^http:\\/\\/(localhost|127(\\.\\d{1,3}){3}|\\[::1\\])(:\\d{1,5})?(\\/|$)';
const HTTPS = '^https:\\/\\/[^\\s/?#]+';

/** Whether an address override may carry the credential's secrets: https, or plain http to loopback. */
export function isSafeOverride(url: string): boolean {
	return new RegExp(HTTPS, 'i').test(url) || new RegExp(LOOPBACK_HTTP, 'i').test(url);
}

/** The same check inside an n8n expression (credential tests cannot call code), on the variable `o`. */
export const SAFE_OVERRIDE_TEST = `(new RegExp(${JSON.stringify(HTTPS)}, "i").test(o) || new RegExp(${JSON.stringify(LOOPBACK_HTTP)}, "i").test(o))`;
const APP_ID = /^[A-Za-z0-9_-]+$/;
/** The chat node's credential (the trigger's too, for attachments and its App ID). */
export const CHAT_CREDENTIAL = 'cometChatApi';

/** The regions CometChat hosts apps in (spec enum us | eu | in), sorted by name: credentials and Management alike. */
export const REGION_OPTIONS = [
	{ name: 'Europe', value: 'eu' },
	{ name: 'India', value: 'in' },
	{ name: 'United States', value: 'us' },
];
export const REGIONS = REGION_OPTIONS.map((option) => option.value);

export const BASE_URL_RULE =
	'The Base URL override in the CometChat credential must start with https:// (plain http:// is allowed only for localhost, 127.x.x.x and [::1]). Fix or clear it in the credential.';

/**
 * Returns the base address, or a sentence saying what is wrong with the credential. `call` is the calls
 * host, `https://{appId}.call-{region}.cometchat.io/v3` (reference §8: same `apikey`); with a Base URL
 * Override set, calls go to that same address (a proxy or the emulator serves both APIs under /v3).
 */
export function resolveBaseUrl(credentials: ICredentialDataDecryptedObject, host: 'api' | 'call' = 'api'): { url?: string; problem?: string } {
	const override = String(credentials.baseUrl ?? '').trim().replace(/\/+$/, '');
	if (override) {
		return isSafeOverride(override) ? { url: override } : { problem: BASE_URL_RULE };
	}
	const appId = String(credentials.appId ?? '').trim();
	if (!APP_ID.test(appId)) {
		return { problem: 'The App ID in the CometChat credential is empty or has characters other than letters, digits, "-" and "_". Copy it from the CometChat dashboard (Application → API & Auth Keys).' };
	}
	const region = String(credentials.region ?? '');
	if (!REGIONS.includes(region)) {
		return { problem: `The Region in the CometChat credential must be one of ${REGIONS.join(', ')}.` };
	}
	return { url: `https://${appId}.${host}-${region}.cometchat.io/v3` };
}

/**
 * The same rule as an n8n expression, for the credential test, which cannot call code (the node sets
 * its address in checkCredential with resolveBaseUrl above). It yields no address when the credential
 * is invalid, so nothing is sent.
 */
export const BASE_URL_EXPRESSION =
	'={{ (() => {' +
	' const o = String($credentials.baseUrl ?? "").trim().replace(/\\/+$/, "");' +
	` if (o) return ${SAFE_OVERRIDE_TEST} ? o : undefined;` +
	' const a = String($credentials.appId ?? "").trim();' +
	` return /^[A-Za-z0-9_-]+$/.test(a) && ${JSON.stringify(REGIONS)}.includes($credentials.region) ? "https://" + a + ".api-" + $credentials.region + ".cometchat.io/v3" : undefined;` +
	' })() }}';
