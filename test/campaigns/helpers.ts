import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import type { RecordedRequest } from '../emulator';
import { campaignsNode, listSearch, runNode } from '../harness';
import { campaignsStore } from '../emulator/routes/campaigns';
import { useEmulator } from '../helpers';

/** The emulator, and the CometChat Campaigns node run against it. */
export function useCampaigns() {
	const ctx = useEmulator();
	return {
		ctx,
		store: () => campaignsStore(ctx.emulator.state),
		run: (resource: string, operation: string, parameters: IDataObject = {}, input?: INodeExecutionData[]) =>
			runNode({ parameters: { resource, operation, ...parameters } as INodeParameters, credentials: ctx.credentials(), input, node: campaignsNode }),
		search: (method: string, filter?: string, token?: string) => listSearch(method, ctx.credentials(), {}, filter, token, campaignsNode),
		/** One request exactly: method, path under /v3/campaigns, query, body; the key and the spec's appid header. */
		expectRequest(request: RecordedRequest | undefined, method: string, path: string, { query = {}, body }: { query?: Record<string, string>; body?: unknown } = {}) {
			expect(request).toBeDefined();
			expect({ method: request!.method, path: request!.path, query: request!.query, body: request!.body }).toEqual({ method, path: `/v3/campaigns${path}`, query, body });
			expect(request!.headers.apikey).toBe(ctx.emulator.apiKey);
			expect(request!.headers.appid).toBe(ctx.emulator.appId);
		},
	};
}
