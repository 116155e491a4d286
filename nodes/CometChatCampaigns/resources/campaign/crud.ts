import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { campaignsLocator, filtersCollection, optionsCollection, pathId, updateFieldsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { deletedResult, unwrapData } from '../../../shared/output';
import { inputError, readId, readJsonObject, readText } from '../../../shared/validate';
import { cursorList, jsonEntry, queryText, sortFields } from '../../fields';

// The campaigns service gives no answer schemas: records are read as `{data: ...}` like the rest of
// CometChat's v3 API (INFERRED), one item per record for lists.
export const campaignField = campaignsLocator('campaign', 'campaignId', 'Campaign', 'The campaign');
const ID = `=/campaigns/${pathId('campaignId')}`;
export const campaignUrl = (tail = '') => `${ID}${tail}`;

// POST /campaigns  body {name, templateId, templateVersion, variables?, config?}
export const create = defineOperation(
	'campaign',
	{
		name: 'Create',
		value: 'create',
		action: 'Create a campaign',
		description: 'Create a draft campaign that sends a version of a template to its recipients',
		routing: { request: { method: 'POST', url: '/campaigns' }, send: { preSend: [buildCampaign] }, output: { postReceive: [unwrapData] } },
	},
	[
		{ displayName: 'Name', name: 'name', type: 'string', required: true, default: '', placeholder: 'e.g. Summer sale', description: 'Name of the campaign' },
		campaignsLocator('template', 'templateId', 'Template', 'The template the campaign sends'),
		{
			displayName: 'Template Version',
			name: 'templateVersion',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			required: true,
			default: 1,
			description: 'The version of the template to send (1 or more)',
		},
		optionsCollection([
			jsonEntry('options', 'Config (JSON)', 'config', 'Further campaign configuration, a JSON object'),
			jsonEntry('options', 'Variables (JSON)', 'variables', 'Default template variables for every recipient, e.g. {"promoCode": "SUMMER25"}; per-user values win over them'),
		]),
	],
);

async function buildCampaign(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const version = this.getNodeParameter('templateVersion', 1) as unknown;
	if (!(typeof version === 'number' || (typeof version === 'string' && /^\s*\d+\s*$/.test(version))) || !(Number(version) >= 1) || !Number.isInteger(Number(version))) {
		throw inputError(this, 'Template Version', `must be a whole number of at least 1, not ${JSON.stringify(version)}`);
	}
	const body: IDataObject = {
		name: readText(this, 'name', 'Name', { required: true }),
		templateId: readId(this, 'templateId', 'Template'),
		templateVersion: Number(version),
	};
	requestOptions.body = { ...body, ...(requestOptions.body as IDataObject) };
	return requestOptions;
}

// GET /campaigns/{id}
export const get = defineOperation(
	'campaign',
	{ name: 'Get', value: 'get', action: 'Get a campaign', description: 'Get a campaign with its template and recipient summary', routing: { request: { method: 'GET', url: ID }, output: { postReceive: [unwrapData] } } },
	[campaignField],
);

// GET /campaigns?limit&updatedAt&id&affix&sort&order&status&search
export const getAll = defineOperation(
	'campaign',
	{ name: 'Get Many', value: 'getAll', action: 'Get many campaigns', description: 'List campaigns, with search and a status filter', routing: { request: { method: 'GET', url: '/campaigns' }, output: { postReceive: [unwrapData] } } },
	[
		...cursorList(),
		filtersCollection([
			...sortFields([['Updated At', 'updatedAt'], ['Created At', 'createdAt'], ['Name', 'name']]),
			queryText('Search', 'search', 'Only campaigns whose name contains this text', 'e.g. summer'),
			queryText('Status', 'status', 'Only campaigns in this status', 'e.g. draft'),
		]),
	],
);

// PUT /campaigns/{id}  body {name?, config?}  (draft campaigns only)
export const update = defineOperation(
	'campaign',
	{ name: 'Update', value: 'update', action: 'Update a campaign', description: 'Rename a draft campaign or change its configuration', routing: { request: { method: 'PUT', url: ID }, send: { preSend: [buildUpdate] }, output: { postReceive: [unwrapData] } } },
	[
		campaignField,
		updateFieldsCollection([
			{ displayName: 'Config (JSON)', name: 'config', type: 'json', default: '{}', description: 'Campaign configuration that replaces the current one, a JSON object' },
			{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'e.g. Summer sale', description: 'New name of the campaign' },
		]),
	],
);

async function buildUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const fields = this.getNodeParameter('updateFields', {}) as IDataObject;
	const body: IDataObject = {};
	if (fields.name !== undefined) body.name = readText(this, 'updateFields.name', 'Name', { required: true });
	if (fields.config !== undefined) body.config = readJsonObject(this, 'updateFields.config', 'Config (JSON)');
	if (Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty', 'Add a field to change.');
	requestOptions.body = body;
	return requestOptions;
}

// DELETE /campaigns/{id}  (draft campaigns only)
export const deleteCampaign = defineOperation(
	'campaign',
	{ name: 'Delete', value: 'delete', action: 'Delete a campaign', description: 'Delete a draft campaign', routing: { request: { method: 'DELETE', url: ID }, output: { postReceive: [deletedResult] } } },
	[campaignField],
);
