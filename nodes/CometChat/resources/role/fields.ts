import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { inputError, readChoice, readJsonObject, readList } from '../../../shared/validate';

// ---- settings (listUsers, sendMessagesTo: all | friendsOnly) -----------------------------------------

const SETTING_VALUES = ['all', 'friendsOnly'];

const settingOptions = [
	{ name: 'All', value: 'all' },
	{ name: 'Friends Only', value: 'friendsOnly' },
];

/** The two role settings, as entries of an Options / Update Fields collection. */
export const settingsFields: INodeProperties[] = [
	{
		displayName: 'List Users',
		name: 'listUsers',
		type: 'options',
		options: settingOptions,
		default: 'all',
		description: 'Which users people with this role see when they list users',
	},
	{
		displayName: 'Send Messages To',
		name: 'sendMessagesTo',
		type: 'options',
		options: settingOptions,
		default: 'all',
		description: 'Whom people with this role may message',
	},
];

/** `settings` from the collection `collection` (options / updateFields), when either setting is added. */
export function readSettings(context: IExecuteSingleFunctions, collection: string): IDataObject | undefined {
	const values = context.getNodeParameter(collection, {}) as IDataObject;
	const settings: IDataObject = {};
	if (values.listUsers !== undefined) settings.listUsers = readChoice(context, `${collection}.listUsers`, 'List Users', SETTING_VALUES);
	if (values.sendMessagesTo !== undefined) {
		settings.sendMessagesTo = readChoice(context, `${collection}.sendMessagesTo`, 'Send Messages To', SETTING_VALUES);
	}
	return Object.keys(settings).length > 0 ? settings : undefined;
}

/** Metadata (JSON) in a collection: a JSON object. */
export const metadataField: INodeProperties = {
	displayName: 'Metadata (JSON)',
	name: 'metadata',
	type: 'json',
	default: '{}',
	description: 'Any JSON object to store with the role, e.g. {"team": "support"}',
};

// ---- features and permissions --------------------------------------------------------------------

// Feature keys (u.listUsers) and permission IDs (listUsers.mode): a letter, then letters, digits, "_",
// "-" and "." (no "/", and never "." or ".." alone, since IDs become path segments).
const KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const KEY_MAX_LENGTH = 100;

function keyProblem(key: string, what: string): string | undefined {
	if (key.length > KEY_MAX_LENGTH) return `is ${key.length} characters long; a ${what} has at most ${KEY_MAX_LENGTH}`;
	if (!KEY_PATTERN.test(key)) return `"${key}" is not a ${what}: use a letter, then letters, digits, "_", "-" and "."`;
	return undefined;
}

/** A list of feature keys: at least one, each well-formed. */
export function readFeatureKeys(context: IExecuteSingleFunctions, parameter: string, field: string): string[] {
	const keys = readList(context, parameter, field);
	if (keys.length === 0) throw inputError(context, field, 'is empty; give at least one feature key');
	for (const key of keys) {
		const problem = keyProblem(key, 'feature key');
		if (problem) throw inputError(context, field, problem);
	}
	return keys;
}

/** A single permission ID (a path segment of Reset Permission). */
export function readPermissionId(context: IExecuteSingleFunctions, parameter: string, field: string): string {
	const raw = context.getNodeParameter(parameter, '') as unknown;
	if (typeof raw !== 'string') throw inputError(context, field, 'must be a single permission ID');
	const id = raw.trim();
	if (id === '') throw inputError(context, field, 'is empty');
	const problem = keyProblem(id, 'permission ID');
	if (problem) throw inputError(context, field, problem);
	return id;
}

const PERMISSIONS_FIX = 'Write a JSON object of permission IDs and values, e.g. {"sendMessage": "deny", "createGroup.allowedGroupTypes": ["public"]}.';

/** Permissions (JSON): a non-empty object of permission ID → text or list of texts. */
export function readPermissions(context: IExecuteSingleFunctions, parameter: string, field: string): IDataObject {
	const permissions = readJsonObject(context, parameter, field);
	const entries = Object.entries(permissions);
	if (entries.length === 0) throw inputError(context, field, 'is empty; give at least one permission', PERMISSIONS_FIX);
	for (const [id, value] of entries) {
		const problem = keyProblem(id, 'permission ID');
		if (problem) throw inputError(context, field, problem, PERMISSIONS_FIX);
		const ok = typeof value === 'string' || (Array.isArray(value) && value.every((entry) => typeof entry === 'string'));
		if (!ok) {
			throw inputError(
				context,
				field,
				`the value of ${id} must be text or a list of texts`,
				'To go back to the default value, use Reset Permission instead.',
			);
		}
	}
	return permissions;
}

/** The Permissions (JSON) field of Set Permissions and Set Scope Permissions, sent as body `permissions`. */
export function permissionsField(description: string): INodeProperties {
	return {
		displayName: 'Permissions (JSON)',
		name: 'permissions',
		type: 'json',
		required: true,
		default: '{}',
		description,
		routing: {
			send: {
				preSend: [
					async function setPermissionsBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
						requestOptions.body = { permissions: readPermissions(this, 'permissions', 'Permissions (JSON)') };
						return requestOptions;
					},
				],
			},
		},
	};
}

/** The permission ID of Reset Permission and Reset Scope Permission, checked before the request. */
export const permissionIdField: INodeProperties = {
	displayName: 'Permission',
	name: 'permission',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. sendMessage',
	description: 'ID of the permission to set back to its default value (Get Permissions lists them)',
	routing: {
		send: {
			preSend: [
				async function checkPermission(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
					readPermissionId(this, 'permission', 'Permission');
					return requestOptions;
				},
			],
		},
	},
};

const SCOPES = ['admin', 'moderator', 'participant'];

/** The member scope of a group whose permissions are read or changed. */
export const scopeField: INodeProperties = {
	displayName: 'Scope',
	name: 'scope',
	type: 'options',
	options: [
		{ name: 'Admin', value: 'admin' },
		{ name: 'Moderator', value: 'moderator' },
		{ name: 'Participant', value: 'participant' },
	],
	default: 'participant',
	description: 'The member scope whose permissions apply in this group',
	routing: {
		send: {
			preSend: [
				async function checkScope(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
					readChoice(this, 'scope', 'Scope', SCOPES);
					return requestOptions;
				},
			],
		},
	},
};
