import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { templateField, templateUrl } from './fields';

// DELETE /templates/{id} (archives)
export const archive = defineOperation(
	'template',
	{ name: 'Archive', value: 'archive', action: 'Archive a template', description: 'Archive a template so that it can no longer be sent', routing: { request: { method: 'DELETE', url: templateUrl() }, output: { postReceive: [unwrapData] } } },
	[templateField],
);
