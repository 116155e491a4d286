import type { IDataObject, IExecuteSingleFunctions, IN8nHttpFullResponse, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { idProblem, inputError, readIdList, readJsonObject, readTags, readText } from '../../../shared/validate';

/** What Simplify keeps of a user record (Get, Get Many), in this order. */
export const SIMPLE_USER_FIELDS = [
	'uid',
	'name',
	'avatar',
	'status',
	'role',
	'tags',
	'metadata',
	'createdAt',
	'lastActiveAt',
	'deactivatedAt',
];

// CometChat's constraints page: names 100 characters (UTF8mb4), avatar/link URLs 3000,
// tags 25 × 100, role IDs alpha-dash up to 100.
const NAME_MAX = 100;
const URL_MAX = 3000;
/** The user's display name: required, at most 100 characters. */
export function readName(context: IExecuteSingleFunctions, parameter: string): string {
	const name = readText(context, parameter, 'Name', { max: NAME_MAX });
	if (name === '') throw inputError(context, 'Name', 'is empty', 'Give the user a display name.');
	return name;
}

/**
 * The profile fields added to `collection` (Create's `options`, Update's `updateFields`), checked and
 * ready for the body. On Create an empty optional field is left out (an expression that yields
 * nothing for some items); on Update it is refused, except where clearing is the only meaning.
 */
export function readProfile(
	context: IExecuteSingleFunctions,
	collection: 'options' | 'updateFields',
	mode: 'create' | 'update',
): IDataObject {
	const added = context.getNodeParameter(collection, {}) as IDataObject;
	const path = (name: string) => `${collection}.${name}`;
	const body: IDataObject = {};

	if (added.name !== undefined) body.name = readName(context, path('name'));
	for (const [name, field] of [['avatar', 'Avatar'], ['link', 'Link']] as const) {
		if (added[name] === undefined) continue;
		const url = readText(context, path(name), field, { max: URL_MAX });
		if (url !== '') body[name] = url;
		else if (mode === 'update') throw inputError(context, field, 'is empty', `To remove the ${name}, choose it in Fields to Unset instead.`);
	}
	if (added.role !== undefined) {
		const role = readText(context, path('role'), 'Role');
		if (role !== '') {
			const problem = idProblem(role);
			if (problem) throw inputError(context, 'Role', problem);
			body.role = role;
		} else if (mode === 'update') {
			throw inputError(context, 'Role', 'is empty', 'Give the ID of an existing role, such as default.');
		}
	}
	if (added.statusMessage !== undefined) {
		const statusMessage = readText(context, path('statusMessage'), 'Status Message');
		// INFERRED: on Update an empty text clears the status message (the spec offers no unset for it).
		if (statusMessage !== '' || mode === 'update') body.statusMessage = statusMessage;
	}
	if (added.metadata !== undefined) body.metadata = readJsonObject(context, path('metadata'), 'Metadata (JSON)');
	if (added.tags !== undefined) {
		const tags = readTags(context, path('tags'));
		// Update replaces the tags [SPEC], so an empty list removes them all (INFERRED: CometChat takes []).
		if (tags.length > 0 || mode === 'update') body.tags = tags;
	}
	return body;
}

/** The profile fields as entries of a collection, sorted by display name. */
export function profileFields(mode: 'create' | 'update'): INodeProperties[] {
	const fields: INodeProperties[] = [
		{
			displayName: 'Avatar',
			name: 'avatar',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/avatars/jane.png',
			description: 'URL of the profile picture (at most 3000 characters)',
		},
		{
			displayName: 'Link',
			name: 'link',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/people/jane',
			description: 'URL of the profile page (at most 3000 characters)',
		},
		{
			displayName: 'Metadata (JSON)',
			name: 'metadata',
			type: 'json',
			default: '{}',
			description:
				mode === 'update'
					? 'A JSON object that replaces the user\'s metadata, e.g. {"plan": "pro"}. Put email and phone number under "@private" for CometChat\'s email and SMS notifications.'
					: 'Any JSON object to store with the user, e.g. {"plan": "pro"}. Put email and phone number under "@private" for CometChat\'s email and SMS notifications.',
		},
		{
			displayName: 'Role',
			name: 'role',
			type: 'string',
			default: '',
			placeholder: 'e.g. default',
			description: 'ID of an existing role (CometChat uses "default" when none is given)',
		},
		{
			displayName: 'Status Message',
			name: 'statusMessage',
			type: 'string',
			default: '',
			placeholder: 'e.g. Out on the trail',
			description:
				mode === 'update'
					? 'A line about the user\'s current status or mood; leave empty to clear it'
					: 'A line about the user\'s current status or mood',
		},
		{
			displayName: 'Tags',
			name: 'tags',
			type: 'string',
			default: '',
			placeholder: 'e.g. vip, beta',
			description:
				mode === 'update'
					? 'Tags that replace all of the user\'s tags: a comma-separated list, or an array from an expression (at most 25, each at most 100 characters). Leave empty to remove them all.'
					: 'Tags for the user: a comma-separated list, or an array from an expression (at most 25, each at most 100 characters)',
		},
	];
	if (mode === 'update') {
		fields.splice(3, 0, {
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			placeholder: 'e.g. Jane Doe',
			description: 'Display name of the user (at most 100 characters)',
		});
	}
	return fields;
}

/**
 * postReceive for Deactivate and Reactivate, which answer with one list of the UIDs they acted on
 * (`{data: {deactivatedUids: [...]}}`) rather than a result per UID: one item per UID asked for, in
 * the order given and spelled as given, `{uid, success, message}`. CometChat lower-cases UIDs, so
 * they match case-insensitively; a UID in the answer that nobody asked for is still passed on.
 */
export function uidResults(parameter: string, field: string, answerKeys: string[], done: string, notDone: string) {
	return async function reportUids(
		this: IExecuteSingleFunctions,
		_items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		const asked = readIdList(this, parameter, field);
		const data = ((response.body as IDataObject | undefined)?.data ?? {}) as IDataObject;
		const reported = answerKeys.flatMap((key) => (Array.isArray(data[key]) ? (data[key] as unknown[]) : [])).map(String);
		const acted = new Set(reported.map((uid) => uid.toLowerCase()));
		const items: INodeExecutionData[] = asked.map((uid) => {
			const success = acted.has(uid.toLowerCase());
			return { json: { uid, success, message: success ? done : notDone } };
		});
		const askedKeys = new Set(asked.map((uid) => uid.toLowerCase()));
		for (const uid of reported) {
			if (askedKeys.has(uid.toLowerCase())) continue;
			askedKeys.add(uid.toLowerCase());
			items.push({ json: { uid, success: true, message: done } });
		}
		return items;
	};
}
