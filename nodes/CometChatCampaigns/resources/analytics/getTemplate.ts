import { campaignsLocator, pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { reportFilters } from './fields';

// GET /analytics/templates/{templateId}
export const getTemplate = defineOperation(
	'analytics',
	{ name: 'Get for Template', value: 'getTemplate', action: 'Get the analytics of a template', description: 'Get the delivery and engagement figures of one template', routing: { request: { method: 'GET', url: `=/analytics/templates/${pathId('templateId')}` }, output: { postReceive: [unwrapData] } } },
	[campaignsLocator('template', 'templateId', 'Template', 'The template'), reportFilters],
);
