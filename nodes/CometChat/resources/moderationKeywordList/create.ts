import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { readId, readText } from '../../../shared/validate';
import { descriptionField, entriesFields, keywordListIdField, nameField, optionalPart, readEntries, setMultipart } from './fields';

// POST /moderation/keywords  multipart/form-data {id, name, description?, category, searchTerms (comma-separated) | disallowedSentences[]}
//   →  {data: {id, name, description, category, isCSV, searchTerms | disallowedSentences, createdAt, updatedAt, revisionId, active}}
// The spec's only body encoding is multipart/form-data (its CSV `file` part is not offered: the
// entries are given as text). Its schema (KeywordList) is a dangling reference in chat-apis.json;
// the fields come from the same schema in management-apis.json.
export const create = defineOperation(
	'moderationKeywordList',
	{
		name: 'Create',
		value: 'create',
		action: 'Create a moderation keyword list',
		description: 'Create a list of words, patterns or sentences that moderation rules can refer to',
		routing: {
			request: { method: 'POST', url: '/moderation/keywords' },
			send: { preSend: [buildList] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		keywordListIdField('Unique ID of the list, which rule conditions refer to: letters, digits, "-" and "_", at most 100'),
		nameField(true),
		...entriesFields,
		optionsCollection([descriptionField]),
	],
);

async function buildList(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	return setMultipart(requestOptions, [
		['id', readId(this, 'keywordListId', 'Keyword List ID')],
		['name', readText(this, 'name', 'Name', { required: true })],
		...optionalPart(this, 'options', 'description', 'Description'),
		...readEntries(this),
	]);
}
