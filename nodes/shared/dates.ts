import { tryToParseDateTime, type IExecuteSingleFunctions, type IHttpRequestOptions, type PreSendAction } from 'n8n-workflow';
import { describeValue, inputError } from './validate';

// Unix timestamps given as numbers: up to 11 digits are seconds (until the year 5138), more are milliseconds.
const SECONDS_BELOW = 1e11;
// The latest date taken: 9999-12-31T23:59:59.999Z.
const MAX_MILLIS = 253402300799999;

/**
 * A date field (type 'dateTime') as Unix **milliseconds**, or undefined when it is empty and not required.
 * Takes what n8n gives a date field: the date picker's text (read in the workflow's time zone unless it
 * names its own offset), ISO/HTTP/RFC 2822/SQL date texts, a Luxon DateTime or JS Date from an expression
 * such as {{ $now.minus({days: 7}) }}, or a Unix timestamp (a number or digits; seconds or milliseconds,
 * told apart by size). Callers convert to the unit their endpoint wants.
 */
export function readDateMillis(
	context: IExecuteSingleFunctions,
	parameter: string,
	field: string,
	{ required = false }: { required?: boolean } = {},
): number | undefined {
	const raw = context.getNodeParameter(parameter, '') as unknown;
	const fix = 'Give a date such as 2024-05-01T09:00:00 or {{ $now.minus({days: 7}) }}, or a Unix timestamp.';
	if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
		if (required) throw inputError(context, field, 'is empty', fix);
		return undefined;
	}
	let millis: number;
	if (typeof raw === 'number' || (typeof raw === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(raw))) {
		const value = Number(raw);
		if (!Number.isFinite(value)) throw inputError(context, field, `${String(raw)} is not a date`, fix);
		millis = Math.abs(value) < SECONDS_BELOW ? value * 1000 : value;
	} else if (typeof raw === 'string' || raw instanceof Date || isDateTime(raw)) {
		try {
			millis = tryToParseDateTime(raw, context.getTimezone()).toMillis();
		} catch {
			const shown = typeof raw === 'string' ? `"${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}"` : 'the value';
			throw inputError(context, field, `${shown} is not a date`, fix);
		}
	} else {
		throw inputError(context, field, `must be a date, not ${describeValue(raw)}`, fix);
	}
	if (!Number.isFinite(millis)) throw inputError(context, field, 'is not a valid date', fix);
	if (millis < 0) throw inputError(context, field, 'is before 1970; CometChat counts time from 1970-01-01', fix);
	if (millis > MAX_MILLIS) throw inputError(context, field, 'is after the year 9999', fix);
	return Math.floor(millis);
}

/** A Luxon DateTime (what $now, $today and DateTime.fromISO give in expressions), without importing Luxon. */
function isDateTime(value: unknown): boolean {
	return (
		value !== null &&
		typeof value === 'object' &&
		typeof (value as { toMillis?: unknown }).toMillis === 'function' &&
		(value as { isLuxonDateTime?: unknown }).isLuxonDateTime === true
	);
}


/**
 * preSend: a date field sent as the query parameter `query` in Unix **seconds** (CometChat's 10-digit
 * timestamps). A date added but left empty is refused rather than dropped: it would widen the list silently.
 */
export function dateQuery(parameter: string, query: string, field: string): PreSendAction {
	return async function sendDate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const millis = readDateMillis(this, parameter, field, { required: true }) as number;
		requestOptions.qs = { ...requestOptions.qs, [query]: Math.floor(millis / 1000) };
		return requestOptions;
	};
}

/** The days of a week's schedule (notification settings and preferences), as CometChat names them. */
export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** Why a time of day written as HHMM (e.g. 2130 for 21:30) is not one, or undefined. */
export function hhmmProblem(value: unknown): string | undefined {
	const ok = Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 2359 && (value as number) % 100 < 60;
	return ok ? undefined : 'must be a time written as HHMM, from 0 (00:00) to 2359 (23:59), such as 2130 for 21:30';
}
