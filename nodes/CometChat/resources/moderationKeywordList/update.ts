import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { optionsCollection, pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { descriptionField, entriesFields, keywordListIdField, nameField, optionalPart, readEntries, setMultipart } from './fields';

// PUT /moderation/keywords/{keywordId}  multipart/form-data {category, searchTerms | disallowedSentences[], name?, description?}
//   →  {data: <keyword list>}
// The spec requires the category and its entries on update too: they replace the list's entries.
export const update = defineOperation(
	'moderationKeywordList',
	{
		name: 'Update',
		value: 'update',
		action: 'Update a moderation keyword list',
		description: 'Replace the entries of a keyword list, and change its name or description',
		routing: {
			request: { method: 'PUT', url: `=/moderation/keywords/${pathId('keywordListId')}` },
			send: { preSend: [buildUpdate] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		keywordListIdField('ID of the list'),
		...entriesFields.map((field) => (field.name === 'category' ? field : { ...field, description: `${String(field.description).replace(/\.?$/, '.')} They replace the list's entries.` })),
		optionsCollection([descriptionField, nameField(false)]),
	],
);

async function buildUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	return setMultipart(requestOptions, [
		...optionalPart(this, 'options', 'name', 'Name'),
		...optionalPart(this, 'options', 'description', 'Description'),
		...readEntries(this),
	]);
}
