import { campaignsLocator, pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { reportFilters } from './fields';

// GET /analytics/campaigns/{campaignId}
export const getCampaign = defineOperation(
	'analytics',
	{ name: 'Get for Campaign', value: 'getCampaign', action: 'Get the analytics of a campaign', description: 'Get the delivery and engagement figures of one campaign', routing: { request: { method: 'GET', url: `=/analytics/campaigns/${pathId('campaignId')}` }, output: { postReceive: [unwrapData] } } },
	[campaignsLocator('campaign', 'campaignId', 'Campaign', 'The campaign'), reportFilters],
);
