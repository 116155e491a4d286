import { pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimit } from '../../../shared/pagination';

// GET /users/{uid}/blockedusers?page&perPage  →  {data: [user + blockedByMe, blockedByMeAt, blockedAt, conversationId],
//   meta: {pagination, cursor}}. Recorded quirk: pagination.total is always 0 and total_pages only runs one page
//   ahead; the shared paginator goes by current_page < total_pages, so it still reaches the last page.
export const getAll = defineOperation(
	'blockedUser',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many blocked users',
		description: 'List the users a user has blocked',
		routing: {
			request: { method: 'GET', url: `=/users/${pathId('uid')}/blockedusers` },
			output: { postReceive: [unwrapData] },
		},
	},
	[userLocator('uid', 'User', 'The user'), ...returnAllOrLimit],
);
