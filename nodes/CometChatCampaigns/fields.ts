import type { DeclarativeRestApiSettings, IDataObject, IExecutePaginationFunctions, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { preSendFactory } from '../shared/fold';
import { readDateMillis } from '../shared/dates';
import { idField } from '../shared/fields';
import { paginateByCursor, readLimitValue, returnAllOrLimit } from '../shared/pagination';
import { inputError, readJsonObject, readText } from '../shared/validate';

/**
 * The campaigns service's lists page by cursor: `limit` (at most 100) and the last item's `updatedAt`
 * (the feed: `sentAt`) and `id`, with `affix=append` for the page after it [SPEC parameters]. The spec
 * gives no answer schema: the cursor is read from `meta.next` when the answer has one, else from the
 * last record (INFERRED). The spec types the time as a number, "updatedAt unix timestamp of last item":
 * a time the record holds as a date text is sent in Unix seconds. The one definition of the cursor, for
 * Get Many's pager and the pickers' page token alike.
 */
export function cursorAfter(last: IDataObject | undefined, timeKey: 'updatedAt' | 'sentAt'): IDataObject | undefined {
	if (!last || last.id === undefined || last.id === null) return undefined;
	const time = last[timeKey];
	const seconds = typeof time === 'string' && !/^\d+$/.test(time) ? Math.floor(Date.parse(time) / 1000) : time;
	return { ...(seconds !== undefined && seconds !== null && !Number.isNaN(seconds) ? { [timeKey]: seconds } : {}), id: last.id, affix: 'append' };
}
function nextAfter(timeKey: 'updatedAt' | 'sentAt') {
	return (page: INodeExecutionData[], meta: IDataObject | undefined): IDataObject | undefined => {
		const next = meta?.next as IDataObject | undefined;
		return cursorAfter(next && typeof next === 'object' && next.id !== undefined ? next : page[page.length - 1]?.json, timeKey);
	};
}

/**
 * The cursor is the last record's updatedAt (sentAt) and id: the only cursor the spec offers. Under
 * another Sort By the page after is not the one after that record in the order asked, so pages would
 * skip or repeat records. A page never needs a cursor up to 100 records; more (Return All, a Limit over
 * 100) under another sort is refused before any request rather than read wrong.
 */
function walkSortedBy(timeKey: 'updatedAt' | 'sentAt') {
	const walk = paginateByCursor({ nextCursor: nextAfter(timeKey), maxSize: 100 });
	return async function walkCampaignsList(this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions): Promise<INodeExecutionData[]> {
		const sort = String(this.getNodeParameter('filters.sort', timeKey) || timeKey);
		if (sort !== timeKey) {
			const returnAll = this.getNodeParameter('returnAll', false) as boolean;
			if (returnAll || readLimitValue(this, 'limit') > 100) {
				throw inputError(this, returnAll ? 'Return All' : 'Limit', `reads at most 100 records with Sort By ${sort}`, `CometChat pages only by ${timeKey}: set Sort By to ${timeKey === 'sentAt' ? 'Sent At' : 'Updated At'} to read more, or a Limit of at most 100.`);
			}
		} else {
			// Sent also when Sort By is left out: the spec gives the lists no default sort, and the cursor's pages
			// follow one another only under its own (under another default, pages would skip or repeat records).
			requestData.options.qs = { ...requestData.options.qs, sort: timeKey };
		}
		return await walk.call(this, requestData);
	};
}
const walkByUpdatedAt = walkSortedBy('updatedAt');
const walkBySentAt = walkSortedBy('sentAt');

/** Return All and Limit of a campaigns-service list (pages of at most 100). */
export const cursorList = (time: 'updatedAt' | 'sentAt' = 'updatedAt'): INodeProperties[] => [
	{ ...returnAllOrLimit[0], routing: { send: { paginate: true }, operations: { pagination: time === 'sentAt' ? walkBySentAt : walkByUpdatedAt } } },
	returnAllOrLimit[1],
];

/** The Sort By description: only the cursor's own field pages (walkSortedBy). */
export const SORT_NOTE = (cursorField: string) =>
	`Which field the list is sorted by. Sorted by another field than ${cursorField}, at most the first 100 records are read (no Return All): CometChat pages by ${cursorField} only.`;

/** The Sort and Order entries of a list's filters: the spec's sort fields (updatedAt first), newest first by default. */
export function sortFields(sorts: Array<[string, string]>): INodeProperties[] {
	return [
		{
			displayName: 'Order',
			name: 'order',
			type: 'options',
			options: [
				{ name: 'Ascending', value: 'asc' },
				{ name: 'Descending', value: 'desc' },
			],
			default: 'desc',
			description: 'Sort direction',
			routing: { send: { type: 'query', property: 'order' } },
		},
		{
			displayName: 'Sort By',
			name: 'sort',
			type: 'options',
			options: sorts.map(([name, value]) => ({ name, value })),
			default: 'updatedAt',
			description: SORT_NOTE('Updated At'),
			routing: { send: { type: 'query', property: 'sort' } },
		},
	];
}

/** A text filter sent as it is in the query. */
export const queryText = (displayName: string, name: string, description: string, placeholder = ''): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	placeholder,
	description,
	routing: { send: { type: 'query', property: name } },
});

/** preSend: a JSON object field (at `path`, named `field`) sent as body `key`. */
export const jsonBody = preSendFactory(function jsonBody(path: string, field: string, key: string) {
	return async function sendJson(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		requestOptions.body = { ...(requestOptions.body as IDataObject), [key]: readJsonObject(this, path, field) };
		return requestOptions;
	};
});

/** A JSON object entry of a collection (`collection`.`name`), checked and sent as body `name`. */
export const jsonEntry = (collection: string, displayName: string, name: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'json',
	default: '{}',
	description,
	routing: { send: { preSend: [jsonBody(`${collection}.${name}`, displayName, name)] } },
});

/** The `topic` of an engagement report (feed items, push notifications): at most 64 letters, digits, "_" and "-". */
export const topicOption: INodeProperties = {
	displayName: 'Topic',
	name: 'topic',
	type: 'string',
	default: '',
	placeholder: 'e.g. clicked',
	description: 'What the user did, such as clicked or dismissed (at most 64 letters, digits, "_" and "-")',
	routing: { send: { preSend: [sendTopic] } },
};
async function sendTopic(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const topic = readText(this, 'options.topic', 'Topic');
	if (topic !== '' && !/^[A-Za-z0-9_-]{1,64}$/.test(topic)) throw inputError(this, 'Topic', 'must be at most 64 letters, digits, "_" and "-"');
	if (topic !== '') requestOptions.body = { ...(requestOptions.body as IDataObject), topic };
	return requestOptions;
}

/** preSend: a date field sent as the query parameter of the same name, as ISO 8601 text (analytics) or Unix seconds (the feed). */
export const dateQueryAs = preSendFactory(function dateQueryAs(path: string, field: string, unit: 'iso' | 'seconds') {
	return async function sendDate(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const millis = readDateMillis(this, path, field, { required: true }) as number;
		const name = path.split('.').pop() as string;
		requestOptions.qs = { ...requestOptions.qs, [name]: unit === 'iso' ? new Date(millis).toISOString() : Math.floor(millis / 1000) };
		return requestOptions;
	};
});
export const dateFilter = (displayName: string, name: string, description: string, unit: 'iso' | 'seconds'): INodeProperties => ({
	displayName,
	name,
	type: 'dateTime',
	default: '',
	description,
	routing: { send: { preSend: [dateQueryAs(`filters.${name}`, displayName, unit)] } },
});

/** The ID of a record without a list to pick from (feed items, push notifications), as a path segment. */
export const recordId = (name: string, displayName: string, description: string): INodeProperties => idField(name, displayName, 'e.g. cm9x2k1v80001qz8h3f4d2a7b', description);

/** A Limit sent as the `limit` query, read from `parameter` (e.g. `filters.limit`) and checked before any request. */
export function limitQuery(parameter: string): INodeProperties {
	return {
		displayName: 'Limit',
		name: parameter.slice(parameter.lastIndexOf('.') + 1),
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		routing: {
			send: {
				preSend: [
					async function sendLimit(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
						requestOptions.qs = { ...requestOptions.qs, limit: readLimitValue(this, parameter) };
						return requestOptions;
					},
				],
			},
		},
	};
}

/** The channel types of the campaigns service: a template's content per channel, and a channel's type. */
export const CHANNEL_TYPES = [
	{ name: 'Custom', value: 'custom' },
	{ name: 'Email', value: 'email' },
	{ name: 'In-App', value: 'in_app' },
	{ name: 'Push', value: 'push' },
	{ name: 'SMS', value: 'sms' },
	{ name: 'WhatsApp', value: 'whatsapp' },
];

/** CometChat's built-in template categories: the only ones Template → Create takes [SPEC CreateTemplateDto enum]. */
export const TEMPLATE_CATEGORIES = ['Alerts', 'Custom', 'Marketing', 'Onboarding', 'Polls', 'Product_Showcase', 'Transactional'];

/**
 * A template category by name: the built-ins and the app's own (Template Category → Create). Templates,
 * the feed and its unread count name a category ("per-app TemplateCategory.name" [SPEC]), not its ID,
 * so this picker's value is the name (searchTemplateCategoryNames); any name can be typed too.
 */
export const categoryNameField = (name: string, displayName: string, description: string, required = false): INodeProperties => ({
	displayName,
	name,
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required,
	description,
	modes: [
		{ displayName: 'From List', name: 'list', type: 'list', placeholder: 'Select a category...', typeOptions: { searchListMethod: 'searchTemplateCategoryNames', searchable: true } },
		{ displayName: 'By Name', name: 'name', type: 'string', placeholder: 'e.g. Marketing' },
	],
});

/** The category name at `parameter` (a categoryNameField), trimmed; '' when none was given. */
export function readCategoryName(context: IExecuteSingleFunctions, parameter: string, field: string, required = false): string {
	const raw = context.getNodeParameter(parameter, '', { extractValue: true }) as unknown;
	if (raw !== null && raw !== undefined && typeof raw !== 'string') throw inputError(context, field, 'must be the name of a template category, as text');
	const value = String(raw ?? '').trim();
	if (required && value === '') throw inputError(context, field, 'is empty');
	return value;
}

/** preSend: a category name filter (at `path`) sent as query `templateCategory` when given. */
export const categoryQuery = preSendFactory(function categoryQuery(path: string, field: string, required: boolean) {
	return async function sendCategory(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const name = readCategoryName(this, path, field, required);
		if (name !== '') requestOptions.qs = { ...requestOptions.qs, templateCategory: name };
		return requestOptions;
	};
});

/** An optional channel filter (`filters.channelId`): picked from the app's channels (searchChannels) or typed. */
export const channelFilter: INodeProperties = {
	displayName: 'Channel',
	name: 'channelId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	description: 'Only items of this in-app channel',
	modes: [
		{ displayName: 'From List', name: 'list', type: 'list', placeholder: 'Select a channel...', typeOptions: { searchListMethod: 'searchChannels', searchable: true } },
		{ displayName: 'By Channel ID', name: 'id', type: 'string', placeholder: 'e.g. cm9x2k1v80001qz8h3f4d2a7b' },
	],
	routing: { send: { preSend: [sendChannelFilter] } },
};
async function sendChannelFilter(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const raw = this.getNodeParameter('filters.channelId', '', { extractValue: true }) as unknown;
	if (raw !== null && raw !== undefined && typeof raw !== 'string') throw inputError(this, 'Channel', 'must be a channel ID, as text');
	const id = String(raw ?? '').trim();
	if (id !== '') requestOptions.qs = { ...requestOptions.qs, channelId: id };
	return requestOptions;
}
