import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { characters, describeValue, inputError, readChoice, readList, readText } from '../../../shared/validate';
import { idField } from '../../../shared/fields';

/** The keyword list a Get, Update or Delete acts on: path parameter `keywordId`. */
export const keywordListIdField = (description: string) =>
	idField('keywordListId', 'Keyword List ID', 'e.g. profanity-list', description);

export const categoryOptions = [
	{ name: 'Pattern', value: 'pattern', description: 'Regular expressions, e.g. for phone numbers' },
	{ name: 'Sentence Similarity', value: 'sentence-similarity', description: 'Sentences: messages that mean much the same are caught' },
	{ name: 'Word', value: 'word', description: 'Words and phrases' },
];

// "Keyword value: max 100 characters" (moderation properties and constraints page).
const TERM_MAX = 100;

/**
 * Category, then the entries it takes: Search Terms for words and patterns, else Disallowed Sentences.
 * Neither is marked required: with Category from an expression n8n would ask for both; readEntries
 * refuses the one the category needs when it is empty.
 */
export const entriesFields: INodeProperties[] = [
	{
		displayName: 'Category',
		name: 'category',
		type: 'options',
		options: categoryOptions,
		default: 'word',
		description: 'What the list holds',
	},
	{
		displayName: 'Search Terms',
		name: 'searchTerms',
		type: 'string',
		default: '',
		placeholder: 'e.g. scam, free money, crypto giveaway',
		description:
			'The words or regular expressions: a comma-separated list, or an array from an expression; each at most 100 characters. CometChat separates them at commas, so an entry cannot contain one.',
		displayOptions: { show: { category: ['pattern', 'word'] } },
	},
	{
		displayName: 'Disallowed Sentences',
		name: 'disallowedSentences',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		placeholder: "e.g. Hello, let's connect on WhatsApp.",
		description: 'The sentences: one per line, or an array from an expression',
		displayOptions: { show: { category: ['sentence-similarity'] } },
	},
];

export const descriptionField: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	default: '',
	placeholder: 'e.g. Words our community guidelines forbid',
	description: 'What the list is for',
};

export const nameField = (required: boolean): INodeProperties => ({
	displayName: 'Name',
	name: 'name',
	type: 'string',
	required,
	default: '',
	placeholder: 'e.g. Scam phrases',
	description: 'Display name of the list',
});

/** Category and its entries as multipart parts: `searchTerms` as one comma-separated value, or one `disallowedSentences` part per sentence. */
export function readEntries(context: IExecuteSingleFunctions): Array<[string, string]> {
	const category = readChoice(context, 'category', 'Category', categoryOptions);
	if (category === 'sentence-similarity') {
		return [['category', category], ...readSentences(context).map((sentence): [string, string] => ['disallowedSentences', sentence])];
	}
	const terms = readList(context, 'searchTerms', 'Search Terms');
	if (terms.length === 0) throw inputError(context, 'Search Terms', 'is empty; give at least one');
	for (const term of terms) {
		if (term.includes(',')) {
			throw inputError(context, 'Search Terms', `"${term.slice(0, 40)}" contains a comma; CometChat separates search terms at commas`);
		}
		if (characters(term) > TERM_MAX) {
			throw inputError(context, 'Search Terms', `"${term.slice(0, 20)}…" is ${characters(term)} characters long; CometChat allows at most ${TERM_MAX}`);
		}
	}
	return [['category', category], ['searchTerms', terms.join(',')]];
}

/** Sentences: one per line, or an array; blank ones dropped, repeated ones kept once. */
function readSentences(context: IExecuteSingleFunctions): string[] {
	const raw = context.getNodeParameter('disallowedSentences', '') as unknown;
	let entries: unknown[];
	if (Array.isArray(raw)) entries = raw;
	else if (typeof raw === 'string') entries = raw.split(/\r?\n/);
	else throw inputError(context, 'Disallowed Sentences', `must be text with one sentence per line, or an array, not ${describeValue(raw)}`);
	const sentences: string[] = [];
	for (const entry of entries) {
		if (typeof entry !== 'string' && typeof entry !== 'number') {
			throw inputError(context, 'Disallowed Sentences', `every sentence must be text, but one is ${describeValue(entry)}`);
		}
		const sentence = String(entry).trim();
		if (sentence !== '' && !sentences.includes(sentence)) sentences.push(sentence);
	}
	if (sentences.length === 0) throw inputError(context, 'Disallowed Sentences', 'is empty; give at least one sentence');
	return sentences;
}

/** A text from the Options collection as a part, when added and not empty. */
export function optionalPart(context: IExecuteSingleFunctions, collection: string, name: string, field: string): Array<[string, string]> {
	const added = context.getNodeParameter(collection, {}) as Record<string, unknown>;
	if (added[name] === undefined) return [];
	const value = readText(context, `${collection}.${name}`, field);
	return value === '' ? [] : [[name, value]];
}

/** Puts the parts in the request as a multipart/form-data body (the encoding the spec gives these endpoints). */
export function setMultipart(requestOptions: IHttpRequestOptions, parts: Array<[string, string]>): IHttpRequestOptions {
	const { body, contentType } = multipartBody(parts);
	requestOptions.body = body;
	requestOptions.headers = { ...requestOptions.headers, 'Content-Type': contentType };
	return requestOptions;
}

/**
 * A request body as multipart/form-data, the only encoding the spec gives the keyword-list endpoints.
 * Each [name, value] becomes one text part; an array property is sent as repeated parts of the same
 * name (OpenAPI's default for multipart arrays).
 */
export function multipartBody(parts: Array<[string, string]>): { body: string; contentType: string } {
	let boundary = '';
	do {
		boundary = `----n8nCometChat${Math.random().toString(16).slice(2)}${Math.random().toString(16).slice(2)}`;
	} while (parts.some(([, value]) => value.includes(boundary)));
	const body =
		parts
			.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
			.join('') + `--${boundary}--\r\n`;
	return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
