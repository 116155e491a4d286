import type { IBinaryKeyData, IDataObject, IHttpRequestOptions, IN8nHttpFullResponse, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';
import { resolveBaseUrl } from '../CometChat/shared/baseUrl';
import { redact } from '../CometChat/shared/errors';
import { attachmentsOf, isObject } from './payload';
import { CHAT_CREDENTIAL } from './registration';

interface MediaFile {
	data: Buffer;
	mimeType?: string;
}

/**
 * "Download Attachments": each attachment of an event's message becomes binary data
 * `attachment_0`, `attachment_1`, ... With token-based file access on, CometChat's media URLs
 * answer 401 to anonymous requests: a GET to the media URL with the app's `appId` and API key
 * headers returns `{data: {url}}`, a file-access-token URL that redirects to a 5-minute pre-signed
 * URL (CometChat's webhook guide). The key is only ever sent to CometChat's own https hosts
 * (*.cometchat.io) or to the chat credential's Base URL Override host (a proxy, the emulator);
 * other URLs are fetched without it. A file that cannot be fetched does not stop the event: the
 * item gets `attachmentErrors` instead.
 */
export async function downloadAttachments(this: IWebhookFunctions, items: INodeExecutionData[]): Promise<void> {
	const node = this.getNode();
	const chat = node.credentials?.[CHAT_CREDENTIAL] ? await this.getCredentials(CHAT_CREDENTIAL) : undefined;
	const apiKey = chat ? String(chat.apiKey ?? '') : '';
	const override = chat && String(chat.baseUrl ?? '').trim() ? resolveBaseUrl(chat).url : undefined;
	const trustedOrigin = override ? new URL(override).origin : undefined;

	for (const item of items) {
		const files = attachmentsOf(item.json.message);
		if (files.length === 0) continue;
		const binary: IBinaryKeyData = {};
		const problems: IDataObject[] = [];
		for (const [index, file] of files.entries()) {
			try {
				const trusted = chat !== undefined && isTrusted(file.url, trustedOrigin);
				const first = trusted
					? ((await this.helpers.httpRequestWithAuthentication.call(this, CHAT_CREDENTIAL, {
							...mediaRequest(file.url),
							headers: { appId: String(chat?.appId ?? '') },
						})) as IN8nHttpFullResponse)
					: await fetchAnonymously(this, file.url);
				if (first.statusCode >= 400) {
					throw new Error(
						`HTTP ${first.statusCode}${first.statusCode === 401 && !trusted ? ': the file needs a token; connect a CometChat API credential of this app to download it' : ''}`,
					);
				}
				const media = await followTokenUrl(this, first);
				const name = file.name ?? decodeURIComponent(new URL(file.url).pathname.split('/').pop() || `attachment_${index}`);
				binary[`attachment_${index}`] = await this.helpers.prepareBinaryData(media.data, name, file.mimeType ?? media.mimeType);
			} catch (error) {
				problems.push({ url: file.url, message: redact(String((error as Error).message ?? error), apiKey) });
			}
		}
		if (Object.keys(binary).length > 0) item.binary = { ...item.binary, ...binary };
		if (problems.length > 0) item.json.attachmentErrors = problems;
	}
}

function isTrusted(url: string, trustedOrigin: string | undefined): boolean {
	try {
		const parsed = new URL(url);
		if (trustedOrigin !== undefined && parsed.origin === trustedOrigin) return true;
		return parsed.protocol === 'https:' && (parsed.hostname === 'cometchat.io' || parsed.hostname.endsWith('.cometchat.io'));
	} catch {
		return false;
	}
}

function mediaRequest(url: string): IHttpRequestOptions {
	return { method: 'GET', url, encoding: 'arraybuffer', json: false, returnFullResponse: true, ignoreHttpStatusErrors: true };
}

async function fetchAnonymously(ctx: IWebhookFunctions, url: string): Promise<IN8nHttpFullResponse> {
	return (await ctx.helpers.httpRequest(mediaRequest(url))) as IN8nHttpFullResponse;
}

/** The file itself, or, for a `{data: {url}}` answer, the file behind that token URL. */
async function followTokenUrl(ctx: IWebhookFunctions, response: IN8nHttpFullResponse): Promise<MediaFile> {
	const type = contentType(response);
	const data = toBuffer(response.body);
	if (!type?.includes('json')) return { data, mimeType: type };
	let parsed: unknown;
	try {
		parsed = JSON.parse(data.toString('utf8'));
	} catch {
		return { data, mimeType: type };
	}
	const signed = isObject(parsed) && isObject(parsed.data) && typeof parsed.data.url === 'string' ? parsed.data.url : undefined;
	if (!signed) return { data, mimeType: type };
	const file = await fetchAnonymously(ctx, signed);
	if (file.statusCode >= 400) throw new Error(`HTTP ${file.statusCode} from the signed file URL`);
	return { data: toBuffer(file.body), mimeType: contentType(file) };
}

function contentType(response: IN8nHttpFullResponse): string | undefined {
	const entry = Object.entries(response.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type');
	return entry ? String(entry[1]).split(';')[0].trim() : undefined;
}

function toBuffer(body: unknown): Buffer {
	if (Buffer.isBuffer(body)) return body;
	if (body instanceof ArrayBuffer) return Buffer.from(body);
	if (typeof body === 'string') return Buffer.from(body);
	return Buffer.from(JSON.stringify(body ?? ''));
}
