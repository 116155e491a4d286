import {
	NodeOperationError,
	type IDataObject,
	type IExecuteSingleFunctions,
	type INodePropertyOptions,
} from 'n8n-workflow';

// CometChat UIDs and GUIDs: letters, digits, "-" and "_", at most 100 characters (constraints page).
// CometChat lower-cases them on create; we accept either case and let the API fold it.
export const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
export const ID_MAX_LENGTH = 100;

/** An error for bad input in one item, raised before any request is sent. */
export function inputError(
	context: IExecuteSingleFunctions,
	field: string,
	problem: string,
	fix?: string,
): NodeOperationError {
	const itemIndex = context.getItemIndex();
	return new NodeOperationError(context.getNode(), `${field}: ${problem} [item ${itemIndex}]`, {
		itemIndex,
		description: fix,
	});
}

/** Why a value is not a valid UID/GUID, or undefined when it is. */
export function idProblem(value: string): string | undefined {
	if (value === '') return 'is empty';
	if (value.length > ID_MAX_LENGTH) return `is ${value.length} characters long; CometChat allows at most ${ID_MAX_LENGTH}`;
	if (!ID_PATTERN.test(value)) {
		return `"${value}" has characters CometChat does not allow; use only letters, digits, "-" and "_"`;
	}
	return undefined;
}

/** Reads a UID/GUID parameter (plain or resource locator), trimmed and checked. */
export function readId(context: IExecuteSingleFunctions, parameter: string, field: string): string {
	const raw = context.getNodeParameter(parameter, '', { extractValue: true });
	if (typeof raw !== 'string' && typeof raw !== 'number') {
		throw inputError(context, field, `expected a single ID but got ${describe(raw)}`);
	}
	const value = String(raw).trim();
	const problem = idProblem(value);
	if (problem) throw inputError(context, field, problem);
	return value;
}

/**
 * A list given as a comma- or newline-separated string, or as an array from an expression.
 * Blank entries are dropped; repeated ones are kept once, in first-seen order.
 */
export function readList(context: IExecuteSingleFunctions, parameter: string, field: string): string[] {
	const raw = context.getNodeParameter(parameter, '') as unknown;
	let entries: unknown[];
	if (Array.isArray(raw)) entries = raw;
	else if (typeof raw === 'string') entries = raw.split(/[,\n]/);
	else if (typeof raw === 'number') entries = [raw];
	else throw inputError(context, field, `expected a comma-separated list or an array but got ${describe(raw)}`);
	const values: string[] = [];
	for (const entry of entries) {
		if (typeof entry !== 'string' && typeof entry !== 'number') {
			throw inputError(context, field, `every entry must be text, but one is ${describe(entry)}`);
		}
		const value = String(entry).trim();
		if (value !== '' && !values.includes(value)) values.push(value);
	}
	return values;
}

/**
 * A list of UIDs/GUIDs: at least one, each valid. CometChat IDs ignore case, so "Bob, bob" is one ID
 * (kept as first written): CometChat would answer for it once.
 */
export function readIdList(context: IExecuteSingleFunctions, parameter: string, field: string): string[] {
	const values = readList(context, parameter, field).filter(
		(value, index, all) => all.findIndex((other) => other.toLowerCase() === value.toLowerCase()) === index,
	);
	if (values.length === 0) throw inputError(context, field, 'is empty; give at least one ID');
	for (const value of values) {
		const problem = idProblem(value);
		if (problem) throw inputError(context, field, problem);
	}
	return values;
}

/** A JSON object parameter: typed as JSON text in the UI, or an object from an expression. */
export function readJsonObject(context: IExecuteSingleFunctions, parameter: string, field: string): IDataObject {
	const raw = context.getNodeParameter(parameter, '{}') as unknown;
	let value = raw;
	if (typeof raw === 'string') {
		try {
			value = JSON.parse(raw.trim() === '' ? '{}' : raw);
		} catch (error) {
			throw inputError(context, field, `is not valid JSON (${(error as Error).message})`, 'Write a JSON object such as {"plan": "pro"}.');
		}
	}
	if (value === null || typeof value !== 'object' || Array.isArray(value)) {
		throw inputError(context, field, `must be a JSON object, not ${describe(value)}`, 'Write a JSON object such as {"plan": "pro"}.');
	}
	return value as IDataObject;
}

/**
 * A text parameter (a number is taken as text), trimmed unless `trim: false`. Refused when it is not
 * text, empty while `required`, or longer than `max` characters; empty (or null) gives ''.
 * Lengths count characters as CometChat does (UTF8mb4), not UTF-16 units.
 */
export function readText(
	context: IExecuteSingleFunctions,
	parameter: string,
	field: string,
	{ max = Infinity, required = false, trim = true }: { max?: number; required?: boolean; trim?: boolean } = {},
): string {
	const raw = context.getNodeParameter(parameter, '') as unknown;
	if (raw !== null && raw !== undefined && typeof raw !== 'string' && typeof raw !== 'number') {
		throw inputError(context, field, `must be text, not ${describe(raw)}`);
	}
	const text = raw === null || raw === undefined ? '' : String(raw);
	const value = trim ? text.trim() : text;
	if (value.trim() === '') {
		if (required) throw inputError(context, field, 'is empty');
		return '';
	}
	if (characters(value) > max) {
		throw inputError(context, field, `is ${characters(value)} characters long; CometChat allows at most ${max}`);
	}
	return value;
}

// CometChat's constraints page: at most 25 tags of at most 100 characters (users, groups, messages).
export const TAGS_MAX = 25;
export const TAG_MAX = 100;

/** Tags: a comma-separated list or an array, at most 25, each at most 100 characters. */
export function readTags(context: IExecuteSingleFunctions, parameter: string, field = 'Tags'): string[] {
	const tags = readList(context, parameter, field);
	if (tags.length > TAGS_MAX) throw inputError(context, field, `has ${tags.length} tags; CometChat allows at most ${TAGS_MAX}`);
	for (const tag of tags) {
		if (characters(tag) > TAG_MAX) {
			throw inputError(context, field, `"${tag.slice(0, 20)}…" is ${characters(tag)} characters long; CometChat allows at most ${TAG_MAX} per tag`);
		}
	}
	return tags;
}

type Allowed = Array<string | INodePropertyOptions>;
const allowedValues = (allowed: Allowed) => allowed.map((a) => (typeof a === 'string' ? a : String(a.value)));

/** One value that must be among `allowed` (an options field can still get anything from an expression). */
export function readChoice(context: IExecuteSingleFunctions, parameter: string, field: string, allowed: Allowed): string {
	const values = readChoices(context, parameter, field, allowed);
	const choices = allowedValues(allowed).join(', ');
	if (values.length === 0) throw inputError(context, field, `is empty; choose one of ${choices}`);
	if (values.length > 1) throw inputError(context, field, `takes a single value, one of ${choices}`);
	return values[0];
}

/** Values (a list or an array) that must each be among `allowed`. */
export function readChoices(context: IExecuteSingleFunctions, parameter: string, field: string, allowed: Allowed): string[] {
	const values = readList(context, parameter, field);
	const valid = allowedValues(allowed);
	for (const value of values) {
		if (!valid.includes(value)) throw inputError(context, field, `"${value}" is not one of ${valid.join(', ')}`);
	}
	return values;
}

/** Characters as CometChat counts them (code points), so an emoji counts once. */
export const characters = (value: string) => [...value].length;

function describe(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'an array';
	if (value === undefined) return 'nothing';
	return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
