import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';
import { userHeaderField } from '../../../shared/fields';

// DELETE /notifications/v1/contact-details  header onBehalfOf (required)  →  {data: {success: true}}  →  {deleted: true}
export const deleteContact = defineOperation(
	'notificationContact',
	{
		name: 'Delete',
		value: 'delete',
		action: 'Delete a user\'s notification contact',
		description: 'Remove the e-mail address and phone number stored for a user\'s notifications',
		routing: {
			request: { method: 'DELETE', url: '/notifications/v1/contact-details' },
			output: { postReceive: [deletedResult] },
		},
	},
	[userHeaderField('The user whose contact details these are')],
);
