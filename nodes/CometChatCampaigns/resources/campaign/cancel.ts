import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { campaignField, campaignUrl } from './fields';

// POST /campaigns/{id}/cancel
export const cancel = defineOperation(
	'campaign',
	{ name: 'Cancel', value: 'cancel', action: 'Cancel a campaign', description: 'Cancel a scheduled or running campaign', routing: { request: { method: 'POST', url: campaignUrl('/cancel') }, output: { postReceive: [unwrapData] } } },
	[campaignField],
);
