import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { reportFilters } from './fields';

// GET /analytics/overview
export const getOverview = defineOperation(
	'analytics',
	{ name: 'Get Overview', value: 'getOverview', action: 'Get an analytics overview', description: 'Get sent, delivered, read and engagement figures across campaigns, templates and channels', routing: { request: { method: 'GET', url: '/analytics/overview' }, output: { postReceive: [unwrapData] } } },
	[reportFilters],
);
