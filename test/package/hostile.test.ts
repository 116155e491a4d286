/**
 * Hostile input, property-based: for every operation, in every variant (spec.ts everyVariant: each
 * receiver, message and media type…), random fields get random and hostile values through expressions (the way data from a form or webhook arrives, past n8n's own static checks).
 * Whatever comes, the run must not crash; a failure must be a clear message naming the field and the
 * item; and anything the node does send must still be a request CometChat's spec allows.
 */
import fc from 'fast-check';
import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';
import { aiAgentsNode, chatNode, managementNode, runNode, type NodeKind } from '../harness';
import { everyVariant, INPUT_BINARY, matchOperation, operationsOf, startRecorder, violations, type SpecHost } from './spec';

const hostileValue = fc.oneof(
	fc.string({ maxLength: 40 }),
	fc.string({ unit: 'grapheme', maxLength: 40 }),
	fc.string({ unit: 'binary', maxLength: 40 }),
	fc.constantFrom('', ' ', ' \n\t ', '../users', 'a/b', 'a b', '%2F..%2F', '\u0000', '<@uid:x>', '{"a":', '[]', '{}', 'null', 'undefined', 'x'.repeat(5000), 'é'.repeat(101), '🙂'.repeat(60), 'DROP TABLE users;--'),
	fc.integer(),
	fc.double(),
	fc.boolean(),
	fc.constant(null),
	fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.constant(null)), { maxLength: 30 }),
	// Items reach a node as JSON, so objects have prototypes (n8n's own expression engine fails on those without).
	fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { noNullPrototype: true }),
);

const CRASH = /Cannot read propert|is not a function|is not iterable|Maximum call stack|\[object Object\]/;

/** Every place a value can go: top-level fields, and the entries of collections. */
function slots(parameters: INodeParameters): string[] {
	return Object.entries(parameters).flatMap(([name, value]) => {
		if (name === 'resource' || name === 'operation' || name === 'retry') return [];
		const isLocator = value !== null && typeof value === 'object' && '__rl' in (value as object);
		if (value !== null && typeof value === 'object' && !Array.isArray(value) && !isLocator) {
			return Object.keys(value).map((key) => `${name}.${key}`);
		}
		return [name];
	});
}

/** The display names a message may start with: the operation's fields and their entries. */
function fieldNames(kind: NodeKind, resource: string, operation: string): string[] {
	const walk = (list: INodeProperties[]): string[] =>
		list.flatMap((p) => [p.displayName, ...walk(((p.options ?? []) as INodeProperties[]).filter((o) => 'type' in o))]);
	return walk(
		kind.nodeType.description.properties.filter(
			(p) => p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions?.show?.operation?.includes(operation),
		),
	);
}

// Each node with its credential pointing at the recorder (whose URL ends in /v3).
const NODES: Array<[string, { kind: NodeKind; host: SpecHost; credentials: (url: string) => IDataObject }]> = [
	['CometChat', { kind: chatNode, host: 'chat', credentials: (url) => ({ appId: 'hostile', apiKey: 'hostile-key', baseUrl: url }) }],
	[
		'CometChat Management',
		{ kind: managementNode, host: 'management', credentials: (url) => ({ key: 'hostile-key', secret: 'hostile-secret', baseUrl: url.replace(/\/v3$/, '') }) },
	],
	['CometChat AI Agents', { kind: aiAgentsNode, host: 'chat', credentials: (url) => ({ appId: 'hostile', apiKey: 'hostile-key', baseUrl: url }) }],
];

describe.each(NODES)('hostile input: %s node', (_title, { kind, host, credentials }) => {
	let recorder: Awaited<ReturnType<typeof startRecorder>>;
	beforeAll(async () => {
		recorder = await startRecorder();
	});
	afterAll(() => new Promise<void>((done) => recorder.server.close(() => done())));

	it.each(operationsOf(kind).map((o) => [`${o.resource} → ${o.operation}`, o]))('%s: no crash, clear messages, only valid requests', async (_name, { resource, operation }) => {
		const bases = everyVariant(resource, operation, kind).filter((base) => slots(base).length > 0);
		if (bases.length === 0) return; // nothing to fill in (e.g. Metric → Get Message Metrics)
		const names = fieldNames(kind, resource, operation);
		// A variant, some of its places, and a hostile value for each.
		const attempt = fc
			.constantFrom(...bases)
			.chain((base) => fc.tuple(fc.constant(base), fc.subarray(slots(base), { minLength: 1 })))
			.chain(([base, chosen]) => fc.tuple(fc.constant(base), fc.constant(chosen), fc.array(hostileValue, { minLength: chosen.length, maxLength: chosen.length })));
		await fc.assert(
			fc.asyncProperty(attempt, async ([base, chosen, values]) => {
				const parameters = JSON.parse(JSON.stringify(base)) as INodeParameters;
				const item: IDataObject = {};
				chosen.forEach((place, i) => {
					const [name, key] = place.split('.');
					const expression = `={{ $json.v${i} }}`;
					item[`v${i}`] = values[i] as IDataObject[string];
					const target = parameters[name] as IDataObject;
					if (key) target[key] = expression;
					else if (target !== null && typeof target === 'object' && '__rl' in target) target.value = expression;
					else parameters[name] = expression;
				});
				recorder.requests.length = 0;
				const binary = INPUT_BINARY[`${resource}.${operation}`];
				const { error } = await runNode({ parameters, credentials: credentials(recorder.url), input: [{ json: item, ...(binary ? { binary } : {}) }], node: kind });
				if (error) {
					const message = String(error.message);
					expect(message).not.toMatch(CRASH);
					const field = message.split(':')[0];
					const clear = names.includes(field) || message.startsWith(`The '${kind.name}' node has issues`) || message.startsWith('CometChat');
					expect({ message, clear }).toEqual({ message, clear: true });
					if (names.includes(field)) expect(message).toMatch(/\[item 0\]$/);
				}
				for (const request of recorder.requests) {
					const op = matchOperation(request.method, request.path, host);
					expect({ request: `${request.method} ${request.path}`, known: Boolean(op) }).toEqual({ request: `${request.method} ${request.path}`, known: true });
					if (op) expect({ op: op.id, item, problems: violations(op, request) }).toEqual({ op: op.id, item, problems: [] });
				}
			}),
			// A fixed seed keeps CI reproducible; FC_SEED / FC_RUNS explore further (and a failure prints its seed).
			{ numRuns: Number(process.env.FC_RUNS ?? 12), seed: Number(process.env.FC_SEED ?? 20261126) },
		);
	});
});
