import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { updateFieldsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError } from '../../../shared/validate';
import { readTemplate, templateField, templateFields, templateUrl } from './fields';

// PUT /templates/{id}  body {name?, templateCategory?, label?, alternativeText?, tags?, status?, variableSchema?, config?}
export const update = defineOperation(
	'template',
	{ name: 'Update', value: 'update', action: 'Update a template', description: 'Change a template\'s name, category, label, tags, status or variables', routing: { request: { method: 'PUT', url: templateUrl() }, send: { preSend: [buildUpdate] }, output: { postReceive: [unwrapData] } } },
	[templateField, updateFieldsCollection([...templateFields(), { displayName: 'Name', name: 'name', type: 'string', default: '', description: 'New name of the template' }])],
);

async function buildUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body = readTemplate(this, 'updateFields');
	if (Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty', 'Add a field to change.');
	requestOptions.body = body;
	return requestOptions;
}
