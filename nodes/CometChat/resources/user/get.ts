import { onBehalfOfOption, optionsCollection, pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { simplify, simplifyField, unwrapData } from '../../../shared/output';
import { SIMPLE_USER_FIELDS } from './fields';

// GET /users/{uid}  header onBehalfOf?  →  {data: <user>}
// With onBehalfOf CometChat adds how the two users relate (INFERRED, reference §7.2): Simplify keeps
// those fields too, since they are only there when asked for.
export const get = defineOperation(
	'user',
	{
		name: 'Get',
		value: 'get',
		action: 'Get a user',
		description: 'Get a user by UID',
		routing: {
			request: { method: 'GET', url: `=/users/${pathId('uid')}` },
			output: {
				postReceive: [unwrapData, simplify([...SIMPLE_USER_FIELDS, 'conversationId', 'blockedByMe', 'hasBlockedMe'])],
			},
		},
	},
	[
		userLocator('uid', 'User', 'The user'),
		simplifyField,
		optionsCollection([
			onBehalfOfOption('UID of a user to act as. CometChat then adds how the two relate, such as blockedByMe and conversationId.'),
		]),
	],
);
