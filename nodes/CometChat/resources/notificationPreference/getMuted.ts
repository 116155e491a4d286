import { defineOperation } from '../../../shared/operations';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';
import { itemsOf } from '../../../shared/output';
import { userQueryField } from '../../../shared/fields';

// GET /notifications/v1/preferences/mute?uid  →  {data: {mutedConversations: [{id, type, until?}]}}  →  one item each
// Not paged (the spec has no page parameters): one request, Limit trims the output.
export const getMuted = defineOperation(
	'notificationPreference',
	{
		name: 'Get Muted Conversations',
		value: 'getMuted',
		action: 'Get a user\'s muted conversations',
		description: 'List the conversations a user gets no notifications from',
		routing: {
			request: { method: 'GET', url: '/notifications/v1/preferences/mute' },
			output: { postReceive: [itemsOf('mutedConversations')] },
		},
	},
	[userQueryField('The user whose notification preferences these are'), ...returnAllOrLimitUnpaged],
);
