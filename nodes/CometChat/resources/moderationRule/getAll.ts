import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';
import { inputError } from '../../../shared/validate';

// GET /moderation/rules?limit  →  {data: [<rule>...], meta: {current: {limit, count}}}
// The spec gives this list only `limit` (no page, no cursor), so there is no next page to ask for:
// one request, asking for the Limit, or for 1000 with Return All. INFERRED: 1000 as the largest
// limit, as CometChat's cursor lists take (reference §2.3); an app has at most 25 custom rules.
const MAX_LIMIT = 1000;

export const getAll = defineOperation(
	'moderationRule',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many moderation rules',
		description: 'List the moderation rules of the app, the built-in ones included',
		routing: {
			request: { method: 'GET', url: '/moderation/rules' },
			send: { preSend: [setLimit] },
			output: { postReceive: [unwrapData] },
		},
	},
	[...returnAllOrLimitUnpaged],
);

async function setLimit(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	let limit = MAX_LIMIT;
	if (this.getNodeParameter('returnAll', false) !== true) {
		const raw = this.getNodeParameter('limit', 50) as unknown;
		if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1) {
			throw inputError(this, 'Limit', `must be a whole number of at least 1, not ${JSON.stringify(raw) ?? String(raw)}`);
		}
		limit = Math.min(raw, MAX_LIMIT);
	}
	requestOptions.qs = { ...requestOptions.qs, limit };
	return requestOptions;
}
