import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { pageWalker, returnAllOrLimit } from '../../../shared/pagination';
import { appField, appPath } from '../../../shared/management/fields';

// GET /apps/{appId}/extensions?perPage  →  {data: [{id, name, tagLine, …, isActive, hooks}], meta: {pagination}}
// The spec gives this list only perPage (default 25, at most 1000), no page (its example's next-page
// link shows page=2, but the parameter is not declared): one request of perPage, never page. Return All
// asks for 1000 (CometChat offers a few dozen extensions); more would fail the item, not be cut.
const [returnAll, limit] = returnAllOrLimit;

export const getAll = defineOperation(
	'extension',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many extensions',
		description: 'List the extensions CometChat offers an app, with whether each is active',
		routing: {
			request: { method: 'GET', url: `=${appPath}/extensions` },
			output: { postReceive: [unwrapData] },
		},
	},
	[appField(), { ...returnAll, routing: { send: { paginate: true }, operations: { pagination: pageWalker({ page: false }) } } }, limit],
);
