import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { updateFieldsCollection, userHeaderField } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError, readEmail, readPhone } from '../../../shared/validate';

// PATCH /notifications/v1/contact-details  header onBehalfOf (required)  body {email?, phno?}  →  {data: {email, phno}}
export const update = defineOperation(
	'notificationContact',
	{
		name: 'Update',
		value: 'update',
		action: 'Update a user\'s notification contact',
		description: 'Set the e-mail address or phone number CometChat sends a user\'s e-mail and SMS notifications to',
		routing: {
			request: { method: 'PATCH', url: '/notifications/v1/contact-details' },
			send: { preSend: [buildContact] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		userHeaderField('The user whose contact details these are'),
		updateFieldsCollection([
			{
				displayName: 'Email',
				name: 'email',
				type: 'string',
				placeholder: 'name@email.com',
				default: '',
				description: 'Where e-mail notifications go',
			},
			{
				displayName: 'Phone Number',
				name: 'phno',
				type: 'string',
				default: '',
				placeholder: 'e.g. +14155550123',
				description: 'Where SMS notifications go, with "+" and the country code',
			},
		]),
	],
);

async function buildContact(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const added = this.getNodeParameter('updateFields', {}) as IDataObject;
	const body: IDataObject = {};
	if (added.email !== undefined) body.email = readEmail(this, 'updateFields.email', 'Email');
	if (added.phno !== undefined) body.phno = readPhone(this, 'updateFields.phno', 'Phone Number');
	if (Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty', 'Add Email or Phone Number.');
	requestOptions.body = body;
	return requestOptions;
}
