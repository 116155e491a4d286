import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { campaignField, campaignUrl } from './fields';

// GET /campaigns/{id}
export const get = defineOperation(
	'campaign',
	{ name: 'Get', value: 'get', action: 'Get a campaign', description: 'Get a campaign with its template and recipient summary', routing: { request: { method: 'GET', url: campaignUrl() }, output: { postReceive: [unwrapData] } } },
	[campaignField],
);
