import { defineOperation } from '../../../shared/operations';
import { batchOptions, GROUP, importInBatches, type ImportKind, recordsField } from './fields';

// POST /data_import/groups  body {groups: {<guid>: {guid, name, type, icon?, password?, owner?, createdAt?, metadata?,
//   tags?, groupOwnerDetails?: {uid, name, ...}}}}  →  {data: {<guid>: {success: true, data: <group>} | {success: false, error}}}
// The reference gives the answer "by symmetry" (INFERRED); the spec's example shows exactly this shape.
const GROUPS: ImportKind = {
	wrapper: 'groups',
	key: 'guid',
	field: 'Groups',
	shape: GROUP,
	foldsCase: true,
	example: '{"guid": "hiking", "name": "Hiking", "type": "public", "owner": "jane"}',
};

export const importGroups = defineOperation(
	'dataImport',
	{
		name: 'Import Groups',
		value: 'importGroups',
		action: 'Import groups',
		description: 'Import groups from another chat system in bulk, with their owners and creation times',
		routing: {
			request: { method: 'POST', url: '/data_import/groups' },
			send: { paginate: true },
			operations: { pagination: importInBatches(GROUPS) },
		},
	},
	[
		recordsField(
			GROUPS,
			'The groups to import: a JSON array of group objects such as {"guid": "hiking", "name": "Hiking", "type": "public", "owner": "jane", "createdAt": 1673421419, "icon": "https://…", "password": "…" (type password), "metadata": {}, "tags": [], "groupOwnerDetails": {"uid": "jane", "name": "Jane Doe"}}, or an expression such as {{ $json.groups }}. guid, name and type (public, password or private) are required. Import the owners first, or give groupOwnerDetails. More than 50 go out in several requests, in order.',
		),
		batchOptions(),
	],
);
