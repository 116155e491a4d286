import { defineOperation } from '../../../shared/operations';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';
import { recordsOf } from '../shared';
import { VARIABLES } from './fields';

// GET .../agents/variables/all  →  [<variable>...] (predefined and custom, enabled; not paged; groupByCategory not sent: one item per variable either way)
export const getAll = defineOperation(
	'variable',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many variables',
		description: 'List every variable agents can use, predefined (such as auth.uid) and custom, with where each is used',
		routing: {
			request: { method: 'GET', url: `${VARIABLES}/all` },
			output: { postReceive: [recordsOf()] },
		},
	},
	returnAllOrLimitUnpaged,
);

// GET .../agents/variables/custom  →  [<custom variable>...] (not paged)
export const getAllCustom = defineOperation(
	'variable',
	{
		name: 'Get Many Custom',
		value: 'getAllCustom',
		action: 'Get many custom variables',
		description: 'List the app\'s custom variables with their source and default value',
		routing: {
			request: { method: 'GET', url: `${VARIABLES}/custom` },
			output: { postReceive: [recordsOf()] },
		},
	},
	returnAllOrLimitUnpaged,
);
