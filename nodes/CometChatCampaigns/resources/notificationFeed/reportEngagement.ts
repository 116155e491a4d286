import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { topicOption } from '../../fields';
import { actAs, feedItemField, feedItemUrl } from './fields';

// POST /notification-feed/{id}/engagement  body {topic?}
export const reportEngagement = defineOperation(
	'notificationFeed',
	{ name: 'Report Engagement', value: 'reportEngagement', action: 'Report engagement with a feed item', description: 'Record that the user interacted with a feed item, with a topic such as clicked', routing: { request: { method: 'POST', url: feedItemUrl('/engagement') }, output: { postReceive: [unwrapData] } } },
	[feedItemField, optionsCollection([actAs, topicOption])],
);
