import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { campaignField, campaignUrl } from './fields';

// GET /campaigns/{id}/recipients/summary
export const getRecipientSummary = defineOperation(
	'campaign',
	{ name: 'Get Recipient Summary', value: 'getRecipientSummary', action: 'Get the recipient summary of a campaign', description: 'Count the recipients of a campaign by status', routing: { request: { method: 'GET', url: campaignUrl('/recipients/summary') }, output: { postReceive: [unwrapData] } } },
	[campaignField],
);
