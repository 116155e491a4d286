import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { redact } from '../../../shared/errors/conversion';
import { optionsCollection } from '../../../shared/fields';
import { matchAnswers, sendInBatches } from '../../../shared/batch';
import { inputError, isObject } from '../../../shared/validate';
import { checkedRecord, describe, isPlainObject, quote, type Shape } from './records';
import { CHAT_CREDENTIAL } from '../../../shared/chat/baseUrl';

// CometChat's data import constraints page: at most 50 entities per request (and 60 requests a minute,
// which the shared retry policy meets by waiting as long as a 429 asks).
export const MAX_BATCH = 50;

/** One of the four import endpoints: POST /data_import/<wrapper>  body {<wrapper>: {<key value>: record, ...}}. */
export interface ImportKind {
	wrapper: 'users' | 'groups' | 'members' | 'messages';
	/** The field each record is keyed by in the body and the answer, and that names it in the output. */
	key: 'uid' | 'guid' | 'memberId' | 'muid';
	/** Display name of the records field. */
	field: string;
	shape: Shape;
	/** Whether CometChat folds the key's case (UIDs, GUIDs): two records differing only in case are one. */
	foldsCase: boolean;
	/** An example record for hints. */
	example: string;
	/** Output fields beside the key (members: guid, uid). */
	extra?: (record: IDataObject) => IDataObject;
}

/** The records field of an operation: a JSON array of records, or an expression giving one. */
export function recordsField(kind: ImportKind, description: string): INodeProperties {
	return {
		displayName: kind.field,
		name: kind.wrapper,
		type: 'json',
		required: true,
		default: '[]',
		description,
		routing: {
			send: {
				preSend: [
					async function setRecords(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
						const records = readRecords(this, kind);
						readBatchSize(this);
						// The paginator (importInBatches) sends them 50 at a time, keyed as CometChat wants.
						requestOptions.body = { ...(requestOptions.body as object), [kind.wrapper]: records };
						return requestOptions;
					},
				],
			},
		},
	};
}

/** Options: the batch size (not sent; it decides how many records go in each request). */
export const batchOptions = () =>
	optionsCollection([
	{
		displayName: 'Batch Size',
		name: 'batchSize',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_BATCH },
		default: MAX_BATCH,
		description: 'How many records go in one request. CometChat takes at most 50; fewer make smaller requests.',
	},
	]);

function readBatchSize(context: IExecuteSingleFunctions): number {
	const raw = context.getNodeParameter('options.batchSize', MAX_BATCH) as unknown;
	const size = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
	if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > MAX_BATCH) {
		throw inputError(context, 'Batch Size', `must be a whole number from 1 to ${MAX_BATCH}, not ${describe(raw)}`);
	}
	return size;
}

/**
 * The records of one item, checked and ready to send, in the order given. Takes a list of records
 * (JSON text or an array from an expression), a single record, or CometChat's own map keyed by ID.
 * Any problem stops the item before anything is sent, naming the record (counted from 1) and its field.
 */
export function readRecords(context: IExecuteSingleFunctions, kind: ImportKind): IDataObject[] {
	const { field, shape } = kind;
	const fix = `Give a JSON array of ${shape.name} records, e.g. [${kind.example}], or an expression such as {{ $json.${kind.wrapper} }}.`;
	const raw = context.getNodeParameter(kind.wrapper, '[]') as unknown;
	let value = raw;
	if (typeof raw === 'string') {
		try {
			value = raw.trim() === '' ? [] : JSON.parse(raw);
		} catch (error) {
			throw inputError(context, field, `is not valid JSON (${(error as Error).message})`, fix);
		}
	}
	let entries: Array<{ listedAs?: string; value: unknown }>;
	if (Array.isArray(value)) {
		entries = value.map((entry) => ({ value: entry }));
	} else if (isPlainObject(value)) {
		// A single record has its ID field; CometChat's own form is an object of records keyed by ID.
		const single = kind.key in value || (kind.key === 'memberId' && ('guid' in value || 'uid' in value));
		const map = !single && Object.keys(value).length > 0 && Object.values(value).every(isPlainObject);
		entries = map ? Object.entries(value).map(([listedAs, entry]) => ({ listedAs, value: entry })) : [{ value }];
	} else {
		throw inputError(context, field, `must be a list of ${shape.name} records (a JSON array), not ${describe(value)}`, fix);
	}
	if (entries.length === 0) throw inputError(context, field, `is empty; give at least one ${shape.name} record`, fix);

	const seen = new Map<string, number>();
	return entries.map(({ listedAs, value: entry }, index) => {
		const label = `record ${index + 1}${labelOf(kind, entry, listedAs)}`;
		const keyed = listedAs !== undefined && kind.key !== 'memberId' && isPlainObject(entry) && entry[kind.key] === undefined;
		const { record, problem } = checkedRecord(shape, keyed ? { [kind.key]: listedAs, ...(entry as IDataObject) } : entry);
		if (problem || !record) {
			const text = problem?.message ?? 'could not be read';
			throw inputError(context, field, problem?.path.length ? `${label}: ${text}` : `${label} ${text}`, fix);
		}
		const key = String(record[kind.key]);
		if (listedAs !== undefined && listedAs.toLowerCase() !== key.toLowerCase()) {
			throw inputError(context, field, `${label}: ${kind.key} is ${quote(key)} but the record is listed under ${quote(listedAs)}`);
		}
		const folded = kind.foldsCase ? key.toLowerCase() : key;
		const first = seen.get(folded);
		if (first !== undefined) {
			throw inputError(context, field, `${label} has the same ${kind.key} as record ${first + 1}; CometChat imports each ${shape.name} once`);
		}
		seen.set(folded, index);
		return record;
	});
}

/** ` (uid "bob")`: the record's ID as given, when it has one, to find it in a long list. */
function labelOf(kind: ImportKind, entry: unknown, listedAs: string | undefined): string {
	if (!isPlainObject(entry)) return listedAs === undefined ? '' : ` (${quote(listedAs)})`;
	const shown = (key: string) => {
		const value = entry[key] ?? (key === kind.key ? listedAs : undefined);
		return typeof value === 'string' || typeof value === 'number' ? `${key} ${quote(String(value))}` : undefined;
	};
	const keys = kind.key === 'memberId' ? ['guid', 'uid'] : [kind.key];
	const parts = keys.map(shown).filter((part): part is string => part !== undefined);
	return parts.length ? ` (${parts.join(', ')})` : '';
}

/**
 * `operations.pagination` of an import: sends the checked records in order, at most Batch Size (50) per
 * request, each request keyed as CometChat wants ({users: {<uid>: {...}}}) and written in the order
 * given (a JS object would put numeric keys such as muid "3118" first). Each request goes through the
 * retry policy on its own: a 429 is waited out and sent again; after a 5xx or a broken connection it
 * is not repeated (an import is a POST) and the item fails saying which records went where. Returns one
 * item per record, in the order given: `{<key>, success, message?, code?, data?}`.
 */
export function importInBatches(kind: ImportKind) {
	return async function runImport(
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const records = ((requestData.options.body ?? {}) as IDataObject)[kind.wrapper] as IDataObject[];
		const size = readBatchSize(this);
		const apiKey = String((await this.getCredentials(CHAT_CREDENTIAL)).apiKey ?? '');
		const tally = { imported: 0, refused: 0 };
		return await sendInBatches(this, requestData, records, size, {
			bodyOf: (batch) => bodyText(kind, batch),
			itemsOf: (batch, response) => {
				const answers = redact(((response?.json as IDataObject | undefined)?.data ?? {}) as IDataObject, apiKey);
				const asked = batch.map((record) => ({ list: '', id: String(record[kind.key]), fields: kind.extra?.(record) }));
				const answered = Object.entries(isObject(answers) ? answers : {}).map(([id, result]) => ({ list: '', id, result }));
				// One item per record sent, in order; CometChat keys its answer by the record's ID (UIDs and GUIDs lower-cased).
				const items = matchAnswers(asked, answered, { field: kind.key, outcome });
				for (const item of items) {
					if (item.json.success === true) tally.imported++;
					else tally.refused++;
				}
				return items;
			},
			failed: (error, start, end) => withProgress(error, kind, { start, end, total: records.length, ...tally }),
		});
	};
}

/** `{"<wrapper>":{"<key>":{...},...}}` as JSON text, keys in the records' order. */
function bodyText(kind: ImportKind, batch: IDataObject[]): string {
	const entries = batch.map((record) => `${JSON.stringify(String(record[kind.key]))}:${JSON.stringify(record)}`);
	return `{${JSON.stringify(kind.wrapper)}:{${entries.join(',')}}}`;
}

/** `{success: true, data}` or `{success: false, error: {code, message, details?}}` as an output item's fields. */
function outcome(answer: unknown): IDataObject {
	if (answer === undefined) return { success: false, message: 'CometChat returned no result for this record.' };
	if (!isObject(answer)) return { success: false, message: `CometChat answered ${JSON.stringify(answer)} for this record.` };
	const error = isObject(answer.error) ? answer.error : undefined;
	const message = answer.message ?? error?.message ?? (typeof answer.error === 'string' ? answer.error : undefined);
	let data = answer.data;
	// The import guide's examples wrap the record once more ({success, data: {data: {...}}}): unwrap it.
	if (isObject(data) && Object.keys(data).length === 1 && isObject(data.data)) data = data.data;
	return {
		success: answer.success === true,
		...(message !== undefined ? { message: String(message) } : {}),
		...(error?.code !== undefined ? { code: String(error.code) } : {}),
		...(isObject(error?.details) ? { details: error.details as IDataObject } : {}),
		...(isObject(data) ? { data: data as IDataObject } : {}),
	};
}

/** Adds to a failed request's error where each record stands: answered, in the failed request, or not sent. */
function withProgress(
	error: Error,
	kind: ImportKind,
	{ start, end, total, imported, refused }: { start: number; end: number; total: number; imported: number; refused: number },
): Error {
	const what = kind.wrapper;
	const parts: string[] = [];
	if (start > 0) {
		parts.push(`Records 1–${start} of the ${total} ${what} went in earlier requests and CometChat answered for each (${imported} imported, ${refused} not).`);
	}
	parts.push(start === 0 && end === total ? `All ${total} ${what} were in this request.` : `Records ${start + 1}–${end} were in this request.`);
	if (end < total) parts.push(`Records ${end + 1}–${total} were not sent.`);
	if (start > 0 || end < total) {
		parts.push(`To go on, run the ${what} from record ${start + 1} on; any CometChat already imported come back as already existing.`);
	}
	const described = error as Error & { description?: string | null };
	described.description = [described.description, ...parts].filter(Boolean).join(' ');
	return error;
}
