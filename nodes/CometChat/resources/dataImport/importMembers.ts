import { defineOperation } from '../../../shared/operations';
import { batchOptions, importInBatches, type ImportKind, MEMBER, recordsField } from './fields';

// POST /data_import/members  body {members: {"<guid>_member_<uid>": {memberId, guid, uid, scope?, isBanned?, joinedAt?,
//   groupDetails?, userDetails?}}}  →  {data: {<memberId>: {success: true, data: {guid, uid, scope, joinedAt}} | {success: false, error}}}
// memberId is always "<guid>_member_<uid>" (spec), so the node fills it in when a record leaves it out.
const MEMBERS: ImportKind = {
	wrapper: 'members',
	key: 'memberId',
	field: 'Members',
	shape: MEMBER,
	foldsCase: true,
	example: '{"guid": "hiking", "uid": "jane", "scope": "admin", "joinedAt": 1673421419}',
	extra: (record) => ({ guid: record.guid, uid: record.uid }),
};

export const importMembers = defineOperation(
	'dataImport',
	{
		name: 'Import Members',
		value: 'importMembers',
		action: 'Import group members',
		description: 'Import group memberships from another chat system in bulk, with scopes, bans and join times',
		routing: {
			request: { method: 'POST', url: '/data_import/members' },
			send: { paginate: true },
			operations: { pagination: importInBatches(MEMBERS) },
		},
	},
	[
		recordsField(
			MEMBERS,
			'The memberships to import: a JSON array of objects such as {"guid": "hiking", "uid": "jane", "scope": "admin", "joinedAt": 1673421419, "isBanned": false, "groupDetails": {…}, "userDetails": {…}}, or an expression such as {{ $json.members }}. guid and uid are required; scope is admin, moderator or participant; joinedAt must lie after the group\'s creation and before now. memberId ("<guid>_member_<uid>") is filled in. More than 50 go out in several requests, in order.',
		),
		batchOptions(),
	],
);
