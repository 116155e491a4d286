import { filtersCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { cursorList, queryText, sortFields } from '../../fields';
import { output } from './fields';

// GET /channels?limit&cursor&sort&order&search
export const getAll = defineOperation(
	'channel',
	{ name: 'Get Many', value: 'getAll', action: 'Get many channels', description: 'List the channels of the app', routing: { request: { method: 'GET', url: '/channels' }, output } },
	[...cursorList(), filtersCollection([...sortFields([['Updated At', 'updatedAt'], ['Created At', 'createdAt'], ['Channel Type', 'channelType']]), queryText('Search', 'search', 'Only channels whose name or channel ID contains this text', 'e.g. push')])],
);
