import { defineOperation } from '../../../shared/operations';
import { batchOptions, importInBatches, type ImportKind, recordsField, USER } from './fields';

// POST /data_import/users  body {users: {<uid>: {uid, name, avatar?, link?, role?, createdAt?, lastActiveAt?,
//   metadata?, tags?, deactivatedAt?}}}  →  {data: {<uid>: {success: true, data: <user>} | {success: false, error}}}
// At most 50 users per request (CometChat's data import constraints): more go out in several requests.
const USERS: ImportKind = {
	wrapper: 'users',
	key: 'uid',
	field: 'Users',
	shape: USER,
	foldsCase: true,
	example: '{"uid": "jane", "name": "Jane Doe", "createdAt": 1673421419}',
};

export const importUsers = defineOperation(
	'dataImport',
	{
		name: 'Import Users',
		value: 'importUsers',
		action: 'Import users',
		description: 'Import users from another chat system in bulk, keeping their creation and last-active times',
		routing: {
			request: { method: 'POST', url: '/data_import/users' },
			send: { paginate: true },
			operations: { pagination: importInBatches(USERS) },
		},
	},
	[
		recordsField(
			USERS,
			'The users to import: a JSON array of user objects such as {"uid": "jane", "name": "Jane Doe", "avatar": "https://…", "role": "default", "createdAt": 1673421419, "lastActiveAt": 1673421425, "metadata": {}, "tags": ["vip"], "deactivatedAt": …}, or an expression such as {{ $json.users }}. uid and name are required. Times are UNIX seconds (milliseconds and ISO dates are converted). More than 50 go out in several requests, in order; each user gets its own output item.',
		),
		batchOptions(),
	],
);
