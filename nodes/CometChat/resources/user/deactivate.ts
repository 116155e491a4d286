import { idListField } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { uidResults } from './fields';

// DELETE /users  body {uidsToDeactivate: [...]}  →  {data: {deactivatedUids: [...]}}
// No per-call maximum is documented (reference §6), so all UIDs go in one call.
export const deactivate = defineOperation(
	'user',
	{
		name: 'Deactivate',
		value: 'deactivate',
		action: 'Deactivate users',
		description: 'Deactivate users: CometChat then treats them as missing until they are reactivated',
		routing: {
			request: { method: 'DELETE', url: '/users' },
			output: {
				postReceive: [
					uidResults(
						'uids',
						'UIDs',
						['deactivatedUids'],
						'CometChat deactivated the user.',
						'CometChat did not report the user as deactivated: the UID may not exist or may be deactivated already.',
					),
				],
			},
		},
	},
	[
		idListField(
			'uids',
			'UIDs',
			'UIDs to deactivate: a comma-separated list, or an array from an expression. Each gets its own output item with its result.',
			'uidsToDeactivate',
		),
	],
);
