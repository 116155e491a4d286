import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { campaignField, campaignUrl } from './fields';

// GET /campaigns/{id}/import-status
export const getImportStatus = defineOperation(
	'campaign',
	{ name: 'Get Import Status', value: 'getImportStatus', action: 'Get the CSV import status of a campaign', description: 'Get the status of the recipient CSV import running for a campaign', routing: { request: { method: 'GET', url: campaignUrl('/import-status') }, output: { postReceive: [unwrapData] } } },
	[campaignField],
);
