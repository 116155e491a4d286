import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { createEmulator, type Emulator } from '../emulator';
import { runNode } from '../harness';
import { byId } from '../helpers';

// Max Concurrent Requests (shared/concurrency.ts): n8n starts every item's request at once; the node's
// gate lets only so many reach CometChat at a time. The emulator answers 100 ms late, so requests of
// one run overlap, and it counts the most it answered at once.
describe('Max Concurrent Requests', () => {
	let emulator: Emulator;
	beforeAll(async () => {
		emulator = await createEmulator({ latencyMs: 100 });
	});
	afterAll(async () => emulator.close());
	beforeEach(() => {
		emulator.reset();
		emulator.seedUser({ uid: 'alice', name: 'Alice' });
	});

	const credentials = () => ({ appId: emulator.appId, apiKey: emulator.apiKey, baseUrl: emulator.url });
	const run = (parameters: INodeParameters, input: INodeExecutionData[]) => runNode({ parameters, credentials: credentials(), input });
	const input = Array.from({ length: 20 }, (_, i) => ({ json: { text: `Message ${i}` } }));
	const send = (extra: INodeParameters = {}) => ({
		resource: 'message',
		operation: 'send',
		receiverType: 'user',
		receiver: byId('alice'),
		text: '={{ $json.text }}',
		...extra,
	});

	it('keeps at most the set number of requests in flight, and every item is sent once, in order', async () => {
		const { items, error } = await run(send({ retry: { concurrency: 3 } }), input);
		expect(error).toBeUndefined();
		expect(items.map((item) => (item.json.data as { text: string }).text)).toEqual(input.map((i) => i.json.text));
		expect(emulator.requests).toHaveLength(20);
		expect(emulator.state.messages.map((m) => m.data.text)).toEqual(expect.arrayContaining(input.map((i) => i.json.text)));
		expect(emulator.inFlight.max).toBeLessThanOrEqual(3);
		expect(emulator.inFlight.max).toBeGreaterThanOrEqual(2);
	});

	it('sends more at once when allowed to', async () => {
		const { error } = await run(send({ retry: { concurrency: 50 } }), input);
		expect(error).toBeUndefined();
		expect(emulator.inFlight.max).toBeGreaterThan(3);
		expect(emulator.inFlight.max).toBeLessThanOrEqual(20);
	});

	it('uses 10 by default', async () => {
		const { error } = await run(send(), input);
		expect(error).toBeUndefined();
		expect(emulator.inFlight.max).toBeLessThanOrEqual(10);
		expect(emulator.requests).toHaveLength(20);
	});

	it('refuses a setting that is not a whole number of at least 1, before any request', async () => {
		for (const bad of ['={{ 0 }}', '={{ 2.5 }}', '={{ "many" }}']) {
			emulator.reset();
			const { error } = await run(send({ retry: { concurrency: bad } }), input.slice(0, 1));
			expect(error?.message).toMatch(/^Max Concurrent Requests: must be a whole number of at least 1, not (0|2\.5|"many") \[item 0\]$/);
			expect(emulator.requests).toHaveLength(0);
		}
	});
});
