import { defineOperation } from '../../../shared/operations';
import { channelField, channelUrl, output } from './fields';

// GET /channels/{id}
export const get = defineOperation(
	'channel',
	{ name: 'Get', value: 'get', action: 'Get a channel', description: 'Get a channel and its settings', routing: { request: { method: 'GET', url: channelUrl }, output } },
	[channelField],
);
