import { idListField } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { uidResults } from './fields';

// PUT /users  body {uidsToActivate: [...]}  →  {data: {nonDeactivatedUids: [...]}} per the spec example.
// That key is doubtful (reference §11.5): followed the spec example, and `reactivatedUids` (INFERRED
// alternative) is accepted as well; a UID listed under either counts as reactivated.
export const reactivate = defineOperation(
	'user',
	{
		name: 'Reactivate',
		value: 'reactivate',
		action: 'Reactivate users',
		description: 'Reactivate deactivated users',
		routing: {
			request: { method: 'PUT', url: '/users' },
			output: {
				postReceive: [
					uidResults(
						'uids',
						'UIDs',
						['nonDeactivatedUids', 'reactivatedUids'],
						'CometChat reactivated the user.',
						'CometChat did not report the user as reactivated: the UID may not exist or may not be deactivated.',
					),
				],
			},
		},
	},
	[
		idListField(
			'uids',
			'UIDs',
			'UIDs to reactivate: a comma-separated list, or an array from an expression. Each gets its own output item with its result.',
			'uidsToActivate',
		),
	],
);
