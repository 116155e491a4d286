import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { campaignsLocator, pathId } from '../../../shared/fields';
import { inputError, readJsonObject, readList, readTags, readText } from '../../../shared/validate';
import { categoryNameField, readCategoryName, TEMPLATE_CATEGORIES } from '../../fields';

export const templateField = campaignsLocator('template', 'templateId', 'Template', 'The template');

/** The URL of the picked template, with `tail` after it (e.g. `/versions`). */
export const templateUrl = (tail = '') => `=/templates/${pathId('templateId')}${tail}`;

/**
 * The template's fields shared by Create's Options and Update's Update Fields (the spec's DTOs alike). The
 * Category: POST's DTO takes only the 7 built-ins (enum), PUT's any text [SPEC]: an app's own category
 * (Template Category → Create) is set by Update, and refused by Create before any request.
 */
export function templateFields(create = false): INodeProperties[] {
	return [
		{ displayName: 'Alternative Text', name: 'alternativeText', type: 'string', default: '', description: 'Plain text shown where rich content cannot be' },
		categoryNameField(
			'templateCategory',
			'Category',
			create
				? 'The kind of notification the template is: one of CometChat\'s 7 built-in categories (Create takes no other); set one of the app\'s own categories with Update'
				: 'The kind of notification the template is: a built-in category or one of the app\'s own',
		),
		{ displayName: 'Config (JSON)', name: 'config', type: 'json', default: '{}', description: 'Further template configuration, a JSON object' },
		{ displayName: 'Label', name: 'label', type: 'string', default: '', placeholder: 'e.g. Promo', description: 'Label shown on the notification' },
		{ displayName: 'Status', name: 'status', type: 'options', options: ['Approved', 'Archived', 'Draft'].map((name) => ({ name, value: name.toLowerCase() })), default: 'draft', description: 'Only approved templates can be sent' },
		{ displayName: 'Tags', name: 'tags', type: 'string', default: '', placeholder: 'e.g. promo, summer', description: 'Tags to filter templates by: a comma-separated list or an array' },
		{ displayName: 'Variables', name: 'variableSchema', type: 'string', default: '', placeholder: 'e.g. user_name, order_id', description: 'Names of the variables the content uses: a comma-separated list or an array' },
	];
}

/** The added template fields at `collection`, checked, as body fields. */
export function readTemplate(context: IExecuteSingleFunctions, collection: string, create = false): IDataObject {
	const added = context.getNodeParameter(collection, {}) as IDataObject;
	const body: IDataObject = {};
	for (const [key, field] of [['name', 'Name'], ['alternativeText', 'Alternative Text'], ['label', 'Label'], ['status', 'Status']]) {
		if (added[key] !== undefined) body[key] = readText(context, `${collection}.${key}`, field, { required: true });
	}
	if (added.templateCategory !== undefined) {
		const category = readCategoryName(context, `${collection}.templateCategory`, 'Category', true);
		if (create && !TEMPLATE_CATEGORIES.includes(category)) {
			throw inputError(context, 'Category', `Create takes only a built-in category (${TEMPLATE_CATEGORIES.join(', ')}), not ${JSON.stringify(category)}`, 'Create the template with a built-in category, then set this one with Template → Update.');
		}
		body.templateCategory = category;
	}
	if (added.config !== undefined) body.config = readJsonObject(context, `${collection}.config`, 'Config (JSON)');
	if (added.tags !== undefined) body.tags = readTags(context, `${collection}.tags`);
	if (added.variableSchema !== undefined) body.variableSchema = readList(context, `${collection}.variableSchema`, 'Variables');
	return body;
}
