import type { IExecuteSingleFunctions, IHttpRequestOptions, INodePropertyOptions } from 'n8n-workflow';
import { csvQuery, filtersCollection, onBehalfOfOption, optionsCollection } from '../../../shared/fields';
import { defineOperation } from '../../../shared/operations';
import { simplify, simplifyField, unwrapData } from '../../../shared/output';
import { returnAllOrLimit } from '../../../shared/pagination';
import { inputError, readChoice, readChoices } from '../../../shared/validate';
import {
	GROUP_TYPES,
	SIMPLE_GROUP_FIELDS,
	collection,
} from './fields';


const SEARCH_IN: INodePropertyOptions[] = [
	{ name: 'GUID', value: 'guid' },
	{ name: 'Name', value: 'name' },
];
const SORT_BY: INodePropertyOptions[] = [
	{ name: 'Created At', value: 'createdAt' },
	{ name: 'GUID', value: 'guid' },
	{ name: 'Name', value: 'name' },
];
const SORT_ORDER: INodePropertyOptions[] = [
	{ name: 'Ascending', value: 'asc' },
	{ name: 'Descending', value: 'desc' },
];

// GET /groups?page&perPage&searchKey&searchIn&sortBy&sortOrder&tags&withTags&type&types&hasJoined
//   →  {data: [group...], meta: {pagination, cursor}}; hasJoined only works with the onBehalfOf header.
export const getAll = defineOperation(
	'group',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many groups',
		description: 'List groups, with search, filters and sorting',
		routing: {
			request: { method: 'GET', url: '/groups' },
			send: { preSend: [checkFilters] },
			output: { postReceive: [unwrapData, simplify(SIMPLE_GROUP_FIELDS)] },
		},
	},
	[
		...returnAllOrLimit,
		simplifyField,
		filtersCollection([
			{
				displayName: 'Has Joined',
				name: 'hasJoined',
				type: 'boolean',
				default: true,
				description:
					'Whether to return only the groups the On Behalf Of user has joined. Needs On Behalf Of (under Options).',
				routing: { send: { type: 'query', property: 'hasJoined' } },
			},
			{
				displayName: 'Search In',
				name: 'searchIn',
				type: 'multiOptions',
				options: SEARCH_IN,
				default: [],
				description: 'Which fields Search Key looks in (both when unset)',
				routing: { send: csvQuery('searchIn') },
			},
			{
				displayName: 'Search Key',
				name: 'searchKey',
				type: 'string',
				default: '',
				placeholder: 'e.g. hiking',
				description: 'Only groups whose GUID or name starts with this text',
				routing: { send: { type: 'query', property: 'searchKey' } },
			},
			{
				displayName: 'Sort By',
				name: 'sortBy',
				type: 'options',
				options: SORT_BY,
				default: 'createdAt',
				description: 'The field to sort the groups by',
				routing: { send: { type: 'query', property: 'sortBy' } },
			},
			{
				displayName: 'Sort Order',
				name: 'sortOrder',
				type: 'options',
				options: SORT_ORDER,
				default: 'asc',
				description: 'Lowest first (ascending) or highest first (descending)',
				routing: { send: { type: 'query', property: 'sortOrder' } },
			},
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				placeholder: 'e.g. outdoors, weekend',
				description: 'Only groups with any of these tags (comma-separated)',
				routing: { send: csvQuery('tags') },
			},
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				options: GROUP_TYPES,
				default: 'public',
				description: 'Only groups of this type',
				routing: { send: { type: 'query', property: 'type' } },
			},
			{
				displayName: 'Types',
				name: 'types',
				type: 'multiOptions',
				options: GROUP_TYPES,
				default: [],
				description: 'Only groups of any of these types',
				routing: { send: csvQuery('types') },
			},
			{
				displayName: 'With Tags',
				name: 'withTags',
				type: 'boolean',
				default: false,
				description: 'Whether to include each group\'s tags in the output',
				routing: { send: { type: 'query', property: 'withTags' } },
			},
		],),
		optionsCollection([
			onBehalfOfOption(
				'UID of a user to list the groups as: each group then says whether they joined and with which scope. Has Joined needs it.',
			),
		]),
	],
);

/** Choices that came from expressions must still be ones CometChat knows; Has Joined needs On Behalf Of. */
async function checkFilters(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const filters = collection(this, 'filters');
	if (filters.searchIn !== undefined) readChoices(this, 'filters.searchIn', 'Search In', SEARCH_IN);
	if (filters.sortBy !== undefined) readChoice(this, 'filters.sortBy', 'Sort By', SORT_BY);
	if (filters.sortOrder !== undefined) readChoice(this, 'filters.sortOrder', 'Sort Order', SORT_ORDER);
	if (filters.type !== undefined) readChoice(this, 'filters.type', 'Type', GROUP_TYPES);
	if (filters.types !== undefined) readChoices(this, 'filters.types', 'Types', GROUP_TYPES);
	if (filters.hasJoined === true) {
		const onBehalfOf = collection(this, 'options').onBehalfOf;
		if (String(onBehalfOf ?? '').trim() === '') {
			throw inputError(
				this,
				'Has Joined',
				'needs On Behalf Of: CometChat lists the groups that user joined',
				'Add Options → On Behalf Of with the UID whose groups you want, or remove the Has Joined filter.',
			);
		}
	}
	return requestOptions;
}
