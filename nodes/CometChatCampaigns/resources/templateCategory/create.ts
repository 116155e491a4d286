import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { description, readCategory } from './fields';

// POST /templates/categories  body {name, description?}
export const create = defineOperation(
	'templateCategory',
	{ name: 'Create', value: 'create', action: 'Create a template category', description: 'Create a category to group templates by', routing: { request: { method: 'POST', url: '/templates/categories' }, send: { preSend: [buildCreate] }, output: { postReceive: [unwrapData] } } },
	[{ displayName: 'Name', name: 'name', type: 'string', required: true, default: '', placeholder: 'e.g. Billing', description: 'Name of the category' }, optionsCollection([description])],
);

async function buildCreate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.body = readCategory(this, 'options', 'name');
	return requestOptions;
}
