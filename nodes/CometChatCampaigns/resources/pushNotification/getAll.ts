import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { limitQuery } from '../../fields';
import { actAs } from './fields';

// GET /push-notifications?limit (required; the list has no paging parameters [SPEC], so Limit alone)
export const getAll = defineOperation(
	'pushNotification',
	{ name: 'Get Many', value: 'getAll', action: 'Get many push notifications', description: 'List the push notifications sent to a user, newest first', routing: { request: { method: 'GET', url: '/push-notifications' }, output: { postReceive: [unwrapData] } } },
	[limitQuery('limit'), optionsCollection([actAs])],
);
