import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { updateFieldsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError, readJsonObject, readText } from '../../../shared/validate';
import { campaignField, campaignUrl } from './fields';

// PUT /campaigns/{id}  body {name?, config?}  (draft campaigns only)
export const update = defineOperation(
	'campaign',
	{ name: 'Update', value: 'update', action: 'Update a campaign', description: 'Rename a draft campaign or change its configuration', routing: { request: { method: 'PUT', url: campaignUrl() }, send: { preSend: [buildUpdate] }, output: { postReceive: [unwrapData] } } },
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
