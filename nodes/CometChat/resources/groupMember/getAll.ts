import type { IExecuteSingleFunctions, IHttpRequestOptions, INodePropertyOptions } from 'n8n-workflow';
import { csvQuery, filtersCollection, groupLocator, pathId, statusFilter } from '../../../shared/fields';
import { readChoice, readChoices } from '../../../shared/validate';
import { defineOperation } from '../../../shared/operations';
import { unwrapData } from '../../../shared/output';
import { returnAllOrLimit } from '../../../shared/pagination';
import {
	MEMBER_SCOPES,
	collection,
} from '../group/fields';



// GET /groups/{guid}/members?page&perPage&scopes&status  →  {data: [user + scope + joinedAt...], meta: {pagination, cursor}}
export const getAll = defineOperation(
	'groupMember',
	{
		name: 'Get Many',
		value: 'getAll',
		action: 'Get many group members',
		description: 'List the members of a group with their scope',
		routing: {
			request: { method: 'GET', url: `=/groups/${pathId('guid')}/members` },
			send: { preSend: [checkFilters] },
			output: { postReceive: [unwrapData] },
		},
	},
	[
		groupLocator('guid', 'Group', 'The group'),
		...returnAllOrLimit,
		filtersCollection([
			{
				displayName: 'Scopes',
				name: 'scopes',
				type: 'multiOptions',
				options: MEMBER_SCOPES,
				default: [],
				description: 'Only members with any of these scopes',
				routing: { send: csvQuery('scopes') },
			},
			{ ...statusFilter, description: 'Only members with this presence status' },
		],),
	],
);

/** Choices that came from expressions must still be ones CometChat knows. */
async function checkFilters(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const filters = collection(this, 'filters');
	if (filters.scopes !== undefined) readChoices(this, 'filters.scopes', 'Scopes', MEMBER_SCOPES);
	if (filters.status !== undefined) readChoice(this, 'filters.status', 'Status', statusFilter.options as INodePropertyOptions[]);
	return requestOptions;
}
