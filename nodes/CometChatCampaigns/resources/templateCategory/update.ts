import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { updateFieldsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError } from '../../../shared/validate';
import { categoryField, categoryUrl, description, readCategory } from './fields';

// PUT /templates/categories/{id}  body {name?, description?}
export const update = defineOperation(
	'templateCategory',
	{ name: 'Update', value: 'update', action: 'Update a template category', description: 'Rename a template category or change its description', routing: { request: { method: 'PUT', url: categoryUrl }, send: { preSend: [buildUpdate] }, output: { postReceive: [unwrapData] } } },
	[categoryField, updateFieldsCollection([description, { displayName: 'Name', name: 'name', type: 'string', default: '', description: 'New name of the category' }])],
);

async function buildUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const added = this.getNodeParameter('updateFields', {}) as IDataObject;
	const body = readCategory(this, 'updateFields', added.name !== undefined ? 'updateFields.name' : undefined);
	if (Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty', 'Add a field to change.');
	requestOptions.body = body;
	return requestOptions;
}
