import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { onBehalfOfOption, optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { inputError, readChoice, readId, readJsonObject, readTags, readText } from '../../../shared/validate';
import {
	GROUP_TYPES,
	MAX_DESCRIPTION,
	MAX_ICON,
	MAX_NAME,
	MAX_PASSWORD,
	collection,
	memberListField,
	readMemberLists,
	readOptionalUid,
	descriptionField,
	iconField,
} from './fields';

// CometChat takes at most 25 UIDs across all member lists when it creates a group (groups overview).
const MAX_MEMBERS_AT_CREATE = 25;

// POST /groups  body {guid, name, type, password?, icon?, description?, metadata?, owner?, tags?,
//   members?: {admins?, moderators?, participants?, usersToBan?}}  →  {data: <group>}
export const create = defineOperation(
	'group',
	{
		name: 'Create',
		value: 'create',
		action: 'Create a group',
		description: 'Create a public, password-protected or private group, optionally with its first members',
		routing: {
			request: { method: 'POST', url: '/groups' },
			send: { preSend: [buildCreateBody] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		{
			displayName: 'GUID',
			name: 'guid',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. hiking-club',
			description: 'Unique ID for the new group: letters, digits, "-" and "_", at most 100. CometChat stores it in lower case.',
		},
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Hiking Club',
			description: 'Name of the group, at most 100 characters',
		},
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			options: GROUP_TYPES,
			default: 'public',
			description: 'Who can join the group',
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'The password people need to join, at most 100 characters',
			displayOptions: { show: { type: ['password'] } },
		},
		optionsCollection([
			memberListField(
				'admins',
				'Admins',
				'UIDs to add as admins: a comma-separated list, or an array from an expression. At most 25 UIDs across Admins, Moderators, Participants and Users To Ban.',
			),
			descriptionField,
			iconField,
			{
				displayName: 'Metadata (JSON)',
				name: 'metadata',
				type: 'json',
				default: '{}',
				description: 'Any JSON object to store with the group, e.g. {"region": "north"}',
			},
			memberListField(
				'moderators',
				'Moderators',
				'UIDs to add as moderators: a comma-separated list, or an array from an expression',
			),
			onBehalfOfOption('UID of the user who creates the group. Without Owner, this user becomes the owner.'),
			{
				displayName: 'Owner',
				name: 'owner',
				type: 'string',
				default: '',
				placeholder: 'e.g. cometchat-uid-1',
				description: 'UID of the user who owns the group',
			},
			memberListField(
				'participants',
				'Participants',
				'UIDs to add as participants: a comma-separated list, or an array from an expression',
			),
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				placeholder: 'e.g. outdoors, weekend',
				description: 'Tags for the group: a comma-separated list, or an array from an expression (at most 25)',
			},
			memberListField(
				'usersToBan',
				'Users To Ban',
				'UIDs to ban from the group right away: a comma-separated list, or an array from an expression',
			),
		]),
	],
);

/** Every field is checked and placed here, so bad input stops before the request. */
async function buildCreateBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const body: IDataObject = { guid: readId(this, 'guid', 'GUID') };
	body.name = readText(this, 'name', 'Name', { max: MAX_NAME, required: true });
	body.type = readChoice(this, 'type', 'Type', GROUP_TYPES);
	if (body.type === undefined) throw inputError(this, 'Type', `is empty; use ${GROUP_TYPES.map((t) => t.value).join(', ')}`);
	if (body.type === 'password') {
		// Sent as typed: spaces may be part of a password.
		body.password = readText(this, 'password', 'Password', { max: MAX_PASSWORD, required: true, trim: false });
	}

	const options = collection(this, 'options');
	if (options.icon !== undefined) body.icon = (readText(this, 'options.icon', 'Icon', { max: MAX_ICON }) || undefined);
	if (options.description !== undefined) {
		body.description = (readText(this, 'options.description', 'Description', { max: MAX_DESCRIPTION, trim: false }) || undefined);
	}
	if (options.metadata !== undefined) body.metadata = readJsonObject(this, 'options.metadata', 'Metadata (JSON)');
	if (options.owner !== undefined) body.owner = readOptionalUid(this, 'options.owner', 'Owner');
	if (options.tags !== undefined) {
		const tags = readTags(this, 'options.tags', 'Tags');
		if (tags.length) body.tags = tags;
	}

	const lists = readMemberLists(this, 'options.');
	let count = 0;
	for (const { displayName, uids } of lists) {
		count += uids.length;
		if (count > MAX_MEMBERS_AT_CREATE) {
			throw inputError(
				this,
				displayName,
				`brings the new members to ${lists.reduce((n, list) => n + list.uids.length, 0)} UIDs in Admins, Moderators, Participants and Users To Ban together; CometChat allows at most ${MAX_MEMBERS_AT_CREATE} when it creates a group`,
				'Create the group with at most 25 of them, then add the rest with Group Member → Add, which sends them 25 at a time.',
			);
		}
	}
	if (lists.length) body.members = Object.fromEntries(lists.map(({ key, uids }) => [key, uids]));

	for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
	requestOptions.body = { ...(requestOptions.body as object), ...body };
	return requestOptions;
}
