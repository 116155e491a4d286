import { filtersCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { cursorList, sortFields } from '../../fields';
import { campaignField, campaignUrl } from './fields';

// GET /campaigns/{id}/recipients?limit&updatedAt&id&affix&sort&order&status
export const getRecipients = defineOperation(
	'campaign',
	{ name: 'Get Recipients', value: 'getRecipients', action: 'Get recipients of a campaign', description: 'List the recipients of a campaign and their delivery status', routing: { request: { method: 'GET', url: campaignUrl('/recipients') }, output: { postReceive: [unwrapData] } } },
	[
		campaignField,
		...cursorList(),
		filtersCollection([
			...sortFields([['Updated At', 'updatedAt'], ['Created At', 'createdAt']]),
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: ['Completed', 'Failed', 'Pending', 'Processing'].map((name) => ({ name, value: name.toLowerCase() })),
				default: 'pending',
				description: 'Only recipients in this status',
				routing: { send: { type: 'query', property: 'status' } },
			},
		]),
	],
);
