import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { readDateMillis } from '../../../shared/dates';
import { preSendFactory } from '../../../shared/fold';
import { readChoice } from '../../../shared/validate';
import { AGENT_BUILDER, sourceId } from '../shared';

// What the knowledge base's operations share: where its endpoints are, source IDs and types (in paths).
export const KB = `${AGENT_BUILDER}/knowledge-base`;

/** preSend: the ID field is checked before anything is sent (its value goes into the path). */
const checkSourceId = preSendFactory(function checkSourceId(parameter: string, field: string) {
	return async function checkIdBeforeSending(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		sourceId(this, parameter, field);
		return requestOptions;
	};
});
export const idField = (name: string, displayName: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 7f3c2a9e-6b1d-4f0a-9c55-2d8e1b4a7c90',
	description,
	routing: { send: { preSend: [checkSourceId(name, displayName)] } },
});
export const SOURCE_TYPES = [
	{ name: 'Text Entry', value: 'text' },
	{ name: 'Uploaded File', value: 'uploads' },
	{ name: 'Website', value: 'website' },
];

export const sourceTypeField: INodeProperties = { displayName: 'Source Type', name: 'sourceType', type: 'options', options: SOURCE_TYPES, default: 'text', description: 'What kind of source it is' };
export const sourceIdField = idField('sourceId', 'Source ID', 'The uniqueId of the source, as Get Many Sources answers it (for a website: its crawl ID)');

/** The source type goes into the path: only one of the spec's three. */
export async function checkSourceType(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	readChoice(this, 'sourceType', 'Source Type', SOURCE_TYPES);
	return requestOptions;
}


/**
 * The Created After / Before filters of the knowledge base's lists (sources, discovered URLs), sent as
 * `startTime`/`endTime` in Unix **milliseconds**: the spec's descriptions say "Unix timestamp in
 * milliseconds" (its examples are 13 digits, e.g. 1701780000000), the unit of the records' `createdAt`.
 */
export const createdFilters = (what: string): INodeProperties[] => [
	{ displayName: 'Created After', name: 'createdAfter', type: 'dateTime', default: '', description: `Only ${what} at or after this time` },
	{ displayName: 'Created Before', name: 'createdBefore', type: 'dateTime', default: '', description: `Only ${what} at or before this time` },
];

/** The query of the Created After / Before filters added (see createdFilters). */
export function createdWindow(context: IExecuteSingleFunctions): IDataObject {
	const qs: IDataObject = {};
	const filters = context.getNodeParameter('filters', {}) as Record<string, unknown>;
	for (const [name, query, field] of [['createdAfter', 'startTime', 'Created After'], ['createdBefore', 'endTime', 'Created Before']] as const) {
		// A date added but left empty is refused rather than dropped: it would widen the list silently.
		if (filters[name] !== undefined) qs[query] = readDateMillis(context, `filters.${name}`, field, { required: true }) as number;
	}
	return qs;
}

/** preSend: the Created After / Before filters as `startTime`/`endTime`. */
export async function sendCreatedWindow(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	requestOptions.qs = { ...requestOptions.qs, ...createdWindow(this) };
	return requestOptions;
}
