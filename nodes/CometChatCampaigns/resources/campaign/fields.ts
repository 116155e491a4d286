import { campaignsLocator, pathId } from '../../../shared/fields';

// The campaigns service gives no answer schemas: records are read as `{data: ...}` like the rest of
// CometChat's v3 API (INFERRED), one item per record for lists.
export const campaignField = campaignsLocator('campaign', 'campaignId', 'Campaign', 'The campaign');

/** The URL of the picked campaign, with `tail` after it (e.g. `/send`). */
export const campaignUrl = (tail = '') => `=/campaigns/${pathId('campaignId')}${tail}`;
