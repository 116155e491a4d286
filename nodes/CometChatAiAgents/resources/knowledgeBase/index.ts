import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { pathId, updateFieldsCollection } from '../../../shared/fields';
import { defineOperation, describeResource } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimitUnpaged } from '../../../shared/pagination';
import { inputError, readList } from '../../../shared/validate';
import { crawlOperations } from './crawl';
import { checkSourceType, idField, KB, sourceIdField, sourceTypeField } from './fields';
import { getManySources } from './getManySources';
import { getPages } from './getPages';
import { uploadFile } from './uploadFile';
import { type BodyField, bodyOf, deletedSource, requiredProperties, statusItems, text, theRecord, updateBodyOf } from '../shared';

// The Agent Builder knowledge base (ai-agent-service.json, tag knowledge-base): text entries, the sources'
// indexing and pages, uploading files, and removing uploaded files and crawled websites.
const entryId = idField('uniqueId', 'Text Entry ID', 'The uniqueId of the text entry, as Create Text Entry or Get Many Text Entries answered it');
// The spec calls this path ID the "website crawl ID" and Crawl Website answers a crawlId: taken to be the
// same (INFERRED; the spec gives no example tying them).
const websiteId = idField('websiteId', 'Website ID', 'The ID of the website crawl, as Crawl Website answered it (crawlId)');
const entryPath = `=${KB}/text/${pathId('uniqueId')}`;

// CreateTextDetailDto / UpdateTextDetailDto: title at most 500 characters, text at most 5000.
const TEXT_FIELDS: BodyField[] = [
	{ property: { displayName: 'Title', name: 'title', type: 'string', default: '', placeholder: 'e.g. Refund policy', description: 'Title of the entry (at most 500 characters)' }, read: text(500) },
	{
		property: { displayName: 'Text', name: 'text', type: 'string', typeOptions: { rows: 6 }, default: '', description: 'What agents should know, at most 5000 characters; CometChat indexes it for the agents it is attached to' },
		read: text(5000),
	},
];
async function buildText(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.body = { ...(requestOptions.body as object), ...bodyOf(this, TEXT_FIELDS) };
	return requestOptions;
}
async function buildTextUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.body = { ...(requestOptions.body as object), ...updateBodyOf(this, TEXT_FIELDS) };
	return requestOptions;
}

async function sendIds(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const ids = readList(this, 'uniqueIds', 'Source IDs');
	if (ids.length === 0) throw inputError(this, 'Source IDs', 'is empty; give at least one ID');
	requestOptions.body = { ...(requestOptions.body as object), uniqueId: ids };
	return requestOptions;
}

const operations = [
	defineOperation(
		'knowledgeBase',
		{
			name: 'Create Text Entry',
			value: 'createText',
			action: 'Create a text entry',
			description: 'Add a titled text to the knowledge base, which CometChat indexes for agents to answer from',
			// POST …/knowledge-base/text  body {title, text}  →  201 {success, message, data: {uniqueId, title, fileName, s3Key, status}}
			routing: { request: { method: 'POST', url: `${KB}/text` }, send: { preSend: [buildText] }, output: { postReceive: [unwrapData] } },
		},
		requiredProperties(TEXT_FIELDS),
	),
	defineOperation(
		'knowledgeBase',
		{
			name: 'Delete Text Entry',
			value: 'deleteText',
			action: 'Delete a text entry',
			description: 'Delete a text entry with its index; agents it was attached to no longer use it',
			// DELETE …/text/{uniqueId}  →  {success, message, data: {uniqueId, fileName, deletedFromAgents, vectorsDeleted}}
			routing: { request: { method: 'DELETE', url: entryPath }, output: { postReceive: [deletedSource] } },
		},
		[entryId],
	),
	defineOperation(
		'knowledgeBase',
		{
			name: 'Get Text Entry',
			value: 'getText',
			action: 'Get a text entry',
			description: 'Get a text entry with its text and indexing status',
			routing: { request: { method: 'GET', url: entryPath }, output: { postReceive: [unwrapData] } },
		},
		[entryId],
	),
	defineOperation(
		'knowledgeBase',
		{
			name: 'Get Many Text Entries',
			value: 'getManyText',
			action: 'Get many text entries',
			description: 'List the knowledge base\'s text entries',
			// GET …/knowledge-base/text (no parameters, no paging)  →  {data: [<entry>...]}
			routing: { request: { method: 'GET', url: `${KB}/text` }, output: { postReceive: [unwrapData] } },
		},
		returnAllOrLimitUnpaged,
	),
	defineOperation(
		'knowledgeBase',
		{
			name: 'Update Text Entry',
			value: 'updateText',
			action: 'Update a text entry',
			description: 'Change a text entry\'s title or text; CometChat indexes it again',
			routing: { request: { method: 'PATCH', url: entryPath }, send: { preSend: [buildTextUpdate] }, output: { postReceive: [unwrapData] } },
		},
		[entryId, updateFieldsCollection(TEXT_FIELDS.map(({ property }) => property).sort((a, b) => (a.displayName < b.displayName ? -1 : 1)))],
	),
	defineOperation(
		'knowledgeBase',
		{
			name: 'Delete Uploaded File',
			value: 'deleteUpload',
			action: 'Delete an uploaded file',
			description: 'Delete a file uploaded to the knowledge base, with its index and its place in agents',
			// DELETE …/uploads/{uniqueId}  →  {success, message, data: {uploadId, fileName, deletedFromAgents, vectorsDeleted}}
			routing: { request: { method: 'DELETE', url: `=${KB}/uploads/${pathId('uploadId')}` }, output: { postReceive: [deletedSource] } },
		},
		[idField('uploadId', 'Upload ID', 'The ID of the uploaded file, as Upload File answered it (uploadId) or Get Many Sources answers it (uniqueId)')],
	),
	defineOperation(
		'knowledgeBase',
		{
			name: 'Delete Website',
			value: 'deleteWebsite',
			action: 'Delete a website',
			description: 'Delete a crawled website: its pages, their index and its place in agents',
			// DELETE …/website/{uniqueId}  →  {success, message, data: {uniqueId, deletedFromAgents, vectorsDeleted}}
			routing: { request: { method: 'DELETE', url: `=${KB}/website/${pathId('websiteId')}` }, output: { postReceive: [deletedSource] } },
		},
		[websiteId],
	),
	defineOperation(
		'knowledgeBase',
		{
			name: 'Retry Indexing',
			value: 'sync',
			action: 'Retry indexing a source',
			description: 'Index a knowledge-base source again after its indexing failed',
			// PATCH …/knowledge-base/{sourceType}/{uniqueId}/sync (no body)  →  {success: true}
			routing: {
				request: { method: 'PATCH', url: `=${KB}/{{ $parameter["sourceType"] }}/${pathId('sourceId')}/sync` },
				send: { preSend: [checkSourceType] },
				output: { postReceive: [theRecord] },
			},
		},
		[sourceTypeField, sourceIdField],
	),
	defineOperation(
		'knowledgeBase',
		{
			name: 'Get Indexing Status',
			value: 'pollStatus',
			action: 'Get the indexing status of sources',
			description: 'Get whether knowledge-base sources are still indexing or ready; one item per source',
			// POST …/knowledge-base/status/poll  body {uniqueId: [...]}  →  {success, data: {<uniqueId>: <status>}}
			routing: { request: { method: 'POST', url: `${KB}/status/poll` }, send: { preSend: [sendIds] }, output: { postReceive: [statusItems] } },
		},
		[
			{
				displayName: 'Source IDs',
				name: 'uniqueIds',
				type: 'string',
				required: true,
				default: '',
				placeholder: 'e.g. 7f3c2a9e-6b1d-4f0a-9c55-2d8e1b4a7c90',
				description: 'The uniqueIds of the sources: a comma-separated list, or an array from an expression',
			},
		],
	),
];

export const knowledgeBaseDescription = describeResource('knowledgeBase', [...operations, getManySources, getPages, uploadFile, ...crawlOperations(websiteId)], 'getManyText');
