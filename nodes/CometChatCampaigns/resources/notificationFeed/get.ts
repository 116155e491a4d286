import { optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { actAs, feedItemField, feedItemUrl, templateOnly } from './fields';

// GET /notification-feed/{id}?templateOnly
export const get = defineOperation(
	'notificationFeed',
	{ name: 'Get', value: 'get', action: 'Get a feed item', description: 'Get one item of a notification feed', routing: { request: { method: 'GET', url: feedItemUrl() }, output: { postReceive: [unwrapData] } } },
	[feedItemField, optionsCollection([actAs, templateOnly('options')])],
);
