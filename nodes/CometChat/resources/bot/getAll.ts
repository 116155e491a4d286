import { filtersCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimit } from '../../../shared/pagination';
import { withoutPassword } from '../../../shared/webhooks/auth';

// GET /bots?page&perPage&searchKey&isAIBot  →  {data: [bot...], meta: {pagination}}, passwords left out
export const getAll = defineOperation(
	'bot',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many bots',
		description: 'List the bots of the app, by UID',
		routing: {
			request: { method: 'GET', url: '/bots' },
			output: { postReceive: [unwrapData, withoutPassword] },
		},
	},
	[
		...returnAllOrLimit,
		filtersCollection([
			{
				displayName: 'AI Bots',
				name: 'isAIBot',
				type: 'boolean',
				default: true,
				description: 'Whether to list the bots CometChat flags as AI bots instead of the standard ones',
				routing: { send: { type: 'query', property: 'isAIBot' } },
			},
			{
				displayName: 'Search Key',
				name: 'searchKey',
				type: 'string',
				default: '',
				placeholder: 'e.g. support',
				description: 'Only bots whose UID starts with this text',
				routing: { send: { type: 'query', property: 'searchKey' } },
			},
		]),
	],
);
