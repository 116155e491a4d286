import { choiceFilter, filtersCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';
import { recordsOf } from '../shared';

// GET /ai-agents/tools?type  →  [<tool>...] (bare, not paged)
export const getAll = defineOperation(
	'byoTool',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many BYO tools',
		description: 'List the functions BYO agents may call, optionally only actions or only tools',
		routing: {
			request: { method: 'GET', url: '/ai-agents/tools' },
			output: { postReceive: [recordsOf()] },
		},
	},
	[
		...returnAllOrLimitUnpaged,
		filtersCollection([
			choiceFilter(
				'type',
				'Type',
				[
					['Action', 'action'],
					['Tool', 'tool'],
				],
				'Only actions (CometChat calls them) or only tools (your app handles them)',
			),
		]),
	],
);
