import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { campaignsLocator, filtersCollection, optionsCollection, pathId, updateFieldsCollection } from '../../../shared/fields';
import { defineOperation, describeResource } from '../../../shared/operations';
import { deletedResult, unwrapData } from '../../../shared/output';
import { inputError, readText } from '../../../shared/validate';
import { cursorList, sortFields } from '../../fields';

const categoryField = campaignsLocator('templateCategory', 'categoryId', 'Template Category', 'The template category');
const ID = `=/templates/categories/${pathId('categoryId')}`;
const description: INodeProperties = { displayName: 'Description', name: 'description', type: 'string', default: '', description: 'What the category is for' };

/** Name (when `name` is its parameter) and the added description, checked, as the body. */
function readCategory(context: IExecuteSingleFunctions, collection: string, name?: string): IDataObject {
	const added = context.getNodeParameter(collection, {}) as IDataObject;
	const body: IDataObject = {};
	if (name) body.name = readText(context, name, 'Name', { required: true });
	if (added.description !== undefined) body.description = readText(context, `${collection}.description`, 'Description');
	return body;
}

// POST /templates/categories  body {name, description?}
const create = defineOperation(
	'templateCategory',
	{ name: 'Create', value: 'create', action: 'Create a template category', description: 'Create a category to group templates by', routing: { request: { method: 'POST', url: '/templates/categories' }, send: { preSend: [buildCreate] }, output: { postReceive: [unwrapData] } } },
	[{ displayName: 'Name', name: 'name', type: 'string', required: true, default: '', placeholder: 'e.g. Billing', description: 'Name of the category' }, optionsCollection([description])],
);
async function buildCreate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.body = readCategory(this, 'options', 'name');
	return requestOptions;
}

// GET /templates/categories?limit&cursor&sort&order
const getAll = defineOperation(
	'templateCategory',
	{ name: 'Get Many', value: 'getAll', action: 'Get many template categories', description: 'List the template categories of the app', routing: { request: { method: 'GET', url: '/templates/categories' }, output: { postReceive: [unwrapData] } } },
	[...cursorList(), filtersCollection(sortFields([['Updated At', 'updatedAt'], ['Created At', 'createdAt'], ['Name', 'name']]))],
);

// GET /templates/categories/{id}
const get = defineOperation(
	'templateCategory',
	{ name: 'Get', value: 'get', action: 'Get a template category', description: 'Get a template category by ID: its name and description', routing: { request: { method: 'GET', url: ID }, output: { postReceive: [unwrapData] } } },
	[categoryField],
);

// PUT /templates/categories/{id}  body {name?, description?}
const update = defineOperation(
	'templateCategory',
	{ name: 'Update', value: 'update', action: 'Update a template category', description: 'Rename a template category or change its description', routing: { request: { method: 'PUT', url: ID }, send: { preSend: [buildUpdate] }, output: { postReceive: [unwrapData] } } },
	[categoryField, updateFieldsCollection([description, { displayName: 'Name', name: 'name', type: 'string', default: '', description: 'New name of the category' }])],
);
async function buildUpdate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const added = this.getNodeParameter('updateFields', {}) as IDataObject;
	const body = readCategory(this, 'updateFields', added.name !== undefined ? 'updateFields.name' : undefined);
	if (Object.keys(body).length === 0) throw inputError(this, 'Update Fields', 'is empty', 'Add a field to change.');
	requestOptions.body = body;
	return requestOptions;
}

// DELETE /templates/categories/{id}
const deleteCategory = defineOperation(
	'templateCategory',
	{ name: 'Delete', value: 'delete', action: 'Delete a template category', description: 'Delete a template category by ID', routing: { request: { method: 'DELETE', url: ID }, output: { postReceive: [deletedResult] } } },
	[categoryField],
);

export const templateCategoryDescription = describeResource('templateCategory', [create, deleteCategory, get, getAll, update], 'getAll');
