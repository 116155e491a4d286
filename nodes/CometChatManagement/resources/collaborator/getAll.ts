import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';
import { appField, appPath } from '../../../shared/management/fields';

// GET /apps/{appId}/collaborators  →  {data: [{id, name, email, role, createdAt}], meta}
// The spec gives this list no page parameters: one request, Limit trims the output.
export const getAll = defineOperation(
	'collaborator',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many collaborators of an app',
		description: 'List the people on the app\'s team and their roles',
		routing: {
			request: { method: 'GET', url: `=${appPath}/collaborators` },
			output: { postReceive: [unwrapData] },
		},
	},
	[appField('The app whose team to list'), ...returnAllOrLimitUnpaged],
);
