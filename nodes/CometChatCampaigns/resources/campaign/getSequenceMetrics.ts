import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { campaignField, campaignUrl } from './fields';

// GET /campaigns/{id}/sequence-metrics
export const getSequenceMetrics = defineOperation(
	'campaign',
	{ name: 'Get Sequence Metrics', value: 'getSequenceMetrics', action: 'Get the sequence metrics of a campaign', description: 'Get delivery metrics per step of a campaign\'s channel sequence', routing: { request: { method: 'GET', url: campaignUrl('/sequence-metrics') }, output: { postReceive: [unwrapData] } } },
	[campaignField],
);
