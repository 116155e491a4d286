import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { topicOption } from '../../fields';
import { actAs, pushNotificationField, pushNotificationUrl } from './fields';

// POST /push-notifications/{id}/engagement  body {topic?}
export const reportEngagement = defineOperation(
	'pushNotification',
	{
		name: 'Report Engagement',
		value: 'reportEngagement',
		action: 'Report engagement with a push notification',
		description: 'Record that the user interacted with a push notification, with a topic such as dismissed',
		routing: { request: { method: 'POST', url: pushNotificationUrl('/engagement') }, output: { postReceive: [unwrapData] } },
	},
	[pushNotificationField, optionsCollection([actAs, topicOption])],
);
