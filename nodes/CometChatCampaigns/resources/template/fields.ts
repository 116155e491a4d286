import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { campaignsLocator, pathId } from '../../../shared/fields';
import { readJsonObject, readList, readTags, readText } from '../../../shared/validate';

export const templateField = campaignsLocator('template', 'templateId', 'Template', 'The template');

/** The URL of the picked template, with `tail` after it (e.g. `/versions`). */
export const templateUrl = (tail = '') => `=/templates/${pathId('templateId')}${tail}`;

const CATEGORIES = ['Alerts', 'Custom', 'Marketing', 'Onboarding', 'Polls', 'Product_Showcase', 'Transactional'];

/** The template's fields shared by Create's Options and Update's Update Fields (the spec's DTOs alike). */
export function templateFields(): INodeProperties[] {
	return [
		{ displayName: 'Alternative Text', name: 'alternativeText', type: 'string', default: '', description: 'Plain text shown where rich content cannot be' },
		{ displayName: 'Category', name: 'templateCategory', type: 'options', options: CATEGORIES.map((name) => ({ name: name.replace('_', ' '), value: name })), default: 'Custom', description: 'The kind of notification the template is' },
		{ displayName: 'Config (JSON)', name: 'config', type: 'json', default: '{}', description: 'Further template configuration, a JSON object' },
		{ displayName: 'Label', name: 'label', type: 'string', default: '', placeholder: 'e.g. Promo', description: 'Label shown on the notification' },
		{ displayName: 'Status', name: 'status', type: 'options', options: ['Approved', 'Archived', 'Draft'].map((name) => ({ name, value: name.toLowerCase() })), default: 'draft', description: 'Only approved templates can be sent' },
		{ displayName: 'Tags', name: 'tags', type: 'string', default: '', placeholder: 'e.g. promo, summer', description: 'Tags to filter templates by: a comma-separated list or an array' },
		{ displayName: 'Variables', name: 'variableSchema', type: 'string', default: '', placeholder: 'e.g. user_name, order_id', description: 'Names of the variables the content uses: a comma-separated list or an array' },
	];
}

/** The added template fields at `collection`, checked, as body fields. */
export function readTemplate(context: IExecuteSingleFunctions, collection: string): IDataObject {
	const added = context.getNodeParameter(collection, {}) as IDataObject;
	const body: IDataObject = {};
	for (const [key, field] of [['name', 'Name'], ['alternativeText', 'Alternative Text'], ['label', 'Label'], ['templateCategory', 'Category'], ['status', 'Status']]) {
		if (added[key] !== undefined) body[key] = readText(context, `${collection}.${key}`, field, { required: true });
	}
	if (added.config !== undefined) body.config = readJsonObject(context, `${collection}.config`, 'Config (JSON)');
	if (added.tags !== undefined) body.tags = readTags(context, `${collection}.tags`);
	if (added.variableSchema !== undefined) body.variableSchema = readList(context, `${collection}.variableSchema`, 'Variables');
	return body;
}
