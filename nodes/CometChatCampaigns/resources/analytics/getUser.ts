import { pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { recordId } from '../../fields';
import { reportFilters } from './fields';

// GET /analytics/users/{userId}
export const getUser = defineOperation(
	'analytics',
	{ name: 'Get for User', value: 'getUser', action: 'Get the engagement of a user', description: 'Get how one user received and engaged with notifications', routing: { request: { method: 'GET', url: `=/analytics/users/${pathId('userId')}` }, output: { postReceive: [unwrapData] } } },
	[recordId('userId', 'User ID', 'UID of the user'), reportFilters],
);
