/**
 * The REST API key, the management key and secret and the webhook password appear nowhere: not in
 * output items, error items, thrown errors (every field, nested ones included) or log lines; not
 * as stored, trimmed, URL-encoded or in a Basic Auth header; not when CometChat echoes them in an
 * error, in a success answer of the expected shape or of an unexpected one.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LoggerProxy, type IDataObject, type INodeParameters } from 'n8n-workflow';
import { createEmulator, type Emulator } from '../emulator';
import { managementStore } from '../emulator/management';
import { redactAll, redactItems, secretForms, SECRET_MIN_LENGTH } from '../../nodes/shared/errors/redaction';
import {
	aiAgentsNode,
	chatNode,
	credentialDefaults,
	listSearch,
	managementCredentialType,
	managementNode,
	runCredentialTest,
	runNode,
	testCredential,
	type NodeKind,
	type RunResult,
} from '../harness';
import { TRIGGER_NAME, startTrigger, type TriggerSetup } from '../harness/trigger';
import { byId } from '../helpers';
import { INPUT_BINARY, operationsOf, variants } from './spec';

// Secrets as a user may paste them: whitespace around, a space inside, characters URL-encoding changes.
const API_KEY = 'sk/live+Key=0123456789 abcdef';
const STORED_API_KEY = `  ${API_KEY}\t `;
const MGMT_KEY = 'mgmt/Key+0123456789';
const MGMT_SECRET = 'mgmt Secret/+=0123456789abcdef';
const STORED_MGMT = { key: ` ${MGMT_KEY} `, secret: `${MGMT_SECRET} ` };
// CometChat allows letters and digits only in a webhook's Basic Auth pair.
const HOOK_USER = 'n8nhook';
const HOOK_PASSWORD = 'HookPassword0123456789xyz';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const formEncoded = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');

/** What must never show of a secret: trimmed (so as stored too), URL-encoded both ways, and base64. */
function forbidden(secret: string): string[] {
	const trimmed = secret.trim();
	return [trimmed, encodeURIComponent(trimmed), formEncoded(trimmed), base64(trimmed)];
}
const CHAT_FORBIDDEN = forbidden(API_KEY);
const MGMT_FORBIDDEN = [...forbidden(MGMT_KEY), ...forbidden(MGMT_SECRET), base64(`${MGMT_KEY}:${MGMT_SECRET}`)];
const HOOK_FORBIDDEN = [...forbidden(HOOK_PASSWORD), base64(`${HOOK_USER}:${HOOK_PASSWORD}`)];

/** A message repeating a secret in every form a server might: as sent, trimmed, URL- and form-encoded. */
function echo(stored: string): string {
	const trimmed = stored.trim();
	return `raw <${stored}> trimmed <${trimmed}> encoded <${encodeURIComponent(trimmed)}> form <${formEncoded(trimmed)}>`;
}
const MGMT_ECHO = `${echo(STORED_MGMT.key)} ${echo(STORED_MGMT.secret)} basic <${base64(`${MGMT_KEY}:${MGMT_SECRET}`)}>`;

/**
 * Every string anywhere in these values, an error's non-enumerable message and stack included. Live
 * HTTP machinery (sockets, requests, agents: event emitters) that n8n's request error points to is
 * not data anyone is shown, and its buffers hold every header sent: left out.
 */
function everything(...values: unknown[]): string {
	const out: string[] = [];
	const seen = new WeakSet<object>();
	const walk = (value: unknown, depth: number) => {
		if (typeof value === 'string') out.push(value);
		if (value === null || typeof value !== 'object' || seen.has(value) || depth > 40 || ArrayBuffer.isView(value)) return;
		if (typeof (value as { on?: unknown }).on === 'function') return;
		seen.add(value);
		for (const key of Object.getOwnPropertyNames(value)) {
			out.push(key);
			const property = Object.getOwnPropertyDescriptor(value, key);
			if (property && 'value' in property) walk(property.value, depth + 1);
		}
	};
	for (const value of values) walk(value, 0);
	return out.join('\n');
}

/** The forbidden forms found in the text, each with a little context (an empty list passes). */
function leaks(text: string, forms: string[]): string[] {
	return forms.filter((form) => text.toLowerCase().includes(form.toLowerCase())).map((form) => {
		const at = text.toLowerCase().indexOf(form.toLowerCase());
		return `${form} in …${text.slice(Math.max(0, at - 60), at + form.length + 20)}…`;
	});
}

// n8n's own logger (WorkflowExecute logs node errors through it): every call is kept.
const logged: unknown[] = [];
beforeAll(() => {
	const keep = (...args: unknown[]) => void logged.push(args);
	LoggerProxy.init({ error: keep, warn: keep, info: keep, debug: keep } as never);
});
beforeEach(() => (logged.length = 0));

function expectClean(result: RunResult, forms: string[]) {
	expect(leaks(everything(result.items, result.error, result.run, logged), forms)).toEqual([]);
}

// ---- every operation of both nodes, against a server that echoes the secrets in every answer -------

type Mode = 'object' | 'list' | 'error' | 'no data' | 'text';

/** Answers every request in the current mode, each string of the answer repeating `text`. */
function startEchoServer(): Promise<{ server: Server; url: string; set(mode: Mode, text: string): void }> {
	let mode: Mode = 'object';
	let text = '';
	// Keys for every value the request named (UIDs, GUIDs, e-mails, triggers, settings): per-ID answers
	// (Block, Friend Add, Group Member Add, Set Permissions, …) then carry the echo too.
	const namedIn = (req: IncomingMessage, body: unknown): string[] => {
		const found = new Set<string>(decodeURIComponent((req.url ?? '').split('?')[0]).split('/'));
		for (const value of new URL(req.url ?? '/', 'http://echo').searchParams.values()) found.add(value);
		const walk = (value: unknown) => {
			if (typeof value === 'string') found.add(value);
			else if (Array.isArray(value)) value.forEach(walk);
			else if (value !== null && typeof value === 'object') {
				for (const [key, entry] of Object.entries(value)) {
					found.add(key);
					walk(entry);
				}
			}
		};
		walk(body);
		return [...found].filter((value) => value !== '' && value.length < 200);
	};
	const record = (named: string[]): IDataObject => ({
		...Object.fromEntries(named.map((name) => [name, { success: false, message: text, code: 'ERR_ECHO' }])),
		id: 'echo-1',
		uid: 'echo-uid',
		guid: 'echo-guid',
		name: text,
		message: text,
		text,
		metadata: { note: text, [`key ${text}`]: true },
		tags: [text],
		data: { text, statusCode: 200, success: true, body: { note: text } },
	});
	const server = createServer((req, res) => {
		let raw = '';
		req.on('data', (chunk) => (raw += chunk));
		req.on('end', () => {
			let body: unknown;
			try {
				body = raw ? JSON.parse(raw) : undefined;
			} catch {
				body = raw;
			}
			const meta = { pagination: { total: 1, count: 1, per_page: 1, current_page: 1, total_pages: 1 } };
			const answers: Record<Mode, [number, unknown]> = {
				object: [200, { data: record(namedIn(req, body)), meta }],
				list: [200, { data: [record(namedIn(req, body))], meta }],
				error: [400, { error: { code: 'ERR_ECHO', message: text, devMessage: text, details: { field: [text] } } }],
				'no data': [200, { success: true, note: text }],
				text: [200, text],
			};
			const [status, answer] = answers[mode];
			res.writeHead(status, { 'content-type': typeof answer === 'string' ? 'text/plain' : 'application/json' });
			res.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
		});
	});
	return new Promise((done) =>
		server.listen(0, '127.0.0.1', () =>
			done({
				server,
				url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
				set(newMode, newText) {
					mode = newMode;
					text = newText;
				},
			}),
		),
	);
}

const NODES: Array<[string, { kind: NodeKind; echoed: string; forms: string[]; credentials: (url: string) => IDataObject }]> = [
	[
		'CometChat',
		{ kind: chatNode, echoed: echo(STORED_API_KEY), forms: CHAT_FORBIDDEN, credentials: (url) => ({ appId: 'echo', apiKey: STORED_API_KEY, baseUrl: `${url}/v3` }) },
	],
	[
		'CometChat AI Agents',
		{ kind: aiAgentsNode, echoed: echo(STORED_API_KEY), forms: CHAT_FORBIDDEN, credentials: (url) => ({ appId: 'echo', apiKey: STORED_API_KEY, baseUrl: `${url}/v3` }) },
	],
	[
		'CometChat Management',
		{
			kind: managementNode,
			echoed: MGMT_ECHO,
			forms: MGMT_FORBIDDEN,
			credentials: (url) => ({ ...STORED_MGMT, baseUrl: url }),
		},
	],
];

describe.each(NODES)('every operation of the %s node keeps the secrets out', (_title, { kind, echoed, forms, credentials }) => {
	let echoServer: Awaited<ReturnType<typeof startEchoServer>>;
	beforeAll(async () => {
		echoServer = await startEchoServer();
	});
	afterAll(() => new Promise<void>((done) => echoServer.server.close(() => done())));

	const modes: Array<[Mode, boolean]> = [
		['object', false],
		['list', false],
		['error', false],
		['error', true],
		['no data', true],
		['text', false],
	];
	it.each(operationsOf(kind).map((o) => [`${o.resource} → ${o.operation}`, o]))('%s', async (_name, { resource, operation }) => {
		const parameters: INodeParameters = { ...variants(resource, operation, kind)[0], retry: { maxWait: 0 } };
		const binary = INPUT_BINARY[`${resource}.${operation}`];
		for (const [mode, continueOnFail] of modes) {
			echoServer.set(mode, echoed);
			logged.length = 0;
			const result = await runNode({
				parameters,
				credentials: credentials(echoServer.url),
				input: [{ json: {}, ...(binary ? { binary } : {}) }],
				continueOnFail,
				node: kind,
			});
			expect({ mode, continueOnFail, leaks: leaks(everything(result.items, result.error, result.run, logged), forms) }).toEqual({
				mode,
				continueOnFail,
				leaks: [],
			});
		}
	});
});

// ---- the failures the issue names, against the emulator ---------------------------------------------

describe('the REST API key, echoed by CometChat', () => {
	let emulator: Emulator;
	beforeAll(async () => {
		emulator = await createEmulator({ apiKeys: { [API_KEY]: 'fullAccess' } });
	});
	beforeEach(() => emulator.reset());
	afterAll(() => emulator.close());
	const credentials = (apiKey = STORED_API_KEY) => ({ appId: emulator.appId, region: 'us', apiKey, baseUrl: emulator.url });
	const createToken = { resource: 'authToken', operation: 'create', uid: byId('real-user') };

	it('sends the key trimmed (as HTTP does) and keeps CometChat\'s code and message with the key cut out', async () => {
		const wrong = 'wrong/Key+0123456789 abcdef';
		emulator.seedUser({ uid: 'real-user' });
		const result = await runNode({ parameters: createToken, credentials: credentials(`${wrong}  `) });
		expect(emulator.requests[0].headers.apikey).toBe(wrong);
		// The emulator, as CometChat, echoes the key it received: the trimmed one.
		expect(result.error?.message).toBe('AUTH_ERR_APIKEY_NOT_FOUND: The key [redacted] does not exist. Please use correct apiKey. [item 0]');
		expectClean(result, forbidden(wrong));
	});

	it('a 200 of unexpected shape echoing the key: not in the error\'s message, description or any field, nor in the continue-on-fail item', async () => {
		emulator.seedUser({ uid: 'real-user' });
		for (const continueOnFail of [false, true]) {
			emulator.failNext({ status: 200, body: { success: true, note: echo(STORED_API_KEY) } });
			const result = await runNode({ parameters: createToken, credentials: credentials(), continueOnFail });
			if (continueOnFail) expect(result.items.map((item) => item.json)).toEqual([{ error: 'CometChat answered HTTP 200 without the expected data [item 0]' }]);
			else {
				expect(result.error?.message).toBe('CometChat answered HTTP 200 without the expected data [item 0]');
				expect(result.error?.description).toContain('[redacted]');
			}
			expectClean(result, CHAT_FORBIDDEN);
		}
	});

	it('an error answer echoing the key in its message and details keeps its code, message and status', async () => {
		emulator.seedUser({ uid: 'real-user' });
		emulator.failNext({ status: 403, body: { error: { code: 'AUTH_ERR_NO_ACCESS', message: `No access for ${echo(STORED_API_KEY)}.`, details: { apikey: [echo(STORED_API_KEY)] } } } });
		const result = await runNode({ parameters: createToken, credentials: credentials() });
		expect(result.error?.message).toMatch(/^AUTH_ERR_NO_ACCESS: No access for raw <\[redacted\]> trimmed <\[redacted\]> encoded <\[redacted\]> form <\[redacted\]>\. \[item 0\]$/);
		expect((result.error as { httpCode?: string }).httpCode).toBe('403');
		expectClean(result, CHAT_FORBIDDEN);
	});

	it('a per-UID refusal (Block) echoing the key: the output item keeps success false and the message without it', async () => {
		emulator.seedUser({ uid: 'moderator' });
		emulator.seedUser({ uid: 'spammer' });
		emulator.failNext({ status: 200, body: { data: { spammer: { success: false, message: `Refused for ${echo(STORED_API_KEY)}` } } } });
		const result = await runNode({
			parameters: { resource: 'blockedUser', operation: 'block', uid: byId('moderator'), blockedUids: 'spammer' },
			credentials: credentials(),
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({ uid: 'spammer', success: false });
		expect(String(result.items[0].json.message)).toMatch(/^Refused for raw <\[redacted\]>/);
		expectClean(result, CHAT_FORBIDDEN);
	});

	it('a normal 200 that repeats the key (a group\'s metadata) gives the group without it', async () => {
		emulator.seedUser({ uid: 'owner' });
		const created = await runNode({
			parameters: {
				resource: 'group',
				operation: 'create',
				guid: 'hiking',
				name: 'Hiking',
				type: 'public',
				options: { metadata: JSON.stringify({ note: echo(STORED_API_KEY), [API_KEY]: 'as a key' }) },
			},
			credentials: credentials(),
		});
		expect(created.error).toBeUndefined();
		// CometChat stored what it was sent; only the output hides it.
		expect(JSON.stringify(emulator.requests[0].body)).toContain(API_KEY);
		const read = await runNode({ parameters: { resource: 'group', operation: 'get', guid: byId('hiking'), simplify: false }, credentials: credentials() });
		for (const result of [created, read]) {
			expect(result.items[0].json).toMatchObject({ guid: 'hiking', metadata: { note: expect.stringContaining('[redacted]'), '[redacted]': 'as a key' } });
			expectClean(result, CHAT_FORBIDDEN);
		}
	});

	it('list searches (the User picker) show no key CometChat repeats in a name', async () => {
		emulator.seedUser({ uid: 'echoer', name: `Echo ${echo(STORED_API_KEY)}` });
		const found = await listSearch('searchUsers', credentials());
		expect(found.results).toHaveLength(1);
		expect(found.results[0].value).toBe('echoer');
		expect(leaks(everything(found), CHAT_FORBIDDEN)).toEqual([]);
	});

	it('a connection that fails: neither the error (n8n\'s request and its headers included) nor the picker\'s error carries the key', async () => {
		const closed = createServer();
		await new Promise<void>((done) => closed.listen(0, '127.0.0.1', () => done()));
		const port = (closed.address() as AddressInfo).port;
		await new Promise<void>((done) => closed.close(() => done()));
		const offline = { ...credentials(), baseUrl: `http://127.0.0.1:${port}/v3` };
		for (const continueOnFail of [false, true]) {
			const result = await runNode({ parameters: { ...createToken, retry: { maxWait: 0 } }, credentials: offline, continueOnFail });
			expect(result.error ?? result.items[0].json.error).toBeDefined();
			expectClean(result, CHAT_FORBIDDEN);
		}
		const picker = await listSearch('searchUsers', offline).catch((error: Error) => error);
		expect(picker).toBeInstanceOf(Error);
		expect(leaks(everything(picker, logged), CHAT_FORBIDDEN)).toEqual([]);
	});

	it.each([401, 403, 404, 400, 429, 500, 502, 503, 504])(
		'the credential test shows no key CometChat or a gateway repeats, in the body or the reason phrase (HTTP %s)',
		async (status) => {
			// (n8n asks again after a 401: every answer is the echo.)
			emulator.failNext({ status, statusText: `Refused ${echo(STORED_API_KEY)}`, body: { error: { code: 'ERR_ECHO', message: echo(STORED_API_KEY) } } }, 3);
			const result = await testCredential(credentials());
			expect(result).toEqual({ status: 'Error', message: expect.stringMatching(/^(CometChat|This key)/) });
			expect(leaks(everything(result, logged), CHAT_FORBIDDEN)).toEqual([]);
		},
	);
});

/** An emulator per describe, its management host taking MGMT_KEY and MGMT_SECRET, emptied before each test. */
function emulatorWithManagementPair(): { get: () => Emulator; credentials: () => IDataObject } {
	let emulator: Emulator | undefined;
	beforeAll(async () => {
		emulator = await createEmulator();
	});
	beforeEach(() => {
		emulator!.reset();
		managementStore(emulator!.state).credentials = { key: MGMT_KEY, secret: MGMT_SECRET };
	});
	afterAll(() => emulator?.close());
	return { get: () => emulator!, credentials: () => ({ ...STORED_MGMT, baseUrl: emulator!.url.replace(/\/v3$/, '') }) };
}

describe('the management key and secret, echoed by CometChat', () => {
	const { get: emulator, credentials } = emulatorWithManagementPair();

	it('an error answer echoing them: code and message kept, key, secret and Basic pair cut out', async () => {
		emulator().failNext({ status: 400, body: { error: { code: 'ERR_BAD_REQUEST', message: `Bad ${MGMT_ECHO}` } } });
		const result = await runNode({ parameters: { resource: 'app', operation: 'getAll', returnAll: true }, credentials: credentials(), node: managementNode });
		expect(result.error?.message).toMatch(/^ERR_BAD_REQUEST: Bad raw <\[redacted\]> trimmed <\[redacted\]> encoded <\[redacted\]>/);
		expectClean(result, MGMT_FORBIDDEN);
	});

	it('a success answer echoing them: the items without them', async () => {
		emulator().failNext({ status: 200, body: { data: [{ id: 'app-1', name: MGMT_ECHO }], meta: { pagination: { total: 1, count: 1, per_page: 1000, current_page: 1, total_pages: 1 } } } });
		const result = await runNode({ parameters: { resource: 'app', operation: 'getAll', returnAll: true }, credentials: credentials(), node: managementNode });
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.id).toBe('app-1');
		expectClean(result, MGMT_FORBIDDEN);
	});

	it.each([401, 403, 404, 400, 429, 500, 502, 503, 504])('the credential test shows none of them, in the body or the reason phrase (HTTP %s)', async (status) => {
		emulator().failNext({ status, statusText: `Refused ${MGMT_ECHO}`, body: { error: { code: 'ERR_ECHO', message: MGMT_ECHO } } }, 3);
		const result = await runCredentialTest(managementCredentialType, credentialDefaults(managementCredentialType, credentials()));
		expect(result).toEqual({ status: 'Error', message: expect.stringMatching(/^(CometChat|The CometChat Management API|This key pair|Nothing answers)/) });
		expect(leaks(everything(result, logged), MGMT_FORBIDDEN)).toEqual([]);
	});

	it('the App picker shows none of them', async () => {
		emulator().failNext({ status: 200, body: { data: [{ id: 'app-1', name: MGMT_ECHO }], meta: { pagination: { total: 1, count: 1, per_page: 50, current_page: 1, total_pages: 1 } } } });
		const found = await listSearch('searchApps', credentials(), {}, undefined, undefined, managementNode);
		expect(found.results.map((entry) => entry.value)).toEqual(['app-1']);
		expect(leaks(everything(found), MGMT_FORBIDDEN)).toEqual([]);
	});
});

describe('the CometChat Trigger keeps its Basic Auth pair and the management secret out', () => {
	const { get: emulator, credentials: managementCredentials } = emulatorWithManagementPair();
	// One credential per registration. Automatic: the management credential, and the pair the trigger
	// made and keeps in static data (given here, so the test knows it). Manual: the Webhook Auth credential.
	const setup = (registration: 'manual' | 'automatic'): TriggerSetup =>
		registration === 'automatic'
			? {
					parameters: { registration, appId: emulator().appId, events: ['message_sent'] },
					credentials: { cometChatManagementApi: managementCredentials() },
					staticData: { [`node:${TRIGGER_NAME}`]: { basicAuth: { username: HOOK_USER, password: HOOK_PASSWORD } } },
				}
			: { parameters: { registration, events: ['message_sent'] }, credentials: { cometChatWebhookAuthApi: { username: HOOK_USER, password: HOOK_PASSWORD } } };
	const basic = `Basic ${base64(`${HOOK_USER}:${HOOK_PASSWORD}`)}`;
	/** Automatic registration: CometChat has the trigger's webhook with that pair, as an earlier activation left it (so activating keeps the pair). */
	const start = async (registration: 'manual' | 'automatic') => {
		const trigger = await startTrigger(setup(registration));
		if (registration === 'automatic') {
			const id = `n8n${createHash('sha256').update(trigger.webhookUrl).digest('hex').slice(0, 32)}`;
			managementStore(emulator().state).seedWebhook(emulator().appId, { id, webhookURL: trigger.webhookUrl, username: HOOK_USER, password: HOOK_PASSWORD });
		}
		return trigger;
	};

	it.each(['automatic', 'manual'] as const)('an event that repeats them starts a workflow whose items hold none of them (%s registration)', async (registration) => {
		const trigger = await start(registration);
		try {
			if (registration === 'automatic') {
				expect(await trigger.activate()).toEqual({ existed: true });
				// The pair it registered is the one kept, which deliveries carry.
				expect(trigger.staticData().basicAuth).toMatchObject({ username: HOOK_USER, password: HOOK_PASSWORD });
			}
			// The management secret is the trigger's to hide only where it holds that credential.
			const text = `${echo(HOOK_PASSWORD)} header <${basic}>${registration === 'automatic' ? ` ${echo(STORED_MGMT.secret)}` : ''}`;
			const answer = await fetch(trigger.url, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', Authorization: basic },
				body: JSON.stringify({
					trigger: 'message_sent',
					appId: emulator().appId,
					region: 'us',
					webhook: 'n8n',
					data: { message: { id: '1', category: 'message', type: 'text', data: { text }, sender: 'a', receiver: 'b', receiverType: 'user' } },
				}),
			});
			expect(answer.status).toBe(200);
			const [execution] = await trigger.executions();
			expect(execution.items).toHaveLength(1);
			expect((execution.items[0].json.message as IDataObject).id).toBe('1');
			expect(JSON.stringify(execution.items)).toContain('[redacted]');
			expect(leaks(everything(execution.items, execution.run, trigger.warnings, logged), [...HOOK_FORBIDDEN, ...MGMT_FORBIDDEN])).toEqual([]);
		} finally {
			await trigger.close();
		}
	});

	it('a failed activation and a failed deactivation, with CometChat echoing them, neither show nor log them', async () => {
		const trigger = await start('automatic');
		try {
			const text = `${MGMT_ECHO} ${echo(HOOK_PASSWORD)} header <${basic}>`;
			emulator().failNext({ status: 400, body: { error: { code: 'ERR_BAD_REQUEST', message: text } } });
			const failed = await trigger.activate().catch((error: Error) => error);
			expect(failed).toBeInstanceOf(Error);
			expect((failed as Error).message).toMatch(/^ERR_BAD_REQUEST: raw <\[redacted\]>/);
			await trigger.activate();
			emulator().failNext({ status: 500, body: { error: { code: 'ERR_EXCEPTION', message: text } } });
			expect(await trigger.deactivate()).toBe(false);
			expect(trigger.warnings.join('\n')).toContain('could not delete its webhook');
			expect(leaks(everything(failed, trigger.warnings, logged), [...HOOK_FORBIDDEN, ...MGMT_FORBIDDEN])).toEqual([]);
		} finally {
			await trigger.close();
		}
	});
});

describe('redaction itself', () => {
	it('cuts out the longest form whole, in values and keys, case-insensitively, and leaves the rest', () => {
		const secret = ' Ab/cd+ef 0123 ';
		const value = { [`k ${secret.trim()}`]: [`x${secret}y`, `%2F ${encodeURIComponent(secret.trim()).toLowerCase()}`, 'plain'] };
		expect(redactAll(value, [secret])).toEqual({ 'k [redacted]': ['x[redacted]y', '%2F [redacted]', 'plain'] });
	});

	it('output items: only those holding a form of a secret (in a value, a key, deep in lists) are copied without it; the others stay as they are', () => {
		const secret = 'k3y-0f-the-app-1234';
		const clean = { json: { uid: 'alice', tags: ['a'], n: 12345678901234 } };
		const inKey = { json: { metadata: { [`note ${secret.toUpperCase()}`]: 1 } } };
		const deep = { json: { a: [[{ b: [`x ${encodeURIComponent(secret)} y`] }]] } };
		const items = [clean, inKey, deep];
		const out = redactItems(items, [secret]);
		expect(out[0]).toBe(clean);
		expect(out[1].json).toEqual({ metadata: { 'note [redacted]': 1 } });
		expect(out[2].json).toEqual({ a: [[{ b: ['x [redacted] y'] }]] });
		expect(inKey.json.metadata).toHaveProperty([`note ${secret.toUpperCase()}`]); // a copy, not the answer changed
		expect(redactItems([clean], [secret])[0]).toBe(clean);
	});

	it(`does not search for secrets shorter than ${SECRET_MIN_LENGTH} characters: ordinary text stays`, () => {
		expect(secretForms('abc')).toEqual([]);
		expect(secretForms('   abcde   ')).toEqual([]);
		expect(redactAll('abcde is a word', ['abcde'])).toBe('abcde is a word');
		expect(redactAll('', [''])).toBe('');
	});
});
