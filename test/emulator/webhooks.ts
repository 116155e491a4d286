/**
 * Webhook deliveries the way CometChat makes them (reference §9.1): an HTTP POST with a JSON body
 * `{trigger, data, appId, region, webhook}` and, when the webhook uses Basic Auth, an
 * `Authorization: Basic ...` header.
 */
import * as http from 'node:http';
import type { WebhookRecord } from './management';

export interface Delivery {
	status: number;
	headers: http.IncomingHttpHeaders;
	/** Parsed JSON when the answer is JSON, else the text. */
	body: unknown;
	/** Milliseconds until the answer was complete. */
	ms: number;
}

export interface DeliveryOptions {
	/** Basic Auth pair; omit for no Authorization header. */
	auth?: { username: string; password: string };
	/** A raw Authorization header (overrides `auth`). */
	authorization?: string;
	headers?: Record<string, string>;
}

/** One event envelope, with the fields CometChat adds around `data`. */
export function envelope(trigger: string, data: unknown, extra: { appId?: string; region?: string; webhook?: string; type?: string } = {}) {
	return { trigger, data, appId: extra.appId ?? 'demo-app', region: extra.region ?? 'us', webhook: extra.webhook ?? 'n8n-hook', ...(extra.type ? { type: extra.type } : {}) };
}

/** POSTs `payload` as JSON to `url`, as CometChat would. */
export function deliver(url: string, payload: unknown, options: DeliveryOptions = {}): Promise<Delivery> {
	const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
	const headers: Record<string, string> = {
		'Content-Type': 'application/json',
		'Content-Length': String(Buffer.byteLength(text)),
		'User-Agent': 'CometChat-Webhook-Emulator',
		...options.headers,
	};
	const authorization =
		options.authorization ?? (options.auth ? `Basic ${Buffer.from(`${options.auth.username}:${options.auth.password}`).toString('base64')}` : undefined);
	if (authorization !== undefined) headers.Authorization = authorization;
	const started = Date.now();
	return new Promise((resolve, reject) => {
		const request = http.request(url, { method: 'POST', headers }, (response) => {
			const chunks: Buffer[] = [];
			response.on('data', (chunk: Buffer) => chunks.push(chunk));
			response.on('end', () => {
				const raw = Buffer.concat(chunks).toString('utf8');
				let body: unknown = raw;
				try {
					body = raw ? JSON.parse(raw) : undefined;
				} catch {
					// not JSON: keep the text
				}
				resolve({ status: response.statusCode ?? 0, headers: response.headers, body, ms: Date.now() - started });
			});
			response.on('error', reject);
		});
		request.on('error', reject);
		request.end(text);
	});
}

/** Delivers to `url` with the Basic Auth pair a registered webhook carries (as CometChat would). */
export function deliverAs(webhook: WebhookRecord, url: string, payload: unknown): Promise<Delivery> {
	const auth = webhook.useBasicAuth && webhook.username && webhook.password ? { username: webhook.username, password: webhook.password } : undefined;
	return deliver(url, payload, { auth });
}
