import type { IBinaryKeyData, IDataObject, IHttpRequestOptions, INodeExecutionData, INodeProperties, IWebhookFunctions } from 'n8n-workflow';
import { MANAGEMENT_HOST, managementRequest } from '../shared/management/transport';
import { redactAll } from '../shared/errors/redaction';
import { redact } from '../shared/errors/conversion';
import { attachmentsOf } from './payload';
import { isObject, sameId } from '../shared/validate';

/**
 * "Download Attachments": the files of an event's message become binary data `attachment_0`,
 * `attachment_1`, ... fetched ONLY from CometChat's media hosts, over https:
 *
 * - CometChat's webhook guide ("Token-based files access",
 *   https://www.cometchat.com/docs/fundamentals/webhooks-overview): a media URL
 *   `https://files-<REGION>.cometchat.io/<APP_ID>/media/<name>` answers 401 to anonymous requests; a GET
 *   with the `appId` and `apiKey` headers answers `{data: {url}}`, a file-access-token (FAT) URL that
 *   redirects to a pre-signed URL valid for 5 minutes.
 * - CometChat's "Network Allowlist" page (https://www.cometchat.com/docs/fundamentals/network-allowlist,
 *   "Media & uploaded files") names the media hosts: `data-<region>.cometchat.io` (uploaded files,
 *   attachments), `media-<region>.cometchat.io` (media; the host of the pre-signed URLs of
 *   https://www.cometchat.com/docs/fundamentals/presigned-urls) and `files-<region>.cometchat.io`.
 *   Nothing else is a media host here (not `api-`, not `apimgmt`, not other domains).
 *
 * The flow per file: check the URL (https, a media host, default port, no user info), resolve its
 * host and refuse internal addresses, ask it once WITH the key (`?redirect=0`, redirects never
 * followed), then fetch the signed URL WITHOUT any key, following at most MAX_HOPS redirects and
 * checking every hop as the first URL. Bodies are streamed and cut at the byte caps; every file has a
 * timeout and the whole delivery a time limit. A file that fails never stops the event: it goes on
 * with `attachmentErrors` (`{url, code, message}`, no secrets).
 *
 * The key: the trigger holds one credential (n8n's single-credential-per-node rule). With automatic
 * registration that is the management key pair, which can read the app's REST API keys (GET /apps lists
 * each app's `apiKeys`, management spec example), so the trigger asks for the app's fullAccess key once
 * per delivery with files and keeps it nowhere. With manual registration it holds only the Webhook Auth
 * pair: no key, so only files CometChat serves without one (token-based access off) are downloaded, and
 * private ones are listed as `needs_credential`.
 *
 * The exception to the media hosts is the management credential's Base URL Override origin (a proxy, the
 * local emulator, which serves the media of its apps too): it is the address the user configured, so it
 * gets the key, may be plain http when the override is (the credential allows http only for loopback),
 * and its address is not checked (it is loopback for the emulator by design). INFERRED: CometChat has no
 * override of its own; the trigger's one credential is the management one, so its override is the one
 * address a user can point at a proxy or emulator. It only widens what is fetched to that origin, so
 * nothing is lost.
 */

/** Redirects followed after the keyed request: FAT URL → pre-signed URL, plus one spare (INFERRED). */
const MAX_HOPS = 3;
const MB = 1024 * 1024;

/**
 * Defaults (each an option): n8n keeps binary data in memory by default (and in the execution's data),
 * so a delivery is bounded to 50 MB in at most 10 files; 25 MB per file and 30 s per file (about 1 MB/s)
 * cover photos, voice notes and documents; 120 s per delivery stays well inside the 5 minutes a
 * pre-signed URL lives. CometChat documents no attachment count or size limit (INFERRED).
 */
export const ATTACHMENT_DEFAULTS = { maxFiles: 10, maxFileMb: 25, maxEventMb: 50, fileTimeoutSeconds: 30, eventTimeoutSeconds: 120 };

/** The trigger's Options entries for attachments (spread into its Options collection). */
export const attachmentOptions: INodeProperties[] = [
	{
		displayName: 'Attachment Limit per Event (Files)',
		name: 'attachmentMaxFiles',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 10,
		description: 'How many files of one event are downloaded at most; the others are listed in attachmentErrors. Used only with Download Attachments on.',
	},
	{
		displayName: 'Attachment Size Limit per Event (MB)',
		name: 'attachmentMaxEventMb',
		type: 'number',
		typeOptions: { minValue: 0.001, numberPrecision: 3 },
		default: 50,
		description: 'The most data downloaded for one event, all files together. Used only with Download Attachments on.',
	},
	{
		displayName: 'Attachment Size Limit per File (MB)',
		name: 'attachmentMaxFileMb',
		type: 'number',
		typeOptions: { minValue: 0.001, numberPrecision: 3 },
		default: 25,
		description: 'A bigger file is not downloaded (reading stops at the limit) and is listed in attachmentErrors. Used only with Download Attachments on.',
	},
	{
		displayName: 'Attachment Time Limit per Event (Seconds)',
		name: 'attachmentEventTimeout',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 120,
		description: 'After this long the workflow starts with the files downloaded so far; the rest are listed in attachmentErrors. Used only with Download Attachments on.',
	},
	{
		displayName: 'Attachment Timeout per File (Seconds)',
		name: 'attachmentFileTimeout',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 30,
		description: 'How long one file may take, from the first request to its last byte. Used only with Download Attachments on.',
	},
	{
		displayName: 'Download Attachments',
		name: 'downloadAttachments',
		type: 'boolean',
		default: false,
		description:
			"Whether to download the files attached to an event's message into the binary properties attachment_0, attachment_1 and so on. Only https files on CometChat's media hosts (the files-, media- and data- hosts of your region on cometchat.io) are fetched; private media (token-based file access) is downloaded with Registration: Automatic, which reads the app's REST API key through the management API. Files that cannot be downloaded are listed in attachmentErrors and the workflow still starts.",
	},
];

export interface AttachmentLimits {
	maxFiles: number;
	maxFileBytes: number;
	maxEventBytes: number;
	fileTimeoutMs: number;
	eventTimeoutMs: number;
}

export function limitsFrom(options: IDataObject): AttachmentLimits {
	const positive = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback);
	const d = ATTACHMENT_DEFAULTS;
	return {
		maxFiles: Math.floor(positive(options.attachmentMaxFiles, d.maxFiles)) || 1,
		maxFileBytes: Math.floor(positive(options.attachmentMaxFileMb, d.maxFileMb) * MB),
		maxEventBytes: Math.floor(positive(options.attachmentMaxEventMb, d.maxEventMb) * MB),
		fileTimeoutMs: positive(options.attachmentFileTimeout, d.fileTimeoutSeconds) * 1000,
		eventTimeoutMs: positive(options.attachmentEventTimeout, d.eventTimeoutSeconds) * 1000,
	};
}

/** Why a file was not downloaded: `code` is stable for workflows to branch on. */
export class AttachmentError extends Error {
	constructor(
		readonly code: string,
		message: string,
	) {
		super(message);
	}
}

/** A response body as n8n's httpRequest gives it with `encoding: 'stream'` (a Node Readable). */
export interface BodyStream extends AsyncIterable<Buffer | string> {
	destroy(error?: Error): void;
	socket?: { remoteAddress?: string } | null;
}

export interface MediaResponse {
	statusCode: number;
	headers: IDataObject;
	body: BodyStream;
}

/** The network the download uses: n8n's helpers in the node, stand-ins in unit tests. */
export interface MediaIo {
	/** Resolve a host name to its addresses; undefined when this n8n offers no resolver to nodes. */
	resolve?: (hostname: string) => Promise<string[]>;
	/** One GET, redirects never followed; `keyed` adds the app's API key (and the appId header). */
	get: (url: string, keyed: boolean, signal: AbortSignal) => Promise<MediaResponse>;
}

export interface DownloadContext {
	io: MediaIo;
	limits: AttachmentLimits;
	/** Whether the app's REST API key is at hand (the keyed request needs it). */
	hasKey: boolean;
	/** The management credential's Base URL Override origin, when it has one. */
	overrideOrigin?: string;
	/** The delivery's deadline. */
	eventSignal: AbortSignal;
}

export interface DownloadedFile {
	data: Buffer;
	mimeType?: string;
}

/**
 * Downloads one event's files. Never throws: each file ends in `files[index]` or in `errors`.
 * `usedBytes` is shared by all files of the event (the per-event cap).
 */
export async function downloadFiles(
	files: Array<{ url: string }>,
	ctx: DownloadContext,
): Promise<{ files: Map<number, DownloadedFile>; errors: Array<{ index: number; url: string; code: string; message: string }> }> {
	const done = new Map<number, DownloadedFile>();
	const errors: Array<{ index: number; url: string; code: string; message: string }> = [];
	let usedBytes = 0;
	// Files past the limit are listed without being looked at (a message may list tens of thousands).
	const tooMany = `Not downloaded: the event has more than ${ctx.limits.maxFiles} files (Attachment Limit per Event)`;
	for (const [index, file] of files.entries()) {
		if (index >= ctx.limits.maxFiles) {
			errors.push({ index, url: file.url, code: 'too_many_files', message: tooMany });
			continue;
		}
		try {
			if (ctx.eventSignal.aborted) throw timeLimit();
			const remaining = ctx.limits.maxEventBytes - usedBytes;
			if (remaining <= 0) throw eventTooLarge(ctx.limits);
			const signal = anySignal([ctx.eventSignal, AbortSignal.timeout(ctx.limits.fileTimeoutMs)]);
			const media = await fetchFile(file.url, ctx, Math.min(ctx.limits.maxFileBytes, remaining), signal);
			usedBytes += media.data.length;
			done.set(index, media);
		} catch (error) {
			const known = error instanceof AttachmentError ? error : new AttachmentError('network_error', `Download failed: ${String((error as Error)?.message ?? error)}`);
			errors.push({ index, url: file.url, code: known.code, message: known.message });
		}
	}
	return { files: done, errors };
}

async function fetchFile(rawUrl: string, ctx: DownloadContext, byteLimit: number, signal: AbortSignal): Promise<DownloadedFile> {
	const eventLimited = byteLimit < ctx.limits.maxFileBytes;
	const tooBig = () => (eventLimited ? eventTooLarge(ctx.limits) : new AttachmentError('file_too_large', `The file is larger than ${formatMb(ctx.limits.maxFileBytes)} (Attachment Size Limit per File); not downloaded`));
	const guard = <T>(promise: Promise<T>) => abortable(promise, signal, () => (ctx.eventSignal.aborted ? timeLimit() : fileTimeout(ctx.limits)));
	let url = parseUrl(rawUrl);
	await guard(checkTarget(url, ctx, false));

	let response: MediaResponse;
	if (ctx.hasKey && !isPreSigned(url)) {
		// The keyed request: `redirect=0` asks for `{data: {url}}` instead of a redirect (INFERRED from
		// the guide's sample answer; without it CometChat may redirect). A redirect is never followed
		// while the key is attached: its target is checked and fetched like a signed URL, without the key.
		const keyedUrl = new URL(url.href);
		keyedUrl.searchParams.set('redirect', '0');
		response = await guard(ctx.io.get(keyedUrl.href, true, signal));
		checkPeer(response, url, ctx);
		if (isRedirect(response.statusCode)) {
			url = redirectTarget(response, url);
			({ response, url } = await follow(url, ctx, signal, guard, true));
		} else if (response.statusCode < 400 && contentType(response)?.includes('json')) {
			const answer = await guard(readCapped(response, byteLimit, signal, tooBig));
			const signed = signedUrlOf(answer);
			// Not the token answer (token-based access off): a JSON file, served as is.
			if (signed === undefined) return { data: answer, mimeType: contentType(response) };
			url = parseUrl(signed, url);
			({ response, url } = await follow(url, ctx, signal, guard, true));
		}
	} else {
		({ response, url } = await follow(url, ctx, signal, guard, false));
	}

	if (response.statusCode >= 400) {
		response.body.destroy();
		if (response.statusCode === 401 && !ctx.hasKey) {
			throw new AttachmentError(
				'needs_credential',
				"HTTP 401: the file needs a token (private media); set Registration to Automatic, whose management credential gives the trigger the app's REST API key, to download it",
			);
		}
		throw new AttachmentError('http_error', `HTTP ${response.statusCode} from ${url.host}`);
	}
	const declared = Number(header(response, 'content-length'));
	if (Number.isFinite(declared) && declared > byteLimit) {
		response.body.destroy();
		throw tooBig();
	}
	const data = await guard(readCapped(response, byteLimit, signal, tooBig));
	return { data, mimeType: contentType(response) };
}

/** Keyless GETs from `url` on, following redirects only to allowed hosts, each hop checked. */
async function follow(
	start: URL,
	ctx: DownloadContext,
	signal: AbortSignal,
	guard: <T>(promise: Promise<T>) => Promise<T>,
	pointedTo: boolean,
): Promise<{ response: MediaResponse; url: URL }> {
	let url = start;
	for (let hop = 0; ; hop += 1) {
		await guard(checkTarget(url, ctx, pointedTo || hop > 0));
		const response = await guard(ctx.io.get(url.href, false, signal));
		checkPeer(response, url, ctx);
		if (!isRedirect(response.statusCode)) return { response, url };
		if (hop >= MAX_HOPS) {
			response.body.destroy();
			throw new AttachmentError('too_many_redirects', `More than ${MAX_HOPS} redirects; not followed`);
		}
		url = redirectTarget(response, url);
	}
}

function redirectTarget(response: MediaResponse, from: URL): URL {
	response.body.destroy();
	const location = header(response, 'location');
	if (!location) throw new AttachmentError('http_error', `HTTP ${response.statusCode} without a Location from ${from.host}`);
	return parseUrl(location, from);
}

/**
 * The URL checks (scheme, host, port) and the address check, for the message's URL and every URL a
 * media host points to (`pointedTo`: a redirect or the signed URL of `{data: {url}}`), whose refusal
 * is reported as `redirect_refused`.
 */
async function checkTarget(url: URL, ctx: DownloadContext, pointedTo: boolean): Promise<void> {
	if (isOverride(url, ctx.overrideOrigin)) return;
	const problem = hostProblem(url, ctx.overrideOrigin);
	if (problem && pointedTo) throw new AttachmentError('redirect_refused', `The media host pointed to ${describe(url)}, which was refused: ${problem.message}`);
	if (problem) throw problem;
	if (!ctx.io.resolve) return; // checked on the connection instead (checkPeer)
	const lookup = await ctx.io.resolve(url.hostname).then(
		(addresses) => ({ addresses, error: undefined }),
		(error: Error) => ({ addresses: [] as string[], error }),
	);
	const { addresses, error } = lookup;
	// n8n's own egress filter refuses its blocked ranges while resolving.
	if (error && /ssrf/i.test(`${error.name} ${error.constructor?.name}`)) {
		throw new AttachmentError('blocked_address', `${url.hostname} resolves to an address n8n's egress rules block; not fetched`);
	}
	if (error || addresses.length === 0) throw new AttachmentError('dns_failed', `Could not resolve ${url.hostname}`);
	for (const address of addresses) {
		const blocked = blockedAddress(address);
		if (blocked) throw new AttachmentError('blocked_address', `${url.hostname} resolves to ${address}, ${blocked}; not fetched`);
	}
}

/**
 * Where n8n offers nodes no resolver (n8n 1.x; the community-package scanner forbids Node's `dns`),
 * the address actually connected to is checked before any byte of the body is read. INFERRED: behind
 * an HTTP proxy this is the proxy's address.
 */
function checkPeer(response: MediaResponse, url: URL, ctx: DownloadContext): void {
	if (ctx.io.resolve || isOverride(url, ctx.overrideOrigin)) return;
	const address = response.body.socket?.remoteAddress;
	const blocked = address ? blockedAddress(address) : undefined;
	if (blocked) {
		response.body.destroy();
		throw new AttachmentError('blocked_address', `${url.hostname} connected to ${address}, ${blocked}; not read`);
	}
}

/** CometChat's media hosts (see the top of this file); `<region>` is us, eu or in today. */
const MEDIA_HOST = /^(files|media|data)-[a-z0-9]+\.cometchat\.io$/;

function isOverride(url: URL, overrideOrigin: string | undefined): boolean {
	return overrideOrigin !== undefined && url.origin === overrideOrigin && url.username === '' && url.password === '';
}

/** Why a URL is not one of CometChat's media hosts over https, or undefined when it is. */
export function hostProblem(url: URL, overrideOrigin: string | undefined): AttachmentError | undefined {
	if (isOverride(url, overrideOrigin)) return undefined;
	if (url.protocol !== 'https:') {
		return new AttachmentError('not_https', `Only https URLs are downloaded, not ${url.protocol.replace(/:$/, '')}:`);
	}
	if (!MEDIA_HOST.test(url.hostname) || url.port !== '' || url.username !== '' || url.password !== '') {
		return new AttachmentError('not_cometchat_host', `${describe(url)} is not one of CometChat's media hosts (files-, media- or data-<region>.cometchat.io); not fetched`);
	}
	return undefined;
}

/**
 * Why an address must not be fetched from, or undefined for a public one: loopback, private, link-local,
 * carrier-grade NAT, unique-local, IPv4-mapped/-compatible IPv6, cloud metadata, multicast, reserved
 * and documentation ranges.
 */
export function blockedAddress(address: string): string | undefined {
	const v4 = parseIpv4(address);
	if (v4) return blockedIpv4(v4);
	const v6 = parseIpv6(address);
	if (!v6) return 'not an IP address';
	const [a, b] = v6;
	const zeros = (n: number) => v6.slice(0, n).every((g) => g === 0);
	const embedded = (): number[] => [v6[6] >> 8, v6[6] & 255, v6[7] >> 8, v6[7] & 255];
	if (zeros(8)) return 'the unspecified address';
	if (zeros(7) && v6[7] === 1) return 'a loopback address';
	if (zeros(5) && v6[5] === 0xffff) return 'an IPv4-mapped IPv6 address';
	if (zeros(6)) return 'an IPv4-compatible IPv6 address';
	if (a === 0xfd00 && b === 0x0ec2 && v6[7] === 0x254 && v6.slice(2, 7).every((g) => g === 0)) return 'a cloud metadata address';
	if ((a & 0xfe00) === 0xfc00) return 'a unique-local address';
	if ((a & 0xffc0) === 0xfe80) return 'a link-local address';
	if ((a & 0xffc0) === 0xfec0) return 'a site-local address';
	if ((a & 0xff00) === 0xff00) return 'a multicast address';
	if (a === 0x2001 && b === 0x0db8) return 'a documentation address';
	if (a === 0x2001 && b === 0) return 'a Teredo address';
	if (a === 0x0100 && zeros(4)) return 'a discard-only address';
	// NAT64 and 6to4 carry an IPv4 address: judge that one.
	if (a === 0x64 && b === 0xff9b) return blockedIpv4(embedded()) && `a NAT64 address of ${blockedIpv4(embedded())}`;
	if (a === 0x2002) {
		const inner = [b >> 8, b & 255, v6[2] >> 8, v6[2] & 255];
		return blockedIpv4(inner) && `a 6to4 address of ${blockedIpv4(inner)}`;
	}
	return undefined;
}

function blockedIpv4([a, b, c, d]: number[]): string | undefined {
	if ((a === 169 && b === 254 && c === 169 && d === 254) || (a === 100 && b === 100 && c === 100 && d === 200) || (a === 192 && b === 0 && c === 0 && d === 192)) {
		return 'a cloud metadata address';
	}
	if (a === 127) return 'a loopback address';
	if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'a private address';
	if (a === 169 && b === 254) return 'a link-local address';
	if (a === 100 && b >= 64 && b <= 127) return 'a carrier-grade NAT address';
	if (a === 0) return 'a "this network" address';
	if (a >= 224) return a < 240 ? 'a multicast address' : 'a reserved address';
	if (a === 192 && b === 0 && (c === 0 || c === 2)) return 'a reserved address';
	if ((a === 198 && (b === 18 || b === 19)) || (a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113)) return 'a reserved address';
	return undefined;
}

function parseIpv4(text: string): number[] | undefined {
	const parts = text.split('.');
	if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return undefined;
	const numbers = parts.map(Number);
	return numbers.every((n) => n <= 255) ? numbers : undefined;
}

/** Eight 16-bit groups, or undefined. Accepts `::`, a zone (`%eth0`), brackets and a dotted IPv4 tail. */
function parseIpv6(text: string): number[] | undefined {
	let s = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '').toLowerCase();
	const tail = /:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s);
	if (tail) {
		const v4 = parseIpv4(tail[1]);
		if (!v4) return undefined;
		s = `${s.slice(0, tail.index)}:${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
	}
	const halves = s.split('::');
	if (halves.length > 2) return undefined;
	const groups = (part: string) => (part === '' ? [] : part.split(':'));
	const head = groups(halves[0]);
	const rest = halves.length === 2 ? groups(halves[1]) : [];
	const missing = 8 - head.length - rest.length;
	if ((halves.length === 1 && missing !== 0) || (halves.length === 2 && missing < 1)) return undefined;
	const all = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => '0'), ...rest];
	if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
	return all.map((g) => parseInt(g, 16));
}

/** A URL that is already signed (pre-signed, or a file-access-token URL) needs no key. */
function isPreSigned(url: URL): boolean {
	const q = url.searchParams;
	return q.has('fat') || (q.has('Signature') && q.has('Expires')) || q.has('X-Amz-Signature');
}

function signedUrlOf(answer: Buffer): string | undefined {
	try {
		const parsed: unknown = JSON.parse(answer.toString('utf8'));
		return isObject(parsed) && isObject(parsed.data) && typeof parsed.data.url === 'string' ? parsed.data.url : undefined;
	} catch {
		return undefined;
	}
}

/** Reads a body up to `limit` bytes; past it, or when `signal` fires, the stream is destroyed. */
async function readCapped(response: MediaResponse, limit: number, signal: AbortSignal, tooBig: () => AttachmentError): Promise<Buffer> {
	const chunks: Buffer[] = [];
	let total = 0;
	const stop = () => response.body.destroy(new AttachmentError('aborted', 'aborted'));
	signal.addEventListener('abort', stop, { once: true });
	try {
		for await (const chunk of response.body) {
			const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			total += bytes.length;
			if (total > limit) {
				response.body.destroy();
				throw tooBig();
			}
			chunks.push(bytes);
		}
	} finally {
		signal.removeEventListener('abort', stop);
	}
	return Buffer.concat(chunks);
}

/** Settles with `promise`, or rejects with `reason()` as soon as `signal` fires. */
async function abortable<T>(promise: Promise<T>, signal: AbortSignal, reason: () => AttachmentError): Promise<T> {
	if (signal.aborted) throw reason();
	let stop = () => {};
	const aborted = new Promise<'aborted'>((resolve) => {
		stop = () => resolve('aborted');
		signal.addEventListener('abort', stop, { once: true });
	});
	const outcome = await Promise.race([promise.then((value) => ({ value }), (error: unknown) => ({ error })), aborted]);
	signal.removeEventListener('abort', stop);
	if (outcome === 'aborted' || signal.aborted) throw reason();
	if ('error' in outcome) throw outcome.error;
	return outcome.value;
}

/** AbortSignal.any (Node 20.3+), built by hand so older runtimes work too. */
function anySignal(signals: AbortSignal[]): AbortSignal {
	const controller = new AbortController();
	for (const signal of signals) {
		if (signal.aborted) {
			controller.abort();
			break;
		}
		signal.addEventListener('abort', () => controller.abort(), { once: true });
	}
	return controller.signal;
}

const timeLimit = () => new AttachmentError('event_time_limit', 'Not finished within the Attachment Time Limit per Event; the workflow started without it');
const keyTimeLimit = "The app's REST API key was not read through the CometChat Management API within the Attachment Time Limit per Event; the workflow started without the files";
const fileTimeout = (limits: AttachmentLimits) => new AttachmentError('timeout', `Not finished within ${limits.fileTimeoutMs / 1000} seconds (Attachment Timeout per File)`);
const eventTooLarge = (limits: AttachmentLimits) =>
	new AttachmentError('event_too_large', `The event's files together are larger than ${formatMb(limits.maxEventBytes)} (Attachment Size Limit per Event); not downloaded`);

function formatMb(bytes: number): string {
	return `${Number((bytes / MB).toFixed(3))} MB`;
}

function parseUrl(text: string, base?: URL): URL {
	let url: URL | undefined;
	try {
		url = new URL(text, base);
	} catch {
		url = undefined;
	}
	if (!url) throw new AttachmentError('invalid_url', 'Not a valid URL');
	return url;
}

/** Scheme and host only: signed query strings never go into an error. */
function describe(url: URL): string {
	return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.protocol}//${url.host}` : `a ${url.protocol} URL`;
}

const isRedirect = (status: number) => status >= 300 && status < 400 && status !== 304;

function header(response: MediaResponse, name: string): string | undefined {
	const entry = Object.entries(response.headers ?? {}).find(([key]) => key.toLowerCase() === name);
	return entry && entry[1] !== undefined && entry[1] !== null ? String(entry[1]) : undefined;
}

function contentType(response: MediaResponse): string | undefined {
	return header(response, 'content-type')?.split(';')[0].trim() || undefined;
}

/** n8n's egress filter (n8n 2.x) as a resolver; undefined where this n8n has none. */
export function resolverOf(ctx: IWebhookFunctions): MediaIo['resolve'] {
	const helpers = ctx.helpers as Partial<IWebhookFunctions['helpers']>;
	if (typeof helpers.getSecureEgressFilter !== 'function') return undefined;
	// 'enforced': n8n's blocked ranges apply even where the instance leaves SSRF protection off; ours on top.
	let secureLookup: unknown;
	try {
		secureLookup = helpers.getSecureEgressFilter('enforced').createSecureLookup();
	} catch {
		return undefined; // then the connected address is checked (checkPeer); the event must go on
	}
	const lookup = secureLookup as (
		hostname: string,
		options: { all: true },
		callback: (error: Error | null, addresses: Array<{ address: string }>) => void,
	) => void;
	return async (hostname) =>
		await new Promise<string[]>((resolve, reject) =>
			lookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve((addresses ?? []).map((a) => a.address)))),
		);
}

/** What the keyed request needs: the app's REST API key (empty when there is none), and more. */
interface MediaAccess {
	apiKey: string;
	appId: string;
	overrideOrigin?: string;
	/** Why the key could not be read: every file is then listed with `code` (`credential_error` by default). */
	problem?: string;
	code?: string;
}

/**
 * The app's fullAccess REST API key through the management API (automatic registration only; see the
 * top of this file). An app without one, or manual registration, gives no key: public files still come.
 */
async function mediaAccess(ctx: IWebhookFunctions, signal: AbortSignal): Promise<MediaAccess> {
	if (ctx.getNodeParameter('registration', 'manual') !== 'automatic') return { apiKey: '', appId: '' };
	const appId = String(ctx.getNodeParameter('appId', '') ?? '').trim();
	const failed = (reason: string) => ({ apiKey: '', appId, problem: `The app's REST API key could not be read through the CometChat Management API: ${reason}` });
	try {
		const { response, baseUrl, secrets } = await managementRequest(ctx, { method: 'GET', path: '/apps', qs: { searchKey: appId, perPage: 100 }, abortSignal: signal });
		const overrideOrigin = baseUrl === MANAGEMENT_HOST ? undefined : new URL(baseUrl).origin;
		if (response.statusCode >= 400) return { ...failed(redactAll(`HTTP ${response.statusCode}`, secrets)), overrideOrigin };
		const apps = isObject(response.body) && Array.isArray(response.body.data) ? response.body.data : [];
		// searchKey also matches names and parts of IDs: only the app whose ID is this one counts (IDs ignore case).
		const app = apps.find((entry) => isObject(entry) && sameId(entry.id, appId));
		const keys = isObject(app) && isObject(app.apiKeys) ? Object.values(app.apiKeys) : [];
		const fullAccess = keys.find((key) => isObject(key) && key.scope === 'fullAccess' && typeof key.apiKey === 'string' && key.apiKey !== '');
		return { apiKey: isObject(fullAccess) ? String(fullAccess.apiKey) : '', appId, overrideOrigin };
	} catch (error) {
		return failed(String((error as Error).message ?? error));
	}
}

/**
 * The trigger's entry point: adds `attachment_N` binaries and `attachmentErrors` to the items whose
 * event has a message with files. Never throws, so the event always starts its workflow. Returns the
 * app key it used, for the caller to cut out of the items.
 */
export async function downloadAttachments(this: IWebhookFunctions, items: INodeExecutionData[]): Promise<string[]> {
	const options = this.getNodeParameter('options', {}) as IDataObject;
	const limits = limitsFrom(options);
	const eventSignal = AbortSignal.timeout(limits.eventTimeoutMs);
	const filesOf = items.map((item) => attachmentsOf(item.json.message));
	// Asked only when there is something to fetch: one management call per delivery with files.
	if (filesOf.every((files) => files.length === 0)) return [];
	// The key lookup is a step of the delivery like the files: inside the event's time limit (issue #25: a
	// management API that never answered held an answered event for ever). When the limit ends it, the
	// workflow starts with every file listed as event_time_limit, as when the limit ends a download.
	const lookup = await abortable(mediaAccess(this, eventSignal), eventSignal, timeLimit).catch(
		(error: unknown): MediaAccess => ({ apiKey: '', appId: '', problem: keyTimeLimit, code: error instanceof AttachmentError ? error.code : 'credential_error' }),
	);
	const { apiKey, appId, overrideOrigin, problem: credentialProblem, code: problemCode = 'credential_error' } = lookup;
	const io: MediaIo = {
		resolve: resolverOf(this),
		get: async (url, keyed, signal) => {
			const request: IHttpRequestOptions = {
				method: 'GET',
				url,
				encoding: 'stream',
				json: false,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				disableFollowRedirect: true,
				abortSignal: signal,
				// No compression: the body is counted as it arrives, and the socket stays visible.
				// CometChat's token-based file access: the appId and apikey headers (webhook guide).
				headers: { 'Accept-Encoding': 'identity', ...(keyed ? { appId, apikey: apiKey } : {}) },
			};
			return (await this.helpers.httpRequest(request)) as MediaResponse;
		},
	};

	for (const [n, item] of items.entries()) {
		const files = filesOf[n];
		if (files.length === 0) continue;
		const result = credentialProblem
			? { files: new Map<number, DownloadedFile>(), errors: files.map((file, index) => ({ index, url: file.url, code: problemCode, message: credentialProblem as string })) }
			: await downloadFiles(files, { io, limits, hasKey: apiKey !== '', overrideOrigin, eventSignal });
		const binary: IBinaryKeyData = {};
		for (const [index, media] of result.files) {
			const file = files[index];
			try {
				binary[`attachment_${index}`] = await this.helpers.prepareBinaryData(media.data, file.name ?? fileNameOf(file.url, index), file.mimeType ?? media.mimeType);
			} catch (error) {
				result.errors.push({ index, url: file.url, code: 'binary_error', message: String((error as Error).message) });
			}
		}
		if (Object.keys(binary).length > 0) item.binary = { ...item.binary, ...binary };
		if (result.errors.length > 0) {
			item.json.attachmentErrors = result.errors
				.sort((x, y) => x.index - y.index)
				.map(({ url, code, message }) => redact({ url, code, message }, apiKey));
		}
	}
	return apiKey ? [apiKey] : [];
}

function fileNameOf(url: string, index: number): string {
	try {
		return decodeURIComponent(new URL(url).pathname.split('/').pop() || '') || `attachment_${index}`;
	} catch {
		return `attachment_${index}`;
	}
}
