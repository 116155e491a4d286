import { defineOperation } from '../../../shared/operations';
import { deletedResult } from '../../../shared/output';
import { categoryField, categoryUrl } from './fields';

// DELETE /templates/categories/{id}
export const deleteCategory = defineOperation(
	'templateCategory',
	{ name: 'Delete', value: 'delete', action: 'Delete a template category', description: 'Delete a template category by ID', routing: { request: { method: 'DELETE', url: categoryUrl }, output: { postReceive: [deletedResult] } } },
	[categoryField],
);
