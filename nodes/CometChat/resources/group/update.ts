import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodePropertyOptions } from 'n8n-workflow';
import { groupLocator, onBehalfOfOption, optionsCollection, pathId, unsetField, updateFieldsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError, readChoice, readChoices, readJsonObject, readTags, readText } from '../../../shared/validate';
import {
	GROUP_TYPES,
	MAX_DESCRIPTION,
	MAX_ICON,
	MAX_NAME,
	MAX_PASSWORD,
	collection,
	readOptionalUid,
	descriptionField,
	iconField,
} from './fields';

const UNSETTABLE: INodePropertyOptions[] = [
	{ name: 'Description', value: 'description' },
	{ name: 'Icon', value: 'icon' },
	{ name: 'Metadata', value: 'metadata' },
];

// PUT /groups/{guid}  body {name?, type?, password?, icon?, description?, metadata?, owner?, tags?, unset?: [icon|description|metadata]}
//   →  {data: <group>}. CometChat ignores `owner` when the onBehalfOf header is present (spec).
export const update = defineOperation(
	'group',
	{
		name: 'Update',
		value: 'update',
		action: 'Update a group',
		description: 'Change a group\'s name, type, password, icon, description, metadata, owner or tags',
		routing: {
			request: { method: 'PUT', url: `=/groups/${pathId('guid')}` },
			send: { preSend: [buildUpdateBody] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		groupLocator('guid', 'Group', 'The group'),
		updateFieldsCollection([
			descriptionField,
			iconField,
			{
				displayName: 'Metadata (JSON)',
				name: 'metadata',
				type: 'json',
				default: '{}',
				description: 'A JSON object that replaces the group\'s metadata, e.g. {"region": "north"}',
			},
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				placeholder: 'e.g. Hiking Club',
				description: 'New name of the group, at most 100 characters',
			},
			{
				displayName: 'Owner',
				name: 'owner',
				type: 'string',
				default: '',
				placeholder: 'e.g. cometchat-uid-1',
				description: 'UID of the new owner. CometChat ignores it when On Behalf Of is set.',
			},
			{
				displayName: 'Password',
				name: 'password',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description: 'The password to join, for groups of type Password (at most 100 characters)',
			},
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				placeholder: 'e.g. outdoors, weekend',
				description: 'Tags that replace the group\'s tags: a comma-separated list, or an array from an expression (at most 25)',
			},
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				options: GROUP_TYPES,
				default: 'public',
				description: 'Who can join the group. Changing to Password needs a Password.',
			},
		],),
		unsetField(UNSETTABLE, 'group'),
		optionsCollection([onBehalfOfOption('UID of a group admin to act as. Without it the app itself updates the group.')]),
	],
);

/** Every field is checked and placed here, so bad input stops before the request. */
async function buildUpdateBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const fields = collection(this, 'updateFields');
	const body: IDataObject = {};
	if (fields.name !== undefined) body.name = readText(this, 'updateFields.name', 'Name', { max: MAX_NAME, required: true });
	if (fields.type !== undefined) body.type = readChoice(this, 'updateFields.type', 'Type', GROUP_TYPES);
	if (fields.password !== undefined) {
		body.password = readText(this, 'updateFields.password', 'Password', { max: MAX_PASSWORD, required: true, trim: false });
	}
	if (fields.icon !== undefined) body.icon = (readText(this, 'updateFields.icon', 'Icon', { max: MAX_ICON }) || undefined);
	if (fields.description !== undefined) {
		body.description = (readText(this, 'updateFields.description', 'Description', { max: MAX_DESCRIPTION, trim: false }) || undefined);
	}
	if (fields.metadata !== undefined) body.metadata = readJsonObject(this, 'updateFields.metadata', 'Metadata (JSON)');
	if (fields.owner !== undefined) body.owner = readOptionalUid(this, 'updateFields.owner', 'Owner');
	// An empty Tags field sends [], which clears the tags (tags are replaced as a whole).
	if (fields.tags !== undefined) body.tags = readTags(this, 'updateFields.tags', 'Tags');
	const unset = readChoices(this, 'unset', 'Fields to Unset', UNSETTABLE);
	if (unset.length) body.unset = unset;

	for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
	if (Object.keys(body).length === 0) {
		throw inputError(this, 'Update Fields', 'nothing to change', 'Add at least one field under Update Fields, or pick Fields to Unset.');
	}
	requestOptions.body = { ...(requestOptions.body as object), ...body };
	return requestOptions;
}
