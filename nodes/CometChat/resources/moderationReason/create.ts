import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { readId, readText } from '../../../shared/validate';
import { reasonIdField } from './fields';

// POST /moderation/reasons  body {id, name, description?}  →  {data: {id, name, description, createdAt, updatedAt}}
export const create = defineOperation(
	'moderationReason',
	{
		name: 'Create',
		value: 'create',
		action: 'Create a moderation reason',
		description: 'Create a reason users can choose when they flag a message',
		routing: {
			request: { method: 'POST', url: '/moderation/reasons' },
			send: { preSend: [buildReason] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		reasonIdField('Unique ID of the reason: letters, digits, "-" and "_", at most 100'),
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Spam / Unwanted Content',
			description: 'The name users see when they flag a message',
		},
		optionsCollection([
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				placeholder: 'e.g. Repeated, promotional, or irrelevant content',
				description: 'What the reason covers',
			},
		]),
	],
);

async function buildReason(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body: IDataObject = {
		id: readId(this, 'reasonId', 'Reason ID'),
		name: readText(this, 'name', 'Name', { required: true }),
	};
	const options = this.getNodeParameter('options', {}) as IDataObject;
	if (options.description !== undefined) {
		const description = readText(this, 'options.description', 'Description');
		if (description !== '') body.description = description;
	}
	requestOptions.body = body;
	return requestOptions;
}
