/**
 * Contract test: every operation the node offers is run in n8n's engine with every field filled in,
 * against a server that records the requests, and each request is checked against CometChat's official
 * OpenAPI spec, as test/spec-digest.json records it (method and path exist; query, header and body
 * fields are ones the spec defines, of its types and formats; required ones are present; enum values are
 * allowed). Then the spec's operations for the resource groups the node covers must all be offered,
 * except those named in spec.ts (LEFT_OUT) with a reason.
 */
import type { IDataObject } from 'n8n-workflow';
import { aiAgentsNode, chatNode, managementNode, runNode, type NodeKind } from '../harness';
import {
	AI_AGENTS_COVERED_TAGS,
	COVERED_TAGS,
	INPUT_BINARY,
	LEFT_OUT,
	MANAGEMENT_COVERED_TAGS,
	matchOperation,
	operationsOf,
	parametersOf,
	specOperations,
	startRecorder,
	variants,
	violations,
	type SpecHost,
	type SpecOperation,
} from './spec';

// ---- the tests -------------------------------------------------------------------------------------

interface Suite {
	title: string;
	kind: NodeKind;
	host: SpecHost;
	coveredTags: string[];
	/** The node's credential, pointing at the recorder (whose URL ends in /v3). */
	credentials: (recorderUrl: string) => IDataObject;
}

const SUITES: Suite[] = [
	{
		title: 'CometChat node (chat-apis.json, calls.json, data-import-apis.json)',
		kind: chatNode,
		host: 'chat',
		coveredTags: COVERED_TAGS,
		credentials: (url) => ({ appId: 'contract', apiKey: 'contract-key', baseUrl: url }),
	},
	{
		title: 'CometChat Management node (management-apis.json)',
		kind: managementNode,
		host: 'management',
		coveredTags: MANAGEMENT_COVERED_TAGS,
		credentials: (url) => ({ key: 'contract-key', secret: 'contract-secret', baseUrl: url.replace(/\/v3$/, '') }),
	},
	{
		title: 'CometChat AI Agents node (ai-agent-service.json)',
		kind: aiAgentsNode,
		host: 'chat',
		coveredTags: AI_AGENTS_COVERED_TAGS,
		credentials: (url) => ({ appId: 'contract', apiKey: 'contract-key', baseUrl: url }),
	},
];

describe.each(SUITES.map((suite) => [suite.title, suite]))('contract with CometChat\'s OpenAPI spec: %s', (_title, { kind, host, coveredTags, credentials }) => {
	let recorder: Awaited<ReturnType<typeof startRecorder>>;
	const covered = new Set<string>();
	const sentOnBehalfOf = new Set<string>();
	beforeAll(async () => {
		recorder = await startRecorder();
	});
	afterAll(() => new Promise<void>((done) => recorder.server.close(() => done())));

	it.each(operationsOf(kind).map((o) => [`${o.resource} → ${o.operation}`, o]))('%s sends only what the spec defines', async (_name, { resource, operation }) => {
		for (const parameters of variants(resource, operation, kind)) {
			recorder.requests.length = 0;
			const binary = INPUT_BINARY[`${resource}.${operation}`];
			const { error } = await runNode({ parameters, credentials: credentials(recorder.url), node: kind, input: binary ? [{ json: {}, binary }] : undefined });
			expect({ parameters, error: error?.message }).toEqual({ parameters, error: undefined });
			expect(recorder.requests.length).toBeGreaterThan(0);
			for (const request of recorder.requests) {
				const op = matchOperation(request.method, request.path, host);
				expect({ request: `${request.method} ${request.path}`, op: op?.id ?? 'no such method and path in the spec' }).toEqual({
					request: `${request.method} ${request.path}`,
					op: expect.stringMatching(/^(GET|POST|PUT|PATCH|DELETE) \//),
				});
				covered.add(op!.id);
				if (request.headers.onbehalfof !== undefined) sentOnBehalfOf.add(op!.id);
				expect({ op: op!.id, parameters, problems: violations(op!, request) }).toEqual({ op: op!.id, parameters, problems: [] });
			}
		}
	});

	it('offers every operation of the covered resource groups, or names why not', () => {
		const missing = specOperations
			.filter((op) => op.host === host && coveredTags.includes(op.tag) && !covered.has(op.id) && !(op.id in LEFT_OUT))
			.map((op) => `${op.id} (${op.tag}: ${op.name})`);
		expect(missing).toEqual([]);
		for (const id of Object.keys(LEFT_OUT)) expect(covered.has(id)).toBe(false);
	});

	it('offers On Behalf Of wherever the spec accepts the onBehalfOf header', () => {
		const accepts = (op: SpecOperation) => parametersOf(op).some((p) => p.in === 'header' && String(p.name).toLowerCase() === 'onbehalfof');
		const lacking = specOperations.filter((op) => covered.has(op.id) && accepts(op) && !sentOnBehalfOf.has(op.id)).map((op) => op.id);
		expect(lacking).toEqual([]);
	});
});
