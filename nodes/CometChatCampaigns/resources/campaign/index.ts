import { describeResource } from '../../../shared/operations';
import { addRecipients } from './addRecipients';
import { cancel } from './cancel';
import { create } from './create';
import { deleteCampaign } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { getImportStatus } from './getImportStatus';
import { getRecipients } from './getRecipients';
import { getRecipientSummary } from './getRecipientSummary';
import { getSequenceMetrics } from './getSequenceMetrics';
import { schedule } from './schedule';
import { send } from './send';
import { update } from './update';
import { uploadRecipients } from './uploadRecipients';

export const campaignDescription = describeResource(
	'campaign',
	[addRecipients, cancel, create, deleteCampaign, get, getAll, getImportStatus, getRecipients, getRecipientSummary, getSequenceMetrics, schedule, send, update, uploadRecipients],
	'getAll',
);
