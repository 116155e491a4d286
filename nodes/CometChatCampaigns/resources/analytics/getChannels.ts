import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { reportFilters } from './fields';

// GET /analytics/channels
export const getChannels = defineOperation(
	'analytics',
	{ name: 'Get by Channel', value: 'getChannels', action: 'Get analytics by channel', description: 'Get delivery and engagement figures per channel', routing: { request: { method: 'GET', url: '/analytics/channels' }, output: { postReceive: [unwrapData] } } },
	[reportFilters],
);
