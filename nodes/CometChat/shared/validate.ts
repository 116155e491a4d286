import { NodeOperationError, type IDataObject, type IExecuteSingleFunctions } from 'n8n-workflow';

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

/** A list of UIDs/GUIDs: at least one, each valid. */
export function readIdList(context: IExecuteSingleFunctions, parameter: string, field: string): string[] {
	const values = readList(context, parameter, field);
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

function describe(value: unknown): string {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'an array';
	if (value === undefined) return 'nothing';
	return `a ${typeof value}`;
}
