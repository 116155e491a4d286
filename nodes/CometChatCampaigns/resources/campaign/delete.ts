import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';
import { campaignField, campaignUrl } from './fields';

// DELETE /campaigns/{id}  (draft campaigns only)
export const deleteCampaign = defineOperation(
	'campaign',
	{ name: 'Delete', value: 'delete', action: 'Delete a campaign', description: 'Delete a draft campaign', routing: { request: { method: 'DELETE', url: campaignUrl() }, output: { postReceive: [deletedResult] } } },
	[campaignField],
);
