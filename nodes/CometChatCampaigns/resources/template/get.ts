import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { templateField, templateUrl } from './fields';

// GET /templates/{id}
export const get = defineOperation(
	'template',
	{ name: 'Get', value: 'get', action: 'Get a template', description: 'Get a template with its content per channel', routing: { request: { method: 'GET', url: templateUrl() }, output: { postReceive: [unwrapData] } } },
	[templateField],
);
