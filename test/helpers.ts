import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { createEmulator, type Emulator, type RecordedRequest } from './emulator';
import { runNode, type RunOptions } from './harness';

/** One emulator per test file, emptied before each test. */
export function useEmulator(): { readonly emulator: Emulator; credentials: () => IDataObject } {
	const holder: { emulator?: Emulator } = {};
	beforeAll(async () => {
		holder.emulator = await createEmulator();
	});
	beforeEach(() => holder.emulator?.reset());
	afterAll(async () => {
		await holder.emulator?.close();
	});
	return {
		get emulator() {
			if (!holder.emulator) throw new Error('emulator not started');
			return holder.emulator;
		},
		credentials: () => ({ appId: holder.emulator!.appId, region: 'us', apiKey: holder.emulator!.apiKey, baseUrl: holder.emulator!.url }),
	};
}

/** A resource-locator value as the editor stores it for "By UID"/"By GUID". */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

export function run(
	ctx: { credentials: () => IDataObject },
	parameters: INodeParameters,
	extra: Omit<RunOptions, 'parameters' | 'credentials'> = {},
) {
	return runNode({ parameters, credentials: ctx.credentials(), ...extra });
}

/** Asserts one recorded request exactly: method, path, query, body; headers as given (undefined = absent). */
export function expectRequest(
	request: RecordedRequest | undefined,
	expected: { method: string; path: string; query?: Record<string, string>; body?: unknown; headers?: Record<string, string | undefined> },
	apiKey: string,
) {
	expect(request).toBeDefined();
	expect(request!.method).toBe(expected.method);
	expect(request!.path).toBe(expected.path);
	expect(request!.query).toEqual(expected.query ?? {});
	expect(request!.body).toEqual(expected.body);
	expect(request!.headers.apikey).toBe(apiKey);
	expect(request!.headers.accept).toBe('application/json');
	for (const [name, value] of Object.entries(expected.headers ?? {})) {
		if (value === undefined) expect(request!.headers).not.toHaveProperty(name.toLowerCase());
		else expect(request!.headers[name.toLowerCase()]).toBe(value);
	}
}
