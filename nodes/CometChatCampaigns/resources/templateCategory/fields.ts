import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { campaignsLocator, pathId } from '../../../shared/fields';
import { readText } from '../../../shared/validate';

export const categoryField = campaignsLocator('templateCategory', 'categoryId', 'Template Category', 'The template category');
export const categoryUrl = `=/templates/categories/${pathId('categoryId')}`;
export const description: INodeProperties = { displayName: 'Description', name: 'description', type: 'string', default: '', description: 'What the category is for' };

/** Name (when `name` is its parameter) and the added description, checked, as the body. */
export function readCategory(context: IExecuteSingleFunctions, collection: string, name?: string): IDataObject {
	const added = context.getNodeParameter(collection, {}) as IDataObject;
	const body: IDataObject = {};
	if (name) body.name = readText(context, name, 'Name', { required: true });
	if (added.description !== undefined) body.description = readText(context, `${collection}.description`, 'Description');
	return body;
}
