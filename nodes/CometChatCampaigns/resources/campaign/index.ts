import { describeResource } from '../../../shared/operations';
import { create, deleteCampaign, get, getAll, update } from './crud';
import { cancel, getSequenceMetrics, schedule, send } from './delivery';
import { addRecipients, getImportStatus, getRecipients, getRecipientSummary, uploadRecipients } from './recipients';

export const campaignDescription = describeResource(
	'campaign',
	[addRecipients, cancel, create, deleteCampaign, get, getAll, getImportStatus, getRecipients, getRecipientSummary, getSequenceMetrics, schedule, send, update, uploadRecipients],
	'getAll',
);
