import { filtersCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';
import { appField, appPath } from '../../../shared/management/fields';
import { webhookRequest } from './fields';
import { withoutPassword } from '../../../shared/webhooks/auth';

// GET /apps/{appId}/webhooks?searchKey  header X-Webhook-Version: 2  →  {data: [<webhook>...], meta}
// The spec gives this list no page parameter; its default page (100) holds every webhook of an app
// (at most 25), so one request returns all and Limit trims the output.
export const getAll = defineOperation(
	'webhook',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many webhooks',
		description: 'List the webhooks of an app',
		routing: {
			request: webhookRequest('GET', `=${appPath}/webhooks`),
			output: { postReceive: [unwrapData, withoutPassword] },
		},
	},
	[
		appField('The app whose webhooks to list'),
		...returnAllOrLimitUnpaged,
		filtersCollection([
			{
				displayName: 'Search Key',
				name: 'searchKey',
				type: 'string',
				default: '',
				placeholder: 'e.g. orders',
				description: 'Only webhooks whose name contains this text',
				routing: { send: { type: 'query', property: 'searchKey' } },
			},
		]),
	],
);
