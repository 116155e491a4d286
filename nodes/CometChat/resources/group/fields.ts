import type { IDataObject, IExecuteSingleFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { idProblem, inputError, readList, readText } from '../../../shared/validate';

// What Group and Group Member operations share: the group type and member scope choices, the fields
// Simplify keeps, and the checks CometChat's constraints page asks for (names 100, descriptions 255,
// icon URL 3000, password 100, tags 25 × 100).

export const GROUP_TYPES: INodePropertyOptions[] = [
	{ name: 'Password', value: 'password', description: 'Anyone who knows the password can join' },
	{ name: 'Private', value: 'private', description: 'Only members can add others' },
	{ name: 'Public', value: 'public', description: 'Anyone can join' },
];

export const MEMBER_SCOPES: INodePropertyOptions[] = [
	{ name: 'Admin', value: 'admin' },
	{ name: 'Moderator', value: 'moderator' },
	{ name: 'Participant', value: 'participant' },
];

/** What Simplify keeps of a group (Get, Get Many). */
export const SIMPLE_GROUP_FIELDS = [
	'guid',
	'name',
	'type',
	'description',
	'icon',
	'owner',
	'membersCount',
	'tags',
	'metadata',
	'createdAt',
	'hasJoined',
	'scope',
	'joinedAt',
];

export const MAX_NAME = 100;
export const MAX_DESCRIPTION = 255;
export const MAX_ICON = 3000;
export const MAX_PASSWORD = 100;

/** The member lists of POST /groups (`members.*`) and POST /groups/{guid}/members, in the spec's order. */
export const MEMBER_LISTS = [
	{ key: 'admins', displayName: 'Admins', scope: 'admin' },
	{ key: 'moderators', displayName: 'Moderators', scope: 'moderator' },
	{ key: 'participants', displayName: 'Participants', scope: 'participant' },
	{ key: 'usersToBan', displayName: 'Users To Ban', scope: 'banned' },
] as const;

/** A member list field: comma-separated UIDs or an array from an expression. */
export function memberListField(key: string, displayName: string, description: string): INodeProperties {
	return {
		displayName,
		name: key,
		type: 'string',
		default: '',
		placeholder: 'e.g. cometchat-uid-4, cometchat-uid-5',
		description,
	};
}

/** Reads the member lists at `<prefix><key>`: each entry a valid UID; empty lists are left out. */
export function readMemberLists(context: IExecuteSingleFunctions, prefix: string): Array<{ key: string; displayName: string; uids: string[] }> {
	return MEMBER_LISTS.map(({ key, displayName }) => {
		const uids = readList(context, `${prefix}${key}`, displayName);
		for (const uid of uids) {
			const problem = idProblem(uid);
			if (problem) throw inputError(context, displayName, problem);
		}
		return { key, displayName, uids };
	}).filter((list) => list.uids.length > 0);
}

/** A single UID parameter that may be left empty (Owner). */
export function readOptionalUid(context: IExecuteSingleFunctions, parameter: string, field: string): string | undefined {
	const value = readText(context, parameter, field);
	if (value === '') return undefined;
	const problem = idProblem(value);
	if (problem) throw inputError(context, field, problem);
	return value;
}

/** The parameters of a collection that the user added. */
export function collection(context: IExecuteSingleFunctions, name: string): IDataObject {
	return (context.getNodeParameter(name, {}) ?? {}) as IDataObject;
}

/** The group's Description and Icon, as Create's options and Update's fields. */
export const descriptionField: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	default: '',
	placeholder: 'e.g. Weekend hikes around the lake',
	description: 'What the group is about, at most 255 characters',
};

export const iconField: INodeProperties = {
	displayName: 'Icon',
	name: 'icon',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://example.com/hiking.png',
	description: "URL of the group's picture",
};
