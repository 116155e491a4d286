import type { IDataObject } from 'n8n-workflow';
import { useCampaigns } from '../campaigns/helpers';

// One reader of a Limit (nodes/shared/pagination.ts readLimitValue) for the lists that page (Return All or
// Limit) and for the Limits sent as they are in the query (Push Notification → Get Many, Analytics' filters):
// the same values pass and the same values are refused, with one wording, before any request.
describe('Limit: one reader for paged lists and query Limits', () => {
	const c = useCampaigns();
	const requests = () => c.ctx.emulator.requests;
	const LIMITS: Array<[string, string, string, (limit: string) => IDataObject]> = [
		['Campaign → Get Many (paged)', 'campaign', 'getAll', (limit) => ({ limit })],
		['Push Notification → Get Many (query)', 'pushNotification', 'getAll', (limit) => ({ limit })],
		['Analytics → Get Overview (a filter)', 'analytics', 'getOverview', (limit) => ({ filters: { limit } })],
	];
	const REFUSED: unknown[] = ['', '  ', 0, -3, 2.5, '2.5', 'ten', 2 ** 53, 1e21, '1e21', true, null, [5], { n: 5 }];

	describe.each(LIMITS)('%s', (_name, resource, operation, limitOf) => {
		it.each(REFUSED.map((value) => [JSON.stringify(value), value]))('refuses %s from an expression, before any request', async (_shown, value) => {
			const { error } = await c.run(resource, operation, limitOf('={{ $json.value }}'), [{ json: { value } as IDataObject }]);
			expect(error?.message).toBe(`Limit: must be a whole number of at least 1, not ${JSON.stringify(value)} [item 0]`);
			expect(requests()).toEqual([]);
		});

		it('takes a whole number given as text, and asks for that many', async () => {
			const { error } = await c.run(resource, operation, limitOf('={{ $json.value }}'), [{ json: { value: ' 7 ' } }]);
			expect(error).toBeUndefined();
			expect(requests()).toHaveLength(1);
			expect(requests()[0].query.limit).toBe('7');
		});
	});
});
