/**
 * Contract test: every operation the node offers is run in n8n's engine with every field filled in,
 * against a server that records the requests, and each request is checked against CometChat's official
 * OpenAPI spec (method and path exist; query, header and body fields are ones the spec defines; required
 * ones are present; enum values are allowed). Then the spec's operations for the resource groups the node
 * covers must all be offered, except those named in spec.ts (LEFT_OUT) with a reason.
 * Without the spec (../shared/reference/cometchat-openapi/) the test is skipped and says so.
 */
import { runNode } from './harness';
import {
	COVERED_TAGS,
	LEFT_OUT,
	matchOperation,
	operations,
	parametersOf,
	SPEC_FILE,
	specOperations,
	specPresent,
	startRecorder,
	variants,
	violations,
	type SpecOperation,
} from './spec';

if (!specPresent) process.stderr.write(`contract.test.ts: skipped, CometChat's OpenAPI spec is not at ${SPEC_FILE}\n`);

// ---- the tests -------------------------------------------------------------------------------------

(specPresent ? describe : describe.skip)('contract with CometChat\'s OpenAPI spec (chat-apis.json)', () => {
	let recorder: Awaited<ReturnType<typeof startRecorder>>;
	const covered = new Set<string>();
	const sentOnBehalfOf = new Set<string>();
	beforeAll(async () => {
		recorder = await startRecorder();
	});
	afterAll(() => new Promise<void>((done) => recorder.server.close(() => done())));

	it.each(operations.map((o) => [`${o.resource} → ${o.operation}`, o]))('%s sends only what the spec defines', async (_name, { resource, operation }) => {
		for (const parameters of variants(resource, operation)) {
			recorder.requests.length = 0;
			const { error } = await runNode({
				parameters,
				credentials: { appId: 'contract', apiKey: 'contract-key', baseUrl: recorder.url },
			});
			expect({ parameters, error: error?.message }).toEqual({ parameters, error: undefined });
			expect(recorder.requests.length).toBeGreaterThan(0);
			for (const request of recorder.requests) {
				const op = matchOperation(request.method, request.path);
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
			.filter((op) => COVERED_TAGS.includes(op.tag) && !covered.has(op.id) && !(op.id in LEFT_OUT))
			.map((op) => `${op.id} (${op.tag}: ${op.operation.summary})`);
		expect(missing).toEqual([]);
		for (const id of Object.keys(LEFT_OUT)) expect(covered.has(id)).toBe(false);
	});

	it('offers On Behalf Of wherever the spec accepts the onBehalfOf header', () => {
		const accepts = (op: SpecOperation) => parametersOf(op).some((p) => p.in === 'header' && String(p.name).toLowerCase() === 'onbehalfof');
		const lacking = specOperations.filter((op) => covered.has(op.id) && accepts(op) && !sentOnBehalfOf.has(op.id)).map((op) => op.id);
		expect(lacking).toEqual([]);
	});
});
