import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { distinctIgnoringCase, inputError, readList } from '../../../shared/validate';

// A plain e-mail shape check; CometChat decides whether the address belongs to an account.
const EMAIL = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

/** E-mail addresses: a comma-separated list or an array, at least one, each an address. */
export function readEmails(context: IExecuteSingleFunctions, parameter: string, field: string): string[] {
	const emails = distinctIgnoringCase(readList(context, parameter, field));
	if (emails.length === 0) throw inputError(context, field, 'is empty; give at least one e-mail address');
	for (const email of emails) {
		if (!EMAIL.test(email) || email.length > 254) throw inputError(context, field, `"${email.slice(0, 80)}" is not an e-mail address`);
	}
	return emails;
}

/** The e-mail addresses of an operation, sent as the body array chosen by `bodyKey`. */
export function emailsField(description: string, bodyKey: (context: IExecuteSingleFunctions) => string): INodeProperties {
	return {
		displayName: 'Emails',
		name: 'emails',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. ana@example.com, li@example.com',
		description,
		routing: {
			send: {
				preSend: [
					async function setEmails(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
						const emails = readEmails(this, 'emails', 'Emails');
						requestOptions.body = { ...(requestOptions.body as IDataObject), [bodyKey(this)]: emails };
						return requestOptions;
					},
				],
			},
		},
	};
}
