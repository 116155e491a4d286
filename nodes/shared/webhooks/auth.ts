import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'crypto';
import type { ICredentialDataDecryptedObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

export const WEBHOOK_AUTH_CREDENTIAL = 'cometChatWebhookAuthApi';

// CometChat's webhook constraints: username up to 50, password up to 100 characters, both
// "alphanumeric (without spaces)" (management webhooks overview, constraints table).
// Shared with the CometChat Management node's Webhook operations.
export const USERNAME = /^[A-Za-z0-9]{1,50}$/;
export const PASSWORD = /^[A-Za-z0-9]{1,100}$/;

/**
 * The shortest password the trigger takes from the Webhook Auth credential. CometChat signs nothing, so
 * the pair is the only lock on the trigger's public URL; 16 letters and digits are about 95 bits when
 * random. CometChat itself accepts 1 character (its rule is PASSWORD above).
 */
export const MIN_PASSWORD = 16;

export interface BasicAuthPair {
	username: string;
	password: string;
}

/** The credential's pair, or a sentence saying what to fix in it. */
export function webhookAuthPair(credentials: ICredentialDataDecryptedObject): { pair?: BasicAuthPair; problem?: string } {
	const username = typeof credentials.username === 'string' ? credentials.username : '';
	const password = typeof credentials.password === 'string' ? credentials.password : '';
	if (!USERNAME.test(username)) {
		return {
			problem:
				'The Username in the CometChat Webhook Auth credential must be 1 to 50 letters or digits (CometChat accepts no spaces or symbols there). Fix it in the credential.',
		};
	}
	if (!PASSWORD.test(password) || password.length < MIN_PASSWORD) {
		return {
			problem: `The Password in the CometChat Webhook Auth credential must be ${MIN_PASSWORD} to 100 letters or digits: it is the only lock on the trigger's URL, and CometChat accepts no spaces or symbols there. Fix it in the credential (a random one of 40 characters is best).`,
		};
	}
	return { pair: { username, password } };
}

/**
 * A pair the trigger makes for itself (automatic registration): random hex, so only letters and digits
 * as CometChat requires; 64 characters (256 bits) of password, inside CometChat's 100 (a bot's: 48
 * characters, 192 bits, inside its 50).
 */
export function generatePair(passwordBytes = 32): BasicAuthPair {
	return { username: `n8n${randomBytes(8).toString('hex')}`, password: randomBytes(passwordBytes).toString('hex') };
}

/** A pair as kept in static data, if it is one CometChat accepts and long enough. */
export function storedPair(value: unknown): BasicAuthPair | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const { username, password } = value as Record<string, unknown>;
	if (typeof username !== 'string' || typeof password !== 'string') return undefined;
	return USERNAME.test(username) && PASSWORD.test(password) && password.length >= MIN_PASSWORD ? { username, password } : undefined;
}

/**
 * Whether an `Authorization` header carries exactly this pair. Both parts are hashed first so the
 * comparison takes the same time whatever the lengths, then compared with timingSafeEqual; both
 * comparisons always run, so the answer's timing does not tell which part was wrong.
 */
export function basicAuthMatches(header: string | string[] | undefined, expected: BasicAuthPair): boolean {
	const given = parseBasicAuth(Array.isArray(header) ? header[0] : header);
	const userOk = sameSecret(given?.username ?? '', expected.username);
	const passwordOk = sameSecret(given?.password ?? '', expected.password);
	return given !== undefined && userOk && passwordOk;
}

/** `Basic base64(user:password)`; the scheme is case-insensitive (RFC 7617). */
export function parseBasicAuth(header: string | undefined): BasicAuthPair | undefined {
	const match = /^\s*basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
	if (!match) return undefined;
	const decoded = Buffer.from(match[1], 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	if (colon < 0) return undefined;
	return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function sameSecret(given: string, expected: string): boolean {
	const a = createHash('sha256').update(given, 'utf8').digest();
	const b = createHash('sha256').update(expected, 'utf8').digest();
	return timingSafeEqual(a, b);
}

/** postReceive: a webhook never leaves the node with its Basic Auth password, should CometChat echo it. */
export async function withoutPassword(this: IExecuteSingleFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return items.map((item) => {
		const json = { ...item.json };
		delete json.password;
		return { ...item, json };
	});
}

// Static data is stored in n8n's database as plain JSON, and goes with workflow exports: a secret that must be
// kept there (a bot's own callback password, to put back) is sealed with AES-256-GCM under a key derived from
// the credential's secret, so only whoever holds that credential (who can read the secret from CometChat
// anyway) can open it.
const sealKey = (keyMaterial: string, purpose: string) => Buffer.from(hkdfSync('sha256', keyMaterial, purpose, 'n8n-nodes-cometchat sealed secret', 32));

/** `secret` sealed for static data: "v1.<iv>.<tag>.<ciphertext>", base64url. */
export function sealSecret(secret: string, keyMaterial: string, purpose: string): string {
	const iv = randomBytes(12);
	const cipher = createCipheriv('aes-256-gcm', sealKey(keyMaterial, purpose), iv);
	const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
	return ['v1', iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** What sealSecret sealed, or undefined when it cannot be opened (another key: the credential changed). */
export function openSecret(sealed: unknown, keyMaterial: string, purpose: string): string | undefined {
	if (typeof sealed !== 'string') return undefined;
	const [version, iv, tag, data] = sealed.split('.');
	if (version !== 'v1' || data === undefined) return undefined;
	try {
		// The whole 16-byte tag: given fewer bytes, GCM would check only those (a 4-byte tag opens too).
		const decipher = createDecipheriv('aes-256-gcm', sealKey(keyMaterial, purpose), Buffer.from(iv, 'base64url'), { authTagLength: 16 });
		decipher.setAuthTag(Buffer.from(tag, 'base64url'));
		return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
	} catch {
		return undefined;
	}
}
