/**
 * CometChat Trigger → Download Attachments, safely.
 *
 * The whole flow runs in n8n's engine (test/harness/trigger.ts) against the emulator, reached as the
 * management credential's Base URL Override host (the one host besides CometChat's media hosts the
 * trigger fetches from; the emulator serves the management API and its apps' media there). The app's
 * key comes from the management API (automatic registration: the trigger's one credential). CometChat's real media hosts cannot be reached here, so the host
 * allowlist, the address checks and the redirect rules on those hosts are tested as units below,
 * with stand-ins for the network.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { DnsResolver, OutboundHttp } from '@n8n/backend-network';
import { Container } from '@n8n/di';
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';
import {
	ATTACHMENT_DEFAULTS,
	attachmentOptions,
	blockedAddress,
	downloadFiles,
	hostProblem,
	limitsFrom,
	resolverOf,
	type DownloadContext,
	type MediaIo,
	type MediaResponse,
} from '../../nodes/CometChatTrigger/attachments';
import { createEmulator, type Emulator } from '../emulator';
import { DEFAULT_MANAGEMENT_KEY, DEFAULT_MANAGEMENT_SECRET, managementStore, type MediaFile } from '../emulator/management';
import { deliver, envelope } from '../emulator/webhooks';
import { TRIGGER_NAME, startTrigger, triggerType, type TriggerHarness } from '../harness/trigger';

const AUTH = { username: 'n8nhooks', password: 'Wq7Zr2Lp9Xk4Vb8Nm3Ty6Hs1' };
const andrew = { uid: 'cometchat-uid-1', name: 'Andrew Joseph' };
const george = { uid: 'cometchat-uid-2', name: 'George Alan' };

/** A media message with these attachment URLs (CometChat's `data.attachments`). */
function mediaMessage(urls: string[]) {
	return {
		id: '300',
		sender: andrew.uid,
		receiverType: 'user',
		receiver: george.uid,
		category: 'message',
		type: 'image',
		data: {
			url: urls[0],
			attachments: urls.map((url, i) => ({ url, name: `file${i}.png`, mimeType: 'image/png' })),
			entities: { sender: { entity: andrew, entityType: 'user' }, receiver: { entity: george, entityType: 'user' } },
		},
		sentAt: 1696934912,
	};
}

/** Another host (another port): it must never see a request, least of all the key. */
async function foreignServer() {
	const seen: http.IncomingHttpHeaders[] = [];
	const server = http.createServer((req, res) => {
		seen.push(req.headers);
		res.writeHead(200, { 'Content-Type': 'image/png' });
		res.end('stolen');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { seen, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('CometChat Trigger: Download Attachments in the engine (through the Base URL Override host)', () => {
	let emulator: Emulator;
	let foreign: Awaited<ReturnType<typeof foreignServer>>;
	const open: TriggerHarness[] = [];
	beforeAll(async () => {
		emulator = await createEmulator();
		foreign = await foreignServer();
	});
	beforeEach(() => {
		emulator.reset();
		foreign.seen.length = 0;
	});
	afterEach(async () => {
		await Promise.all(open.splice(0).map((h) => h.close()));
	});
	afterAll(async () => {
		await emulator.close();
		await foreign.close();
	});

	const origin = () => emulator.url.replace(/\/v3$/, '');
	const media = (name: string) => `${origin()}/demo-app/media/${name}`;
	const put = (name: string, file: Partial<MediaFile> & { data: Buffer }) => managementStore(emulator.state).putMedia('demo-app', name, { mimeType: 'image/png', ...file });
	const management = () => ({ key: DEFAULT_MANAGEMENT_KEY, secret: DEFAULT_MANAGEMENT_SECRET, baseUrl: origin() });
	const mediaCalls = () => emulator.requests.filter((r) => r.path.includes('/media/'));
	const managementCalls = () => emulator.requests.filter((r) => r.headers.secret !== undefined);

	/** Automatic registration (the management credential only), as after an activation that registered AUTH. */
	async function run(urls: string[], options: IDataObject = {}, registration: 'automatic' | 'manual' = 'automatic') {
		const harness = await startTrigger(
			registration === 'automatic'
				? {
						parameters: { registration, appId: 'demo-app', events: ['*'], options: { downloadAttachments: true, ...options } },
						credentials: { cometChatManagementApi: management() },
						// The pair an activation registers (test/trigger/trigger.test.ts covers that part).
						staticData: { [`node:${TRIGGER_NAME}`]: { basicAuth: AUTH } },
					}
				: { parameters: { registration, events: ['*'], options: { downloadAttachments: true, ...options } }, credentials: { cometChatWebhookAuthApi: AUTH } },
		);
		open.push(harness);
		const started = Date.now();
		const answer = await deliver(harness.url, envelope('message_sent', { message: mediaMessage(urls) }), { auth: AUTH });
		const executions = await harness.executions();
		expect(executions).toHaveLength(1);
		return { answer, item: executions[0].items[0], ms: Date.now() - started };
	}
	const codes = (item: { json: IDataObject }) => ((item.json.attachmentErrors ?? []) as Array<{ code: string }>).map((e) => e.code);

	it('asks the media URL with the key and redirect=0, then fetches the signed URL without the key', async () => {
		const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
		put('trail.png', { data: png, delayMs: 2500 });
		const { answer, item } = await run([media('trail.png')]);
		expect(answer.status).toBe(200);
		// CometChat got its answer inside its 2-second window although the file takes 2.5 s.
		expect(answer.ms).toBeLessThan(2000);
		expect(item.binary?.attachment_0).toMatchObject({ fileName: 'file0.png', mimeType: 'image/png' });
		expect(Buffer.from(item.binary!.attachment_0.data, 'base64')).toEqual(png);
		expect(item.json.attachmentErrors).toBeUndefined();
		const [tokenCall, fileCall] = mediaCalls();
		expect(mediaCalls()).toHaveLength(2);
		expect(tokenCall.query).toEqual({ redirect: '0' });
		expect(tokenCall.headers).toMatchObject({ appid: 'demo-app', apikey: emulator.apiKey });
		expect(fileCall.query.fat).toMatch(/^[0-9a-f]{32}$/);
		expect(fileCall.headers.apikey).toBeUndefined();
		expect(fileCall.headers.appid).toBeUndefined();
		// The key came from the management API, asked once for this delivery: the app's fullAccess key.
		expect(managementCalls()).toHaveLength(1);
		expect(managementCalls()[0]).toMatchObject({ method: 'GET', path: '/apps', query: { searchKey: 'demo-app', perPage: '100' } });
		expect(managementCalls()[0].headers).toMatchObject({ key: DEFAULT_MANAGEMENT_KEY, secret: DEFAULT_MANAGEMENT_SECRET });
	});

	it('manual registration (the Webhook Auth credential only) has no app key: a private file is listed, nothing is asked with a key', async () => {
		put('private.png', { data: Buffer.from('secret image') });
		const { answer, item } = await run([media('private.png')], {}, 'manual');
		expect(answer.status).toBe(200);
		expect(item.binary).toBeUndefined();
		// The override origin is the management credential's; without it the emulator's http address is no media host.
		expect(item.json.attachmentErrors).toEqual([{ url: media('private.png'), code: 'not_https', message: expect.any(String) }]);
		expect(emulator.requests).toEqual([]);
	});

	it('an app key that cannot be read lists every file as credential_error, without the secret', async () => {
		put('a.png', { data: Buffer.from('a') });
		emulator.failNext({ status: 500, body: { error: { code: 'ERR_EXCEPTION', message: `boom ${DEFAULT_MANAGEMENT_SECRET}` } } });
		const { item } = await run([media('a.png')]);
		expect(item.json.attachmentErrors).toEqual([
			{ url: media('a.png'), code: 'credential_error', message: "The app's REST API key could not be read through the CometChat Management API: HTTP 500" },
		]);
		expect(mediaCalls()).toEqual([]);
		expect(JSON.stringify(item)).not.toContain(DEFAULT_MANAGEMENT_SECRET);
	});

	it('a management API that does not answer: the key lookup ends with the event time limit, the workflow starts with every file listed', async () => {
		put('a.png', { data: Buffer.from('a') });
		put('b.png', { data: Buffer.from('b') });
		emulator.failNext({ delayMs: 60_000 });
		const { answer, item } = await run([media('a.png'), media('b.png')], { attachmentEventTimeout: 1 });
		expect(answer.status).toBe(200);
		const message = "The app's REST API key was not read through the CometChat Management API within the Attachment Time Limit per Event; the workflow started without the files";
		expect(item.json.attachmentErrors).toEqual([media('a.png'), media('b.png')].map((url) => ({ url, code: 'event_time_limit', message })));
		// The execution started while the lookup was still unanswered (its request cancelled), no file was asked for.
		expect(managementCalls()).toHaveLength(1);
		expect(managementCalls()[0].status).toBeUndefined();
		expect(mediaCalls()).toEqual([]);
	});

	it('fetches nothing that is not https on a CometChat media host: each refusal is listed, no request is made', async () => {
		const host = new URL(foreign.origin).host;
		const urls = [
			'http://files-us.cometchat.io/demo-app/media/a.png', // http on a CometChat host
			'https://evil.example.com/a.png', // a foreign host
			'data:image/png;base64,iVBORw0KGgo=', // a data: URI
			`${foreign.origin}/a.png`, // loopback, another port than the override
			`https://${host}/a.png`,
			'https://10.0.0.7/a.png', // private
			'https://169.254.169.254/latest/meta-data/', // metadata
			`https://[::1]:${new URL(foreign.origin).port}/a.png`,
			'https://[::ffff:127.0.0.1]/a.png', // IPv4-mapped IPv6
			'https://api-us.cometchat.io/v3/users', // CometChat, but not a media host
			'https://files-us.cometchat.io.evil.example.com/a.png',
			'https://files-us.cometchat.io:8443/a.png',
			'https://user:pass@files-us.cometchat.io/a.png',
			'file:///etc/passwd',
			'not a url',
		];
		const { item } = await run(urls, { attachmentMaxFiles: 20 });
		expect(item.binary).toBeUndefined();
		expect(item.json.attachmentErrors).toEqual([
			{ url: urls[0], code: 'not_https', message: 'Only https URLs are downloaded, not http:' },
			{ url: urls[1], code: 'not_cometchat_host', message: "https://evil.example.com is not one of CometChat's media hosts (files-, media- or data-<region>.cometchat.io); not fetched" },
			{ url: urls[2], code: 'not_https', message: 'Only https URLs are downloaded, not data:' },
			{ url: urls[3], code: 'not_https', message: 'Only https URLs are downloaded, not http:' },
			...urls.slice(4, 13).map((url) => ({ url, code: 'not_cometchat_host', message: expect.stringContaining("is not one of CometChat's media hosts") })),
			{ url: urls[13], code: 'not_https', message: 'Only https URLs are downloaded, not file:' },
			{ url: urls[14], code: 'invalid_url', message: 'Not a valid URL' },
		]);
		expect(foreign.seen).toEqual([]);
		expect(mediaCalls()).toEqual([]);
	});

	it("a CometChat media host name whose DNS answer is internal is refused before any request (n8n's resolver in the engine)", async () => {
		// The name passes the host allowlist, so the address check is what refuses it: 10.0.0.5 is in n8n's
		// own blocked ranges (its egress filter refuses it while resolving), the others only in the trigger's.
		const url = 'https://files-us.cometchat.io/demo-app/media/a.png';
		const resolver = Container.get(DnsResolver);
		for (const [address, message] of [
			['10.0.0.5', "files-us.cometchat.io resolves to an address n8n's egress rules block; not fetched"],
			['100.64.1.1', 'files-us.cometchat.io resolves to 100.64.1.1, a carrier-grade NAT address; not fetched'],
			['100.100.100.200', 'files-us.cometchat.io resolves to 100.100.100.200, a cloud metadata address; not fetched'],
		]) {
			const family = address.includes(':') ? 6 : 4;
			const lookup = jest.spyOn(resolver, 'lookup').mockResolvedValue([{ address, family }]);
			try {
				const { item } = await run([url], {}, 'manual');
				expect(item.json.attachmentErrors).toEqual([{ url, code: 'blocked_address', message }]);
				expect(lookup.mock.calls.map(([host]) => host)).toEqual(['files-us.cometchat.io']);
			} finally {
				lookup.mockRestore();
			}
		}
		expect(emulator.requests).toEqual([]);
	});

	it('never follows a redirect of the keyed request: a foreign target sees nothing, an allowed one is fetched without the key', async () => {
		put('trap.png', { data: Buffer.from('x'), keyedRedirect: `${foreign.origin}/steal` });
		const refused = await run([media('trap.png')]);
		expect(refused.item.json.attachmentErrors).toEqual([
			{ url: media('trap.png'), code: 'redirect_refused', message: `The media host pointed to ${foreign.origin}, which was refused: Only https URLs are downloaded, not http:` },
		]);
		expect(foreign.seen).toEqual([]);
		expect(foreign.seen.some((headers) => headers.apikey !== undefined)).toBe(false);

		// A redirect to a media host (here the override host, standing in for files-<region>) is
		// taken as the signed URL: fetched, but without the key.
		emulator.requests.length = 0;
		const token = 'f'.repeat(32);
		managementStore(emulator.state).fileTokens.add(token);
		put('moved.png', { data: Buffer.from('ok'), keyedRedirect: `${media('moved.png')}?fat=${token}` });
		const followed = await run([media('moved.png')]);
		expect(Buffer.from(followed.item.binary!.attachment_0.data, 'base64').toString()).toBe('ok');
		expect(mediaCalls().map((r) => [r.query, r.headers.apikey])).toEqual([
			[{ redirect: '0' }, emulator.apiKey],
			[{ fat: token }, undefined],
		]);
	});

	it('the signed URL may redirect only to CometChat hosts', async () => {
		put('hop.png', { data: Buffer.from('x'), signedRedirect: `${foreign.origin}/internal` });
		const { item } = await run([media('hop.png')]);
		expect(codes(item)).toEqual(['redirect_refused']);
		expect(foreign.seen).toEqual([]);
		expect(JSON.stringify(item)).not.toContain(emulator.apiKey);
		// The signed URL (its token) never appears in an error either.
		expect(JSON.stringify(item.json.attachmentErrors)).not.toContain('fat=');
	});

	it('a file that never finishes times out; the event still starts, with the error and the other files', async () => {
		put('stuck.png', { data: Buffer.alloc(4096, 1), hang: true });
		put('fine.png', { data: Buffer.from('fine') });
		const { answer, item, ms } = await run([media('stuck.png'), media('fine.png')], { attachmentFileTimeout: 1 });
		expect(answer.ms).toBeLessThan(2000);
		expect(item.json.attachmentErrors).toEqual([{ url: media('stuck.png'), code: 'timeout', message: 'Not finished within 1 seconds (Attachment Timeout per File)' }]);
		expect(Buffer.from(item.binary!.attachment_1.data, 'base64').toString()).toBe('fine');
		expect(item.binary?.attachment_0).toBeUndefined();
		expect(ms).toBeLessThan(6000);
	});

	it('the whole event has a time limit: the workflow starts when it is over', async () => {
		put('stuck1.png', { data: Buffer.alloc(4096, 1), hang: true });
		put('stuck2.png', { data: Buffer.alloc(4096, 1), hang: true });
		const { item, ms } = await run([media('stuck1.png'), media('stuck2.png')], { attachmentFileTimeout: 30, attachmentEventTimeout: 1 });
		expect(codes(item)).toEqual(['event_time_limit', 'event_time_limit']);
		expect(ms).toBeLessThan(6000);
	});

	it('size limits: a file over its limit (declared or counted) and files past the event limit are not kept', async () => {
		const mb = 1024 * 1024;
		put('big.png', { data: Buffer.alloc(2 * mb, 1) });
		put('bigchunked.png', { data: Buffer.alloc(2 * mb, 2), noLength: true });
		put('small.png', { data: Buffer.alloc(600 * 1024, 3) });
		put('small2.png', { data: Buffer.alloc(600 * 1024, 4) });
		const { item } = await run([media('big.png'), media('bigchunked.png'), media('small.png'), media('small2.png')], { attachmentMaxFileMb: 1, attachmentMaxEventMb: 1 });
		expect(item.json.attachmentErrors).toEqual([
			{ url: media('big.png'), code: 'file_too_large', message: 'The file is larger than 1 MB (Attachment Size Limit per File); not downloaded' },
			{ url: media('bigchunked.png'), code: 'file_too_large', message: 'The file is larger than 1 MB (Attachment Size Limit per File); not downloaded' },
			{ url: media('small2.png'), code: 'event_too_large', message: "The event's files together are larger than 1 MB (Attachment Size Limit per Event); not downloaded" },
		]);
		expect(Object.keys(item.binary ?? {})).toEqual(['attachment_2']);
	});

	it('at most the set number of files per event; the rest are listed and not requested', async () => {
		for (const name of ['a.png', 'b.png', 'c.png', 'd.png']) put(name, { data: Buffer.from(name) });
		const { item } = await run(['a.png', 'b.png', 'c.png', 'd.png'].map(media), { attachmentMaxFiles: 2 });
		expect(Object.keys(item.binary ?? {})).toEqual(['attachment_0', 'attachment_1']);
		expect(item.json.attachmentErrors).toEqual(
			['c.png', 'd.png'].map((name) => ({ url: media(name), code: 'too_many_files', message: 'Not downloaded: the event has more than 2 files (Attachment Limit per Event)' })),
		);
		expect(new Set(mediaCalls().map((r) => r.path))).toEqual(new Set(['/demo-app/media/a.png', '/demo-app/media/b.png']));
	});

	it('off by default: no downloads', async () => {
		const harness = await startTrigger({
			parameters: { registration: 'automatic', appId: 'demo-app', events: ['*'] },
			credentials: { cometChatManagementApi: management() },
			staticData: { [`node:${TRIGGER_NAME}`]: { basicAuth: AUTH } },
		});
		open.push(harness);
		await deliver(harness.url, envelope('message_sent', { message: mediaMessage([media('trail.png')]) }), { auth: AUTH });
		const [execution] = await harness.executions();
		expect(execution.items[0].binary).toBeUndefined();
		expect(emulator.requests).toEqual([]);
	});

	it('offers the limits as options with the documented defaults', () => {
		const options = (triggerType.description.properties.find((p) => p.name === 'options')?.options ?? []) as Array<{ name: string; default?: unknown }>;
		const byName = Object.fromEntries(options.map((o) => [o.name, o.default]));
		expect(byName).toMatchObject({
			downloadAttachments: false,
			attachmentMaxFiles: ATTACHMENT_DEFAULTS.maxFiles,
			attachmentMaxFileMb: ATTACHMENT_DEFAULTS.maxFileMb,
			attachmentMaxEventMb: ATTACHMENT_DEFAULTS.maxEventMb,
			attachmentFileTimeout: ATTACHMENT_DEFAULTS.fileTimeoutSeconds,
			attachmentEventTimeout: ATTACHMENT_DEFAULTS.eventTimeoutSeconds,
		});
		expect(options).toEqual(expect.arrayContaining(attachmentOptions));
		expect(limitsFrom({})).toEqual({ maxFiles: 10, maxFileBytes: 25 * 1024 * 1024, maxEventBytes: 50 * 1024 * 1024, fileTimeoutMs: 30000, eventTimeoutMs: 120000 });
	});
});

describe('CometChat media hosts and addresses (units)', () => {
	it.each([
		['https://files-us.cometchat.io/app/media/a.png', undefined],
		['https://files-eu.cometchat.io/app/media/a.png', undefined],
		['https://media-in.cometchat.io/app/media/a.png?Expires=1&Signature=s&Key-Pair-Id=k', undefined],
		['https://data-us.cometchat.io/assets/a.png', undefined],
		['http://files-us.cometchat.io/a.png', 'not_https'],
		['https://cometchat.io/a.png', 'not_cometchat_host'],
		['https://us.files.cometchat.io/a.png', 'not_cometchat_host'],
		['https://files-us.cometchat.com/a.png', 'not_cometchat_host'],
		['https://app.api-us.cometchat.io/v3/users', 'not_cometchat_host'],
		['https://files-us.cometchat.io.evil.com/a.png', 'not_cometchat_host'],
		['https://evilfiles-us.cometchat.io/a.png', 'not_cometchat_host'],
		['https://files-us.cometchat.io:444/a.png', 'not_cometchat_host'],
		['https://169.254.169.254/latest', 'not_cometchat_host'],
		['ftp://files-us.cometchat.io/a.png', 'not_https'],
	])('%s → %s', (url, code) => {
		expect(hostProblem(new URL(url), undefined)?.code).toBe(code);
	});

	it('the override origin is allowed as it is, http included; nothing else on that host', () => {
		expect(hostProblem(new URL('http://127.0.0.1:9000/app/media/a.png'), 'http://127.0.0.1:9000')).toBeUndefined();
		expect(hostProblem(new URL('http://127.0.0.1:9001/a.png'), 'http://127.0.0.1:9000')?.code).toBe('not_https');
	});

	it.each([
		['127.0.0.1', 'a loopback address'],
		['127.255.0.9', 'a loopback address'],
		['10.1.2.3', 'a private address'],
		['172.16.0.1', 'a private address'],
		['172.31.255.255', 'a private address'],
		['192.168.1.1', 'a private address'],
		['169.254.10.10', 'a link-local address'],
		['169.254.169.254', 'a cloud metadata address'],
		['100.100.100.200', 'a cloud metadata address'],
		['100.64.0.1', 'a carrier-grade NAT address'],
		['100.127.255.254', 'a carrier-grade NAT address'],
		['0.0.0.0', 'a "this network" address'],
		['224.0.0.1', 'a multicast address'],
		['255.255.255.255', 'a reserved address'],
		['198.18.0.1', 'a reserved address'],
		['::', 'the unspecified address'],
		['::1', 'a loopback address'],
		['::ffff:127.0.0.1', 'an IPv4-mapped IPv6 address'],
		['::ffff:8.8.8.8', 'an IPv4-mapped IPv6 address'],
		['::ffff:7f00:1', 'an IPv4-mapped IPv6 address'],
		['::127.0.0.1', 'an IPv4-compatible IPv6 address'],
		['fd00:ec2::254', 'a cloud metadata address'],
		['fd12:3456::1', 'a unique-local address'],
		['fc00::1', 'a unique-local address'],
		['fe80::1%eth0', 'a link-local address'],
		['ff02::1', 'a multicast address'],
		['2001:db8::1', 'a documentation address'],
		['64:ff9b::a00:1', 'a NAT64 address of a private address'],
		['2002:c0a8:101::1', 'a 6to4 address of a private address'],
		['not-an-ip', 'not an IP address'],
	])('%s is refused: %s', (address, reason) => {
		expect(blockedAddress(address)).toBe(reason);
	});

	it.each(['104.18.32.7', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::6810:2007', '64:ff9b::808:808', '2002:808:808::1'])('%s is public', (address) => {
		expect(blockedAddress(address)).toBeUndefined();
	});
});

describe('the download flow on CometChat hosts (units, network stood in)', () => {
	const files = 'https://files-us.cometchat.io/demo-app/media/a.png';
	const signed = 'https://media-us.cometchat.io/demo-app/media/a.png?Expires=9&Signature=sig&Key-Pair-Id=k';

	interface Call {
		url: string;
		keyed: boolean;
	}
	function response(statusCode: number, body: string | Buffer, headers: IDataObject = {}, remoteAddress?: string): MediaResponse {
		const stream = Readable.from([Buffer.from(body)]) as unknown as MediaResponse['body'];
		stream.socket = remoteAddress ? { remoteAddress } : null;
		return { statusCode, headers, body: stream };
	}
	function network(answers: Record<string, (keyed: boolean) => MediaResponse>, addresses: Record<string, string[]> = {}) {
		const calls: Call[] = [];
		const io: MediaIo = {
			resolve: async (host) => addresses[host] ?? ['104.18.32.7'],
			get: async (url, keyed) => {
				calls.push({ url, keyed });
				const answer = answers[url];
				if (!answer) throw new Error(`unexpected request to ${url}`);
				return answer(keyed);
			},
		};
		return { io, calls };
	}
	const context = (io: MediaIo, extra: Partial<DownloadContext> = {}): DownloadContext => ({
		io,
		limits: limitsFrom({}),
		hasKey: true,
		eventSignal: new AbortController().signal,
		...extra,
	});

	it('keyed request with redirect=0, then the pre-signed URL without the key', async () => {
		const { io, calls } = network({
			[`${files}?redirect=0`]: () => response(200, JSON.stringify({ data: { url: signed } }), { 'content-type': 'application/json' }),
			[signed]: () => response(200, 'PNG', { 'content-type': 'image/png', 'content-length': '3' }),
		});
		const result = await downloadFiles([{ url: files }], context(io));
		expect(result.errors).toEqual([]);
		expect(result.files.get(0)).toEqual({ data: Buffer.from('PNG'), mimeType: 'image/png' });
		expect(calls).toEqual([
			{ url: `${files}?redirect=0`, keyed: true },
			{ url: signed, keyed: false },
		]);
	});

	it('a pre-signed URL redirecting to a non-CometChat host is refused before any request there', async () => {
		const { io, calls } = network({
			[`${files}?redirect=0`]: () => response(200, JSON.stringify({ data: { url: signed } }), { 'content-type': 'application/json' }),
			[signed]: () => response(302, '', { location: 'https://attacker.example/x' }),
		});
		const result = await downloadFiles([{ url: files }], context(io));
		expect(result.errors).toEqual([
			{ index: 0, url: files, code: 'redirect_refused', message: expect.stringContaining('The media host pointed to https://attacker.example, which was refused') },
		]);
		expect(calls.map((c) => c.url)).toEqual([`${files}?redirect=0`, signed]);
	});

	it('a signed URL on a foreign host ({data: {url}}) is refused as well', async () => {
		const { io, calls } = network({
			[`${files}?redirect=0`]: () => response(200, JSON.stringify({ data: { url: 'https://169.254.169.254/latest/meta-data' } }), { 'content-type': 'application/json' }),
		});
		const result = await downloadFiles([{ url: files }], context(io));
		expect(result.errors.map((e) => e.code)).toEqual(['redirect_refused']);
		expect(calls).toHaveLength(1);
	});

	it('a CometChat host resolving to an internal address is refused before any request', async () => {
		for (const address of ['10.0.0.5', '127.0.0.1', '169.254.169.254', '100.64.1.1', 'fd00:ec2::254', '::ffff:10.0.0.1', 'fe80::1']) {
			const { io, calls } = network({}, { 'files-us.cometchat.io': ['104.18.32.7', address] });
			const result = await downloadFiles([{ url: files }], context(io));
			expect(result.errors).toEqual([{ index: 0, url: files, code: 'blocked_address', message: `files-us.cometchat.io resolves to ${address}, ${blockedAddress(address)}; not fetched` }]);
			expect(calls).toEqual([]);
		}
	});

	it('every redirect hop is resolved and checked too', async () => {
		const { io, calls } = network(
			{
				[`${files}?redirect=0`]: () => response(200, JSON.stringify({ data: { url: signed } }), { 'content-type': 'application/json' }),
				[signed]: () => response(302, '', { location: 'https://data-us.cometchat.io/x.png' }),
			},
			{ 'data-us.cometchat.io': ['192.168.0.10'] },
		);
		const result = await downloadFiles([{ url: files }], context(io));
		expect(result.errors.map((e) => e.code)).toEqual(['blocked_address']);
		expect(calls).toHaveLength(2);
	});

	it("n8n's egress filter refusing while resolving, and a name that does not resolve", async () => {
		class SsrfBlockedIpError extends Error {
			name = 'SsrfBlockedIpError';
		}
		const blocked = await downloadFiles([{ url: files }], context({ resolve: async () => Promise.reject(new SsrfBlockedIpError('blocked')), get: async () => Promise.reject(new Error('no')) }));
		expect(blocked.errors.map((e) => e.code)).toEqual(['blocked_address']);
		const unknown = await downloadFiles([{ url: files }], context({ resolve: async () => Promise.reject(new Error('ENOTFOUND')), get: async () => Promise.reject(new Error('no')) }));
		expect(unknown.errors.map((e) => [e.code, e.message])).toEqual([['dns_failed', 'Could not resolve files-us.cometchat.io']]);
	});

	it('a resolver that never answers is cut by the file timeout', async () => {
		const io: MediaIo = { resolve: () => new Promise<string[]>(() => undefined), get: async () => Promise.reject(new Error('no')) };
		const result = await downloadFiles([{ url: files }], context(io, { limits: { ...limitsFrom({}), fileTimeoutMs: 50 } }));
		expect(result.errors.map((e) => e.code)).toEqual(['timeout']);
	});

	it("the resolver is n8n's own egress filter (n8n 2.x), enforcing its blocked ranges; none on n8n 1.x", async () => {
		// What n8n-core's request helpers give a node (getSecureEgressFilter → OutboundHttp.egressFilter).
		const helpers = { getSecureEgressFilter: (policy?: 'safe' | 'enforced' | 'unsafe') => Container.get(OutboundHttp).egressFilter(policy) };
		const resolve = resolverOf({ helpers } as unknown as IWebhookFunctions);
		await expect(resolve!('localhost')).rejects.toMatchObject({ name: 'SsrfBlockedIpError' });
		await expect(resolve!('127.0.0.1')).rejects.toMatchObject({ name: 'SsrfBlockedIpError' });
		expect(resolverOf({ helpers: {} } as unknown as IWebhookFunctions)).toBeUndefined();
	});

	it('where n8n offers no resolver (n8n 1.x), the connected address is checked before the body is read', async () => {
		const answer = response(200, 'secret internal data', { 'content-type': 'text/plain' }, '10.0.0.9');
		const io: MediaIo = { get: async () => answer };
		const result = await downloadFiles([{ url: files }], context(io, { hasKey: false }));
		expect(result.errors).toEqual([{ index: 0, url: files, code: 'blocked_address', message: 'files-us.cometchat.io connected to 10.0.0.9, a private address; not read' }]);
		expect((answer.body as unknown as Readable).destroyed).toBe(true);
	});

	it('a URL already signed goes without the key; without a credential a 401 says what is missing', async () => {
		const { io, calls } = network({ [signed]: () => response(200, 'PNG') });
		expect((await downloadFiles([{ url: signed }], context(io))).errors).toEqual([]);
		expect(calls).toEqual([{ url: signed, keyed: false }]);

		const anonymous = network({ [files]: () => response(401, '{"message":"Unauthorized"}') });
		const result = await downloadFiles([{ url: files }], context(anonymous.io, { hasKey: false }));
		expect(result.errors.map((e) => e.code)).toEqual(['needs_credential']);
		expect(anonymous.calls).toEqual([{ url: files, keyed: false }]);
	});

	it('a redirect loop ends after three hops', async () => {
		const hop = (n: number) => `https://media-us.cometchat.io/loop${n}`;
		const answers: Record<string, (keyed: boolean) => MediaResponse> = { [`${files}?redirect=0`]: () => response(302, '', { location: hop(0) }) };
		for (let n = 0; n < 10; n += 1) answers[hop(n)] = () => response(302, '', { location: hop(n + 1) });
		const { io, calls } = network(answers);
		const result = await downloadFiles([{ url: files }], context(io));
		expect(result.errors.map((e) => e.code)).toEqual(['too_many_redirects']);
		expect(calls.filter((c) => c.keyed)).toHaveLength(1);
		expect(calls).toHaveLength(5);
	});
});
