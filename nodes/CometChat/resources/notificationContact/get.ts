import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { userHeaderField } from '../../../shared/fields';

// GET /notifications/v1/contact-details  header onBehalfOf (required)  →  {data: {email, phno}}
export const get = defineOperation(
	'notificationContact',
	{
		name: 'Get',
		value: 'get',
		action: 'Get a user\'s notification contact',
		description: 'Get the e-mail address and phone number CometChat sends a user\'s e-mail and SMS notifications to',
		routing: {
			request: { method: 'GET', url: '/notifications/v1/contact-details' },
			output: { postReceive: [unwrapData] },
		},
	},
	[userHeaderField('The user whose contact details these are')],
);
