import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { groupLocator, onBehalfOfOption, optionsCollection, pathId, userLocator } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError, readChoice } from '../../../shared/validate';
import {
	MEMBER_SCOPES,
} from '../group/fields';

// PUT /groups/{guid}/members/{uid}  body {scope}  →  {data: {guid, uid, scope, joinedAt}}
export const changeScope = defineOperation(
	'groupMember',
	{
		name: 'Change Scope',
		value: 'changeScope',
		action: 'Change the scope of a group member',
		description: 'Make a member an admin, a moderator or a participant',
		routing: {
			request: { method: 'PUT', url: `=/groups/${pathId('guid')}/members/${pathId('uid')}` },
			send: { preSend: [setScope] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		groupLocator('guid', 'Group', 'The group'),
		userLocator('uid', 'Member', 'The member of the group'),
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'options',
			options: MEMBER_SCOPES,
			default: 'participant',
			description: 'The member\'s new scope',
		},
		optionsCollection([onBehalfOfOption('UID of a group admin or moderator to act as. Without it the app itself changes the scope.')]),
	],
);

/** The scope, checked (it may come from an expression) and sent as body `scope`. */
async function setScope(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const scope = readChoice(this, 'scope', 'Scope', MEMBER_SCOPES);
	if (scope === undefined) throw inputError(this, 'Scope', 'is empty; use admin, moderator or participant');
	requestOptions.body = { ...(requestOptions.body as object), scope };
	return requestOptions;
}
