import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { inBatches } from '../../../shared/batch';
import { groupLocator, onBehalfOfOption, optionsCollection, pathId } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { inputError } from '../../../shared/validate';
import { MEMBER_LISTS, memberListField, readMemberLists } from '../group/fields';

const SCOPE_OF: Record<string, string> = Object.fromEntries(MEMBER_LISTS.map(({ key, scope }) => [key, scope]));

// POST /groups/{guid}/members  body {admins?, moderators?, participants?, usersToBan?}, at most 25 UIDs per call
//   →  {data: {admins: {<uid>: {success: true, data: <"added" action message>} | {success: false, error: {code, message}}},
//       moderators: {...}, participants: {...}, usersToBan: {<uid>: {success}}}}
//   More than 25 UIDs go in several calls; output: one item per UID {uid, scope, success, message?, code?}.
export const add = defineOperation(
	'groupMember',
	{
		name: 'Add',
		value: 'add',
		action: 'Add members to a group',
		description: 'Add users to a group as admins, moderators or participants, or ban users from it',
		routing: {
			request: { method: 'POST', url: `=/groups/${pathId('guid')}/members` },
			send: { preSend: [setMemberLists], paginate: true },
			operations: {
				pagination: inBatches({
					lists: MEMBER_LISTS.map(({ key }) => key),
					size: 25,
					nested: true,
					tag: (list) => ({ scope: SCOPE_OF[list] }),
				}),
			},
		},
	},
	[
		groupLocator('guid', 'Group', 'The group'),
		memberListField('admins', 'Admins', 'UIDs to add as admins: a comma-separated list, or an array from an expression'),
		memberListField('moderators', 'Moderators', 'UIDs to add as moderators: a comma-separated list, or an array from an expression'),
		memberListField(
			'participants',
			'Participants',
			'UIDs to add as participants: a comma-separated list, or an array from an expression. Each UID of every list gets its own output item with its result; more than 25 in all are sent in several calls.',
		),
		memberListField('usersToBan', 'Users To Ban', 'UIDs to ban from the group: a comma-separated list, or an array from an expression. Their output items have scope "banned".'),
		optionsCollection([onBehalfOfOption('UID of a group admin or moderator to act as. Without it the app itself adds the members.')]),
	],
);

/** The four lists, checked (each entry a UID, at least one UID in all) and sent as body arrays. */
async function setMemberLists(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const lists = readMemberLists(this, '');
	if (lists.length === 0) {
		throw inputError(this, 'Admins, Moderators, Participants, Users To Ban', 'are all empty; give at least one UID');
	}
	requestOptions.body = { ...(requestOptions.body as object), ...Object.fromEntries(lists.map(({ key, uids }) => [key, uids])) };
	return requestOptions;
}
