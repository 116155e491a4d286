import { type IDataObject, type IExecuteSingleFunctions, type IHttpRequestOptions, type IN8nHttpFullResponse, type INodeExecutionData, type INodeProperties, type INodePropertyOptions, type JsonObject, NodeApiError, NodeOperationError } from 'n8n-workflow';
import { MANAGEMENT_CREDENTIAL, managementError, managementSecrets } from '../../../shared/management/transport';
import { appField, appPath } from '../../../shared/management/fields';
import { EXTENSION_BY_ID, extensionChoices, type ExtensionDefinition, EXTENSIONS, type SettingDefinition, settingsFor, type SettingsOperation } from './catalogue';
import { perKeyResults } from '../../../shared/batch';
import { defineOperation } from '../../../shared/operations';
import { describeValue, idProblem, inputError, readList } from '../../../shared/validate';
import { compareNames } from '../../../shared/sort';

// The extension resource's own fields and helpers: the Extension field and the answers of the settings
// operations, Enable and Disable (one request shape), the settings fields made from the catalogue
// (catalogue.ts, the extensions' data), and the Push Notification extension's certificate requests.

/** The Extension field of a settings operation: the extensions the spec gives that method. */
export function extensionField(operation: SettingsOperation, routing?: INodeProperties['routing']): INodeProperties {
	const options = extensionChoices(operation);
	return {
		displayName: 'Extension',
		name: 'extension',
		type: 'options',
		// Store and Update show the chosen extension's own fields, so it cannot come from an expression there.
		noDataExpression: operation === 'store' || operation === 'update',
		options,
		default: 'gifs-giphy', // Giphy has every settings method
		required: true,
		description: 'The extension whose settings to use',
		...(routing ? { routing } : {}),
	};
}

/** The chosen extension (its field's check has run before: it is one of the options). */
export function chosenExtension(context: IExecuteSingleFunctions): ExtensionDefinition {
	const id = String(context.getNodeParameter('extension', '')).trim();
	const extension = EXTENSION_BY_ID.get(id);
	// Unreachable in a run: the field's options check comes first.
	if (!extension) throw new NodeOperationError(context.getNode(), `Extension: "${id}" is unknown [item ${context.getItemIndex()}]`);
	return extension;
}

function chosenName(context: IExecuteSingleFunctions): string {
	return EXTENSION_BY_ID.get(String(context.getNodeParameter('extension', 'push-notification')))?.name ?? 'Push Notification';
}

const V2 = JSON.stringify(EXTENSIONS.filter((e) => e.version === 'v2').map((e) => e.id));

/** `/apps/{appId}/extensions/{id}/{version}` of the chosen extension, for `routing.request.url` (prefix "="). */
export const extensionPath =
	`${appPath}/extensions/{{ encodeURIComponent(String($parameter["extension"]).trim()) }}` +
	`/{{ ${V2}.includes(String($parameter["extension"]).trim()) ? "v2" : "v1" }}`;

/**
 * The extension service's answer inside the management API's `{data: {statusCode, success,
 * responseTime, body}}`. A wrapped failure (success false, or a statusCode of 400 or more, with an
 * HTTP 200 around it) is an error with the inner code and message, as any other (INFERRED: the spec
 * shows only successes).
 */
export async function innerBody(context: IExecuteSingleFunctions, response: IN8nHttpFullResponse): Promise<IDataObject> {
	const outer = response.body as IDataObject | undefined;
	const data = outer !== null && typeof outer === 'object' && !Array.isArray(outer) ? outer.data : undefined;
	const itemIndex = context.getItemIndex();
	if (data === null || typeof data !== 'object' || Array.isArray(data)) {
		const shown = JSON.stringify(outer ?? null);
		throw new NodeApiError(context.getNode(), { body: shown } as JsonObject, {
			message: `CometChat answered HTTP ${response.statusCode} without the expected data [item ${itemIndex}]`,
			description: `Expected {"data": {"statusCode", "success", "body"}}, got: ${shown.length > 300 ? `${shown.slice(0, 300)}…` : shown}`,
			httpCode: String(response.statusCode),
			itemIndex,
		});
	}
	const wrapper = data as IDataObject;
	const status = Number(wrapper.statusCode ?? 200);
	const body = (wrapper.body ?? {}) as IDataObject;
	if (wrapper.success === false || status >= 400) {
		// The inner answer carries CometChat's {error: {code, message}} when there is one; reported as any other error.
		const secrets = managementSecrets(await context.getCredentials(MANAGEMENT_CREDENTIAL));
		throw managementError(context.getNode(), { statusCode: status, headers: response.headers, body }, secrets, {
			itemIndex,
			doing: `the ${chosenName(context)} extension answered inside a success (HTTP ${response.statusCode})`,
		});
	}
	return typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
}

/** What a settings answer holds: `body.data.settings`, else `body.data`, else the body itself. */
export function answerRecord(body: IDataObject): IDataObject {
	const data = body.data as IDataObject | undefined;
	if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
		const settings = data.settings as IDataObject | undefined;
		return settings !== null && typeof settings === 'object' && !Array.isArray(settings) ? settings : data;
	}
	return body;
}

/** postReceive: one item, `{extension, ...<what the extension answered>}`. */
export async function extensionRecord(
	this: IExecuteSingleFunctions,
	_items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const body = await innerBody(this, response);
	return [{ json: { extension: chosenExtension(this).id, ...answerRecord(body) } }];
}

/**
 * Enable and Disable share `POST /apps/{appId}/extensions` {enabled[], disabled[]}: each sends its
 * list of extension IDs and answers one item per ID, `{extension, success, message}`.
 */
export type Switch = 'enabled' | 'disabled';

const FIELD = 'Extension Names or IDs';

/** Enable or Disable: POST /apps/{appId}/extensions with the chosen IDs in `enabled` or `disabled`. */
export function switchOperation(list: Switch, name: 'Enable' | 'Disable') {
	return defineOperation(
		'extension',
		{
			name,
			value: name.toLowerCase(),
			action: `${name} extensions`,
			description: `Switch extensions ${list === 'enabled' ? 'on' : 'off'} for an app`,
			routing: {
				request: { method: 'POST', url: `=${appPath}/extensions` },
				output: { postReceive: [switchResults(list)] },
			},
		},
		[appField(), extensionsField(list)],
	);
}

/** The Extensions field: the app's extensions (loaded from GET /apps/{appId}/extensions), or IDs from an expression. */
function extensionsField(list: Switch): INodeProperties {
	return {
		displayName: 'Extension Names or IDs',
		name: 'extensions',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getExtensions', loadOptionsDependsOn: ['appId.value'] },
		required: true,
		default: [],
		description: `The extensions to ${list === 'enabled' ? 'enable' : 'disable'}. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
		routing: { send: { preSend: [sendIds(list)] } },
	};
}

/** The chosen extension IDs: at least one, each an ID (letters, digits, "-", "_"). */
function readIds(context: IExecuteSingleFunctions): string[] {
	const ids = readList(context, 'extensions', FIELD);
	if (ids.length === 0) throw inputError(context, FIELD, 'is empty; choose at least one extension');
	for (const id of ids) {
		const problem = idProblem(id);
		if (problem) throw inputError(context, FIELD, problem);
	}
	return ids;
}

function sendIds(list: Switch) {
	return async function setIds(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		requestOptions.body = { [list]: readIds(this) };
		return requestOptions;
	};
}

/** postReceive: one item per extension asked for, from `data.<list>.<id>` (`{success, message}`). */
function switchResults(list: Switch) {
	const perExtension = perKeyResults('extension', readIds);
	return async function resultsPerExtension(
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		const data = ((response.body as IDataObject | undefined)?.data ?? {}) as IDataObject;
		return await perExtension.call(this, items, { ...response, body: { data: data[list] ?? {} } });
	};
}

/**
 * The settings fields of Store Settings and Update Settings, generated from the catalogue: for each
 * extension, its required settings as fields of their own and the others under "Additional Settings",
 * shown only while that extension is chosen. One preSend (settingsBody) reads and checks them and
 * writes the body.
 */

/** The field of a top-level setting: `<prefix><Key>`, or the key itself when it starts with the prefix. */
export function fieldName(extension: ExtensionDefinition, key: string): string {
	if (key.toLowerCase().startsWith(extension.prefix.toLowerCase())) return key;
	return `${extension.prefix}${key[0].toUpperCase()}${key.slice(1)}`;
}

export const additionalName = (extension: ExtensionDefinition) => `${extension.prefix}AdditionalSettings`;

const byName = <T extends { displayName: string }>(list: T[]) => [...list].sort((a, b) => compareNames(a.displayName, b.displayName));

/** The n8n field for one setting; `name` is its parameter (top level) or entry name (collections). */
function property(setting: SettingDefinition, name: string): INodeProperties {
	const base = { displayName: setting.label, name, description: setting.description };
	switch (setting.kind) {
		case 'text':
		case 'secret':
		case 'list':
			return {
				...base,
				type: 'string',
				default: setting.default ?? '',
				...(setting.kind === 'text' && setting.required ? { required: true } : {}),
				...(setting.kind === 'secret' ? { typeOptions: { password: true }, ...(setting.required ? { required: true } : {}) } : {}),
				...(setting.placeholder ? { placeholder: setting.placeholder } : {}),
			};
		case 'number':
			return { ...base, type: 'number', default: setting.default ?? 0, typeOptions: setting.min === undefined ? {} : { minValue: setting.min, numberPrecision: 0 } };
		case 'boolean':
			return { ...base, type: 'boolean', default: setting.default ?? false };
		case 'choice':
			return {
				...base,
				type: 'options',
				options: [...(setting.choices ?? [])].sort((a, b) => compareNames(a.name, b.name)) as INodePropertyOptions[],
				default: setting.default ?? setting.choices?.[0]?.value ?? '',
			};
		case 'map':
			return {
				...base,
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				placeholder: `Add ${setting.entry?.key ?? 'Entry'}`,
				default: {},
				options: [
					{
						name: 'entries',
						displayName: setting.entry?.key ?? 'Entry',
						values: [
							{ displayName: setting.entry?.key ?? 'Key', name: 'key', type: 'string', default: '' },
							{ displayName: setting.entry?.value ?? 'Value', name: 'value', type: 'string', default: '' },
						],
					},
				],
			};
		case 'object':
		case 'objectList':
			return {
				...base,
				type: 'fixedCollection',
				typeOptions: { multipleValues: setting.kind === 'objectList' },
				placeholder: `Add ${setting.label}`,
				default: {},
				options: [
					{
						name: setting.kind === 'object' ? 'values' : 'entries',
						displayName: setting.label,
						values: byName((setting.fields ?? []).map((field) => property(field, field.key))),
					},
				],
			};
	}
}

/** The settings fields of every extension with this operation (store or update), each shown for its extension. */
function settingsFields(operation: 'store' | 'update'): INodeProperties[] {
	return EXTENSIONS.filter((extension) => extension.operations.includes(operation)).flatMap((extension) => {
		// resource and operation first: n8n stops reading `show` at a key whose value is an expression.
		const shown = { show: { resource: ['extension'], operation: [`${operation}Settings`], extension: [extension.id] } };
		const settings = settingsFor(extension.settings, operation);
		const required = settings.filter((setting) => setting.required).map((setting) => ({ ...property(setting, fieldName(extension, setting.key)), displayOptions: shown }));
		const optional = settings.filter((setting) => !setting.required);
		if (optional.length === 0) return required;
		return [
			...required,
			{
				displayName: 'Additional Settings',
				name: additionalName(extension),
				type: 'collection',
				placeholder: 'Add Setting',
				default: {},
				displayOptions: shown,
				options: byName(optional.map((setting) => property(setting, setting.key))),
			} as INodeProperties,
		];
	});
}

// ---- reading and checking the values --------------------------------------------------------------

type Context = IExecuteSingleFunctions;


/**
 * One setting's value as CometChat takes it, or undefined to leave it out (an optional text left
 * empty, an optional group not added). Errors read "<field>: [<inner> ]<problem> [item N]", where
 * `inner` names a setting inside a group ("Style: Primary Color must be text").
 */
function readSetting(context: Context, setting: SettingDefinition, raw: unknown, field: string, inner = ''): unknown {
	const fail = (problem: string): never => {
		throw inputError(context, field, `${inner}${problem}`);
	};
	const shown = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? JSON.stringify(value) : describeValue(value));
	switch (setting.kind) {
		case 'text':
		case 'secret': {
			const text = raw === undefined || raw === null ? '' : raw;
			if (typeof text !== 'string' && typeof text !== 'number') return fail(`must be text, not ${describeValue(text)}`);
			const value = String(text).trim();
			if (value === '') return setting.required ? fail('is empty') : undefined;
			return value;
		}
		case 'number': {
			const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
			if (typeof value !== 'number' || !Number.isFinite(value)) return fail(`must be a number, not ${shown(raw)}`);
			if (setting.min !== undefined && !(Number.isInteger(value) && value >= setting.min)) fail(`must be a whole number of at least ${setting.min}, not ${value}`);
			return value;
		}
		case 'boolean':
			return typeof raw === 'boolean' ? raw : fail(`must be true or false, not ${shown(raw)}`);
		case 'choice': {
			const choice = (setting.choices ?? []).find((c) => (typeof raw === 'string' || typeof raw === 'number') && String(c.value) === String(raw).trim());
			return choice ? choice.value : fail(`${shown(raw)} is not one of ${(setting.choices ?? []).map((c) => `${c.value} (${c.name})`).join(', ')}`);
		}
		case 'list': {
			const values = listOf(raw, fail);
			const bad = values.find((value) => setting.allowed && !setting.allowed.includes(value));
			if (bad !== undefined) fail(`"${bad}" is not one of ${setting.allowed?.join(', ')}`);
			return values.length === 0 && !setting.required ? undefined : values;
		}
		case 'map': {
			const map: IDataObject = {};
			const entries = groupEntries(raw, 'entries', true, fail);
			entries.forEach((entry, i) => {
				const key = readSetting(context, TEXT, entry.key, field, `${inner}entry ${i + 1} key `) as string;
				if (Object.prototype.hasOwnProperty.call(map, key)) fail(`"${key}" is given twice`);
				// JavaScript objects on the way (n8n's request handling) would lose this one key: refused, not dropped.
				if (key === '__proto__') fail('"__proto__" cannot be a key');
				map[key] = (readSetting(context, { ...TEXT, required: false }, entry.value, field, `${inner}entry ${i + 1} (${key}) `) as string | undefined) ?? '';
			});
			return entries.length === 0 && !setting.required ? undefined : map;
		}
		case 'object': {
			const [values] = groupEntries(raw, 'values', false, fail);
			return values === undefined ? undefined : readObject(context, setting.fields ?? [], values, field, inner);
		}
		case 'objectList': {
			const list = groupEntries(raw, 'entries', true, fail).map((entry, i) => readObject(context, setting.fields ?? [], entry, field, `${inner}entry ${i + 1}, `));
			return list.length === 0 && !setting.required ? undefined : list;
		}
	}
}

const TEXT: SettingDefinition = { key: '', label: '', kind: 'text', description: '', required: true };

/** A list as comma- or newline-separated text or an array: entries trimmed, blanks dropped, repeats kept once. */
function listOf(raw: unknown, fail: (problem: string) => never): string[] {
	if (raw === undefined || raw === null) return [];
	const entries = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[,\n]/) : typeof raw === 'number' ? [raw] : fail(`must be a comma-separated list or an array, not ${describeValue(raw)}`);
	const values: string[] = [];
	for (const entry of entries) {
		if (typeof entry !== 'string' && typeof entry !== 'number') fail(`every entry must be text, but one is ${describeValue(entry)}`);
		const value = String(entry).trim();
		if (value !== '' && !values.includes(value)) values.push(value);
	}
	return values;
}

/** The entries of a fixedCollection value `{[group]: entry | entry[]}`; nothing added gives []. */
function groupEntries(raw: unknown, group: string, multiple: boolean, fail: (problem: string) => never): IDataObject[] {
	if (raw === undefined || raw === null || raw === '') return [];
	if (typeof raw !== 'object' || Array.isArray(raw)) return fail(`must be a group of fields, not ${describeValue(raw)}`);
	const inner = (raw as IDataObject)[group];
	if (inner === undefined || inner === null) return [];
	const entries = multiple ? inner : [inner];
	if (!Array.isArray(entries)) return fail(`must be a list of entries, not ${describeValue(inner)}`);
	entries.forEach((entry, i) => {
		if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) fail(`${multiple ? `entry ${i + 1}` : 'its fields'} must be an object, not ${describeValue(entry)}`);
	});
	return entries as IDataObject[];
}

/** An object of settings (a group's fields, which n8n keeps to the ones defined): each read and checked. */
function readObject(context: Context, fields: SettingDefinition[], values: IDataObject, field: string, inner: string): IDataObject {
	const object: IDataObject = {};
	for (const setting of fields) {
		if (!(setting.key in values) && !setting.required) continue;
		const value = readSetting(context, setting, values[setting.key], field, `${inner}${setting.label} `);
		if (value !== undefined) object[setting.key] = value as IDataObject[string];
	}
	return object;
}

/** The settings of `extension` from the fields of this operation, checked. */
function readSettings(context: Context, extension: ExtensionDefinition, operation: 'store' | 'update'): IDataObject {
	const settings: IDataObject = {};
	const additional = (context.getNodeParameter(additionalName(extension), {}) ?? {}) as IDataObject;
	const definitions = settingsFor(extension.settings, operation);
	for (const setting of definitions) {
		let value: unknown;
		if (setting.required) {
			const name = fieldName(extension, setting.key);
			value = readSetting(context, setting, context.getNodeParameter(name, undefined), setting.label);
		} else {
			if (!(setting.key in additional)) continue;
			value = readSetting(context, setting, additional[setting.key], setting.label);
		}
		if (value !== undefined) settings[setting.key] = value as IDataObject[string];
	}
	// Stickers has only optional settings: an update of none would send an empty body.
	if (Object.keys(settings).length === 0 && !extension.fixed) throw inputError(context, 'Additional Settings', 'is empty; add at least one setting');
	return { ...extension.fixed, ...settings };
}

/** Store or Update Settings: the chosen extension's fields, sent as its settings; the answer as extensionRecord. */
export function settingsOperation(operation: 'store' | 'update', option: { name: string; action: string; description: string }) {
	return defineOperation(
		'extension',
		{
			...option,
			value: `${operation}Settings`,
			routing: {
				request: { method: operation === 'store' ? 'POST' : 'PUT', url: `=${extensionPath}/settings` },
				output: { postReceive: [extensionRecord] },
			},
		},
		[appField(), extensionField(operation, { send: { preSend: [settingsBody(operation)] } }), ...settingsFields(operation)],
	);
}

/** preSend of Store/Update Settings: the body from the chosen extension's fields. */
function settingsBody(operation: 'store' | 'update') {
	return async function setSettings(this: Context, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const extension = chosenExtension(this);
		const settings = readSettings(this, extension, operation);
		requestOptions.body = extension.wrapped ? { settings } : settings;
		return requestOptions;
	};
}

// The Push Notification extension's certificates for APNs: its own two shapes (upload, query).
export const PUSH_PATH = `=${appPath}/extensions/push-notification/v1`;

/** postReceive: what the extension answered (its `body`, unwrapped), plus `extra`. */
export function certificateAnswer(extra: (context: IExecuteSingleFunctions) => object = () => ({})) {
	return async function certificateAnswer(this: IExecuteSingleFunctions, _items: INodeExecutionData[], response: IN8nHttpFullResponse): Promise<INodeExecutionData[]> {
		return [{ json: { ...extra(this), ...(await innerBody(this, response)) } }];
	};
}
