import { csvQuery, filtersCollection, statusFilter } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { simplify, simplifyField, unwrapData } from '../../../shared/output';
import { returnAllOrLimit } from '../../../shared/pagination';
import { SIMPLE_USER_FIELDS } from './fields';


// GET /users?page&perPage&searchKey&searchIn&status&role&roles&tags&withTags&withDeactivated&onlyDeactivated
//   →  {data: [user...], meta: {pagination}}
export const getAll = defineOperation(
	'user',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many users',
		description: 'List users, with search and filters',
		routing: {
			request: { method: 'GET', url: '/users' },
			output: { postReceive: [unwrapData, simplify(SIMPLE_USER_FIELDS)] },
		},
	},
	[
		...returnAllOrLimit,
		simplifyField,
		filtersCollection([
			{
				displayName: 'Only Deactivated',
				name: 'onlyDeactivated',
				type: 'boolean',
				default: false,
				description: 'Whether to return only deactivated users',
				routing: { send: { type: 'query', property: 'onlyDeactivated' } },
			},
			{
				displayName: 'Role',
				name: 'role',
				type: 'string',
				default: '',
				placeholder: 'e.g. default',
				description: 'Only users with this role',
				routing: { send: { type: 'query', property: 'role' } },
			},
			{
				displayName: 'Roles',
				name: 'roles',
				type: 'string',
				default: '',
				placeholder: 'e.g. default, moderator',
				description: 'Only users with any of these roles (comma-separated)',
				routing: { send: csvQuery('roles') },
			},
			{
				displayName: 'Search In',
				name: 'searchIn',
				type: 'multiOptions',
				options: [
					{ name: 'Name', value: 'name' },
					{ name: 'UID', value: 'uid' },
				],
				default: [],
				description: 'Which fields Search Key looks in (both when unset)',
				routing: { send: csvQuery('searchIn') },
			},
			{
				displayName: 'Search Key',
				name: 'searchKey',
				type: 'string',
				default: '',
				placeholder: 'e.g. john',
				description: 'Only users whose UID or name starts with this text',
				routing: { send: { type: 'query', property: 'searchKey' } },
			},
			statusFilter,
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				placeholder: 'e.g. vip, beta',
				description: 'Only users with any of these tags (comma-separated)',
				routing: { send: csvQuery('tags') },
			},
			{
				displayName: 'With Deactivated',
				name: 'withDeactivated',
				type: 'boolean',
				default: false,
				description: 'Whether to include deactivated users',
				routing: { send: { type: 'query', property: 'withDeactivated' } },
			},
			{
				displayName: 'With Tags',
				name: 'withTags',
				type: 'boolean',
				default: false,
				description: 'Whether to include each user\'s tags in the output',
				routing: { send: { type: 'query', property: 'withTags' } },
			},
		],),
	],
);
