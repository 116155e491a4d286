import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { templateField, templateUrl } from './fields';

// POST /templates/{id}/versions
export const createVersion = defineOperation(
	'template',
	{ name: 'Create Version', value: 'createVersion', action: 'Create a version of a template', description: 'Save the template\'s current content as a new version, which campaigns can pin', routing: { request: { method: 'POST', url: templateUrl('/versions') }, output: { postReceive: [unwrapData] } } },
	[templateField],
);
