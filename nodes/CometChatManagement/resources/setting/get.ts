import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { appField, appPath } from '../../../shared/management/fields';

// GET /apps/{appId}/settings  →  {data: {"core.conversations.updateOnReplies": true, ...}}  →  one item
export const get = defineOperation(
	'setting',
	{
		name: 'Get',
		value: 'get',
		action: 'Get the settings of an app',
		description: 'Get the settings of an app as one item, setting key → value',
		routing: {
			request: { method: 'GET', url: `=${appPath}/settings` },
			output: { postReceive: [unwrapData] },
		},
	},
	[appField('The app whose settings to get')],
);
