import { pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { reportFilters } from './fields';

// GET /analytics/users/{userId}
export const getUser = defineOperation(
	'analytics',
	{ name: 'Get for User', value: 'getUser', action: 'Get the engagement of a user', description: 'Get how one user received and engaged with notifications', routing: { request: { method: 'GET', url: `=/analytics/users/${pathId('userId')}` }, output: { postReceive: [unwrapData] } } },
	[userLocator('userId', 'User', 'The user, picked from the app\'s users (the chat API\'s user search) or by UID'), reportFilters],
);
