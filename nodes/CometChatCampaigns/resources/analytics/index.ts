import { describeResource } from '../../../shared/operations';
import { getCampaign } from './getCampaign';
import { getChannels } from './getChannels';
import { getOverview } from './getOverview';
import { getTemplate } from './getTemplate';
import { getUser } from './getUser';

export const analyticsDescription = describeResource('analytics', [getCampaign, getChannels, getOverview, getTemplate, getUser], 'getOverview');
