import { NodeApiError, type IExecuteSingleFunctions, type JsonObject } from 'n8n-workflow';
import { CHAT_CREDENTIAL, resolveBaseUrl } from './chat/baseUrl';

// Files CometChat has its clients upload themselves: it answers a presigned URL, the file is PUT there.
// Used by Campaigns (recipient CSV) and the AI Agents knowledge base (Upload File).

/**
 * Why the presigned URL of CometChat's answer may not be used, or undefined. It comes from an answer, so it
 * is not trusted: the specs call it an S3 presigned URL, so https on Amazon S3 (*.amazonaws.com), or the
 * API's own origin (a proxy or the local emulator behind the credential's Base URL Override, itself https
 * or loopback).
 */
export async function uploadUrlProblem(context: IExecuteSingleFunctions, url: string): Promise<string | undefined> {
	if (!url) return 'is missing';
	let target: URL;
	try {
		target = new URL(url);
	} catch {
		return 'is not a URL';
	}
	const { url: apiBase } = resolveBaseUrl(await context.getCredentials(CHAT_CREDENTIAL));
	if (target.origin === new URL(String(apiBase)).origin) return undefined;
	if (target.protocol !== 'https:') return 'is not https';
	return /(^|\.)amazonaws\.com$/i.test(target.hostname) ? undefined : `is on ${target.hostname}, not on Amazon S3`;
}

/**
 * The PUT of the file to the presigned URL: n8n's plain request helper, so neither the API key nor any
 * CometChat header goes with it. `what` names the file in the error ("Recipient CSV").
 */
export async function putFile(context: IExecuteSingleFunctions, url: string, data: Buffer, contentType: string, what: string): Promise<void> {
	const itemIndex = context.getItemIndex();
	const put = await context.helpers.httpRequest({ method: 'PUT', url, body: data, headers: { 'Content-Type': contentType }, json: false, returnFullResponse: true, ignoreHttpStatusErrors: true });
	if (put.statusCode < 200 || put.statusCode >= 300) {
		// The URL's query is a signature: only the host is named.
		throw new NodeApiError(context.getNode(), {} as JsonObject, { message: `${what} not uploaded: ${new URL(url).hostname} answered HTTP ${put.statusCode} [item ${itemIndex}]`, httpCode: String(put.statusCode), itemIndex });
	}
}

/** The error of an upload refused before the PUT: `what` not uploaded, and why. */
export function notUploaded(context: IExecuteSingleFunctions, what: string, why: string): NodeApiError {
	const itemIndex = context.getItemIndex();
	return new NodeApiError(context.getNode(), {} as JsonObject, { message: `${what} not uploaded: ${why} [item ${itemIndex}]`, itemIndex });
}
