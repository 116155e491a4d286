import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { defineOperation } from '../../../shared/operations';
import { describeValue, inputError } from '../../../shared/validate';
import { appField } from '../../../shared/management/fields';
import { EXTENSIONS, settingsFor, type ExtensionDefinition, type SettingDefinition } from './catalogue';
import { chosenExtension, extensionField, extensionPath, extensionRecord } from './common';
import { compareNames } from '../../../shared/sort';

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
