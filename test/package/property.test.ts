/**
 * Valid input, property-based: every variant of every operation (spec.ts everyVariant: each receiver
 * type, message type, media type, list mode…) is run with its fields given random values of the kind a
 * user would give (IDs, free text in any script, URLs, tags, JSON objects, numbers, dates, options), and
 * collection entries and attachments given or left out at random. Each run must succeed (a message text
 * longer than CometChat allows must be refused before any request), nothing given may be dropped, and
 * each request must be one the spec (test/package/spec-digest.json) allows: names, JSON types, integer formats,
 * bounds, enums, required fields, the formats its examples show (times in seconds, http(s) URLs) and the
 * lengths CometChat documents (a message's data at most 10 KB, 65,536 characters in all, 25 tags of 100).
 */
import fc from 'fast-check';
import type { IDataObject, INodeParameters, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { aiAgentsNode, campaignsNode, chatNode, managementNode, runNode, type NodeKind } from '../harness';
import { everyVariant, fieldsOf, FREE_FORM, INPUT_BINARY, matchOperation, operationsOf, sample, shownWith, specOperations, startRecorder, violations, type Recorded, type SpecHost } from './spec';

// ---- values a user would give ----------------------------------------------------------------------

// CometChat IDs: letters, digits, - and _, up to 100 (either case: CometChat ignores it).
const ID = fc.oneof(fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,29}$/), fc.stringMatching(/^[A-Za-z0-9_-]{1,100}$/));
// Free text in any script, emoji included (a grapheme may be several code points: 20 stay within every
// limit), at times with a mention written in it.
const TEXT = fc
	.tuple(
		fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '' && !s.includes('<@')),
		fc.option(fc.stringMatching(/^[a-z0-9_-]{1,20}$/), { nil: undefined }),
	)
	.map(([text, mentioned]) => (mentioned ? `${text} <@uid:${mentioned}>` : text));
// https: webhooks take nothing else.
// A message's text or caption, at times long enough to pass CometChat's limit on a message's data (10 KB).
const MESSAGE_TEXT = fc.oneof(
	{ weight: 4, arbitrary: TEXT },
	{ weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 2000, maxLength: 6000 }).filter((s) => s.trim() !== '' && !s.includes('<@')) },
);
const URL = fc.webUrl({ validSchemes: ['https'], withQueryParameters: true });
const TAG = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '' && !/[,\n]/.test(s)).map((s) => s.trim());
const JSON_OBJECT = fc
	.dictionary(fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,9}$/), fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 4 })
	.map((value) => JSON.stringify(value));
const DATE = fc.date({ min: new Date('2001-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
const list = (entry: fc.Arbitrary<string>) => fc.uniqueArray(entry, { minLength: 1, maxLength: 3, selector: (s) => s.toLowerCase() }).map((entries) => entries.join(', '));

// Fields by name: single IDs, lists of IDs, tags, free text, addresses.
const ID_FIELDS = new Set(['uid', 'guid', 'receiver', 'onBehalfOf', 'sender', 'owner', 'member', 'bot', 'user', 'flaggedBy', 'reactionSender', 'reactionReceiver', 'muid']);
const ID_LISTS = new Set(['uids', 'guids', 'admins', 'moderators', 'participants', 'receiverUids', 'receiverGuids', 'blockedUids', 'friendUids', 'mentions', 'mentionedUids', 'usersToBan']);
const TAG_LISTS = new Set(['tags', 'groupTags', 'userTags']);
const TEXT_FIELDS = new Set(['text', 'caption', 'name', 'description', 'statusMessage', 'remark', 'searchKey', 'customType', 'interactiveType', 'senderName']);
const URL_FIELDS = /(url|URL|Url)$|^(avatar|icon|link)$/;

function stringValue(name: string): fc.Arbitrary<string> | undefined {
	if (ID_FIELDS.has(name)) return ID;
	if (ID_LISTS.has(name)) return list(ID);
	if (TAG_LISTS.has(name)) return list(TAG);
	if (name === 'text' || name === 'caption') return MESSAGE_TEXT;
	if (TEXT_FIELDS.has(name)) return TEXT;
	if (URL_FIELDS.test(name)) return URL;
	return undefined;
}

/**
 * Random valid values for a field, or undefined to keep the variant's value: the choices that make the
 * variant, values spec.ts sets on purpose (OVERRIDES: formats a generic value would break), and fields
 * of unknown format (keys, phone numbers, time zones…).
 */
function valueOf(p: INodeProperties, current: unknown, deciding: Set<string>, top: boolean): fc.Arbitrary<unknown> | undefined {
	if (JSON.stringify(current) !== JSON.stringify(sample(p))) return undefined;
	switch (p.type) {
		case 'resourceLocator': {
			const id = stringValue(p.name);
			return id && id !== URL ? id.map((value) => ({ __rl: true, mode: 'id', value })) : undefined;
		}
		case 'string':
			return stringValue(p.name);
		case 'boolean':
			return top && deciding.has(p.name) ? undefined : fc.boolean();
		case 'number':
			// (Schedule times are HHMM, not any number: kept.)
			return ['from', 'to'].includes(p.name) ? undefined : fc.integer({ min: p.typeOptions?.minValue ?? 1, max: p.typeOptions?.maxValue ?? 1000 });
		case 'dateTime':
			return DATE;
		case 'json':
			// The customer's own JSON; others (settings, permissions, templates) have formats of their own.
			return FREE_FORM.includes(p.name) ? JSON_OBJECT : undefined;
		case 'options':
			return top ? undefined : fc.constantFrom(...(p.options as INodePropertyOptions[]).map((o) => o.value));
		case 'multiOptions':
			// (Options loaded from the app have none to choose from here.)
			return p.options?.length ? fc.subarray((p.options as INodePropertyOptions[]).map((o) => o.value), { minLength: 1 }) : undefined;
		case 'collection': {
			// Each entry given or left out (at least one: an empty Update Fields is refused); half the runs give them all.
			const entries = recordOf(p.options as INodeProperties[], (current ?? {}) as IDataObject, deciding);
			if (!Object.keys(entries).length) return undefined;
			return fc.oneof(fc.record(entries), fc.record(entries, { requiredKeys: [] }).filter((value) => Object.keys(value).length > 0));
		}
		case 'fixedCollection': {
			const groups = p.options as Array<{ name: string; values: INodeProperties[] }>;
			const value = (current ?? {}) as IDataObject;
			return fc.record(
				Object.fromEntries(
					groups.map((group) => {
						const first = (p.typeOptions?.multipleValues ? (value[group.name] as IDataObject[])[0] : value[group.name]) as IDataObject;
						const entry = fc.record(recordOf(group.values, first, deciding));
						// Entries differ in their choices (a repeated day or conversation is refused), else in all.
						const choices = group.values.filter((v) => v.type === 'options').map((v) => v.name);
						const key = (e: Record<string, unknown>) => JSON.stringify(choices.length ? choices.map((name) => e[name]) : e).toLowerCase();
						const unique = fc.uniqueArray(entry, { minLength: 1, maxLength: 3, selector: key });
						return [group.name, p.typeOptions?.multipleValues ? unique : entry];
					}),
				),
			);
		}
		default:
			return undefined;
	}
}

function recordOf(properties: INodeProperties[], current: IDataObject, deciding: Set<string>): Record<string, fc.Arbitrary<unknown>> {
	return Object.fromEntries(
		properties.filter((p) => p.name in current).map((p) => [p.name, valueOf(p, current[p.name], deciding, false) ?? fc.constant(current[p.name])]),
	);
}

/** Random valid parameters of a variant; the variant's own values are the first run. */
function parametersOf(kind: NodeKind, base: INodeParameters): fc.Arbitrary<INodeParameters> {
	const properties = fieldsOf(kind, String(base.resource), String(base.operation));
	const deciding = new Set(properties.flatMap((p) => [...Object.keys(p.displayOptions?.show ?? {}), ...Object.keys(p.displayOptions?.hide ?? {})]));
	const fields: Record<string, fc.Arbitrary<unknown>> = {};
	for (const [name, value] of Object.entries(base)) {
		// The field as shown in this variant (a name may be several properties, shown for different choices).
		const p = properties.find((x) => x.name === name && JSON.stringify(sample(x)) === JSON.stringify(value)) ?? properties.find((x) => x.name === name);
		fields[name] = (p && valueOf(p, value, deciding, true)) ?? fc.constant(value);
	}
	return fc.record(fields).map(inOrder) as fc.Arbitrary<INodeParameters>;
}

// Ranges are given start first (the node refuses an end before its start).
const RANGES = [
	['from', 'to'],
	['fromDate', 'toDate'],
	['startedAt', 'endedAt'],
];
function inOrder(parameters: Record<string, unknown>): Record<string, unknown> {
	const ordered: Record<string, unknown> = { ...parameters };
	for (const [start, end] of RANGES) {
		const [a, b] = [ordered[start], ordered[end]];
		if (typeof a === 'string' && typeof b === 'string' && Date.parse(a) > Date.parse(b)) [ordered[start], ordered[end]] = [b, a];
	}
	for (const [name, value] of Object.entries(ordered)) {
		if (value !== null && typeof value === 'object' && !Array.isArray(value) && !('__rl' in value)) ordered[name] = inOrder(value as Record<string, unknown>);
	}
	return ordered;
}

// ---- the tests -------------------------------------------------------------------------------------

const NODES: Array<[string, { kind: NodeKind; host: SpecHost; credentials: (url: string) => IDataObject }]> = [
	['CometChat', { kind: chatNode, host: 'chat', credentials: (url) => ({ appId: 'property', apiKey: 'property-key', baseUrl: url }) }],
	['CometChat Campaigns', { kind: campaignsNode, host: 'chat', credentials: (url) => ({ appId: 'property', apiKey: 'property-key', baseUrl: url }) }],
	[
		'CometChat Management',
		{ kind: managementNode, host: 'management', credentials: (url) => ({ key: 'property-key', secret: 'property-secret', baseUrl: url.replace(/\/v3$/, '') }) },
	],
	['CometChat AI Agents', { kind: aiAgentsNode, host: 'chat', credentials: (url) => ({ appId: 'property', apiKey: 'property-key', baseUrl: url }) }],
];

/**
 * The data a user gave (IDs, lists, tags, text, addresses: by field name, in any collection) that no
 * request carries: given and silently dropped.
 */
function lost(kind: NodeKind, parameters: INodeParameters, requests: Recorded[]): string[] {
	const sent = requests.map((r) => `${r.path} ${JSON.stringify(r.query)} ${JSON.stringify(r.headers)} ${JSON.stringify(r.body)}`).join('\n');
	const given: Array<[string, string]> = [];
	const walk = (value: unknown, name: string) => {
		if (typeof value === 'string') {
			if (!(ID_FIELDS.has(name) || ID_LISTS.has(name) || TAG_LISTS.has(name) || TEXT_FIELDS.has(name) || URL_FIELDS.test(name))) return;
			const entries = ID_LISTS.has(name) || TAG_LISTS.has(name) ? value.split(',') : [value];
			for (const entry of entries) if (entry.trim() !== '') given.push([name, entry.trim()]);
		} else if (Array.isArray(value)) value.forEach((entry) => walk(entry, name));
		else if (value !== null && typeof value === 'object') {
			if ('__rl' in value) walk((value as IDataObject).value, name);
			else for (const [key, entry] of Object.entries(value)) walk(entry, key);
		}
	};
	// Top-level fields as shown in this variant; of a collection, only the entries it offers (spec.ts may fill in more).
	const shown = fieldsOf(kind, String(parameters.resource), String(parameters.operation)).filter((p) => shownWith(p, parameters));
	for (const p of shown) {
		const value = parameters[p.name];
		if (p.type === 'collection' && value !== null && typeof value === 'object') {
			const offered = new Set((p.options as INodeProperties[]).map((o) => o.name));
			for (const [key, entry] of Object.entries(value)) if (offered.has(key)) walk(entry, key);
		} else walk(value, p.name);
	}
	return given.filter(([, value]) => !sent.includes(value) && !sent.includes(JSON.stringify(value).slice(1, -1))).map(([name, value]) => `${name}: ${JSON.stringify(value)}`);
}

/** What a run sent that the spec does not allow, per request. */
function problemsOf(requests: Recorded[], host: SpecHost): string[] {
	return requests.flatMap((request) => {
		const op = matchOperation(request.method, request.path, host);
		if (!op) return [`${request.method} ${request.path}: no such method and path in the spec`];
		return violations(op, request, { inferredFormats: true }).map((problem) => `${op.id}: ${problem}`);
	});
}

describe.each(NODES)('valid input, every variant: %s node', (_title, { kind, host, credentials }) => {
	let recorder: Awaited<ReturnType<typeof startRecorder>>;
	beforeAll(async () => {
		recorder = await startRecorder();
	});
	afterAll(() => new Promise<void>((done) => recorder.server.close(() => done())));

	const cases = operationsOf(kind).flatMap(({ resource, operation }) =>
		everyVariant(resource, operation, kind).map((base, index) => [`${resource} → ${operation} #${index + 1}`, base] as const),
	);
	it.each(cases)('%s: runs, and sends only what the spec allows', async (_name, base) => {
		const binary = INPUT_BINARY[`${base.resource}.${base.operation}`];
		await fc.assert(
			fc.asyncProperty(parametersOf(kind, base), async (parameters) => {
				recorder.requests.length = 0;
				// The agent a BYO Agent → Update reads its integration of is the one asked for.
				if (base.resource === 'byoAgent') recorder.byoAgent.uid = String((parameters.uid as IDataObject | undefined)?.value ?? 'sample-uid').trim();
				const { error } = await runNode({ parameters, credentials: credentials(recorder.url), node: kind, input: [{ json: {}, ...(binary ? { binary } : {}) }] });
				// Valid values, except that a text may be longer than CometChat allows a message: that is refused
				// before any request, naming the field.
				// So may a campaigns list under another Sort By than the field it pages by, asked for more than a
				// page (Return All, a Limit over 100): refused before any request, as it could not be read right.
				if (error && /^(Text|Caption|Attachments): .*CometChat allows at most .* \[item 0\]$|^(Return All|Limit): reads at most 100 records with Sort By \w+ \[item 0\]$/.test(error.message)) {
					expect(recorder.requests).toEqual([]);
					return;
				}
				expect({ parameters, error: error?.message }).toEqual({ parameters, error: undefined });
				expect(recorder.requests.length).toBeGreaterThan(0);
				expect({ parameters, problems: problemsOf(recorder.requests, host), lost: lost(kind, parameters, recorder.requests) }).toEqual({ parameters, problems: [], lost: [] });
			}),
			// A fixed seed keeps CI reproducible; FC_SEED / FC_RUNS explore further (and a failure prints its seed).
			// No shrinking: a failing run is shown as it was (shrinking long texts takes minutes).
			{ numRuns: Number(process.env.FC_RUNS ?? 4), seed: Number(process.env.FC_SEED ?? 20261126), examples: [[base]], endOnFailure: true },
		);
	});
});

describe('the checker itself (violations) finds what is wrong', () => {
	const op = (id: string) => specOperations.find((o) => o.id === id)!;
	const request = (method: string, path: string, body?: unknown, query: Record<string, string> = {}, headers: Record<string, string> = {}): Recorded => ({
		method,
		path,
		query,
		headers: { 'content-type': 'application/json', ...headers },
		body,
	});
	it('a body value of the wrong JSON type, an enum value not allowed, a field not in the spec, a required one missing', () => {
		expect(violations(op('POST /users'), request('POST', '/v3/users', { uid: 'ana', name: 'Ana' }))).toEqual([]);
		expect(violations(op('POST /users'), request('POST', '/v3/users', { uid: 7, name: 'Ana', withAuthToken: 'yes', colour: 'red' }))).toEqual([
			'body.uid is integer 7, the spec says string',
			'body.withAuthToken is string "yes", the spec says boolean',
			'body.colour is not in the spec',
		]);
		expect(violations(op('POST /users'), request('POST', '/v3/users', { uid: 'ana' }))).toEqual(['required body.name is missing']);
		expect(violations(op('POST /groups'), request('POST', '/v3/groups', { guid: 'g', name: 'G', type: 'secret' }))).toEqual([
			'body.type="secret" is not one of public, password, private',
		]);
	});
	it('query values that do not read as their type, and times not in seconds', () => {
		expect(violations(op('GET /users'), request('GET', '/v3/users', undefined, { perPage: '10', withTags: 'true' }))).toEqual([]);
		expect(violations(op('GET /users'), request('GET', '/v3/users', undefined, { perPage: 'ten', withTags: '1', searchIn: 'name,email' }))).toEqual([
			'query perPage="ten" is not an integer',
			'query withTags="1" is not true or false',
			'query searchIn[1]="email" is not one of name, uid',
		]);
		const calls = op('GET /calls');
		expect(violations(calls, request('GET', '/v3/calls', undefined, { startedAt: '1704067200000' }), { inferredFormats: true })).toEqual([
			'query startedAt=1704067200000 is not a time in seconds',
		]);
		expect(violations(calls, request('GET', '/v3/calls', undefined, { startedAt: '1704067200' }), { inferredFormats: true })).toEqual([]);
		// Notification logs take milliseconds (spec.ts MILLISECONDS).
		const logs = op('GET /notifications/v1/logs');
		expect(violations(logs, request('GET', '/v3/notifications/v1/logs', undefined, { from: '1704067200' }), { inferredFormats: true })).toEqual([
			'query from=1704067200 is not a time in milliseconds',
		]);
		expect(violations(logs, request('GET', '/v3/notifications/v1/logs', undefined, { from: '1704067200000' }), { inferredFormats: true })).toEqual([]);
	});
	it('an address that is not an http(s) URL', () => {
		expect(violations(op('POST /users'), request('POST', '/v3/users', { uid: 'ana', name: 'Ana', avatar: 'ftp://x' }), { inferredFormats: true })).toEqual([
			'body.avatar="ftp://x" is not an http(s) URL',
		]);
	});
});
