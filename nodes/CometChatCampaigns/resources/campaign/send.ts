import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { campaignField, campaignUrl } from './fields';

// POST /campaigns/{id}/send
export const send = defineOperation(
	'campaign',
	{ name: 'Send', value: 'send', action: 'Send a campaign', description: 'Start sending a campaign to its recipients now', routing: { request: { method: 'POST', url: campaignUrl('/send') }, output: { postReceive: [unwrapData] } } },
	[campaignField],
);
